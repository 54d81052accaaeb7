"""Hypothesis strategies for :mod:`puzzlekit.tromino`.

``boards()`` draws boards with random holes, ``one_hole_boards()`` the
classic deficient rectangles, ``tileable_boards()`` one-hole rectangles that
can be tiled, ``trominoes(board)`` trominoes inside a board,
``legal_trominoes(board)`` those it accepts now (``moves(board)``, the
registry's name), ``partial_boards()`` boards after a few legal placements,
``params()`` small params that random boards can have, ``states()`` the
positions of the registry's contract tests, ``tilings()`` tilings from
:func:`~puzzlekit.tromino.tile` and ``dealt_boards()`` boards from
:func:`~puzzlekit.tromino.random_board`, tileable or not by construction.

>>> from hypothesis import given
>>> @given(partial_boards(max_side=5))
... def test_round_trip(board):
...     assert Board.parse(str(board)) == board
>>> test_round_trip()
"""

from __future__ import annotations

from hypothesis import strategies as st

from puzzlekit.tromino.board import Board, Tromino
from puzzlekit.tromino.construct import is_tileable, rectangle_tileable, tile
from puzzlekit.tromino.params import Params
from puzzlekit.tromino.shuffle import random_board, random_state
from puzzlekit.tromino.tiling import Tiling

__all__ = [
    "boards",
    "dealt_boards",
    "legal_trominoes",
    "moves",
    "one_hole_boards",
    "params",
    "partial_boards",
    "states",
    "tileable_boards",
    "tilings",
    "trominoes",
]


def boards(*, max_side: int = 6, max_holes: int = 4) -> st.SearchStrategy[Board]:
    """Boards of 1 to *max_side* rows and columns with up to *max_holes* holes.

    >>> from hypothesis import find
    >>> find(boards(), lambda board: len(board.holes) >= 1)
    Board.parse('#')
    """
    return _boards(max_side, max_holes)


@st.composite
def _boards(draw: st.DrawFn, max_side: int, max_holes: int) -> Board:
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    cells = st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))
    holes = draw(st.frozensets(cells, max_size=min(max_holes, rows * cols)))
    return Board(rows, cols, holes)


def one_hole_boards(*, max_side: int = 12) -> st.SearchStrategy[Board]:
    """Rectangles of at most *max_side* a side with one hole and an area (without the
    hole) divisible by 3.

    >>> from hypothesis import find
    >>> find(one_hole_boards(), lambda board: board.height == 2).area
    3
    """
    return _one_hole_boards(max_side)


@st.composite
def _one_hole_boards(draw: st.DrawFn, max_side: int) -> Board:
    rows = draw(st.integers(1, max_side).filter(lambda n: n % 3))
    # rows * cols = 1 (mod 3) exactly when cols = rows (mod 3).
    cols = draw(st.integers(1, max_side).filter(lambda n: n % 3 == rows % 3))
    hole = draw(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)))
    return Board(rows, cols, [hole])


def tileable_boards(*, max_side: int = 12) -> st.SearchStrategy[Board]:
    """One-hole rectangles that can be tiled (see :func:`~puzzlekit.tromino.is_tileable`).

    >>> from hypothesis import given, settings
    >>> from puzzlekit.tromino import solve
    >>> @settings(max_examples=5)
    ... @given(tileable_boards(max_side=6))
    ... def test_search_agrees(board):
    ...     assert solve(board).solution is not None
    >>> test_search_agrees()
    """
    return one_hole_boards(max_side=max_side).filter(is_tileable)


def trominoes(board: Board) -> st.SearchStrategy[Tromino]:
    """Trominoes whose 2x2 block lies on *board* (placeable or not); *board* must be
    at least 2x2.

    >>> from hypothesis import find
    >>> find(trominoes(Board(3, 3)), lambda t: t.row == 1)
    Tromino.parse('1,0 nw')
    """
    if board.height < 2 or board.width < 2:
        raise ValueError(f"a {board.width}x{board.height} board has no 2x2 block")
    return st.builds(
        Tromino.at,
        st.integers(0, board.height - 2),
        st.integers(0, board.width - 2),
        st.sampled_from([0, 1, 2, 3]),
    )


def legal_trominoes(board: Board) -> st.SearchStrategy[Tromino]:
    """Trominoes that :meth:`Board.place <puzzlekit.tromino.Board.place>` accepts now;
    *board* must have at least one.

    >>> from hypothesis import find
    >>> find(legal_trominoes(Board.square(2, (0, 0))), lambda t: True)
    Tromino.parse('0,0 nw')
    """
    return st.sampled_from(list(board.legal_moves()))


def moves(board: Board) -> st.SearchStrategy[Tromino]:
    """A legal move of *board* (nothing when it has none): the registry's name for
    :func:`legal_trominoes`.

    >>> from hypothesis import find
    >>> find(moves(Board(2, 3)), lambda t: t.col == 1)
    Tromino.parse('0,1 nw')
    """
    legal = list(board.legal_moves())
    return st.sampled_from(legal) if legal else st.nothing()


def params(*, max_side: int = 9) -> st.SearchStrategy[Params]:
    """Params of 2 to *max_side* columns and rows that random tileable boards have: some
    cells to cover, a multiple of 3 of them (a 3-by-odd rectangle with a hole or more).

    >>> from hypothesis import given, settings
    >>> from puzzlekit.tromino import params_of
    >>> @settings(max_examples=5)
    ... @given(params(max_side=6), st.integers(0, 99))
    ... def test_kept(params, seed):
    ...     assert params_of(random_state(seed, params)) == params
    >>> test_kept()
    """
    return _params(max_side)


@st.composite
def _params(draw: st.DrawFn, max_side: int) -> Params:
    width = draw(st.integers(2, max_side))
    height = draw(st.integers(2, max_side))
    cells = width * height
    fewest = cells % 3 or (0 if rectangle_tileable(height, width) else 3)
    holes = draw(st.sampled_from(range(fewest, cells, 3)))
    return Params(width, height, holes=holes)


def partial_boards(*, max_side: int = 6, max_placed: int = 6) -> st.SearchStrategy[Board]:
    """Boards from :func:`boards` with up to *max_placed* legal placements made.

    >>> from hypothesis import find
    >>> len(find(partial_boards(), lambda board: len(board.trominoes) == 1).trominoes)
    1
    """
    return _partial_boards(max_side, max_placed)


@st.composite
def _partial_boards(draw: st.DrawFn, max_side: int, max_placed: int) -> Board:
    board = draw(boards(max_side=max_side))
    for _ in range(draw(st.integers(0, max_placed))):
        moves = list(board.legal_moves())
        if not moves:
            break
        board = board.play(draw(st.sampled_from(moves)))
    return board


def states(*, max_placed: int = 8) -> st.SearchStrategy[Board]:
    """Positions for the contract tests: a board of
    :func:`~puzzlekit.tromino.random_state` for :func:`params` (or any small board)
    after up to *max_placed* legal placements, so solvable or not.

    >>> from hypothesis import find
    >>> len(find(states(), lambda board: len(board.trominoes) >= 2).trominoes)
    2
    """
    return _states(max_placed)


@st.composite
def _states(draw: st.DrawFn, max_placed: int) -> Board:
    dealt = st.builds(random_state, st.integers(0, 2**32 - 1), params())
    board = draw(st.one_of(dealt, boards(max_side=6)))
    for _ in range(draw(st.integers(0, max_placed))):
        moves = list(board.legal_moves())
        if not moves:
            break
        board = board.play(draw(st.sampled_from(moves)))
    return board


def tilings(*, max_side: int = 12) -> st.SearchStrategy[Tiling]:
    """Tilings of :func:`tileable_boards` made by :func:`~puzzlekit.tromino.tile`.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5)
    ... @given(tilings())
    ... def test_valid(tiling):
    ...     assert tiling.is_valid()
    >>> test_valid()
    """
    return tileable_boards(max_side=max_side).map(tile)


def dealt_boards(*, max_side: int = 8, tileable: bool = True) -> st.SearchStrategy[Board]:
    """Boards of 3 to *max_side* (at least 3) rows and columns from
    :func:`~puzzlekit.tromino.random_board` for a drawn seed: ones that can be tiled,
    or with ``tileable=False`` ones that cannot (with as many holes modulo 3 as cells,
    so that the count alone does not tell).

    >>> from hypothesis import given, settings
    >>> from puzzlekit.tromino import is_tileable
    >>> @settings(max_examples=5)
    ... @given(dealt_boards(max_side=5, tileable=False))
    ... def test_untileable(board):
    ...     assert not is_tileable(board)
    >>> test_untileable()
    """
    return _dealt_boards(max_side, tileable)


@st.composite
def _dealt_boards(draw: st.DrawFn, max_side: int, tileable: bool) -> Board:
    rows = draw(st.integers(3, max_side))
    cols = draw(st.integers(3, max_side))
    cells = rows * cols
    # As many holes modulo 3 as cells, 2 or more (an untileable board may need them for
    # its proof), leaving 3 or more cells to cover.
    holes = draw(st.sampled_from(range(2 + (cells - 2) % 3, cells - 2, 3)))
    return random_board(rows, cols, holes=holes, tileable=tileable,
                        seed=draw(st.integers(0, 2**32 - 1)))
