"""The L-tromino puzzle's front-end hooks (see :mod:`puzzlekit.interface`): the pointed
cell is the tromino's corner, the wheel or ``r`` turns it through its four orientations,
and the tromino is drawn as a ghost, red where it does not fit.

>>> from puzzlekit.interface import Event
>>> board = Board.parse("#.\\n..")
>>> ui = new_ui(board)
>>> ui["orientation"]
0
>>> interpret(board, ui, Event("click", data={"cell": "1,1"}))[1]
Tromino.parse('0,0 nw')
"""

from __future__ import annotations

from puzzlekit.errors import ArgumentError
from puzzlekit.grid import Cell
from puzzlekit.interface import Event, UiState, cell_of, move_cursor, overlay
from puzzlekit.svg import Motion, Svg, SvgCanvas
from puzzlekit.tromino.board import ORIENTATIONS, Board, Tromino
from puzzlekit.tromino.construct import tile
from puzzlekit.tromino.render import board_svg, geometry

__all__ = [
    "HELP",
    "demonstration",
    "draw",
    "draw_move",
    "interpret",
    "motions",
    "new_ui",
    "status",
    "tromino_at",
]

HELP = ("Point at a cell: it is the corner of the L. Turn the L with the wheel or r; "
        "click (or Enter at the arrow keys' cursor) to drop it.")

CELL_SIZE = 32
"""The picture's cell size."""

# The block cell diagonally across from each orientation's missing cell: the L's corner.
_CORNER = {0: (1, 1), 1: (1, 0), 2: (0, 1), 3: (0, 0)}


def tromino_at(corner: Cell, orientation: int) -> Tromino | None:
    """The tromino of *orientation* (0-3: the block cell left out) whose corner is *corner*,
    or ``None`` when it would reach above or left of the board.

    >>> tromino_at((1, 1), 0), tromino_at((0, 0), 0)
    (Tromino.parse('0,0 nw'), None)
    """
    dr, dc = _CORNER[orientation]
    row, col = corner[0] - dr, corner[1] - dc
    if row < 0 or col < 0:
        return None
    try:
        return Tromino.at(row, col, orientation)
    except ArgumentError:
        return None


def new_ui(state: Board) -> UiState:
    """Nothing pointed at, orientation ``nw``."""
    return {"hover": None, "cursor": None, "orientation": 0}


def interpret(state: Board, ui: UiState, event: Event) -> tuple[UiState, Tromino | None]:
    """Pointing moves the ghost, the wheel or ``r`` turns it, a click drops it."""
    ui = dict(ui)
    if event.kind == "wheel" or (event.kind == "key" and event.key in ("r", "R")):
        step = -1 if event.delta < 0 or event.key == "R" else 1
        ui["orientation"] = (ui["orientation"] + step) % 4
        return ui, None
    if event.kind == "key":
        if move_cursor(ui, event.key, state.height, state.width):
            ui["hover"] = ui["cursor"]
        elif event.key in ("Enter", " ") and ui.get("hover"):
            return ui, tromino_at(tuple(ui["hover"]), ui["orientation"])
        return ui, None
    cell = cell_of(event.get("cell"))
    if cell is None and event.x is not None and event.y is not None:
        cell = geometry(state, cell_size=CELL_SIZE).cell_at(event.x, event.y)
    if event.kind == "leave":
        ui["hover"] = None
    elif event.kind == "move":
        ui["hover"] = list(cell) if cell is not None else None
    elif event.kind == "click" and cell is not None:
        ui["hover"] = list(cell)
        return ui, tromino_at(cell, ui["orientation"])
    return ui, None


def _outline(top: SvgCanvas, tromino: Tromino, colour: str, kind: str) -> None:
    for row, col in tromino.cells:
        top.rect(col * CELL_SIZE + 2, row * CELL_SIZE + 2, CELL_SIZE - 4, CELL_SIZE - 4,
                 fill=colour, fill_opacity=0.45, stroke=colour, stroke_width=2,
                 class_=kind, pointer_events="none")


def demonstration(state: Board) -> tuple[tuple[Tromino, ...], UiState] | None:
    """Golomb's divide and conquer on a ``2^k`` square with one hole and nothing placed:
    the centre tromino first, then each quadrant the same way, drawn with the quadrant
    lines; ``None`` for any other board (the page then plays the solver's line).

    >>> line, ui = demonstration(Board.square(4, (0, 0)))
    >>> line[0], ui["quadrants"]
    (Tromino.parse('1,1 nw'), 4)
    >>> demonstration(Board.parse("#..\\n...")) is None
    True
    """
    side = state.width
    if (state.height != side or side < 2 or side & (side - 1) or len(state.holes) != 1
            or state.trominoes):
        return None
    ui = new_ui(state)
    ui["quadrants"] = side
    return tile(state).moves(), ui


def _quadrant_lines(canvas: SvgCanvas, side: int) -> None:
    """The lines that cut a ``side``-square into quadrants, and each quadrant again."""
    size = side
    while size >= 2:
        half = size // 2
        width = max(1.0, 3.0 * size / side)  # the first cuts thickest
        for start in range(0, side, size):
            middle = (start + half) * CELL_SIZE
            canvas.line(middle, 0, middle, side * CELL_SIZE, stroke="#7b1fa2",
                        **{"stroke-width": width, "pointer-events": "none"})
            canvas.line(0, middle, side * CELL_SIZE, middle, stroke="#7b1fa2",
                        **{"stroke-width": width, "pointer-events": "none"})
        size = half


def draw(state: Board, ui: UiState, *, hint: Tromino | None = None) -> Svg:
    """The board, the ghost of the tromino pointed at (red if it does not fit), the hint;
    in a divide-and-conquer demonstration, the quadrant lines too.

    >>> line, ui = demonstration(Board.square(4, (0, 0)))
    >>> draw(Board.square(4, (0, 0)), ui).count("#7b1fa2")  # 2 cuts of the board, 4 of quadrants
    6
    """
    top = SvgCanvas(state.width * CELL_SIZE, state.height * CELL_SIZE)
    if ui.get("quadrants"):
        _quadrant_lines(top, ui["quadrants"])
    if ui.get("hover"):
        ghost = tromino_at(tuple(ui["hover"]), ui["orientation"])
        if ghost is not None:
            legal = state.can_place(ghost)
            _outline(top, ghost, "#2a9d2a" if legal else "#e00000",
                     "ghost " + ("legal" if legal else "illegal"))
    if hint is not None:
        _outline(top, hint, "#1565c0", "hint")
    return overlay(board_svg(state, cell_size=CELL_SIZE), top)


def status(state: Board, ui: UiState) -> str:
    """The orientation held and the cells left to cover."""
    return (f"orientation {ORIENTATIONS[ui['orientation']]}, "
            f"{len(state.free_cells)} cells left to cover")


def motions(state: Board, move: Tromino) -> tuple[Motion, ...]:
    """Nothing moves: a tromino is dropped."""
    return ()


def draw_move(state: Board, move: Tromino) -> Svg | None:
    """No separate picture of a drop."""
    return None
