"""The one surface every puzzle offers: a state protocol, a move view, one result type.

Code written once works on every puzzle in :data:`puzzlekit.PUZZLES`:

* a state satisfies :class:`PuzzleState`: ``parse``/``str`` round-trip,
  ``legal_moves()`` (a :class:`MoveView`), ``play(move)`` with one move,
  ``is_solved``, ``is_over``, ``hint()`` and ``to_svg()``;
* a move satisfies :class:`PuzzleMove`: ``parse``/``str`` round-trip;
* every ``solve()`` returns a :class:`SearchResult`, and never raises on a
  limit (see :mod:`puzzlekit.limits`).

The protocols are structural (:class:`typing.Protocol`): nothing inherits
from them, ``isinstance`` checks that the names are there.

>>> from puzzlekit import PUZZLES
>>> puzzle = PUZZLES["tromino"]
>>> state = puzzle.state.parse("#.\\n..")
>>> isinstance(state, PuzzleState)
True
>>> while not state.is_over:
...     state = state.play(next(iter(state.legal_moves())))
>>> state.is_solved
True
>>> result = puzzle.solve(puzzle.state.parse("...\\n..."))
>>> result.complete, result.solution is not None, len(result.moves)
(True, True, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Generic, Protocol, Self, TypeVar, runtime_checkable

import attrs

from puzzlekit.display import Displayed
from puzzlekit.params import check_presets

__all__ = [
    "FreshMoves", "Level",
    "MoveView", "Moves", "PuzzleMove", "PuzzleState", "PuzzleType", "SearchResult"]

M = TypeVar("M")
M_co = TypeVar("M_co", covariant=True)
S = TypeVar("S", bound="PuzzleState[Any]")


@runtime_checkable
class MoveView(Protocol[M_co]):
    """The legal moves of a state, as ``legal_moves()`` returns them.

    It iterates without building a list first, knows its length, is false
    when there is no move, and ``move in view`` is true exactly when ``play``
    accepts *move*, in any of the forms ``play`` accepts (a move object or
    its text).
    """

    def __iter__(self) -> Iterator[M_co]: ...

    def __len__(self) -> int: ...

    def __bool__(self) -> bool: ...

    def __contains__(self, move: object) -> bool: ...


@runtime_checkable
class PuzzleMove(Protocol):
    """A move: its text form parses back (``type(m).parse(str(m)) == m``)."""

    @classmethod
    def parse(cls, text: str) -> Self: ...

    def __str__(self) -> str: ...


@runtime_checkable
class PuzzleState(Protocol[M]):
    """A position of a puzzle: frozen, hashable, with a text form that parses back.

    ``play`` returns the next state and raises
    :class:`~puzzlekit.IllegalMoveError` for a move the state does not allow.
    ``hint`` returns a legal move that keeps a solvable position solvable
    (for scored puzzles, the first move of the best line found), ``None``
    when the state :attr:`is_over`; it raises
    :class:`~puzzlekit.UnsolvableError` when the state is proved to have no
    solution and :class:`~puzzlekit.LimitReached` when a limit stops it
    first.
    """

    @classmethod
    def parse(cls, text: str) -> Self: ...

    def __str__(self) -> str: ...

    def legal_moves(self) -> MoveView[M]: ...

    def play(self, move: M) -> Self: ...

    @property
    def is_solved(self) -> bool:
        """Whether the puzzle is solved (for SameGame: the board is cleared)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether no legal move is left (solved, or stuck)."""
        ...

    def hint(
        self, *, node_limit: int | None = None, time_limit: float | None = None
    ) -> M | None: ...

    def to_svg(self, *, cell_size: int = ...) -> str: ...


class Moves(Generic[M]):
    """A :class:`MoveView` over a generator of moves and a legality test.

    *generate* yields the legal moves, listed once on the first iteration or
    count and then served from that list (``list(view)`` asks for both); *accepts*
    says whether ``play`` would take a move in any of its forms.

    >>> view = Moves(lambda: iter([1, 2, 3]), lambda move: move in (1, 2, 3, "1"))
    >>> len(view), bool(view), "1" in view, 4 in view, list(view)
    (3, True, True, False, [1, 2, 3])
    """

    __slots__ = ("_accepts", "_generate", "_list")

    _fresh = False  # whether a list that generate() returns is new and may be kept as it is

    def __init__(self, generate: Callable[[], Iterable[M]], accepts: Callable[[object], bool]):
        self._generate = generate
        self._accepts = accepts
        self._list: list[M] | None = None

    def __iter__(self) -> Iterator[M]:
        if self._list is None:
            made = self._generate()
            self._list = made if self._fresh and type(made) is list else list(made)
        return iter(self._list)

    def __len__(self) -> int:
        if self._list is None:
            made = self._generate()
            self._list = made if self._fresh and type(made) is list else list(made)
        return len(self._list)

    def __bool__(self) -> bool:
        if self._list is not None:
            return bool(self._list)
        return next(iter(self._generate()), _NONE) is not _NONE

    def __contains__(self, move: object) -> bool:
        return self._accepts(move)

    def count(self) -> int:
        """How many moves there are (``len(view)``, the name python-chess uses)."""
        return len(self)

    def __repr__(self) -> str:
        return f"<Moves ({', '.join(str(move) for move in self)})>"


class FreshMoves(Moves[M]):
    """A :class:`Moves` whose *generate* makes a new list at each call: the view keeps that
    list instead of copying it (nothing else holds it, and the view never hands it out).

    >>> view = FreshMoves(lambda: [1, 2], lambda move: move in (1, 2))
    >>> list(view), len(view), 2 in view
    ([1, 2], 2, True)
    """

    __slots__ = ()

    _fresh = True


_NONE = object()


def _default_unsolvable(result: SearchResult[Any, Any]) -> bool:
    return result.complete and not result.final.is_solved


@attrs.frozen
class SearchResult(Displayed, Generic[S, M]):
    """What a ``solve()`` found: a line of moves from the start, and whether the search finished.

    ``complete`` means the search ran to its end (no limit cut it short): a
    solved :attr:`final` state is then a solution, an unsolved one proves
    there is none, and a :attr:`score` is the best possible. With
    ``complete=False`` the line is the best the search had when it stopped.
    Replaying :attr:`moves` from :attr:`start` with ``play`` gives
    :attr:`final`.

    >>> from puzzlekit import tromino
    >>> result = tromino.solve(tromino.Board.parse("...\\n..."))
    >>> result.solution == result.final, result.proved_unsolvable
    (True, False)
    >>> result.replayed() == result.final
    True
    """

    start: S
    """The state the search started from."""
    moves: tuple[M, ...]
    """The line found, each move legal on the state the ones before it leave."""
    final: S
    """The state the line ends in."""
    complete: bool
    """Whether the search ran to its end, so the answer is proved (see above)."""
    nodes: int = 0
    """How many nodes the search expanded."""
    seconds: float = attrs.field(default=0.0, eq=False)
    """How long it ran (not compared: equal searches take different times)."""
    score: int | None = None
    """The line's score under the puzzle's rules, for puzzles that keep score."""
    proved_unsolvable: bool = attrs.field(
        default=attrs.Factory(_default_unsolvable, takes_self=True)
    )
    """Whether the search proved that no line solves :attr:`start` (so :attr:`final`
    is not solved). By default ``complete and not final.is_solved``; a scored
    search whose best line does not solve the puzzle says it separately."""
    engine: str | None = attrs.field(default=None, eq=False)
    """Which implementation ran the search, for puzzles that have more than one
    (``"python"`` or a compiled kernel's name); ``None`` where there is one."""

    @property
    def solution(self) -> S | None:
        """The solved final state, or ``None`` when the line does not solve the puzzle."""
        return self.final if self.final.is_solved else None

    @property
    def solved(self) -> bool:
        """Whether the line solves the puzzle."""
        return bool(self.final.is_solved)

    def replayed(self) -> S:
        """Play :attr:`moves` from :attr:`start` again and return the state they reach.

        An independent check of a result: it goes through the public ``play``.
        """
        state = self.start
        for move in self.moves:
            state = state.play(move)
        return state


@attrs.frozen
class Level(Displayed, Generic[S, M]):
    """A level: a start, a line of moves that solves it, and the start's grade.

    >>> from puzzlekit import tromino
    >>> start = tromino.Board.parse("#.\\n..")
    >>> level = Level(start, tuple(start.legal_moves()), "easy")
    >>> level.replayed().is_solved
    True
    """

    start: S
    """The position a player is given."""
    witness: tuple[M, ...]
    """Moves that solve :attr:`start`, each legal where the ones before it leave the game."""
    grade: str
    """How hard :attr:`start` is, on the puzzle's scale (:attr:`~puzzlekit.PuzzleType.grades`)."""

    def replayed(self) -> S:
        """Play :attr:`witness` from :attr:`start` with the public ``play`` and return the end.

        An independent check of a level: the end is solved.
        """
        state = self.start
        for move in self.witness:
            state = state.play(move)
        return state


def _check_presets(instance: PuzzleType[Any, Any], attribute: Any, value: object) -> None:
    check_presets(value, instance.params)  # type: ignore[arg-type]


@attrs.frozen
class PuzzleType(Generic[S, M]):
    """Everything puzzlekit knows of one puzzle: the whole description the mid-end reads.

    The command line, :class:`~puzzlekit.Game` and its records, levels, batch
    jobs, the Gymnasium environments, the contract checker of
    :mod:`puzzlekit.testing` and the web front end are written once over these
    fields, as Simon Tatham's mid-end is over ``struct game``: a puzzle
    registered here (see :mod:`puzzlekit.registry`) gets all of them.

    >>> from puzzlekit import PUZZLES
    >>> puzzle = PUZZLES["tromino"]
    >>> puzzle.title, str(puzzle.presets["small"])
    ('L-tromino tiling', '6x6 holes=3')
    >>> start = puzzle.random_state(1, puzzle.presets["small"])
    >>> puzzle.params_of(start) == puzzle.presets["small"]
    True
    """

    name: str
    """The short name, as in ``puzzlekit NAME ...`` and the registry's key."""
    title: str
    """The puzzle's name for people."""
    state: type[S]
    """The state class (satisfies :class:`PuzzleState`)."""
    move: type[M]
    """The move class (satisfies :class:`PuzzleMove`)."""
    params: type[Any]
    """The params type: size and variant as one frozen value (see :mod:`puzzlekit.params`)."""
    presets: Mapping[str, Any] = attrs.field(validator=_check_presets)
    """Named params values, at least ``default``, ``small``, ``tiny`` and ``big``
    (:data:`puzzlekit.params.PRESET_NAMES`)."""
    params_of: Callable[[S], Any]
    """``params_of(state)``: the params value a state has (its size and variant)."""
    random_state: Callable[..., S]
    """``random_state(seed=None, params=None)``: a random start of *params* (default:
    the ``default`` preset); the same seed gives the same start."""
    solve: Callable[..., SearchResult[S, M]]
    """``solve(state, *, node_limit=None, time_limit=None, progress=None)``, plus
    ``seed=None`` and ``worker=0`` where :attr:`seeded`; never raises on a limit."""
    hint: Callable[..., M | None]
    """``hint(state, *, node_limit=None, time_limit=None)``: a move that keeps the game
    winnable (the best line's first move, for scored puzzles), ``None`` when the game is
    over; :class:`~puzzlekit.UnsolvableError` when none can, :class:`~puzzlekit.LimitReached`
    when a limit stops it first."""
    grades: tuple[str, ...]
    """The names of the puzzle's difficulty grades, easiest first (see :mod:`puzzlekit.levels`)."""
    generate: Callable[..., Level[S, M]]
    """``generate(grade, params=None, *, seed=None, node_limit=None, time_limit=None,
    progress=None)``: a level of *grade* with *params* (default: the ``default`` preset)."""
    grade: Callable[..., str]
    """``grade(start, *, node_limit=None, time_limit=None)``: the grade of any start that
    can be solved (:class:`~puzzlekit.LimitReached` when a limit stops the grading)."""
    example: str
    """The text of an example start, as ``state.parse`` reads it (for docs and help)."""
    seeded: bool = False
    """Whether :attr:`solve` draws random numbers: it then takes ``seed`` (``None``: fresh
    randomness, an int reproduces the search) and ``worker`` (this run's index in a
    portfolio, 0 alone, so workers may differ by more than the seed)."""
    count: Callable[..., int] | None = None
    """``count(state, *, node_limit=None, time_limit=None)``: how many solutions *state*
    has, for puzzles that count (:class:`~puzzlekit.LimitReached` when a limit stops it)."""
    score: Callable[[S, Sequence[M]], int] | None = None
    """``score(start, moves)``: the points a line earns under the start's rules, for
    puzzles that keep score (a :class:`~puzzlekit.Game` shows it as the running score)."""
    shipped: Callable[[], Sequence[S]] | None = None
    """The starts the puzzle ships (IQ-Twist's booklet challenges, SameGame's standard
    set), numbered from 1 on the command line (``--shipped N``) and in the front end."""
    commands: str | None = None
    """The module whose ``register(group)`` adds the puzzle's own command-line verbs (those
    no other puzzle has) and whose ``demo()`` returns the text ``puzzlekit demo`` prints."""
    strategies: str | None = None
    """The module of hypothesis strategies: ``states()`` and ``moves(state)`` at least."""
    gym: str | None = None
    """``"module:Adapter"``: the Gymnasium adapter class (see :mod:`puzzlekit.gym`)."""
    ui: str | None = None
    """The module with the puzzle's front-end hooks (see :mod:`puzzlekit.interface`), or
    ``None``: ``puzzlekit play`` then offers the legal moves as a list."""
    warm_up: Callable[[], object] | None = None
    """Prepares what :attr:`solve` needs before its first search (compiled code loaded or
    built), so that a time limit is spent searching: the portfolio's workers call it before
    their clock starts, and an app may call it at start-up."""

    def seeding(self, seed: int | None) -> dict[str, Any]:
        """The keyword arguments that hand *seed* to :attr:`solve`: ``{"seed": seed}`` where
        the puzzle is :attr:`seeded`, none where its search draws no random numbers.

        >>> from puzzlekit import PUZZLES
        >>> PUZZLES["samegame"].seeding(3), PUZZLES["twist"].seeding(3)
        ({'seed': 3}, {})
        """
        return {"seed": seed} if self.seeded else {}

