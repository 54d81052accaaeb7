"""Games, not only positions: history, undo and redo, a clock, a score and a game record.

A :class:`Game` runs any registered puzzle (see :data:`puzzlekit.PUZZLES`)
from a start position: it keeps the moves played and the line undone (for
redo), a :class:`Clock` with pause, resume and an optional time limit, the
running score where the puzzle keeps one, how many hints and undos the
player took, and an :class:`Outcome` once the game ends (with
``prove_lost``, as soon as the engine proves the position cannot be solved).
:meth:`Game.record` writes it as text that
:meth:`Game.from_record` reads back, and :func:`read_records` reads many
records from one file, lazily.

>>> from puzzlekit import Game, tromino
>>> game = Game(tromino.Board.parse("...\\n..."))
>>> game.play(tromino.Tromino.parse("0,0 se"))
>>> game.undo()
Tromino.parse('0,0 se')
>>> game.redo()
Tromino.parse('0,0 se')
>>> game.play(game.hint())
>>> game.outcome
Outcome(reason='solved', detail='the puzzle is solved')
>>> print(game.record(date="2026-12-01"))  # doctest: +ELLIPSIS
Puzzle: tromino
Date: 2026-12-01
Result: solved
Elapsed: ...
Hints: 1
Undos: 1
Start:
    ...
    ...
Moves:
    1. 0,0 se
    2. 0,1 nw
"""

from __future__ import annotations

import datetime
import math
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Generic, Literal, TypeAlias, TypeVar

import attrs

from puzzlekit.contract import Moves, MoveView, PuzzleType, SearchResult
from puzzlekit.display import Displayed
from puzzlekit.errors import (
    ArgumentError,
    IllegalMoveError,
    LimitReached,
    ParseError,
    UnsolvableError,
    quoted,
)
from puzzlekit.limits import check_limit
from puzzlekit.registry import PUZZLES, puzzle_of

__all__ = ["Clock", "Game", "Outcome", "OutcomeReason", "read_records"]

S = TypeVar("S")
M = TypeVar("M")

OutcomeReason: TypeAlias = Literal["solved", "stuck", "lost", "resigned", "time out"]
"""How a game ended: solved; stuck (no legal move left, unsolved); lost (moves are left but
the engine proved that none solves the puzzle); resigned; out of time."""

_RESULTS: tuple[str, ...] = ("solved", "stuck", "lost", "resigned", "time out")
_IN_PROGRESS = "*"
_INDENT = "    "
_RESERVED = frozenset(
    {
        "Puzzle", "Date", "Result", "Score", "Elapsed", "TimeLimit", "Hints", "Undos",
        "ProveLost", "Start", "Moves", "Redo",
    }
)
# A game keeps a few positions, not one per move: a long game on a big board would fill the
# memory. It keeps the last _RECENT ones, and checkpoints _SPACING moves apart, spaced out
# twice as far whenever there are more than _CHECKPOINTS: an undo past the recent ones
# replays from a checkpoint, fewer than 2 * moves / _CHECKPOINTS plays.
_RECENT = 16
_CHECKPOINTS = 32
_SPACING = 16


class Clock:
    """Elapsed playing time with pause and resume, and an optional time limit.

    The time source is injectable (any callable returning seconds, by
    default ``time.monotonic``), so tests and replays need no sleeping.
    A clock pickles: the time elapsed so far is kept, and a running clock
    goes on running from the moment it is loaded.

    >>> now = [100.0]
    >>> clock = Clock(time_source=lambda: now[0], time_limit=30)
    >>> now[0] = 110.0
    >>> clock.elapsed, clock.remaining
    (10.0, 20.0)
    >>> clock.pause(); now[0] = 500.0; clock.resume(); now[0] = 525.0
    >>> clock.elapsed, clock.expired
    (35.0, True)
    """

    def __init__(
        self,
        *,
        time_source: Callable[[], float] = time.monotonic,
        time_limit: float | None = None,
        running: bool = True,
        elapsed: float = 0.0,
    ) -> None:
        if not callable(time_source):
            raise TypeError("time_source must be a callable returning seconds")
        self.time_source = time_source
        """Where the clock reads the time."""
        self.time_limit = check_limit("time_limit", time_limit)
        """The playing time allowed, in seconds, or ``None``."""
        self._before = float(check_limit("elapsed", elapsed) or 0.0)
        self._since: float | None = time_source() if running else None

    @property
    def running(self) -> bool:
        """Whether the clock is counting now."""
        return self._since is not None

    @property
    def elapsed(self) -> float:
        """Seconds counted so far."""
        if self._since is None:
            return self._before
        return self._before + max(0.0, self.time_source() - self._since)

    @property
    def remaining(self) -> float | None:
        """Seconds left before the time limit, or ``None`` without one."""
        if self.time_limit is None:
            return None
        return max(0.0, self.time_limit - self.elapsed)

    @property
    def expired(self) -> bool:
        """Whether the time limit has been used up."""
        return self.time_limit is not None and self.elapsed >= self.time_limit

    def pause(self) -> None:
        """Stop counting (nothing happens if the clock is paused already)."""
        if self._since is not None:
            self._before = self.elapsed
            self._since = None

    def resume(self) -> None:
        """Count again from now (nothing happens if the clock is running)."""
        if self._since is None:
            self._since = self.time_source()

    def __getstate__(self) -> dict[str, Any]:
        return {
            "time_source": self.time_source,
            "time_limit": self.time_limit,
            "elapsed": self.elapsed,
            "running": self.running,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.time_source = state["time_source"]
        self.time_limit = state["time_limit"]
        self._before = state["elapsed"]
        self._since = self.time_source() if state["running"] else None

    def __repr__(self) -> str:
        limit = "" if self.time_limit is None else f", time_limit={self.time_limit:g}"
        return f"<Clock elapsed={self.elapsed:.3f}{limit}{'' if self.running else ', paused'}>"


@attrs.frozen
class Outcome:
    """How and why a game ended.

    >>> Outcome("stuck", "no legal move is left")
    Outcome(reason='stuck', detail='no legal move is left')
    """

    reason: OutcomeReason
    """``"solved"``, ``"stuck"``, ``"lost"``, ``"resigned"`` or ``"time out"``."""
    detail: str
    """A sentence for people."""
    move: object = attrs.field(default=None, repr=False)
    """For ``"lost"``: the move that left a position with no solution."""


class Game(Displayed, Generic[S, M]):
    """One game of a registered puzzle: start, moves played, redo line, clock, score, outcome.

    Every move goes through the position's ``play``, so an illegal one raises
    :class:`~puzzlekit.IllegalMoveError` and leaves the game as it was.
    Playing after an undo drops the redo line. Once the game is over (see
    :attr:`outcome`) no move is accepted, except that ``undo`` takes back a
    move of a solved, stuck or lost game. A game over at its start (no legal
    move) starts with its clock stopped.

    With *prove_lost* (a node budget, 0 for none) every move that leaves
    moves to play asks the puzzle's ``hint`` with that node limit whether
    the position can still be solved: a proof that it cannot ends the game
    as ``"lost"`` at once, naming the move; a search cut short by the budget
    proves nothing and the game goes on. A node budget, not a time, so that
    a record replays to the same outcome on any machine.

    *headers* are extra record lines: keys and values without line breaks
    or surrounding spaces, keys without ``:`` and none of the headers
    :meth:`record` writes itself (``Puzzle``, ``Date``, ``Result``,
    ``Score``, ``Elapsed``, ``TimeLimit``, ``Hints``, ``Undos``,
    ``ProveLost``, ``Start``, ``Moves``, ``Redo``); anything
    else is an :class:`~puzzlekit.ArgumentError`.

    The game keeps its start, its moves and a few positions on the way, so
    that its memory grows with the moves, not with the moves times the
    board: the current position is at hand, and undo replays a few moves.

    >>> from puzzlekit import samegame
    >>> game = Game(samegame.Board.parse("1122\\n1212\\n2211"))
    >>> game.play(samegame.Move(0, 0))
    >>> game.score, len(game.moves)
    (1, 1)
    """

    def __init__(
        self,
        start: S,
        *,
        time_limit: float | None = None,
        time_source: Callable[[], float] = time.monotonic,
        headers: Mapping[str, str] | None = None,
        prove_lost: int = 0,
    ) -> None:
        self.puzzle: PuzzleType[Any, Any] = puzzle_of(start)
        """The registered puzzle this game is of."""
        self.start = start
        """The start position."""
        self.clock = Clock(time_source=time_source, time_limit=time_limit)
        """The game's clock; it stops when the game ends."""
        self.headers: dict[str, str] = _checked_headers(headers or {})
        """Extra record headers (``Event``, ``Player``, ...), written by :meth:`record`."""
        self._moves: list[M] = []
        self._redo: list[M] = []
        # Positions after some moves, by move count (0, the start, always), and the last few
        # positions up to the current one.
        self._checkpoints: dict[int, S] = {0: start}
        self._spacing = _SPACING
        self._recent: list[S] = [start]
        self._resigned = False
        self._timed_out = False
        self.prove_lost = check_limit("prove_lost", prove_lost) or 0
        """The node budget of the proof that a position is lost (0: no proof is tried)."""
        self._lost_at: int | None = None  # how many moves had been played when it was lost
        self.hints_taken = 0
        """How many hints the player was given (:meth:`hint` returning a move)."""
        self.undos = 0
        """How many moves the player took back with :meth:`undo`."""
        if self._finished():
            self.clock.pause()

    # -- the position and its history

    @property
    def position(self) -> S:
        """The current position."""
        return self._recent[-1]

    @property
    def moves(self) -> tuple[M, ...]:
        """The moves played, in order."""
        return tuple(self._moves)

    @property
    def redo_moves(self) -> tuple[M, ...]:
        """The moves :meth:`redo` would play, next one first."""
        return tuple(reversed(self._redo))

    @property
    def positions(self) -> tuple[S, ...]:
        """The start and the position after each move played.

        They are found again by replaying the moves: the game does not keep
        them all (see :class:`Game`).
        """
        found = [self.start]
        for move in self._moves:
            found.append(found[-1].play(move))  # type: ignore[attr-defined]
        return tuple(found)

    def legal_moves(self) -> MoveView[M]:
        """The moves the current position allows; none once the game is over.

        >>> from puzzlekit import tromino
        >>> len(Game(tromino.Board.parse("#.\\n..")).legal_moves())
        1
        """
        if self._resigned or self._lost_at is not None or self._check_time():
            return Moves(tuple, lambda move: False)
        view: MoveView[M] = self.position.legal_moves()  # type: ignore[attr-defined]
        return view

    def hint(self, *, node_limit: int | None = None, time_limit: float | None = None) -> M | None:
        """The position's hint (see :class:`~puzzlekit.PuzzleState`); ``None`` once it is over."""
        if self.outcome is not None:
            return None
        move: M | None = self.puzzle.hint(
            self.position, node_limit=node_limit, time_limit=time_limit
        )
        if move is not None:
            self.hints_taken += 1
        return move

    def play(self, move: M | str) -> None:
        """Play *move* (a move object or its text form); drop the redo line."""
        self._play(move)
        self._redo.clear()

    def _play(self, move: M | str) -> None:
        outcome = self.outcome
        if outcome is not None:
            raise IllegalMoveError(f"the game is over ({outcome.reason}): {outcome.detail}")
        if isinstance(move, str):
            move = self.puzzle.move.parse(move)
        before = self.position
        after = before.play(move)  # type: ignore[attr-defined]
        self._moves.append(self._as_move(move, before, after))
        self._keep(after)
        if self.prove_lost and not self._finished() and self._proved_lost(after):
            self._lost_at = len(self._moves)
        if self.outcome is not None:
            self.clock.pause()

    def _proved_lost(self, position: Any) -> bool:
        try:
            self.puzzle.hint(position, node_limit=self.prove_lost)
        except UnsolvableError:
            return True
        except LimitReached:
            pass
        return False

    def _keep(self, position: S) -> None:
        """Make *position*, after the last move, the current one; keep a checkpoint now and then."""
        self._recent.append(position)
        del self._recent[:-_RECENT]
        count = len(self._moves)
        if count - max(self._checkpoints) < self._spacing:
            return
        self._checkpoints[count] = position
        if len(self._checkpoints) > _CHECKPOINTS:
            # Twice as far apart from now on: keep the start, the newest and every other one.
            self._spacing *= 2
            counts = sorted(self._checkpoints)
            kept = {0, *counts[::-2]}
            self._checkpoints = {count: self._checkpoints[count] for count in sorted(kept)}

    def _as_move(self, move: object, before: S, after: S) -> M:
        """*move* as the puzzle's move object, so that the record can write it."""
        if isinstance(move, self.puzzle.move):
            known: M = move
            return known
        for legal in before.legal_moves():  # type: ignore[attr-defined]
            if before.play(legal) == after:  # type: ignore[attr-defined]
                found: M = legal
                return found
        raise TypeError(f"cannot write {move!r} as a {self.puzzle.move.__name__}")

    def undo(self) -> M:
        """Take back the last move and return it; it goes to the redo line."""
        if not self._moves or self._resigned or self._timed_out:
            why = "no move has been played" if not self._moves else "the game is over"
            raise IllegalMoveError(f"nothing to undo: {why}")
        move = self._moves.pop()
        self._back_to(len(self._moves))
        self._redo.append(move)
        if self._lost_at is not None and len(self._moves) < self._lost_at:
            self._lost_at = None
        self.undos += 1
        self.clock.resume()
        return move

    def _back_to(self, count: int) -> None:
        """Make the position after *count* moves the current one (the moves after it are gone)."""
        self._checkpoints.pop(count + 1, None)
        self._recent.pop()
        if self._recent:
            return
        base = max(self._checkpoints)
        position = self._checkpoints[base]
        self._recent = [position]
        for move in self._moves[base:count]:
            position = position.play(move)  # type: ignore[attr-defined]
            self._recent.append(position)
            del self._recent[:-_RECENT]

    def redo(self) -> M:
        """Play the next move of the redo line again and return it."""
        if not self._redo:
            raise IllegalMoveError("nothing to redo")
        move = self._redo[-1]
        self._play(move)
        self._redo.pop()
        return move

    def resign(self) -> None:
        """End the game now, unsolved."""
        if self.outcome is None:
            self._resigned = True
            self.clock.pause()

    # -- how it stands

    def _check_time(self) -> bool:
        if not self._timed_out and self.clock.expired and not self._finished():
            self._timed_out = True
            self.clock.pause()
        return self._timed_out

    def _finished(self) -> bool:
        return bool(self.position.is_solved or self.position.is_over)  # type: ignore[attr-defined]

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        position: Any = self.position
        if position.is_solved:
            return Outcome("solved", "the puzzle is solved")
        if self._resigned:
            return Outcome("resigned", "the player resigned")
        if self._lost_at is not None:
            move = self._moves[self._lost_at - 1]
            return Outcome(
                "lost", f"move {self._lost_at} ({move}) left a position that cannot be solved",
                move,
            )
        if self._check_time():
            return Outcome("time out", f"the time limit of {self.clock.time_limit:g} s ran out")
        if position.is_over:
            return Outcome("stuck", "no legal move is left")
        return None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (see :attr:`outcome`)."""
        return self.outcome is not None

    @property
    def score(self) -> int | None:
        """The running score under the puzzle's rules, or ``None`` for puzzles without one."""
        if self.puzzle.score is None:
            return None
        return self.puzzle.score(self.start, self._moves)

    # -- demonstrations and records

    @classmethod
    def demonstration(cls, result: SearchResult[Any, Any], **options: Any) -> Game[Any, Any]:
        """A game at *result*'s start with its line as the redo line: ``redo()`` steps through it.

        >>> from puzzlekit import tromino
        >>> demo = Game.demonstration(tromino.solve(tromino.Board.parse("...\\n...")))
        >>> while demo.redo_moves:
        ...     _ = demo.redo()
        >>> demo.outcome.reason
        'solved'
        """
        game: Game[Any, Any] = cls(result.start, **options)
        game._redo = list(reversed(result.moves))
        return game

    def record(self, *, date: str | None = None) -> str:
        """The game as text: header lines, the start position, then the moves.

        ``Result`` is the outcome's reason, or ``*`` while the game goes on;
        ``Hints``, ``Undos`` and ``ProveLost`` are written when not 0, and the
        redo line, when there is one, under ``Redo:`` (numbered on from the moves);
        ``Elapsed`` and ``TimeLimit`` are written exactly, so that
        :meth:`from_record` finds the same outcome. :attr:`headers` are
        checked as :class:`Game` checks them.
        """
        headers = _checked_headers(self.headers)
        outcome = self.outcome
        elapsed = self.clock.elapsed
        if outcome is None and self.clock.expired:  # the time ran out since: say so
            outcome = self.outcome
            elapsed = self.clock.elapsed
        lines = [
            f"Puzzle: {self.puzzle.name}",
            f"Date: {date or datetime.date.today().isoformat()}",
            f"Result: {outcome.reason if outcome else _IN_PROGRESS}",
        ]
        if self.score is not None:
            lines.append(f"Score: {self.score}")
        lines.append(f"Elapsed: {float(elapsed)!r}")
        if self.clock.time_limit is not None:
            lines.append(f"TimeLimit: {float(self.clock.time_limit)!r}")
        counts = (
            ("Hints", self.hints_taken), ("Undos", self.undos), ("ProveLost", self.prove_lost)
        )
        lines += [f"{key}: {count}" for key, count in counts if count]
        lines += [f"{key}: {value}" for key, value in headers.items()]
        lines.append("Start:")
        lines += [_INDENT + line for line in str(self.start).splitlines()]
        lines.append("Moves:")
        lines += [f"{_INDENT}{number}. {move}" for number, move in enumerate(self._moves, 1)]
        if self._redo:
            lines.append("Redo:")
            first = len(self._moves) + 1
            lines += [f"{_INDENT}{number}. {move}"
                      for number, move in enumerate(self.redo_moves, first)]
        return "\n".join(lines)

    @classmethod
    def from_record(
        cls, text: str, *, time_source: Callable[[], float] = time.monotonic
    ) -> Game[Any, Any]:
        """Read one game written by :meth:`record`, replaying and checking every move.

        >>> from puzzlekit import tromino
        >>> game = Game(tromino.Board.parse("...\\n..."))
        >>> game.play("0,0 se")
        >>> again = Game.from_record(game.record())
        >>> again.moves == game.moves and again.position == game.position
        True
        >>> Game.from_record("Puzzle: tromino\\nStart:\\n    ...\\nMoves:\\n    1. 0,0 sw")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: record line 5: move 1 '0,0 sw' is illegal: ...
        """
        if not isinstance(text, str):
            raise TypeError(f"a game record is a str, not {type(text).__name__}")
        games = list(read_records(text.splitlines(), time_source=time_source))
        if len(games) != 1:
            raise ParseError(f"expected one game record, found {len(games)}")
        return games[0]

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["puzzle"]  # found again from the start position
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.puzzle = puzzle_of(self.start)

    def __repr__(self) -> str:
        outcome = self.outcome
        status = outcome.reason if outcome else "in progress"
        return f"<Game {self.puzzle.name}, {len(self._moves)} moves, {status}>"


def read_records(
    lines: Iterable[str], *, time_source: Callable[[], float] = time.monotonic
) -> Iterator[Game[Any, Any]]:
    """Read game records one after the other from *lines* (a file works), lazily.

    Records are separated by blank lines. Errors are
    :class:`~puzzlekit.ParseError` naming the line number; an illegal move
    names its number too.

    >>> from puzzlekit import tromino
    >>> one = Game(tromino.Board.parse("#.\\n..")).record()
    >>> [len(game.moves) for game in read_records((one + "\\n\\n" + one).splitlines())]
    [0, 0]
    """
    chunk: list[tuple[int, str]] = []
    for number, line in enumerate(lines, 1):
        line = line.rstrip("\r\n")
        if line.strip():
            chunk.append((number, line))
        elif chunk:
            yield _read_record(chunk, time_source)
            chunk = []
    if chunk:
        yield _read_record(chunk, time_source)


def _read_record(
    chunk: list[tuple[int, str]], time_source: Callable[[], float]
) -> Game[Any, Any]:
    headers: dict[str, str] = {}
    start: list[tuple[int, str]] = []
    moves: list[tuple[int, str]] = []
    redo: list[tuple[int, str]] = []
    sections = {"start": start, "moves": moves, "redo": redo}
    section = "headers"
    for number, line in chunk:
        if line.startswith(_INDENT):
            if section == "headers":
                raise ParseError(f"record line {number}: indented line outside Start or Moves")
            sections[section].append((number, line[len(_INDENT) :]))
            continue
        key, colon, value = line.partition(":")
        if not colon:
            raise ParseError(f"record line {number}: {quoted(line)} is not 'Key: value'")
        key, value = key.strip(), value.strip()
        if key in ("Start", "Moves", "Redo"):
            section = key.lower()
        elif section != "headers":
            raise ParseError(f"record line {number}: header {key!r} after the start position")
        elif key in headers:
            raise ParseError(f"record line {number}: header {key!r} given twice")
        else:
            headers[key] = value
        if key in ("Start", "Moves", "Redo") and value:
            raise ParseError(f"record line {number}: {key}: takes indented lines below it")
    first = chunk[0][0]
    name = headers.pop("Puzzle", None)
    if name is None:
        raise ParseError(f"record at line {first}: no 'Puzzle:' header")
    if name not in PUZZLES:
        raise ParseError(f"record at line {first}: unknown puzzle {quoted(name)}")
    puzzle = PUZZLES[name]
    start_text = "\n".join(text for _, text in start)
    try:
        position = puzzle.state.parse(start_text)
    except ParseError as error:
        raise ParseError(f"record at line {first}: start position: {error}") from None
    headers.pop("Date", None)
    headers.pop("Score", None)
    result = headers.pop("Result", _IN_PROGRESS)
    if result not in (*_RESULTS, _IN_PROGRESS):
        raise ParseError(f"record at line {first}: unknown result {quoted(result)}")
    elapsed = _number(headers.pop("Elapsed", "0"), "Elapsed", first)
    limit_text = headers.pop("TimeLimit", None)
    limit = None if limit_text is None else _number(limit_text, "TimeLimit", first)
    hints, undos, prove_lost = (
        _count(headers.pop(key, "0"), key, first) for key in ("Hints", "Undos", "ProveLost")
    )
    try:
        # No limit while the moves are replayed: the record's clock says how the time went.
        game: Game[Any, Any] = Game(
            position, time_source=time_source, headers=headers, prove_lost=prove_lost
        )
    except ArgumentError as error:
        raise ParseError(f"record at line {first}: {error}") from None
    for count, (number, move) in enumerate(_numbered_moves(puzzle, moves, 1), 1):
        try:
            game._play(move)
        except IllegalMoveError as error:
            raise ParseError(
                f"record line {number}: move {count} {quoted(str(move))} is illegal: {error}"
            ) from None
    redo_line = list(_numbered_moves(puzzle, redo, len(moves) + 1))
    after = game.position
    for count, (number, move) in enumerate(redo_line, len(moves) + 1):
        try:
            after = after.play(move)
        except IllegalMoveError as error:
            raise ParseError(
                f"record line {number}: redo move {count} {quoted(str(move))} is illegal: "
                f"{error}"
            ) from None
    game._redo = [move for _, move in reversed(redo_line)]
    game.hints_taken, game.undos = hints, undos
    # Paused while the outcome is found, so that it is the one the record's numbers give.
    game.clock = Clock(time_source=time_source, time_limit=limit, elapsed=elapsed, running=False)
    if result == "resigned":
        game.resign()
    outcome = game.outcome
    found = outcome.reason if outcome else _IN_PROGRESS
    if found != result:
        raise ParseError(
            f"record at line {first}: says result {result!r}, the moves give {found!r}"
        )
    if outcome is None:
        game.clock.resume()
    return game


def _numbered_moves(
    puzzle: PuzzleType[Any, Any], lines: list[tuple[int, str]], first: int
) -> Iterator[tuple[int, Any]]:
    """Each ``N. MOVE`` line's number and move, numbered on from *first*."""
    for count, (number, text) in enumerate(lines, first):
        label, dot, move_text = text.partition(". ")
        if not dot or label != str(count):
            raise ParseError(f"record line {number}: expected move {count} as '{count}. MOVE'")
        try:
            yield number, puzzle.move.parse(move_text.strip())
        except ParseError as error:
            raise ParseError(f"record line {number}: move {count}: {error}") from None


def _count(text: str, key: str, line: int) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 12):
        raise ParseError(f"record at line {line}: {key} {quoted(text)} is not a count")
    return int(text)


def _checked_headers(headers: Mapping[str, str]) -> dict[str, str]:
    """*headers* as a dict, when every key and value reads back from a record as it is."""
    if not isinstance(headers, Mapping):
        raise TypeError(f"headers must be a mapping of str to str, not {type(headers).__name__}")
    for key, value in headers.items():
        if not isinstance(key, str) or not isinstance(value, str):
            raise TypeError(f"header keys and values are str, not {key!r}: {value!r}")
        if key in _RESERVED:
            raise ArgumentError(f"header {key!r} is written by the record itself")
        if not key or ":" in key:
            raise ArgumentError(f"header key {key!r} must be non-empty and without ':'")
        for text in (key, value):
            if "".join(text.splitlines()) != text:
                raise ArgumentError(f"header {key!r}: {text!r} has a line break")
            if text.strip() != text:
                raise ArgumentError(f"header {key!r}: {text!r} starts or ends with a space")
    return dict(headers)


def _number(text: str, key: str, line: int) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ParseError(f"record at line {line}: {key} {quoted(text)} is not a number") from None
    if not (value >= 0 and math.isfinite(value)):
        raise ParseError(f"record at line {line}: {key} must be a finite number >= 0")
    return value
