"""The search that learns from its dead ends, checked by a validator and a naive search."""

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tromino.checks import assert_valid_tiling, naive_tileable

from puzzlekit.errors import LimitReached
from puzzlekit.limits import Budget
from puzzlekit.tromino import Board, Tiling, Tromino, learning, random_board, tile
from puzzlekit.tromino.learning import learning_tiling


def as_tiling(board, found):
    """The triples as a Tiling of *board* (a triple that is no L fails in Tromino)."""
    trominoes = [Tromino(cells) for cells in found]
    return Tiling(board, tuple(((t.row * board.width + t.col) << 2) | t.orientation
                               for t in trominoes))


def test_a_board_with_a_tiling_is_tiled_and_one_without_is_proved_so():
    board = Board(4, 6, frozenset({(0, 0), (3, 5), (1, 2)}))  # 21 cells, tileable
    found = learning_tiling(board.free_cells, Budget())
    assert found is not None
    assert_valid_tiling(board, as_tiling(board, found))
    # Six cells, a multiple of 3, but (0, 1) lies in no 2x2 block with three free cells.
    walled = Board(3, 3, frozenset({(0, 0), (0, 2), (1, 1)}))
    assert not naive_tileable(3, 3, walled.holes)
    assert learning_tiling(walled.free_cells, Budget()) is None
    assert learning_tiling([], Budget()) == []


# Ways of running the search that take its rarer paths on small boards: backing up one
# level only at every dead end that jumps (values set out of order), and that with
# the learned clauses cut down to the 50 shortest whenever there are 100.
WAYS = pytest.mark.parametrize("way", [
    {}, {"_LONGEST_JUMP": 0}, {"_LONGEST_JUMP": 0, "_KEPT_CLAUSES": 50}],
    ids=["usual", "back-up-one-level", "and-few-clauses-kept"])


def learning_tiling_run(way, cells, budget):
    """learning_tiling(cells, budget), with the module's settings changed as *way* says."""
    with pytest.MonkeyPatch.context() as patch:
        for name, value in way.items():
            patch.setattr(learning, name, value)
        return learning_tiling(cells, budget)


@WAYS
@settings(max_examples=200, deadline=None)
@given(height=st.integers(1, 8), width=st.integers(1, 8),
       cells=st.sets(st.integers(0, 63), max_size=24))
def test_it_agrees_with_a_naive_search_and_its_tilings_are_valid(
        way, height, width, cells):
    holes = frozenset(divmod(cell, width) for cell in cells if cell < height * width)
    board = Board(height, width, holes)
    found = learning_tiling_run(way, board.free_cells, Budget())
    assert (found is not None) == naive_tileable(height, width, holes)
    if found is not None:
        assert_valid_tiling(board, as_tiling(board, found))


@WAYS
@settings(max_examples=40, deadline=None)
@given(side=st.integers(6, 9), seed=st.integers(0, 2**32))
def test_a_board_a_hole_away_from_a_tiling_gets_the_naive_searchs_answer(
        way, side, seed):
    """Dense boards with one hole moved: most cannot be tiled, and nothing shows it at a
    glance, so the search meets many dead ends before its answer."""
    rng = random.Random(seed)
    count = side * side // 3
    count -= (count - side * side) % 3
    holes = set(random_board(side, holes=count, seed=seed).holes)
    free = sorted({(r, c) for r in range(side) for c in range(side)} - holes)
    holes.remove(rng.choice(sorted(holes)))
    holes.add(rng.choice(free))
    board = Board(side, side, frozenset(holes))
    found = learning_tiling_run(way, board.free_cells, Budget())
    assert (found is not None) == naive_tileable(side, side, board.holes)
    if found is not None:
        assert_valid_tiling(board, as_tiling(board, found))


@WAYS
@settings(max_examples=20, deadline=None)
@given(height=st.integers(10, 30), width=st.integers(10, 30), seed=st.integers(0, 2**32))
def test_dense_boards_are_tiled_validly(way, height, width, seed):
    """A hole in every third cell, tileable by construction: the search must find one,
    on tall boards and on wide ones (swept column by column)."""
    cells = height * width
    holes = cells // 3 + (cells - cells // 3) % 3
    board = random_board(height, width, holes=holes, seed=seed)
    found = learning_tiling_run(way, board.free_cells, Budget(time_limit=60))
    assert found is not None
    assert_valid_tiling(board, as_tiling(board, found))


def test_an_rng_draws_other_tilings_and_the_same_seed_the_same_one():
    board = Board(6, 6, frozenset())
    drawn = [learning_tiling(board.free_cells, Budget(), random.Random(seed))
             for seed in range(6)]
    for found in drawn:
        assert_valid_tiling(board, as_tiling(board, found))
    assert len({tuple(sorted(found)) for found in drawn}) > 1
    assert learning_tiling(board.free_cells, Budget(), random.Random(3)) == drawn[3]


def test_its_choices_are_nodes_of_the_budget():
    board = random_board(30, holes=300, seed=0)
    with pytest.raises(LimitReached, match="tile stopped by its node limit"):
        learning_tiling(board.free_cells, Budget(node_limit=50))


def test_tile_answers_a_dense_board_the_bitboard_search_thrashes_on():
    # The bitboard search alone gave no answer on this board within 10 s: a hole in
    # every third cell all over it. The learning search tiles it in about 0.3 s.
    board = random_board(30, holes=300, seed=0)
    assert_valid_tiling(board, tile(board, time_limit=60))


def test_setting_up_half_a_million_cells_keeps_the_time_limit():
    # Each step of the setup (the trominoes, the lists per cell, the first activities,
    # the queue) takes up to a second here; the clock is looked at between them (before,
    # from the trominoes to the first choice: 1-2.5 s over these limits).
    cells = [(r, c) for r in range(600) for c in range(900) if (r + 2 * c) % 5]
    for limit in (1.0, 3.0):
        started = time.perf_counter()
        with pytest.raises(LimitReached):
            learning_tiling(cells, Budget(time_limit=limit))
        assert time.perf_counter() - started < limit + 0.8


@pytest.mark.parametrize("cells", [["ab"], [(1, 2, 3)], [(0.5, 1)], [(0, "1")]])
def test_a_cell_that_is_no_pair_of_ints_is_a_type_error(cells):
    with pytest.raises(TypeError, match=r"a cell is a \(row, col\) pair of ints"):
        learning_tiling(cells, Budget())
