"""SVG pictures of boards and tilings.

Each tromino is one L-shaped polygon filled with a colour from
:func:`~puzzlekit.tromino.colour`, holes are dark squares and uncovered cells
white, on a light grid.

>>> from puzzlekit.tromino import Board, tile
>>> svg = tile(Board.square(4, (1, 1))).to_svg(colours=3)
>>> svg.count("<polygon"), svg.count('fill="#333333"')
(5, 1)
"""

from __future__ import annotations

from puzzlekit.svg import (
    PALETTE,
    GridGeometry,
    Svg,
    SvgCanvas,
    check_cell_size,
    check_picture_cells,
)
from puzzlekit.tromino.board import Board
from puzzlekit.tromino.tiling import ColourCount, Tiling, colour, tromino_of

__all__ = ["GRID", "HOLE_FILL", "board_svg", "geometry", "tiling_svg"]

HOLE_FILL = "#333333"
"""The fill of a hole."""

GRID = "#cccccc"
"""The colour of the cell grid."""

# The outline of each orientation in cell units (x = column, y = row) from the block corner.
_OUTLINES = (
    ((1, 0), (2, 0), (2, 2), (0, 2), (0, 1), (1, 1)),
    ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (0, 2)),
    ((0, 0), (2, 0), (2, 2), (1, 2), (1, 1), (0, 1)),
    ((0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)),
)


def tiling_svg(
    tiling: Tiling, *, cell_size: int = 24, colours: ColourCount = 4, title: str | None = None
) -> Svg:
    """The SVG of *tiling*, trominoes coloured with *colours* colours.

    Every free cell is a ``rect`` of class ``cell`` with ``data-cell="ROW,COL"``
    and every tromino a polygon with ``data-move`` (its text) and
    ``data-cells``, so that a front end can tell what was clicked. Boards of
    more than :data:`~puzzlekit.svg.MAX_PICTURE_CELLS` cells are refused
    with an :class:`~puzzlekit.ArgumentError` (a 1024 x 1024 tiling
    would be a document of about 50 MB).

    >>> svg = tiling_svg(Tiling.parse("#a\\naa"), cell_size=10)
    >>> svg.count("<rect"), svg.count("<line"), svg.count("<polygon"), svg.count("<title>")
    (5, 6, 1, 1)
    >>> 'data-move="0,0 nw"' in svg, svg.count('class="cell"')
    (True, 3)
    """
    cell_size = check_cell_size(cell_size)
    board = tiling.board
    height, width = board.height, board.width
    check_picture_cells(height, width)
    if title is None:
        title = (f"L-tromino tiling of a {width}x{height} board with {len(board.holes)} "
                 f"holes: {len(tiling)} trominoes")
    picture_width, picture_height = width * cell_size, height * cell_size
    canvas = SvgCanvas(picture_width, picture_height, background="white", title=title)
    for row in range(height):
        for col in range(width):
            if (row, col) not in board.holes:
                canvas.rect(col * cell_size, row * cell_size, cell_size, cell_size,
                            fill="white", class_="cell", id=f"cell-{row}-{col}",
                            data_cell=f"{row},{col}")
    for row in range(height + 1):
        canvas.line(0, row * cell_size, picture_width, row * cell_size, stroke=GRID,
                    stroke_width=1)
    for col in range(width + 1):
        canvas.line(col * cell_size, 0, col * cell_size, picture_height, stroke=GRID,
                    stroke_width=1)
    for row, col in sorted(board.holes):
        canvas.rect(col * cell_size, row * cell_size, cell_size, cell_size, fill=HOLE_FILL)
    fills = colour(tiling, colours) if tiling.codes else ()
    for code, fill in zip(tiling.codes, fills, strict=True):
        row, col = divmod(code >> 2, width)
        points = [((col + x) * cell_size, (row + y) * cell_size) for x, y in _OUTLINES[code & 3]]
        tromino = tromino_of(code, width)
        canvas.polygon(points, fill=PALETTE[fill % len(PALETTE)], stroke="black",
                       stroke_width=max(1, cell_size // 12), class_="tromino",
                       data_move=str(tromino),
                       data_cells=" ".join(f"{r},{c}" for r, c in tromino.cells))
    return canvas.to_string()


def board_svg(board: Board, *, cell_size: int = 24) -> Svg:
    """The SVG of *board* with its placed trominoes (4 colours).

    >>> board_svg(Board.square(2, (0, 0))).count("<polygon")
    0
    """
    title = (f"L-tromino board {board.width}x{board.height}, {len(board.holes)} holes, "
             f"{len(board.trominoes)} trominoes placed")
    return tiling_svg(board.to_tiling(), cell_size=cell_size, title=title)


def geometry(board: Board, *, cell_size: int = 24) -> GridGeometry:
    """Where :func:`board_svg` draws *board*'s cells at *cell_size*.

    >>> geometry(Board.square(4, (0, 0)), cell_size=10).centre((3, 0))
    (5.0, 35.0)
    """
    return GridGeometry((0, 0), check_cell_size(cell_size), board.height, board.width)
