"""SameGame's front-end hooks (see :mod:`puzzlekit.interface`): the group under the
pointer is outlined and the status says ``N blocks, P points`` before the click.

>>> from puzzlekit.interface import Event
>>> board = Board.parse("11\\n21")
>>> ui, move = interpret(board, new_ui(board), Event("move", data={"cell": "0,1"}))
>>> status(board, ui), move
('3 blocks, 1 points', None)
"""

from __future__ import annotations

from puzzlekit.grid import Cell
from puzzlekit.interface import Event, UiState, cell_of, move_cursor, overlay
from puzzlekit.samegame.board import Board, Move
from puzzlekit.samegame.render import board_svg, geometry, motions
from puzzlekit.svg import Svg, SvgCanvas

__all__ = ["HELP", "draw", "draw_move", "interpret", "motions", "new_ui", "status"]

HELP = ("Point at a group to see its size and points; click it to remove it. "
        "Arrow keys move the cursor, Enter or space removes the group under it.")

CELL_SIZE = 32
"""The picture's cell size."""


def new_ui(state: Board) -> UiState:
    """No group pointed at; the keyboard cursor at the top-left cell."""
    return {"hover": None, "cursor": None}


def _group_cell(state: Board, cell: Cell | None) -> Cell | None:
    if cell is None or not (0 <= cell[0] < state.height and 0 <= cell[1] < state.width):
        return None
    group = state.group_at(cell)
    return cell if group is not None and group.size >= state.rules.min_group else None


def interpret(state: Board, ui: UiState, event: Event) -> tuple[UiState, Move | None]:
    """Pointing outlines a group; a click (or Enter at the cursor) removes it."""
    ui = dict(ui)
    if event.kind == "key":
        if move_cursor(ui, event.key, state.height, state.width):
            ui["hover"] = ui["cursor"]
            return ui, None
        if event.key in ("Enter", " ") and ui.get("cursor"):
            cell = _group_cell(state, tuple(ui["cursor"]))
            return ui, None if cell is None else Move(*cell)
        return ui, None
    cell = cell_of(event.get("cell"))
    if cell is None and event.x is not None and event.y is not None:
        cell = geometry(state, cell_size=CELL_SIZE).cell_at(event.x, event.y)
    if event.kind == "leave":
        ui["hover"] = None
    elif event.kind == "move":
        ui["hover"] = list(cell) if cell is not None else None
    elif event.kind == "click":
        target = _group_cell(state, cell)
        if target is not None:
            ui["hover"] = None
            return ui, Move(*target)
    return ui, None


def draw(state: Board, ui: UiState, *, hint: Move | None = None) -> Svg:
    """The board with the group pointed at (or the hint's group) outlined, and the cursor."""
    hover = _group_cell(state, tuple(ui["hover"]) if ui.get("hover") else None)
    target = hint.cell if hint is not None else hover
    picture = board_svg(state, cell_size=CELL_SIZE, highlight=target)
    if ui.get("cursor"):
        top = SvgCanvas(state.width * CELL_SIZE, state.height * CELL_SIZE)
        row, col = ui["cursor"]
        top.rect(col * CELL_SIZE + 1, row * CELL_SIZE + 1, CELL_SIZE - 2, CELL_SIZE - 2,
                 fill="none", stroke="#ff2d2d", stroke_width=3, class_="cursor",
                 pointer_events="none")
        picture = overlay(picture, top)
    return picture


def status(state: Board, ui: UiState) -> str:
    """``N blocks, P points`` for the group pointed at, else what is left on the board."""
    hover = _group_cell(state, tuple(ui["hover"]) if ui.get("hover") else None)
    if hover is not None:
        group = state.group_at(hover)
        assert group is not None
        return f"{group.size} blocks, {state.rules.score_move(group.size)} points"
    return f"{state.count} blocks left"


def draw_move(state: Board, move: Move) -> Svg | None:
    """No separate picture: the blocks fall (see :func:`motions`)."""
    return None


