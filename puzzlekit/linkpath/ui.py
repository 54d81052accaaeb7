"""Link matching's front-end hooks (see :mod:`puzzlekit.interface`): click two tiles
of a kind to link them; the link is drawn for a moment, then the tiles go (and, by the
rules, the others fall or slide).

>>> from puzzlekit.interface import Event
>>> board = Board.parse("a.a")
>>> ui, move = interpret(board, new_ui(board), Event("click", data={"cell": "0,0"}))
>>> ui["selected"], move
([0, 0], None)
>>> interpret(board, ui, Event("click", data={"cell": "0,2"}))[1]
Pair(a=(0, 0), b=(0, 2))
"""

from __future__ import annotations

from puzzlekit.grid import Cell
from puzzlekit.interface import Event, UiState, cell_of, move_cursor, overlay
from puzzlekit.linkpath.board import Board, Pair
from puzzlekit.linkpath.render import board_svg, geometry, motions
from puzzlekit.svg import Svg, SvgCanvas

__all__ = ["ACTIONS", "EVENTS", "HELP", "SHUFFLE_NODES", "TIME_LIMIT", "action", "draw",
           "draw_move", "interpret", "motions", "new_ui", "status"]

HELP = ("Click a tile, then another of its kind that a line of at most three straight "
        "segments joins to it. Arrow keys move the cursor, Enter selects. Stuck? Shuffle (s) "
        "deals the tiles left again.")

CELL_SIZE = 40
"""The picture's cell size."""

TIME_LIMIT = 100.0
"""The countdown of a game, in seconds (the Lianliankan game's 100 s)."""

EVENTS = ("click", "key")
"""Only clicks and keys make moves: the page sends nothing else."""

ACTIONS = (("shuffle", "Shuffle", "s"),)
"""The shuffle button (and key), as KShisen and Lianliankan offer when no link is left."""

SHUFFLE_NODES = 50_000
"""The node budget of a shuffle that must leave a board that can be cleared."""


def new_ui(state: Board) -> UiState:
    """No tile selected."""
    return {"selected": None, "cursor": None}


def action(state: Board, ui: UiState, name: str) -> tuple[UiState, Board | None]:
    """``shuffle``: the tiles left dealt again so that the board can be cleared.

    >>> board = Board.parse("ab\\nba")
    >>> ui, shuffled = action(board, new_ui(board), "shuffle")
    >>> shuffled.is_stuck, sorted(shuffled.tiles) == sorted(board.tiles)
    (False, True)
    """
    ui = dict(ui, selected=None)
    return ui, state.shuffle(solvable=True, node_limit=SHUFFLE_NODES)


def _pick(state: Board, ui: UiState, cell: Cell | None) -> tuple[UiState, Pair | None]:
    if cell is None or not (0 <= cell[0] < state.height and 0 <= cell[1] < state.width) or (
            not state.rows[cell[0]][cell[1]]):
        ui["selected"] = None
        return ui, None
    first = ui.get("selected")
    if first is None or tuple(first) == cell:
        ui["selected"] = None if first is not None else list(cell)
        return ui, None
    ui["selected"] = None
    plain = Pair(tuple(first), cell)
    if plain in state.legal_moves():
        return ui, plain
    for move in state.legal_moves():  # a slide of these two tiles, under sliding rules
        if {move.a, move.b} == {plain.a, plain.b}:
            return ui, move
    return ui, plain  # illegal: the game says why


def interpret(state: Board, ui: UiState, event: Event) -> tuple[UiState, Pair | None]:
    """A click selects a tile; a second click on another links them; Escape unselects."""
    ui = dict(ui)
    if event.kind == "key":
        if move_cursor(ui, event.key, state.height, state.width):
            return ui, None
        if event.key in ("Enter", " ") and ui.get("cursor"):
            return _pick(state, ui, tuple(ui["cursor"]))
        if event.key == "Escape":
            ui["selected"] = None
        return ui, None
    if event.kind != "click":
        return ui, None
    cell = cell_of(event.get("cell"))
    if cell is None and event.x is not None and event.y is not None:
        cell = geometry(state, cell_size=CELL_SIZE).cell_at(event.x, event.y)
    return _pick(state, ui, cell)


def _mark(top: SvgCanvas, cell: Cell, colour: str, kind: str) -> None:
    row, col = cell
    top.rect((col + 1) * CELL_SIZE, (row + 1) * CELL_SIZE, CELL_SIZE, CELL_SIZE, fill="none",
             stroke=colour, stroke_width=4, class_=kind, pointer_events="none")


def draw(state: Board, ui: UiState, *, hint: Pair | None = None) -> Svg:
    """The board, the selected tile and the cursor outlined, a hint drawn as its link."""
    picture = board_svg(state, cell_size=CELL_SIZE, move=hint)
    top = SvgCanvas((state.width + 2) * CELL_SIZE, (state.height + 2) * CELL_SIZE)
    if ui.get("selected"):
        _mark(top, tuple(ui["selected"]), "#ffd000", "selected")
    if ui.get("cursor"):
        _mark(top, tuple(ui["cursor"]), "#ff2d2d", "cursor")
    return overlay(picture, top)


def status(state: Board, ui: UiState) -> str:
    """Tiles left, and whether a link is possible."""
    if state.is_stuck:
        return f"{len(state.tiles)} tiles left and no link: stuck"
    return f"{len(state.tiles)} tiles left, {len(state.legal_moves())} links possible"


def draw_move(state: Board, move: Pair) -> Svg | None:
    """The board with *move*'s link drawn, shown for a moment before the tiles go."""
    return board_svg(state, cell_size=CELL_SIZE, move=move)
