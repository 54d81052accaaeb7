"""One JSON form for states, moves, search results, levels, game records, hints, counts
and errors, for every puzzle.

:func:`to_json` turns a value into a JSON-ready ``dict`` whose ``"kind"``
says what it is and whose ``"puzzle"`` names its puzzle in
:data:`puzzlekit.PUZZLES`; :func:`from_json` reads it back to an equal value.
Every ``--json`` output of the command line is one such document, and
:data:`SCHEMA` (shipped as ``puzzlekit/schema.json``) describes them all.
What an app front end reads is in each: the size (``width``, ``height``)
and the params text, the score, the outcome, the seed.

>>> from puzzlekit import PUZZLES
>>> puzzle = PUZZLES["tromino"]
>>> start = puzzle.state.parse("#..\\n...")
>>> document = to_json(start)
>>> document["kind"], document["width"], document["height"], document["text"]
('state', 3, 2, '#..\\n...')
>>> from_json(document) == start
True
>>> result = puzzle.solve(start)
>>> from_json(to_json(result)) == result
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, Final

import attrs

from puzzlekit.contract import Level, SearchResult
from puzzlekit.errors import LimitReached, ParseError, PuzzleError, UnsolvableError
from puzzlekit.game import Game
from puzzlekit.registry import PUZZLES, puzzle_of

__all__ = [
    "SCHEMA",
    "SECONDS_DIGITS",
    "Count",
    "Hint",
    "dumps",
    "error_json",
    "from_json",
    "seconds",
    "to_json",
]

SECONDS_DIGITS: Final = 6
"""Every duration in the JSON form is rounded to this many decimals (microseconds)."""


def seconds(value: float) -> float:
    """A duration as the JSON form writes it: rounded to :data:`SECONDS_DIGITS` decimals.

    >>> seconds(0.12345678)
    0.123457
    """
    return round(value, SECONDS_DIGITS)


@attrs.frozen
class Hint:
    """A hint as the JSON form carries it: the move (``None`` when the game is over).

    >>> from puzzlekit import PUZZLES
    >>> start = PUZZLES["tromino"].state.parse("#.\\n..")
    >>> to_json(Hint(start, start.hint()))["move"]
    '0,0 nw'
    """

    state: Any
    """The position the hint is for."""
    move: Any
    """The move hinted, or ``None``."""


@attrs.frozen
class Count:
    """A count of solutions as the JSON form carries it (``None``: a limit stopped it).

    >>> from puzzlekit import PUZZLES
    >>> start = PUZZLES["tromino"].state.parse("...\\n...")
    >>> to_json(Count(start, 2))["count"]
    2
    """

    state: Any
    """The position counted."""
    count: int | None
    """How many solutions it has, or ``None`` when a limit stopped the count."""


def _state_fields(state: Any) -> dict[str, Any]:
    puzzle = puzzle_of(state)
    params = puzzle.params_of(state)
    width, height = params.size
    return {
        "puzzle": puzzle.name,
        "params": str(params),
        "width": width,
        "height": height,
    }


def to_json(value: Any, **extra: Any) -> dict[str, Any]:
    """The JSON form of a state, a :class:`~puzzlekit.SearchResult`, a
    :class:`~puzzlekit.Level`, a :class:`~puzzlekit.Game`, a :class:`Hint` or a
    :class:`Count` of a registered puzzle; *extra* fields (``seed=1``) are added.

    >>> from puzzlekit import PUZZLES
    >>> level = PUZZLES["tromino"].generate("easy", PUZZLES["tromino"].presets["tiny"], seed=1)
    >>> document = to_json(level, seed=1)
    >>> document["kind"], document["grade"], document["seed"]
    ('level', 'easy', 1)
    """
    if isinstance(value, SearchResult):
        document = {
            "kind": "result",
            **_state_fields(value.start),
            "start": str(value.start),
            "moves": [str(move) for move in value.moves],
            "final": str(value.final),
            "complete": value.complete,
            "solved": value.solved,
            "proved_unsolvable": value.proved_unsolvable,
            "score": value.score,
            "nodes": value.nodes,
            "seconds": seconds(value.seconds),
            "engine": value.engine,
        }
    elif isinstance(value, Level):
        document = {
            "kind": "level",
            **_state_fields(value.start),
            "grade": value.grade,
            "start": str(value.start),
            "witness": [str(move) for move in value.witness],
        }
    elif isinstance(value, Game):
        outcome = value.outcome
        document = {
            "kind": "game",
            **_state_fields(value.start),
            "start": str(value.start),
            "moves": [str(move) for move in value.moves],
            "position": str(value.position),
            "score": value.score,
            "outcome": None if outcome is None else outcome.reason,
            "elapsed": seconds(value.clock.elapsed),
            "record": value.record(),
        }
    elif isinstance(value, Hint):
        document = {
            "kind": "hint",
            **_state_fields(value.state),
            "state": str(value.state),
            "move": None if value.move is None else str(value.move),
        }
    elif isinstance(value, Count):
        document = {
            "kind": "count",
            **_state_fields(value.state),
            "state": str(value.state),
            "count": value.count,
        }
    else:
        puzzle = puzzle_of(value)  # a TypeError for anything else
        document = {
            "kind": "state",
            **_state_fields(value),
            "text": str(value),
            "solved": bool(value.is_solved),
            "over": bool(value.is_over),
        }
        del puzzle
    document.update(extra)
    return document


def from_json(document: Mapping[str, Any]) -> Any:
    """The value :func:`to_json` wrote *document* for, read back through the puzzle's own
    parsers (a :class:`~puzzlekit.ParseError` for anything malformed).

    >>> from_json({"kind": "state", "puzzle": "tromino", "text": "#.\\n.."}).width
    2
    >>> from_json({"kind": "state", "puzzle": "chess", "text": ""})
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: JSON document names no registered puzzle: 'chess'
    """
    if not isinstance(document, Mapping):
        raise ParseError(f"a JSON document is an object, not {type(document).__name__}")
    kind = document.get("kind")
    name = document.get("puzzle")
    if not isinstance(name, str) or name not in PUZZLES:
        raise ParseError(f"JSON document names no registered puzzle: {name!r}")
    puzzle = PUZZLES[name]

    def text(key: str) -> str:
        value = document.get(key)
        if not isinstance(value, str):
            raise ParseError(f"JSON {kind} document: {key!r} must be a string")
        return value

    def line(key: str) -> tuple[Any, ...]:
        value = document.get(key)
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise ParseError(f"JSON {kind} document: {key!r} must be a list of move strings")
        return tuple(puzzle.move.parse(item) for item in value)

    if kind == "state":
        return puzzle.state.parse(text("text"))
    if kind == "level":
        grade = text("grade")
        return Level(puzzle.state.parse(text("start")), line("witness"), grade)
    if kind == "result":
        start = puzzle.state.parse(text("start"))
        moves = line("moves")
        final = start
        for move in moves:
            final = final.play(move)
        score = document.get("score")
        nodes = document.get("nodes", 0)
        complete = document.get("complete")
        if not isinstance(complete, bool) or not isinstance(nodes, int):
            raise ParseError("JSON result document: 'complete' and 'nodes' are needed")
        unsolvable = document.get("proved_unsolvable", complete and not final.is_solved)
        return SearchResult(
            start, moves, final, complete, nodes=nodes,
            seconds=float(document.get("seconds", 0.0)),
            score=score if isinstance(score, int) else None,
            proved_unsolvable=bool(unsolvable),
            engine=document.get("engine") if isinstance(document.get("engine"), str) else None,
        )
    if kind == "game":
        games = Game.from_record(text("record"))
        return games
    if kind == "hint":
        state = puzzle.state.parse(text("state"))
        move = document.get("move")
        return Hint(state, None if move is None else puzzle.move.parse(text("move")))
    if kind == "count":
        count = document.get("count")
        if count is not None and not isinstance(count, int):
            raise ParseError("JSON count document: 'count' must be a whole number or null")
        return Count(puzzle.state.parse(text("state")), count)
    raise ParseError(f"JSON document of unknown kind {kind!r}")


_EXIT_OF: Final[Sequence[tuple[type[BaseException], int]]] = (
    (LimitReached, 3),
    (UnsolvableError, 1),
    (PuzzleError, 2),
)


def error_json(error: BaseException, *, status: int | None = None) -> dict[str, Any]:
    """The JSON form of an error: its type, message and the command's exit status.

    >>> error_json(ParseError("bad cell"))
    {'kind': 'error', 'error': 'ParseError', 'message': 'bad cell', 'exit': 2}
    """
    if status is None:
        status = next((code for cls, code in _EXIT_OF if isinstance(error, cls)), 70)
    return {"kind": "error", "error": type(error).__name__, "message": str(error), "exit": status}


def dumps(document: Mapping[str, Any]) -> str:
    """*document* as one line of JSON (non-finite numbers written as ``null``).

    >>> dumps({"kind": "count", "count": 2})
    '{"kind": "count", "count": 2}'
    """
    return json.dumps(_finite(document), allow_nan=False)


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, Mapping):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


SCHEMA: Final[Mapping[str, Any]] = json.loads(
    resources.files("puzzlekit").joinpath("schema.json").read_text(encoding="utf-8")
)
"""The JSON Schema (draft 2020-12) of every document :func:`to_json` writes.

>>> sorted(SCHEMA["$defs"])[:3]
['count', 'error', 'game']
"""
