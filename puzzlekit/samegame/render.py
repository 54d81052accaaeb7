"""SVG pictures of SameGame boards.

Each block is a rounded square filled with a colour of
:data:`puzzlekit.svg.COLOUR_BLIND_PALETTE` and marked with its colour's
character (from cell size 12 on), so that colours are told apart without
seeing them; a highlighted group gets a thick outline on each of its blocks,
as a game shows the group under the pointer. Boards of more than
:data:`puzzlekit.svg.MAX_PICTURE_CELLS` cells are refused.

>>> svg = board_svg(Board.parse("1.\\n12"), cell_size=10, highlight=(1, 0))
>>> svg.count('class="block"'), svg.count('class="highlight"')
(3, 2)
"""

from __future__ import annotations

from puzzlekit.errors import IllegalMoveError
from puzzlekit.grid import Cell
from puzzlekit.samegame.board import COLOUR_CHARS, Board, Move
from puzzlekit.svg import (
    COLOUR_BLIND_PALETTE,
    GridGeometry,
    Motion,
    Svg,
    SvgCanvas,
    check_cell_size,
    check_picture_cells,
)

__all__ = ["BACKGROUND", "GRID", "board_svg", "geometry", "motions"]

BACKGROUND = "#202020"
"""The colour behind the blocks (the empty cells)."""

GRID = "#3a3a3a"
"""The colour of the cell grid, under the blocks."""

_GAP = 0.08  # the share of a cell left between neighbouring blocks
_SMALLEST_MARKED = 12  # below this cell size a mark would be unreadable


def board_svg(
    board: Board, *, cell_size: int = 24, highlight: Move | Cell | str | None = None
) -> Svg:
    """The SVG document of *board*, *cell_size* units per cell (4 to 400).

    *highlight* names any cell of a group to outline, in any form
    :meth:`Board.play` takes; an empty cell there is an
    :class:`~puzzlekit.IllegalMoveError`.

    >>> board_svg(Board.parse("1"), cell_size=8).count("<rect")
    2
    >>> board_svg(Board.parse("1.\\n12").play("1,0")).count('class="grid"')  # cleared
    6
    >>> board_svg(Board.parse("1."), highlight=(0, 1))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.IllegalMoveError: no group to highlight: cell 0,1 is empty
    """
    check_cell_size(cell_size)
    check_picture_cells(board.height, board.width)
    outlined: frozenset[Cell] = frozenset()
    if highlight is not None:
        group = board.group_at(highlight)
        if group is None:
            raise IllegalMoveError(f"no group to highlight: cell {_cell_text(highlight)} is empty")
        outlined = frozenset(group.cells)
    title = (
        f"SameGame board, {board.height} x {board.width}, {board.count} blocks"
        + (", game over" if board.is_over else "")
    )
    canvas = SvgCanvas(
        board.width * cell_size, board.height * cell_size, background=BACKGROUND, title=title
    )
    # The grid shows between the blocks, and shows a cleared board's size.
    canvas.grid(0, 0, board.height, board.width, cell_size, stroke=GRID, stroke_width=1,
                class_="grid")
    inset = cell_size * _GAP / 2
    side = cell_size - 2 * inset
    for row, cells in enumerate(board.rows):
        for col, colour in enumerate(cells):
            if colour is None:
                continue
            x, y = col * cell_size + inset, row * cell_size + inset
            fill = COLOUR_BLIND_PALETTE[colour % len(COLOUR_BLIND_PALETTE)]
            canvas.rect(
                x, y, side, side, rx=cell_size / 6, fill=fill, class_="block",
                id=f"cell-{row}-{col}", data_cell=f"{row},{col}", data_colour=colour,
            )
            if cell_size >= _SMALLEST_MARKED:
                canvas.text(
                    x + side / 2, y + side / 2, COLOUR_CHARS[colour], class_="mark",
                    text_anchor="middle", dominant_baseline="central",
                    font_size=round(cell_size * 0.5), font_family="sans-serif", fill="#000000",
                    data_cell=f"{row},{col}", pointer_events="none",
                )
            if (row, col) in outlined:
                canvas.rect(
                    x,
                    y,
                    side,
                    side,
                    rx=cell_size / 6,
                    fill="none",
                    stroke="white",
                    stroke_width=max(1, cell_size // 8),
                    class_="highlight",
                    pointer_events="none",
                )
    return canvas.to_string()


def _cell_text(move: Move | Cell | str) -> str:
    if isinstance(move, str):
        return move
    row, col = move.cell if isinstance(move, Move) else move
    return f"{row},{col}"


def geometry(board: Board, *, cell_size: int = 24) -> GridGeometry:
    """Where :func:`board_svg` draws *board*'s cells at *cell_size*.

    >>> geometry(Board.parse("12\\n21"), cell_size=10).cell_at(15, 3)
    (0, 1)
    """
    return GridGeometry((0, 0), check_cell_size(cell_size), board.height, board.width)


def motions(board: Board, move: Move | Cell | str) -> tuple[Motion, ...]:
    """What *move* does to each block that it removes or moves: the group goes, the
    blocks above it fall, and columns left empty close to the left.

    Blocks that stay where they are are left out; :meth:`Board.play`'s errors
    for an illegal move.

    >>> [str(m.start) + "->" + str(m.to) for m in motions(Board.parse("2.\\n11"), (1, 0))]
    ['(1, 0)->None', '(1, 1)->None', '(0, 0)->(1, 0)']
    >>> motions(Board.parse("12\\n12"), (0, 0))[2:]  # the emptied column closes
    (Motion(start=(1, 1), to=(1, 0)), Motion(start=(0, 1), to=(0, 0)))
    """
    board.play(move)  # the one place that says whether the move is legal
    group = board.group_at(move)
    assert group is not None  # a legal move names a group
    gone = frozenset(group.cells)
    found: list[Motion] = [Motion(cell, None) for cell in sorted(gone)]
    moved: list[Motion] = []
    new_col = 0
    for col in range(board.width):
        kept = [row for row in range(board.height - 1, -1, -1)
                if board.rows[row][col] is not None and (row, col) not in gone]
        for fallen, row in enumerate(kept):
            to = (board.height - 1 - fallen, new_col)
            if to != (row, col):
                moved.append(Motion((row, col), to))
        new_col += bool(kept)
    return (*found, *moved)
