"""Text and SVG pictures of an IQ-Twist board.

>>> from puzzlekit.twist import State
>>> print(text_grid(State.parse("c1A3k3C0")))
c.......
c.......
c.k.....
c.......
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzlekit.svg import GridGeometry, Svg, SvgCanvas, check_cell_size
from puzzlekit.twist.pieces import COLUMNS, HEIGHT, ROWS, WIDTH, Colour

if TYPE_CHECKING:
    from puzzlekit.twist.board import Placement, State

__all__ = ["FILL", "draw_piece", "geometry", "svg", "text_grid"]

FILL: dict[Colour, str] = {
    "red": "#d62728",
    "blue": "#1f77b4",
    "green": "#2ca02c",
    "yellow": "#ffbf00",
}
"""The fill used for each colour of piece and peg.

>>> FILL["green"]
'#2ca02c'
"""


def text_grid(state: State) -> str:
    """4 lines of 8 characters: the piece covering each cell, else its peg, else ``.``.

    Loops hanging off the board are left out (see :meth:`State.problems`).

    >>> from puzzlekit.twist import State
    >>> text_grid(State.parse("h6D0i1A0")).splitlines()[::3]
    ['i.......', '.....hhh']
    """
    rows = [["."] * WIDTH for _ in range(HEIGHT)]
    for peg in state.pegs:
        rows[peg.row][peg.col] = peg.piece
    for piece in state.pieces:
        for r, c in piece.cells:
            if 0 <= r < HEIGHT and 0 <= c < WIDTH:
                rows[r][c] = piece.piece
    return "\n".join("".join(row) for row in rows)


def geometry(*, cell_size: int = 48) -> GridGeometry:
    """Where :func:`svg` draws the board's locations at *cell_size* (a half-cell margin).

    >>> geometry(cell_size=20).cell_at(15, 12), geometry(cell_size=20).centre((0, 0))
    ((0, 0), (20.0, 20.0))
    """
    cell_size = check_cell_size(cell_size, minimum=8)
    margin = cell_size // 2
    return GridGeometry((margin, margin), cell_size, HEIGHT, WIDTH)


def draw_piece(
    canvas: SvgCanvas,
    placement: Placement,
    geometry: GridGeometry,
    *,
    ghost: bool | None = None,
    **attributes: object,
) -> None:
    """Draw *placement*'s loops (joined by bridges, holes open) on *canvas* at *geometry*.

    *ghost* ``True`` draws a see-through piece that may be placed there,
    ``False`` one that may not (a red dashed outline), ``None`` a placed
    piece. *attributes* go on each loop (``data_piece=...``).
    """
    size = geometry.cell_size
    fill = FILL[placement.colour]
    cells = set(placement.cells)
    opacity = None if ghost is None else 0.55
    outline = {None: "#333", True: "#111", False: "#e00000"}[ghost]
    kind = "piece" if ghost is None else "ghost " + ("legal" if ghost else "illegal")
    for cell, hole in placement.loops:
        x, y = geometry.centre(cell)
        # Bridges to the right and below join neighbouring loops into one piece.
        for neighbour in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
            if neighbour in cells:
                nx, ny = geometry.centre(neighbour)
                canvas.line(x, y, nx, ny, stroke=fill, stroke_width=size * 0.5, opacity=opacity,
                            pointer_events="none")
        canvas.circle(
            x, y, size * 0.45, fill=fill, stroke=outline, opacity=opacity,
            stroke_width=1 if ghost is None else 3,
            stroke_dasharray=None if ghost is not False else size // 8,
            class_=f"{kind} piece-{placement.piece}", data_cell=f"{cell[0]},{cell[1]}",
            **attributes,
        )
        if hole:
            canvas.circle(x, y, size * 0.2, fill="#f4f1ea", stroke="#333", stroke_width=1,
                          opacity=opacity, pointer_events="none")


def svg(
    state: State,
    *,
    cell_size: int = 48,
    ghost: Placement | None = None,
    ghost_legal: bool = True,
    extra_rows: int = 0,
) -> Svg:
    """The board as SVG, *cell_size* user units a location: wells, pegs, then pieces with holes.

    *cell_size* is an int from 8 to :data:`puzzlekit.svg.MAX_CELL_SIZE`; the
    picture's ``<title>`` is the placement string. Every well carries
    ``data-cell="ROW,COL"`` (0-based) and every piece's loop ``data-piece``;
    a *ghost* placement (a piece held over the board) is drawn see-through,
    with a red dashed outline unless *ghost_legal*. *extra_rows* adds room
    below the board (for a tray of pieces), in cells.

    >>> from puzzlekit.twist import Placement, State
    >>> picture = svg(State.parse("e1A0k2A0"), cell_size=20)
    >>> picture.count("<circle") >= 32, "<title>IQ-Twist e1A0k2A0</title>" in picture
    (True, True)
    >>> 'data-cell="3,7"' in picture, 'data-piece="e"' in picture
    (True, True)
    >>> svg(State(), ghost=Placement.parse("h6D0"), ghost_legal=False).count("ghost illegal")
    3
    """
    where = geometry(cell_size=cell_size)
    cell_size = int(where.cell_size)
    margin = cell_size // 2
    canvas = SvgCanvas(
        WIDTH * cell_size + 2 * margin,
        (HEIGHT + extra_rows) * cell_size + 2 * margin,
        background="#f4f1ea",
        title=f"IQ-Twist {state}" if state.placements else "IQ-Twist, empty board",
    )
    half = cell_size / 2
    for col in range(WIDTH):
        canvas.text(
            margin + col * cell_size + half,
            margin * 0.8,
            COLUMNS[col],
            font_size=margin * 0.7,
            text_anchor="middle",
        )
    for row in range(HEIGHT):
        canvas.text(
            margin * 0.5,
            margin + row * cell_size + half + margin * 0.25,
            ROWS[row],
            font_size=margin * 0.7,
            text_anchor="middle",
        )
        for col in range(WIDTH):
            x, y = where.centre((row, col))
            canvas.circle(x, y, cell_size * 0.42, fill="#d9d2c3", stroke="#b5ab95",
                          class_="well", id=f"cell-{row}-{col}", data_cell=f"{row},{col}")
    for piece in state.pieces:
        draw_piece(canvas, piece, where, data_piece=piece.piece)
    for peg in state.pegs:
        x, y = where.centre((peg.row, peg.col))
        canvas.circle(
            x,
            y,
            cell_size * 0.14,
            fill=FILL[peg.colour],
            stroke="#000",
            stroke_width=1.5,
            class_=f"peg peg-{peg.piece}",
            data_cell=f"{peg.row},{peg.col}",
        )
    if ghost is not None:
        draw_piece(canvas, ghost, where, ghost=ghost_legal)
    return canvas.to_string()
