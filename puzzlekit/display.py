"""How puzzlekit's objects show themselves in Jupyter: a picture and a one-line caption.

Every puzzle state, :class:`~puzzlekit.SearchResult`, :class:`~puzzlekit.Level`
and :class:`~puzzlekit.Game` has a ``_repr_html_``, written once here over
the registry with each state's own ``to_svg()``: a state shows its
picture, a result its start and final positions, a level its start, a game
its current position; under each, one line says the puzzle, its size
(params), and the outcome, score, grade or move count.

A notebook keeps every form of a displayed object (the HTML and IPython's
plain text), so both are bounded: the display of one object is at most
:data:`MAX_DISPLAY_SIZE` characters in all. A board too large to draw within
that shows a line saying so instead of its picture, and the plain text is
the object's ``repr`` only while that is short. A display hook never raises:
what cannot be drawn is described in words.

>>> from puzzlekit import samegame
>>> board = samegame.Board.parse("1122\\n1212\\n2211")
>>> html = board._repr_html_()
>>> html.count("<svg"), "SameGame, 4x3: in play" in html
(1, True)
>>> print(caption(samegame.solve(board)))  # doctest: +ELLIPSIS
SameGame, 4x3: solved in 3 moves, score 1,018, search complete (... nodes)
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from puzzlekit.contract import SearchResult
    from puzzlekit.game import Game

__all__ = ["MAX_DISPLAY_SIZE", "MAX_TEXT_SIZE", "Displayed", "caption", "html", "picture_html"]

MAX_DISPLAY_SIZE = 1_000_000
"""The most characters the display of one object puts in a notebook (1 MB): its HTML and
its plain text together."""

MAX_TEXT_SIZE = 10_000
"""The plain text of a display (IPython's pretty form) is the object's ``repr`` up to this
many characters, else its caption."""

# Room kept for the captions and the markup around the pictures.
_MARKUP_SIZE = 10_000
# A picture takes more than this many characters per cell (every engine draws a cell in
# 70 to 310): a board of more cells than the budget over this is not drawn at all, so that
# no display spends seconds on a picture it would drop.
_PICTURE_PER_CELL = 60
_STYLE = (
    "<style>.puzzlekit-display{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}"
    ".puzzlekit-display figure{margin:0}"
    ".puzzlekit-display svg{max-width:100%;max-height:32em;height:auto;width:auto}</style>"
)


class _Printer(Protocol):
    def text(self, text: str) -> None: ...


class Displayed:
    """The display hooks, for a class to inherit: ``_repr_html_`` and ``_repr_pretty_``.

    Every engine's state inherits it, as do :class:`~puzzlekit.SearchResult`,
    :class:`~puzzlekit.Level` and :class:`~puzzlekit.Game`; a puzzle of your
    own gets the same display by inheriting it. The hooks call :func:`html`
    and, for IPython's plain text, give the ``repr`` while it is at most
    :data:`MAX_TEXT_SIZE` characters and the :func:`caption` otherwise.

    >>> from puzzlekit import tromino
    >>> board = tromino.Board.parse("#.\\n..")
    >>> isinstance(board, Displayed), board._repr_html_().count("<svg")
    (True, 1)
    """

    __slots__ = ()

    def __init_subclass__(cls, **options: Any) -> None:
        super().__init_subclass__(**options)
        # IPython's pretty printer takes the first class of the MRO that defines a __repr__,
        # so each subclass carries the hook itself.
        cls._repr_pretty_ = Displayed._repr_pretty_  # type: ignore[method-assign]

    def _repr_html_(self) -> str:
        return html(self)

    def _repr_pretty_(self, printer: _Printer, cycle: bool) -> None:
        # A repr writes every cell: past MAX_TEXT_SIZE cells it is not even built.
        try:
            short = sum(_cells(state) for _, state in _frames(self)) <= MAX_TEXT_SIZE
            text = repr(self) if short else ""
        except Exception:  # a display hook must not raise: the caption says what it can
            text = ""
        if not text or len(text) > MAX_TEXT_SIZE:
            text = f"<{type(self).__name__}: {_safe_caption(self)}>"
        printer.text(text)


def html(thing: object) -> str:
    """The HTML display of a state, result, level or game: its pictures and caption.

    At most :data:`MAX_DISPLAY_SIZE` characters less :data:`MAX_TEXT_SIZE`
    (room for the plain text); never raises.

    >>> from puzzlekit import PUZZLES
    >>> level = PUZZLES["tromino"].generate("easy", seed=1)
    >>> page = html(level)
    >>> page.count("<svg"), "graded easy" in page
    (1, True)
    """
    try:
        frames = _frames(thing)
        budget = (MAX_DISPLAY_SIZE - MAX_TEXT_SIZE - _MARKUP_SIZE) // len(frames)
        figures = "".join(
            f"<figure>{picture_html(state, budget)}"
            + (f"<figcaption>{escape(label)}</figcaption>" if label else "")
            + "</figure>"
            for label, state in frames
        )
        line = escape(caption(thing))
    except Exception as error:  # a display hook must not raise: say what went wrong
        return f"<p>(no picture: {escape(type(error).__name__)}: {escape(str(error))[:500]})</p>"
    return f'{_STYLE}<div class="puzzlekit-display">{figures}</div><p>{line}</p>'


def picture_html(state: Any, budget: int = MAX_DISPLAY_SIZE // 2) -> str:
    """*state*'s ``to_svg()`` picture if it takes at most *budget* characters, else a line
    saying why there is none.

    >>> from puzzlekit import tromino
    >>> picture_html(tromino.Board(2, 3)).startswith("<svg")
    True
    >>> print(picture_html(tromino.Board(600, 600)))  # doctest: +ELLIPSIS
    <p>(no picture: a board of 360,000 cells is too large to draw within ...)</p>
    """
    cells = _cells(state)
    if cells * _PICTURE_PER_CELL > budget:
        return _too_large(f"a board of {cells:,} cells", budget)
    try:
        picture = str(state.to_svg())
    except ValueError as error:  # to_svg refuses boards over its own cap
        return f"<p>(no picture: {escape(str(error))})</p>"
    if len(picture) > budget:
        return _too_large(f"its picture of {len(picture):,} characters", budget)
    return picture


def _cells(thing: Any) -> int:
    """How many cells a state has, from its params; anything else may say its ``size``
    (width, height), or its text form counts as one cell a character."""
    from puzzlekit.registry import puzzle_of

    if _registered(thing):
        width, height = puzzle_of(thing).params_of(thing).size
    elif hasattr(thing, "size"):
        width, height = thing.size
    else:
        return len(str(thing))
    return int(width) * int(height)


def _too_large(what: str, budget: int) -> str:
    return (
        f"<p>(no picture: {what} is too large to draw within {budget:,} characters; "
        "<code>to_svg()</code> draws it for a file)</p>"
    )


def _frames(thing: object) -> list[tuple[str, Any]]:
    from puzzlekit.contract import Level, SearchResult
    from puzzlekit.game import Game

    if isinstance(thing, SearchResult):
        return [("start", thing.start), ("final", thing.final)]
    if isinstance(thing, Level):
        return [("start", thing.start)]
    if isinstance(thing, Game):
        return [(f"after {_count(len(thing.moves), 'move')}", thing.position)]
    return [("", thing)]


def caption(thing: object) -> str:
    """The one line under a display: the puzzle, its size and what there is to know.

    A state says whether it is solved, stuck or in play; a result its
    outcome, moves, score and whether the search completed; a level its
    grade; a game its move count, score and outcome. Anything else drawn
    (a tromino :class:`~puzzlekit.tromino.Tiling`) gives its ``caption``.

    >>> from puzzlekit import Game, tromino
    >>> game = Game(tromino.Board.parse("...\\n..."))
    >>> game.play(game.hint())
    >>> caption(game)
    'L-tromino tiling, 3x2: 1 move played, in play'
    """
    from puzzlekit.contract import Level, SearchResult
    from puzzlekit.game import Game

    if isinstance(thing, SearchResult):
        return f"{_name_and_size(thing.start)}: {_result_words(thing)}"
    if isinstance(thing, Level):
        moves = _count(len(thing.witness), "move")
        return f"{_name_and_size(thing.start)}: level graded {thing.grade}, solved in {moves}"
    if isinstance(thing, Game):
        return f"{_name_and_size(thing.start)}: {_game_words(thing)}"
    if not _registered(thing):  # another drawable thing (a tromino Tiling) may say its own
        return str(getattr(thing, "caption", type(thing).__name__))
    return f"{_name_and_size(thing)}: {_state_words(thing)}"


def _safe_caption(thing: object) -> str:
    try:
        return caption(thing)
    except Exception as error:  # a display hook must not raise
        return f"no caption: {type(error).__name__}: {error}"


def _registered(state: object) -> bool:
    from puzzlekit.registry import puzzle_of

    try:
        puzzle_of(state)
    except TypeError:
        return False
    return True


def _name_and_size(state: object) -> str:
    from puzzlekit.registry import puzzle_of

    if not _registered(state):  # its type names it
        return type(state).__name__
    puzzle = puzzle_of(state)
    return f"{puzzle.title}, {puzzle.params_of(state)}"


def _state_words(state: Any) -> str:
    if state.is_solved:
        return "solved"
    return "no move left" if state.is_over else "in play"


def _result_words(result: SearchResult[Any, Any]) -> str:
    moves = _count(len(result.moves), "move")
    if result.solved:
        outcome = f"solved in {moves}"
    elif result.proved_unsolvable:
        outcome = "proved unsolvable"
    else:
        outcome = f"not solved ({moves} played)"
    score = "" if result.score is None else f", score {result.score:,}"
    search = "search complete" if result.complete else "search stopped by a limit"
    return f"{outcome}{score}, {search} ({_count(result.nodes, 'node')})"


def _game_words(game: Game[Any, Any]) -> str:
    words = [f"{_count(len(game.moves), 'move')} played"]
    if game.score is not None:
        words.append(f"score {game.score:,}")
    outcome = game.outcome
    words.append("in play" if outcome is None else outcome.reason)
    return ", ".join(words)


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}" + ("" if number == 1 else "s")
