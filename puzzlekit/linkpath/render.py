"""Text and SVG pictures of a board, with a link drawn on request.

A move can be drawn instead of a link: its link is drawn on the board as it
is once the move's tiles have slid (under ``Rules(slide=True)``), so the
pushed tiles show in their new cells and the link runs through the cells
they left.

>>> from puzzlekit.linkpath import Board, Rules
>>> board = Board.parse("a.\\nxa")
>>> print(board_text(board, path=board.find_path((0, 0), (1, 1))))
a+
xa
>>> sliding = Board.parse("ab.\\n.a.", rules=Rules(slide=True))
>>> print(board_text(sliding, move="0,0 1,1 slide=0,1"))
a+b
.a.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzlekit.errors import ArgumentError
from puzzlekit.linkpath.board import Board, Pair, Path, kind_label
from puzzlekit.svg import PALETTE, GridGeometry, Motion, Svg, SvgCanvas, check_cell_size

if TYPE_CHECKING:
    from puzzlekit.grid import Cell

__all__ = ["GRID", "board_svg", "board_text", "geometry", "motions"]

GRID = "#ddd6c4"
"""The colour of the cell grid under the tiles (the ring outside the board has none)."""


def _check_path(board: Board, path: Path | None) -> None:
    """Refuse a *path* that is not a :class:`Path` or leaves the board and its ring.

    >>> from puzzlekit.linkpath import Board
    >>> _check_path(Board.parse("ab"), Path(((0, 0), (0, 99))))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: path point (0, 99) is outside the 1 x 2 board and its ring
    """
    if path is None:
        return
    if not isinstance(path, Path):
        raise TypeError(f"path must be a Path or None, not {type(path).__name__}")
    for r, c in path.points:
        # Drawing walks every cell of the path: far-off points would take unbounded time.
        if not (-1 <= r <= board.height and -1 <= c <= board.width):
            raise ArgumentError(
                f"path point {(r, c)} is outside the {board.height} x {board.width} board "
                "and its ring"
            )


def _scene(
    board: Board, path: Path | None, move: Pair | str | tuple[Cell, Cell] | None
) -> tuple[Board, Path | None, tuple[tuple[Cell, Cell], ...]]:
    """What to draw: the board, the link, and each slid tile's old and new cell.

    Without a *move*, the board and *path* as given; with one, the board
    once its tiles have slid and its :meth:`~Board.link`.

    >>> from puzzlekit.linkpath import Rules
    >>> board = Board.parse("ab.\\n.a.", rules=Rules(slide=True))
    >>> _scene(board, None, "0,0 1,1 slide=0,1")[2]
    (((0, 1), (0, 2)),)
    """
    if move is None:
        return board, path, ()
    if path is not None:
        raise ArgumentError("draw a path or a move, not both")
    link = board.link(move)
    pusher, _, shift = board._legal(*board._move_cells(move))
    if not shift:
        return board, link, ()
    grid = board._grid.copy()
    cells = grid.push_run(pusher, shift, [])
    stride = grid.stride
    places = [(index // stride - 1, index % stride - 1) for index in cells]
    half = len(places) // 2
    slid = tuple(zip(places[:half], places[half:], strict=True))
    return Board(grid.rows(), board.rules), link, slid


def _strokes(path: Path) -> dict[Cell, str]:
    """The character of each cell a link passes between its ends: ``-``, ``|`` or ``+``."""
    cells = path.cells()
    marks = {}
    for before, cell, after in zip(cells, cells[1:], cells[2:], strict=False):
        if before[0] == after[0]:
            marks[cell] = "-"
        elif before[1] == after[1]:
            marks[cell] = "|"
        else:
            marks[cell] = "+"
    return marks


def board_text(
    board: Board,
    *,
    path: Path | None = None,
    ring: bool = False,
    move: Pair | str | tuple[Cell, Cell] | None = None,
) -> str:
    """The board one character per cell, *path* drawn with ``-``, ``|`` and ``+``.

    The ring outside the board is shown (blank where unused) when *ring* is
    true or the path runs through it; trailing blanks are cut from each line.
    A legal *move* (instead of *path*) draws its link on the board as it is
    once the move's tiles have slid; :class:`~puzzlekit.IllegalMoveError`
    when the move is not legal.

    >>> from puzzlekit.linkpath import Board
    >>> print(board_text(Board.parse("ab"), ring=True))
    <BLANKLINE>
     ab
    """
    board, path, _ = _scene(board, path, move)
    _check_path(board, path)
    marks = _strokes(path) if path is not None else {}
    show_ring = ring or any(
        not (0 <= r < board.height and 0 <= c < board.width) for r, c in marks
    )
    margin = 1 if show_ring else 0
    lines = []
    for r in range(-margin, board.height + margin):
        chars = []
        for c in range(-margin, board.width + margin):
            inside = 0 <= r < board.height and 0 <= c < board.width
            kind = board.rows[r][c] if inside else 0
            if (r, c) in marks:
                chars.append(marks[r, c])
            elif kind:
                label = kind_label(kind)
                chars.append(label if len(label) == 1 else "#")
            else:
                chars.append("." if inside else " ")
        lines.append("".join(chars).rstrip())
    return "\n".join(lines)


def board_svg(
    board: Board,
    *,
    path: Path | None = None,
    cell_size: int = 40,
    move: Pair | str | tuple[Cell, Cell] | None = None,
) -> Svg:
    """An SVG picture: tiles as coloured squares with their kind, *path* as a line.

    A one-cell margin leaves room for links through the ring. A legal
    *move* (instead of *path*) draws its link on the board as it is once
    the move's tiles have slid, and each slid tile's way from its old cell
    as a dashed line (class ``slide``). Every tile is a ``rect`` of class
    ``tile`` with ``data-cell="ROW,COL"`` and ``data-kind``; see
    :func:`geometry` for where the cells are.

    >>> from puzzlekit.linkpath import Board, Rules
    >>> board = Board.parse("a.a")
    >>> svg = board_svg(board, path=board.find_path((0, 0), (0, 2)))
    >>> svg.count("<rect"), svg.count("<polyline")
    (3, 1)
    >>> sliding = Board.parse("ab.\\n.a.", rules=Rules(slide=True))
    >>> board_svg(sliding, move="0,0 1,1 slide=0,1").count('class="slide"')
    1
    >>> board_svg(Board.parse("a.a").play("0,0 0,2")).count('class="grid"')  # cleared
    6
    """
    size = check_cell_size(cell_size)
    board, path, slid = _scene(board, path, move)
    _check_path(board, path)
    tiles = len(board.tiles)
    title = f"Lianliankan board, {board.height} x {board.width}, {tiles} tiles"
    if path is not None:
        title += f", link {path}"
    canvas = SvgCanvas(
        (board.width + 2) * size, (board.height + 2) * size, background="#f4f1e8", title=title
    )
    # The grid shows a cleared board's cells; the ring outside it has none.
    canvas.grid(size, size, board.height, board.width, size, stroke=GRID, stroke_width=1,
                class_="grid")
    for r, row in enumerate(board.rows):
        for c, kind in enumerate(row):
            if not kind:
                continue
            x, y = (c + 1) * size, (r + 1) * size
            canvas.rect(
                x + 1, y + 1, size - 2, size - 2,
                fill=PALETTE[(kind - 1) % len(PALETTE)], stroke="#333", rx=size // 8,
                class_="tile", id=f"cell-{r}-{c}", data_cell=f"{r},{c}", data_kind=kind,
            )
            canvas.text(
                x + size / 2, y + size / 2, kind_label(kind),
                fill="white", font_size=size // 2, text_anchor="middle",
                dominant_baseline="central", font_family="sans-serif",
                pointer_events="none",
            )
    for (r1, c1), (r2, c2) in slid:
        canvas.line(
            (c1 + 1.5) * size, (r1 + 1.5) * size, (c2 + 1.5) * size, (r2 + 1.5) * size,
            stroke="#555", stroke_width=max(1, size // 20), stroke_dasharray=max(1, size // 8),
            class_="slide",
        )
    if path is not None:
        canvas.polyline(
            [((c + 1.5) * size, (r + 1.5) * size) for r, c in path.points],
            stroke="#111", stroke_width=max(1, size // 10),
            stroke_linejoin="round", class_="link",
        )
    return canvas.to_string()


def geometry(board: Board, *, cell_size: int = 40) -> GridGeometry:
    """Where :func:`board_svg` draws *board*'s cells at *cell_size* (inside a one-cell ring).

    >>> geometry(Board.parse("ab\\nba"), cell_size=10).cell_at(25, 12)
    (0, 1)
    """
    size = check_cell_size(cell_size)
    return GridGeometry((size, size), size, board.height, board.width)


def motions(board: Board, move: Pair | str | tuple[Cell, Cell]) -> tuple[Motion, ...]:
    """What the legal *move* does to each tile it moves or removes: the slid tiles,
    the two linked tiles (removed), and under gravity the tiles that fall.

    Tiles left where they were are left out; :meth:`Board.play`'s errors for
    an illegal move.

    >>> from puzzlekit.linkpath import Rules
    >>> motions(Board.parse("b.\\na.\\na.", rules=Rules(gravity="down")), "1,0 2,0")
    (Motion(start=(1, 0), to=None), Motion(start=(2, 0), to=None), Motion(start=(0, 0), to=(2, 0)))
    """
    board.play(move)  # the one place that says whether the move is legal
    slid_board, _, slid = _scene(board, None, move)
    place = {cell: cell for cell in board.tiles}
    for old, new in slid:
        place[old] = new
    pair = Pair.of(move) if not isinstance(move, tuple) else Pair(*move)
    gone = (pair.a, pair.b)
    where_now = {new: old for old, new in place.items()}  # cell after the slide -> start
    removed = [where_now[cell] for cell in gone]
    for start in removed:
        del place[start]
    if board.rules.gravity == "down":
        columns = {cell[1] for cell in gone}
        for col in columns:
            standing = sorted(((cell, start) for start, cell in place.items() if cell[1] == col),
                              reverse=True)
            for depth, (_, start) in enumerate(standing):
                place[start] = (slid_board.height - 1 - depth, col)
    moved = [Motion(start, cell) for start, cell in sorted(place.items()) if cell != start]
    return (*(Motion(start, None) for start in removed), *moved)
