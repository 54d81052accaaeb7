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

from puzzlekit.svg import Svg, SvgCanvas, check_cell_size
from puzzlekit.twist.pieces import COLUMNS, HEIGHT, ROWS, WIDTH, Colour

if TYPE_CHECKING:
    from puzzlekit.twist.state import State

__all__ = ["FILL", "svg", "text_grid"]

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


def svg(state: State, *, cell_size: int = 48) -> Svg:
    """The board as SVG, *cell_size* user units a location: wells, pegs, then pieces with holes.

    *cell_size* is an int from 8 to :data:`puzzlekit.svg.MAX_CELL_SIZE`; the
    picture's ``<title>`` is the placement string.

    >>> from puzzlekit.twist import State
    >>> picture = svg(State.parse("e1A0k2A0"), cell_size=20)
    >>> picture.count("<circle") >= 32, "<title>IQ-Twist e1A0k2A0</title>" in picture
    (True, True)
    """
    cell_size = check_cell_size(cell_size, minimum=8)
    margin = cell_size // 2
    canvas = SvgCanvas(
        WIDTH * cell_size + 2 * margin,
        HEIGHT * cell_size + 2 * margin,
        background="#f4f1ea",
        title=f"IQ-Twist {state}" if state.placements else "IQ-Twist, empty board",
    )
    half = cell_size / 2

    def centre(cell: tuple[int, int]) -> tuple[float, float]:
        return margin + cell[1] * cell_size + half, margin + cell[0] * cell_size + half

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
            x, y = centre((row, col))
            canvas.circle(x, y, cell_size * 0.42, fill="#d9d2c3", stroke="#b5ab95")
    for piece in state.pieces:
        fill = FILL[piece.colour]
        cells = set(piece.cells)
        for cell, hole in piece.loops:
            x, y = centre(cell)
            # Bridges to the right and below join neighbouring loops into one piece.
            for neighbour in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
                if neighbour in cells:
                    nx, ny = centre(neighbour)
                    canvas.line(x, y, nx, ny, stroke=fill, stroke_width=cell_size * 0.5)
            canvas.circle(
                x,
                y,
                cell_size * 0.45,
                fill=fill,
                stroke="#333",
                stroke_width=1,
                class_=f"piece piece-{piece.piece}",
            )
            if hole:
                canvas.circle(x, y, cell_size * 0.2, fill="#f4f1ea", stroke="#333", stroke_width=1)
    for peg in state.pegs:
        x, y = centre((peg.row, peg.col))
        canvas.circle(
            x,
            y,
            cell_size * 0.14,
            fill=FILL[peg.colour],
            stroke="#000",
            stroke_width=1.5,
            class_=f"peg peg-{peg.piece}",
        )
    return canvas.to_string()
