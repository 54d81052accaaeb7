"""The band sweep: tilings checked by an independent validator and by the exact search."""

import random
import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tromino.checks import assert_valid_tiling

from puzzlekit.errors import ArgumentError, LimitReached
from puzzlekit.limits import Budget
from puzzlekit.tromino import Board, Tiling, is_tileable, random_board, tile
from puzzlekit.tromino.bands import (
    AHEAD_ROWS,
    BAND_MAX_CELLS,
    DENSE_SHARE,
    QUICK_AHEAD_ROWS,
    band_sweep,
    dense,
    parts_below,
    turned_codes,
)
from puzzlekit.tromino.construct import slab_sweep
from puzzlekit.tromino.strategies import tilings


def _swept(board):
    """band_sweep's codes, validated independently (None when it finds no tiling)."""
    codes = band_sweep(board.height, board.width, board.holes, Budget())
    if codes is not None:
        assert_valid_tiling(board, Tiling.trusted(board, tuple(codes)))
    return codes


@pytest.mark.parametrize("seed", range(4))
def test_holes_as_close_as_a_random_tiling_leaves_them_are_swept(seed):
    # One hole in 13 cells, as on the large boards no cut into strips and blocks tiles.
    board = random_board(60, holes=270, seed=seed)
    assert _swept(board) is not None


def test_the_cells_below_a_band_that_only_it_can_reach_are_covered():
    # (4, 2) is in the top row of the second band (BAND_ROWS is 4) and no tromino of
    # rows 4-5 fits around it: the band above must reach into it.
    board = Board(8, 6, frozenset({(4, 1), (4, 3), (5, 2)}))
    codes = _swept(board)
    assert codes is not None
    covering = next(t for t in Tiling.trusted(board, tuple(codes)).trominoes
                    if (4, 2) in t.cells)
    assert any(row == 3 for row, _ in covering.cells)


def test_no_tiling_is_none():
    assert band_sweep(1, 3, [], Budget()) is None
    assert band_sweep(3, 3, [(1, 1), (0, 0)], Budget()) is None  # 7 cells
    assert band_sweep(2, 2, [(0, 0), (1, 1)], Budget()) is None  # two apart


@pytest.mark.parametrize("height, width", [(4097, 4097), (2**40, 2), (0, 5), (-3, 5)])
def test_a_board_out_of_the_sweeps_reach_is_refused(height, width):
    with pytest.raises(ArgumentError, match=r"cells, over|must be from 1"):
        band_sweep(height, width, [], Budget())


def test_a_limit_stops_the_sweep():
    board = random_board(60, holes=270, seed=0)
    with pytest.raises(LimitReached, match="node limit"):
        band_sweep(60, 60, board.holes, Budget(node_limit=500))


def test_a_third_of_a_million_blocked_cells_keep_the_time_limit():
    # Sorting the blocked cells for each way of the slabs, turning a slab, and checking
    # the cells for the bands take about half a second each here; the clock is looked at
    # between them (before, up to 1.2 s over these limits).
    cells = random.Random(0).sample(range(1024 * 1024), 349_525)
    blocked = [divmod(cell, 1024) for cell in cells]
    for limit in (0.3, 0.6):
        started = time.perf_counter()
        with pytest.raises(LimitReached):
            slab_sweep(1024, 1024, blocked, Budget(time_limit=limit))
        assert time.perf_counter() - started < limit + 0.8


def test_tile_answers_a_large_board_no_cut_tiles():
    # 40,401 cells, one hole in 13: refused before the sweep (too large for the search).
    board = random_board(201, holes=3000, seed=2)
    assert_valid_tiling(board, tile(board))


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 24), st.integers(3, 24), st.integers(0, 2**32))
def test_the_sweeps_of_random_tilings_are_valid(height, width, seed):
    try:
        board = random_board(height, width, holes=height * width // 12, seed=seed)
    except ValueError:  # the free cells are not a multiple of 3
        return
    codes = _swept(board)  # checked by the validator when found
    # The sweep may miss (it proves nothing); the board is still tileable, as built.
    if codes is None:
        assert is_tileable(board)


# -- slabs: sweeping only the rows (or columns) that hold blocked cells ------------------


def _slabbed(board):
    """slab_sweep's codes, validated independently (None when it finds no tiling); the
    same call deciding only (``build=False``) agrees."""
    codes = slab_sweep(board.height, board.width, board.holes, Budget())
    if codes is not None:
        assert_valid_tiling(board, Tiling.trusted(board, tuple(codes)))
    decided = slab_sweep(board.height, board.width, board.holes, Budget(), build=False)
    assert decided == (None if codes is None else [])
    return codes


def _square_of_diagonals(top, left, side=40):
    return {(top + row, left + col) for row in range(side) for col in range(side)
            if (row + col) % 4 == 0}


def test_a_packed_square_on_a_board_over_the_sweeps_cap_is_swept_in_its_slab():
    # 264,196 cells, over BAND_MAX_CELLS: the rows around the square are swept, the
    # three far holes (slabs of their own) are tiled by the one-hole theorem.
    holes = _square_of_diagonals(100, 100) | {(300, 300), (400, 400), (500, 500)}
    board = Board(514, 514, frozenset(holes))
    assert board.height * board.width > BAND_MAX_CELLS
    assert _slabbed(board) is not None


def test_holes_packed_in_columns_are_swept_across():
    # The square's columns, not its rows: every row holds a blocked cell.
    holes = {(row, 100 + col) for row in range(0, 514, 4) for col in range(0, 24, 4)}
    holes |= {(row + 2, 102 + col) for row in range(0, 510, 4) for col in range(0, 24, 4)}
    holes = set(sorted(holes)[: len(holes) - (len(holes) - 514 * 514) % 3])
    board = Board(514, 514, frozenset(holes))
    assert (board.height * board.width - len(holes)) % 3 == 0
    assert _slabbed(board) is not None


def test_every_call_tiles_a_packed_square_the_cuts_miss():
    # Refused before the slabs (no cut into strips and blocks, over the sweep's cap).
    holes = _square_of_diagonals(100, 100) | {(250, 250), (260, 260), (270, 270)}
    board = Board(601, 601, frozenset(holes))
    assert is_tileable(board)
    assert_valid_tiling(board, tile(board))


def test_slabs_whose_rows_cannot_hold_a_multiple_of_3_carry_cells_through_the_gap():
    # 600 is a multiple of 3, 400 is not: a full-width slab of the square cannot have a
    # multiple of 3 free cells, so it takes cells at the left of the row below it and the
    # corner's slab the rest of that gap's; one slab over both would be over the cap.
    holes = _square_of_diagonals(100, 100) | {(590, 590), (595, 595)}
    board = Board(600, 600, frozenset(holes))
    assert (100 + 40 + 8) * 600 < BAND_MAX_CELLS < (596 - 100) * 600
    assert _slabbed(board) is not None


def test_cells_carried_through_a_gap_on_a_board_whose_sides_are_multiples_of_3():
    # Slabs of 4, 2 and 3 holes on 30 x 30 (a multiple of 3 wide): the first takes a cell
    # at the left of the gap below it, the second the two others that make 3; the third
    # needs none.
    holes = {(2, 2), (2, 5), (2, 8), (2, 11)} | {(12, 4), (12, 9)} | {(24, 3), (24, 7), (25, 20)}
    board = Board(30, 30, frozenset(holes))
    assert _slabbed(board) is not None


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 16), st.integers(4, 16), st.integers(0, 2**32))
def test_slabs_of_clustered_holes_on_sides_of_multiples_of_3_are_valid(rows, cols, seed):
    # Sides multiples of 3 (slabs take cells of their gaps); holes in two small squares,
    # so the slabs are swept along their columns too.
    rng = random.Random(seed)
    height, width = 3 * rows, 3 * cols
    holes = set()
    for _ in range(2):
        top, left = rng.randrange(height - 5), rng.randrange(width - 5)
        holes |= {(top + rng.randrange(6), left + rng.randrange(6)) for _ in range(8)}
    board = Board(height, width, frozenset(sorted(holes)[: len(holes) - len(holes) % 3]))
    codes = _slabbed(board)
    if codes is not None:
        assert len(codes) == (height * width - len(board.holes)) // 3


@pytest.mark.parametrize(("sweep", "side", "most"), [(_swept, 12, 30), (_slabbed, 30, 12)],
                         ids=["band_sweep", "slab_sweep"])
@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_the_sweeps_never_contradict_the_search(sweep, side, most, data):
    height, width = data.draw(st.integers(1, side)), data.draw(st.integers(1, side))
    cells = data.draw(st.sets(st.integers(0, height * width - 1), max_size=most))
    board = Board(height, width, frozenset(divmod(cell, width) for cell in cells))
    if sweep(board) is not None:
        assert is_tileable(board)


# -- the rows below in view --------------------------------------------------------------


def test_a_band_laid_with_the_rows_below_in_view_goes_on_where_one_laid_alone_stalls():
    # A hole in 10 cells: without the rows below in view a band is laid in a way the
    # next bands cannot go on from, however the heights are changed.
    board = random_board(30, holes=90, seed=0)
    assert band_sweep(30, 30, board.holes, Budget(), ahead=0) is None
    assert _swept(board) is not None


def test_bands_that_stall_looking_one_row_ahead_look_further():
    # A hole in 8 cells: looking one row ahead, the bands stall past their tries; the
    # default sweep looks AHEAD_ROWS rows ahead where they stall, and goes on.
    board = random_board(30, holes=111, seed=14)
    assert QUICK_AHEAD_ROWS < AHEAD_ROWS
    assert band_sweep(30, 30, board.holes, Budget(), ahead=QUICK_AHEAD_ROWS) is None
    assert _swept(board) is not None


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 24), st.integers(3, 24), st.integers(0, 4), st.integers(0, 2**32))
def test_every_number_of_rows_ahead_gives_valid_tilings(height, width, ahead, seed):
    # Only the band's own trominoes are kept, and the cells they reach below are the next
    # band's to leave out: a wrong one shows as an overlap or a gap to the validator.
    try:
        board = random_board(height, width, holes=height * width // 12, seed=seed)
    except ValueError:  # the free cells are not a multiple of 3
        return
    codes = band_sweep(height, width, board.holes, Budget(), ahead=ahead)
    if codes is not None:
        assert_valid_tiling(board, Tiling.trusted(board, tuple(codes)))


@pytest.mark.parametrize("ahead", [-1, 5, True, 2.0])
def test_rows_ahead_out_of_range_are_refused(ahead):
    with pytest.raises(ArgumentError, match="ahead must be from 0 to 4 rows"):
        band_sweep(6, 6, [], Budget(), ahead=ahead)


# -- dense boards: swept at any size ------------------------------------------------------


def test_a_dense_board_over_the_cap_is_tiled():
    # 263,169 cells with a hole in 13: no cut into strips and blocks splits it, and it is
    # over BAND_MAX_CELLS, but dense, so it is swept whole (refused before).
    board = random_board(513, holes=20_244, seed=2)
    assert board.height * board.width > BAND_MAX_CELLS and dense(513, 513, 20_244)
    assert_valid_tiling(board, tile(board))


def test_a_dense_slab_over_the_cap_on_a_sparser_board_is_swept():
    # Rows 0-439 with a hole in 13 cells, then 460 hole-free rows: the whole board has a
    # hole in 27 cells (not dense), but its slab of some 444 rows is, and over the cap.
    top = random_board(440, 600, holes=20_307, seed=4)
    board = Board(900, 600, top.holes)
    assert not dense(900, 600, 20_307) and dense(444, 600, 20_307)
    assert BAND_MAX_CELLS < 440 * 600
    codes = slab_sweep(900, 600, board.holes, Budget())
    assert codes is not None
    assert_valid_tiling(board, Tiling.trusted(board, tuple(codes)))


def test_a_board_over_the_cap_with_sparser_holes_is_swept():
    # A hole in 40 cells on 270,400 cells: not dense and over BAND_MAX_CELLS, so it gets
    # the quick sweeps only (refused before), which tile it.
    board = random_board(520, holes=6760, seed=0)
    assert not dense(520, 520, 6760) and BAND_MAX_CELLS < 520 * 520
    assert _swept(board) is not None


@given(st.integers(1, 3000), st.integers(1, 3000), st.integers(0, 10**6))
def test_dense_is_a_share_of_the_cells(height, width, blocked):
    assert dense(height, width, blocked) == (Fraction(blocked, height * width)
                                             >= Fraction(1, DENSE_SHARE))


@settings(max_examples=80, deadline=None)
@given(tilings(max_side=12))
def test_codes_turned_half_a_turn_tile_the_turned_board(tiling):
    height, width = tiling.board.height, tiling.board.width
    turned = Board(height, width, {(height - 1 - r, width - 1 - c) for r, c in tiling.board.holes})
    codes = turned_codes(tiling.codes, height, width)
    assert_valid_tiling(turned, Tiling.trusted(turned, tuple(codes)))
    assert turned_codes(codes, height, width) == list(tiling.codes)


@pytest.mark.parametrize(("codes", "height", "width"), [
    ([8], 2, 3),  # anchored in the last column: no block to its right
    ([3 << 2], 2, 3),  # anchored in the last row
    ([-1], 2, 3), (["0"], 2, 3), ([True], 2, 3), ([0], 2, 1),
])
def test_codes_of_no_tromino_are_refused_when_turned(codes, height, width):
    with pytest.raises(ArgumentError, match="names no tromino"):
        turned_codes(codes, height, width)
    with pytest.raises(ArgumentError, match="height must be"):
        turned_codes([0], 0, width)


# -- the parts a band cuts off below it -----------------------------------------------


def _parts_by_flood(board, row):
    """The parts of the free cells from *row* down, found by flooding each one: per part
    touching *row*, its columns there and its cells."""
    free = {(r, c) for r in range(row, board.height) for c in range(board.width)
            if (r, c) not in board.holes}
    parts = []
    for col in range(board.width):
        if (row, col) not in free or any((row, col) in cells for _, cells in parts):
            continue
        cells, stack = {(row, col)}, [(row, col)]
        while stack:
            r, c = stack.pop()
            for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if cell in free and cell not in cells:
                    cells.add(cell)
                    stack.append(cell)
        parts.append(([c for c in range(board.width) if (row, c) in cells], cells))
    return parts


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.data())
def test_parts_below_each_row_match_a_flood_fill(height, width, data):
    holes = data.draw(st.sets(st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))))
    board = Board(height, width, frozenset(holes))
    for row, found in enumerate(parts_below(height, width, holes)):
        flooded = _parts_by_flood(board, row)
        if len(flooded) < 2:
            assert found is None
            continue
        assert found.row == row
        assert found.sizes == [len(cells) for _, cells in flooded]
        assert found.last == [cols[-1] for cols, _ in flooded]
        assert found.labels == [next((number for number, (cols, _) in enumerate(flooded)
                                      if col in cols), -1) for col in range(width)]


def test_parts_below_checks_its_board():
    assert parts_below(4, 4, []) == [None] * 4
    with pytest.raises(ArgumentError, match="off the 4x4 board"):
        parts_below(4, 4, [(4, 0)])
    with pytest.raises(LimitReached):
        parts_below(50, 50, [(row, row) for row in range(50)], Budget(node_limit=10))


def test_bands_that_keep_the_parts_below_them_a_way_on_go_on_where_the_others_stall():
    # With no rows ahead in view, the sweeps give up on this board, and the one that
    # keeps each part a band cuts off below it a way on tiles it.
    board = random_board(30, holes=69, seed=21)
    codes = band_sweep(30, 30, board.holes, Budget(), ahead=0)
    assert codes is not None
    assert_valid_tiling(board, Tiling.trusted(board, tuple(codes)))

