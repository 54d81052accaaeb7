"""The front-end protocol: how a puzzle is drawn and how pointer and keys become moves.

As in Simon Tatham's collection, a front end written once (``puzzlekit
play``) drives every puzzle; a puzzle supplies only a module of hooks,
named by :attr:`~puzzlekit.PuzzleType.ui`, that satisfies
:class:`FrontEnd`:

* ``new_ui(state)``: the interface state (Tatham's ``ui``: cursor, held
  piece, selected tile, ...), a dict of JSON values;
* ``interpret(state, ui, event)``: the new interface state and the move the
  :class:`Event` makes, or ``None`` (Tatham's ``interpret_move``), or a
  :class:`TakeBack` of an earlier move (a placed piece picked up);
* ``draw(state, ui, hint=None)``: the picture (Tatham's ``redraw``), with
  *hint* drawn as a move to make;
* ``status(state, ui)``: one line for people and screen readers;
* ``motions(state, move)``: what *move* moves from where to where, to animate it;
* ``draw_move(state, move)``: a picture of *move* about to be made (a link
  path), or ``None``.

and may add:

* ``EVENTS``: the :data:`EVENT_KINDS` ``interpret`` reads (the page sends
  only these; default all);
* ``TIME_LIMIT``: a countdown in seconds; ``CELL_SIZE``: the picture's cell
  size, to animate :class:`~puzzlekit.svg.Motion`;
* ``ACTIONS`` and ``action(state, ui, name)``: the puzzle's own buttons (a
  shuffle), see :func:`actions_of`;
* ``demonstration(state)``: the puzzle's own demonstration of *state*, its
  line of moves and the interface state to draw it with (the tromino's
  divide and conquer, with its quadrant lines), or ``None`` for the
  solver's line.

A puzzle without such a module is played through :class:`GenericFrontEnd`:
its ``to_svg()`` picture, elements carrying ``data-move`` clickable, and the
legal moves offered as a list.

>>> from puzzlekit import PUZZLES
>>> hooks = front_end(PUZZLES["samegame"])
>>> board = PUZZLES["samegame"].state.parse("11\\n21")
>>> ui, move = hooks.interpret(board, hooks.new_ui(board), Event("click", data={"cell": "0,0"}))
>>> str(move)
'0,0'
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Mapping
from typing import Any, Protocol, TypeAlias, cast

import attrs

from puzzlekit.contract import PuzzleType
from puzzlekit.errors import ArgumentError, ParseError
from puzzlekit.grid import Cell
from puzzlekit.svg import Motion, Svg, SvgCanvas

__all__ = [
    "EVENT_KINDS",
    "Event",
    "FrontEnd",
    "GenericFrontEnd",
    "TakeBack",
    "UiState",
    "actions_of",
    "cell_of",
    "front_end",
    "move_cursor",
    "overlay",
]

UiState: TypeAlias = dict[str, Any]
"""The interface state of one game: JSON values only, so that a server can keep it."""

EVENT_KINDS = ("down", "move", "up", "click", "wheel", "key", "leave")
"""The kinds of :class:`Event`."""

_KEY_NAMES = 32  # the longest key name an event may carry
_DATA_ITEMS = 8
_DATA_TEXT = 64


def _frozen_data(value: Mapping[str, str] | None) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((value or {}).items()))


@attrs.frozen
class Event:
    """One pointer or keyboard event on a picture.

    *x* and *y* are picture coordinates (``None`` for a key); *data* holds
    the ``data-`` attributes of the element hit (without the ``data-``
    prefix); *key* the key's name (``"ArrowUp"``, ``"r"``, ``"Enter"``);
    *delta* the wheel's turn (positive: away from the player).

    >>> Event.from_json({"kind": "key", "key": "r"})
    Event(kind='key', x=None, y=None, key='r', data=(), delta=0.0)
    >>> Event.from_json({"kind": "fly"})
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: event kind 'fly' is not one of down, move, up, click, ...
    """

    kind: str
    x: float | None = None
    y: float | None = None
    key: str = ""
    data: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_frozen_data)
    delta: float = 0.0

    def get(self, name: str) -> str | None:
        """The ``data-NAME`` attribute of the element hit, or ``None``."""
        return dict(self.data).get(name)

    @classmethod
    def from_json(cls, value: object) -> Event:
        """Check and read an event sent by a page (a JSON object); :class:`~puzzlekit.ParseError`
        saying what is wrong with anything else."""
        if not isinstance(value, dict):
            raise ParseError("an event is a JSON object")
        kind = value.get("kind")
        if kind not in EVENT_KINDS:
            raise ParseError(f"event kind {kind!r} is not one of {', '.join(EVENT_KINDS)}")
        x, y, delta = (_coordinate(value.get(name), name) for name in ("x", "y", "delta"))
        key = value.get("key", "")
        if not isinstance(key, str) or len(key) > _KEY_NAMES:
            raise ParseError(f"event key must be a short string, not {key!r:.40}")
        data = value.get("data", {})
        if not isinstance(data, dict) or len(data) > _DATA_ITEMS or not all(
            isinstance(k, str) and isinstance(v, str) and len(k) + len(v) <= _DATA_TEXT
            for k, v in data.items()
        ):
            raise ParseError("event data must be a few short string attributes")
        return cls(str(kind), x, y, key, data, delta or 0.0)


@attrs.frozen
class TakeBack:
    """What ``interpret`` returns to take back *move*, played earlier in the game, and
    keep the moves after it (a placed piece picked up again): the game undoes back to
    before *move* and plays the later moves again, counting one undo.

    >>> TakeBack("a7A7")
    TakeBack(move='a7A7')
    """

    move: Any


def _coordinate(value: object, name: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ParseError(f"event {name} must be a number, not {value!r:.40}")
    if not math.isfinite(value) or abs(value) > 1e9:
        raise ParseError(f"event {name} must be a finite number of at most 1e9")
    return float(value)


def cell_of(text: str | None) -> Cell | None:
    """The cell of a ``data-cell="ROW,COL"`` attribute, or ``None`` for anything else.

    >>> cell_of("2,3"), cell_of("x"), cell_of(None)
    ((2, 3), None, None)
    """
    if text is None:
        return None
    row, comma, col = text.partition(",")
    if not (comma and row.isdigit() and col.isdigit() and len(text) <= 16):
        return None
    return int(row), int(col)


_ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


def move_cursor(ui: UiState, key: str, height: int, width: int) -> bool:
    """Move ``ui["cursor"]`` (a ``[row, col]`` list) one cell for an arrow *key*, kept on
    the *height* x *width* grid; whether *key* was an arrow.

    >>> ui = {"cursor": [0, 0]}
    >>> move_cursor(ui, "ArrowLeft", 3, 3), move_cursor(ui, "ArrowDown", 3, 3), ui
    (True, True, {'cursor': [1, 0]})
    """
    if key not in _ARROWS:
        return False
    row, col = ui.get("cursor") or (0, 0)
    dr, dc = _ARROWS[key]
    ui["cursor"] = [min(max(row + dr, 0), height - 1), min(max(col + dc, 0), width - 1)]
    return True


def overlay(picture: str, canvas: SvgCanvas) -> Svg:
    """*picture* with *canvas*'s elements drawn on top (a cursor, a highlight, a ghost).

    >>> top = SvgCanvas(4, 4)
    >>> top.circle(2, 2, 1)
    >>> overlay(SvgCanvas(4, 4).to_string(), top).count("<circle")
    1
    """
    body = canvas.to_string().split("\n")[1:-1]
    head, _, _ = picture.rpartition("</svg>")
    return Svg(head + "\n".join(body) + "\n</svg>")


class FrontEnd(Protocol):
    """The hooks a puzzle's ``ui`` module supplies (see the module's text)."""

    HELP: str
    """How to play with the pointer and the keys, one short paragraph."""

    def new_ui(self, state: Any) -> UiState: ...

    def interpret(self, state: Any, ui: UiState, event: Event) -> tuple[UiState, Any]: ...

    def draw(self, state: Any, ui: UiState, *, hint: Any = None) -> Svg: ...

    def status(self, state: Any, ui: UiState) -> str: ...

    def motions(self, state: Any, move: Any) -> tuple[Motion, ...]: ...

    def draw_move(self, state: Any, move: Any) -> Svg | None: ...


class GenericFrontEnd:
    """The front end of a puzzle without hooks: its picture, ``data-move`` elements
    clickable, and the moves offered as a list by the page.

    >>> from puzzlekit import PUZZLES
    >>> generic = GenericFrontEnd(PUZZLES["tromino"])
    >>> board = PUZZLES["tromino"].state.parse("#.\\n..")
    >>> generic.interpret(board, {}, Event("click", data={"move": "0,0 nw"}))[1]
    Tromino.parse('0,0 nw')
    """

    HELP = "Click a move in the list below the picture (or an element of the picture)."

    def __init__(self, puzzle: PuzzleType[Any, Any]) -> None:
        self.puzzle = puzzle

    def new_ui(self, state: Any) -> UiState:
        """No interface state."""
        return {}

    def interpret(self, state: Any, ui: UiState, event: Event) -> tuple[UiState, Any]:
        """A click on an element with ``data-move`` makes that move."""
        text = event.get("move")
        if event.kind != "click" or text is None:
            return ui, None
        try:
            return ui, self.puzzle.move.parse(text)
        except (ParseError, ArgumentError, TypeError):
            return ui, None

    def draw(self, state: Any, ui: UiState, *, hint: Any = None) -> Svg:
        """The state's own picture."""
        return Svg(state.to_svg())

    def status(self, state: Any, ui: UiState) -> str:
        """How many moves the position allows."""
        return f"{len(state.legal_moves())} legal moves"

    def motions(self, state: Any, move: Any) -> tuple[Motion, ...]:
        """Nothing is animated."""
        return ()

    def draw_move(self, state: Any, move: Any) -> Svg | None:
        """No picture of the move."""
        return None


def actions_of(hooks: object) -> tuple[tuple[str, str, str], ...]:
    """The puzzle's own actions: ``(name, label, key)`` triples of its hooks' ``ACTIONS``.

    The page shows each as a button, also pressed by its *key*; pressing it calls
    ``action(state, ui, name)``, which returns the new interface state and a new
    position (the game goes on from it, with the same clock and counters) or
    ``None``.

    >>> from puzzlekit import PUZZLES
    >>> actions_of(front_end(PUZZLES["linkpath"])), actions_of(front_end(PUZZLES["samegame"]))
    ((('shuffle', 'Shuffle', 's'),), ())
    """
    triples = getattr(hooks, "ACTIONS", ())
    return tuple((str(name), str(label), str(key)) for name, label, key in triples)


def front_end(puzzle: PuzzleType[Any, Any]) -> FrontEnd:
    """The hooks of *puzzle*: its ``ui`` module, or a :class:`GenericFrontEnd`."""
    name = getattr(puzzle, "ui", None)
    if name is None:
        return GenericFrontEnd(puzzle)
    return cast(FrontEnd, importlib.import_module(name))
