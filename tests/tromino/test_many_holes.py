"""Boards with many holes: strips and blocks, checked by an independent validator and the search."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tromino.checks import assert_valid_tiling, flood_regions

from puzzlekit.errors import LimitReached, UnsolvableError
from puzzlekit.limits import Budget
from puzzlekit.tromino import Board, Tiling, is_tileable, random_board, solve, tile
from puzzlekit.tromino.bands import BAND_MAX_CELLS
from puzzlekit.tromino.construct import cut_candidates, strip_decompose
from puzzlekit.tromino.regions import free_regions
from puzzlekit.tromino.solver import SEARCH_MAX_CELLS, tile_free_cells


@st.composite
def many_holes(draw, min_side=6, max_side=30, max_holes=40):
    height = draw(st.integers(min_side, max_side))
    width = draw(st.integers(min_side, max_side))
    cells = draw(st.sets(st.integers(0, height * width - 1), min_size=min(2, height * width),
                         max_size=max_holes))
    return height, width, frozenset(divmod(cell, width) for cell in cells)


def _plan_checked(height, width, holes):
    """strip_decompose's codes, validated independently (None when it finds no cut)."""
    codes = strip_decompose(height, width, holes, Budget())
    decided = strip_decompose(height, width, holes, Budget(), build=False)
    assert (codes is None) == (decided is None)
    if codes is not None:
        assert decided == []
        board = Board(height, width, holes)
        assert_valid_tiling(board, Tiling.trusted(board, tuple(codes)))
    return codes


@settings(max_examples=150, deadline=None)
@given(many_holes())
def test_strips_and_blocks_build_valid_tilings(case):
    height, width, holes = case
    if (height * width - len(holes)) % 3 == 0:
        _plan_checked(height, width, holes)


def test_spread_holes_where_thin_strips_stall_are_cut_into_larger_blocks():
    # About 1 hole in 40 cells all over the board: thin strips get 6 rows down and
    # stall (and give up soon); the larger blocks tile it.
    board = random_board(201, holes=999, seed=0)
    assert _plan_checked(201, 201, board.holes) is not None


@settings(max_examples=40, deadline=None)
@given(st.integers(10, 24), st.integers(10, 24), st.integers(2, 30), st.integers(0, 2**32))
def test_strips_and_blocks_never_contradict_the_search(height, width, count, seed):
    """Holes drawn from a tiling (so most boards can be tiled): where the strips find
    cuts the search finds a tiling too, and is_tileable agrees with the search."""
    count -= (count - height * width) % 3
    board = random_board(height, width, holes=max(count, 0), seed=seed)
    found = _plan_checked(height, width, board.holes)
    searched = tile_free_cells(height, width, board.holes, Budget())
    if found is not None:
        assert searched is not None
    assert is_tileable(board) == (searched is not None)


@settings(max_examples=10, deadline=None)
@given(st.integers(32, 40), st.integers(32, 40), st.integers(5, 8), st.integers(0, 2**32))
def test_packed_holes_are_cut_into_larger_searched_blocks(height, width, share, seed):
    """One hole in *share* cells over a square of the board (drawn from a tiling, so
    most can be tiled): too many for thin strips, so the larger searched blocks take
    them; every plan is validated, and where one is found the search finds a tiling."""
    side = min(height, width) * 2 // 3
    rng = random.Random(seed)
    top, left = rng.randrange(height - side + 1), rng.randrange(width - side + 1)
    count = side * side // share
    inner = random_board(side, holes=count - (count - side * side) % 3, seed=seed)
    holes = {(row + top, col + left) for row, col in inner.holes}
    while (height * width - len(holes)) % 3:
        holes.add((rng.randrange(height), rng.randrange(width)))
    board = Board(height, width, holes)
    found = _plan_checked(height, width, board.holes)
    try:  # the search on an untileable board of packed holes may take long: then skip
        searched = tile_free_cells(height, width, board.holes, Budget(node_limit=100_000))
        decided = is_tileable(board, node_limit=100_000)
    except LimitReached:
        return
    if found is not None:
        assert searched is not None
    assert decided == (searched is not None)


def _packed_square(n, side, share, seed):
    """*n* x *n* with one hole in about *share* cells over a *side* square, at random."""
    rng = random.Random(seed)
    holes: set[tuple[int, int]] = set()
    while len(holes) < side * side // share or (n * n - len(holes)) % 3:
        holes.add((100 + rng.randrange(side), 100 + rng.randrange(side)))
    return Board(n, n, holes)


def assert_every_call_tiles(board):
    """``is_tileable``, ``tile`` and ``solve`` all answer *board* with a valid tiling."""
    assert is_tileable(board)
    assert_valid_tiling(board, tile(board))
    result = solve(board, seed=1)
    assert result.complete and result.final.is_solved
    assert_valid_tiling(board, Tiling.of(board, result.moves))


@pytest.mark.parametrize("board", [
    random_board(201, holes=999, seed=0),  # clustered: one hole in 40 cells everywhere
    _packed_square(300, 40, 8, 0),
    # 256 holes two apart in a 31 x 31 square, and two more
    Board(300, 300, {(row, col) for row in range(100, 131, 2) for col in range(100, 131, 2)}
          | {(250, 250), (260, 260)}),
], ids=["random_board 201, 999 holes", "40 x 40, a hole in 8", "16 x 16 grid"])
def test_packed_holes_over_the_search_are_answered_by_every_call(board):
    assert board.height * board.width > SEARCH_MAX_CELLS
    assert_every_call_tiles(board)


def test_a_row_the_strips_cannot_take_is_cut_across_the_other_way():
    # Row 20 blocked but for 3 cells: over 30 blocked cells in any strip holding it, so
    # only strips of columns fit.
    holes = frozenset((20, col) for col in range(37))
    assert _plan_checked(49, 40, holes) is not None


def test_candidates_meet_every_remainder_between_far_lines():
    cuts = cut_candidates([3, 90], 100)
    assert {cut % 6 for cut in cuts if cut <= 10} == set(range(6))
    assert {cut % 6 for cut in cuts if 84 <= cut <= 90} == set(range(6))
    assert cuts[0] == 0 and cuts[-1] == 100


@pytest.mark.parametrize(("n", "holes", "seed"), [(201, 99, 1), (201, 99, 2), (300, 99, 3),
                                                  (300, 300, 4)])
def test_random_boards_with_many_holes_over_the_search_are_answered_by_every_call(
        n, holes, seed):
    board = random_board(n, holes=holes, seed=seed)
    assert n * n > SEARCH_MAX_CELLS and len(board.holes) == holes
    assert_every_call_tiles(board)


def test_uniform_holes_on_a_big_board_are_answered():
    rng = random.Random(5)
    holes: set[tuple[int, int]] = set()
    while len(holes) < 301:  # 1024 * 1024 - 301 is a multiple of 3
        holes.add((rng.randrange(1024), rng.randrange(1024)))
    board = Board(1024, 1024, holes)
    assert is_tileable(board)
    assert Tiling(board, tile(board).codes).is_valid()  # the checked constructor


def test_clustered_holes_on_a_board_over_the_sweeps_cap_are_tiled():
    # A hole in 40 cells, clustered, on 360,000 cells: over the band sweep's cap (one
    # quick pass only), and the slabs are the whole board; the strips and blocks, whose
    # larger blocks for packed holes look at more blocks a hole here, answer first.
    board = random_board(600, holes=9000, seed=0)
    assert board.height * board.width > BAND_MAX_CELLS
    assert_valid_tiling(board, tile(board))


def test_many_holes_with_a_walled_pocket_are_proved_untileable():
    board = random_board(300, holes=99, seed=6)
    walled = {(0, 2), (1, 2), (2, 0), (2, 1)}  # a 2x2 corner pocket: 4 cells
    holes = set(board.holes - {(0, 0), (0, 1), (1, 0), (1, 1)}) | walled
    rng = random.Random(6)
    while (300 * 300 - len(holes)) % 3:
        holes.add((rng.randrange(10, 300), rng.randrange(10, 300)))
    board = Board(300, 300, holes)
    assert not is_tileable(board)
    with pytest.raises(UnsolvableError, match="walled off"):
        tile(board)
    assert solve(board).proved_unsolvable


@settings(max_examples=100, deadline=None)
@given(many_holes(min_side=1, max_side=14, max_holes=80))
def test_regions_of_many_holes_agree_with_a_flood_fill(case):
    height, width, holes = case
    regions = free_regions(height, width, holes)
    assert [(region.first, region.cells) for region in regions] == flood_regions(
        height, width, holes)
    for region in regions:
        assert not set(region.cell_list()) & holes
