"""Tiling: constructions, exact search, decisions, colourings and the owner query."""

import pickle
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tromino.checks import assert_valid_tiling, naive_tileable

from puzzlekit.errors import ArgumentError, IllegalMoveError, LimitReached, UnsolvableError
from puzzlekit.tromino import (
    Board,
    Tiling,
    Tromino,
    colour,
    golomb_owner,
    hint,
    is_tileable,
    random_board,
    solve,
    tile,
)
from puzzlekit.tromino.solver import SEARCH_MAX_CELLS
from puzzlekit.tromino.strategies import boards, one_hole_boards, tileable_boards, tilings


def recursive_golomb(n, hole):
    """The seed's divide and conquer, recursive: (row, col, left-out cell) in preorder."""
    out = []

    def cover(top, left, size, hole_row, hole_col):
        if size == 1:
            return
        half = size // 2
        q = 2 * (hole_row >= top + half) + (hole_col >= left + half)
        out.append((top + half - 1, left + half - 1, q))
        for quadrant in range(4):
            q_top, q_left = top + (quadrant >> 1) * half, left + (quadrant & 1) * half
            if quadrant == q:
                cover(q_top, q_left, half, hole_row, hole_col)
            else:
                corner = (top + half - 1 + (quadrant >> 1), left + half - 1 + (quadrant & 1))
                cover(q_top, q_left, half, *corner)

    cover(0, 0, n, *hole)
    return out


# -- divide and conquer --------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 4, 8])
def test_golomb_every_hole(n):
    for hole in [(r, c) for r in range(n) for c in range(n)]:
        board = Board.square(n, hole)
        tiling = tile(board)
        assert_valid_tiling(board, tiling)
        assert len(tiling) == (n * n - 1) // 3
        assert [(t.row, t.col, t.orientation) for t in tiling.moves()] == recursive_golomb(
            n, hole
        )


@given(st.integers(4, 6).flatmap(
    lambda k: st.tuples(st.just(1 << k), st.integers(0, (1 << k) - 1),
                        st.integers(0, (1 << k) - 1))))
@settings(max_examples=15)
def test_golomb_order_is_the_seed_order(case):
    n, row, col = case
    tiling = tile(Board.square(n, (row, col)))
    assert [(t.row, t.col, t.orientation) for t in tiling.moves()] == recursive_golomb(
        n, (row, col)
    )


def test_golomb_large_board_is_valid():
    board = Board.square(256, (100, 3))
    tiling = tile(board)
    assert len(tiling) == (256 * 256 - 1) // 3
    owner = [0] * (256 * 256)
    for code in tiling.codes:
        anchor = code // 4
        for index, offset in enumerate((0, 1, 256, 257)):
            if index != code % 4:
                owner[anchor + offset] += 1
    assert owner.count(1) == 256 * 256 - 1 and owner[100 * 256 + 3] == 0


# -- other boards with one hole -------------------------------------------------------------


def test_chu_johnsonbaugh_squares():
    for n in (7, 10, 11, 13, 14, 17):
        for hole in [(0, 0), (n // 2, n // 2), (n - 1, 1), (1, n - 2), (n // 3, n - 1)]:
            board = Board.square(n, hole)
            assert is_tileable(board)
            assert_valid_tiling(board, tile(board))


def test_five_by_five_has_exactly_nine_good_holes():
    good = set()
    for hole in [(r, c) for r in range(5) for c in range(5)]:
        board = Board.square(5, hole)
        if is_tileable(board):
            good.add(hole)
            assert_valid_tiling(board, tile(board))
        else:
            with pytest.raises(UnsolvableError, match="5x5 colouring argument"):
                tile(board)
    assert good == {(r, c) for r in (0, 2, 4) for c in (0, 2, 4)}


@given(tileable_boards(max_side=20))
@settings(max_examples=40)
def test_ash_golomb_rectangles(board):
    assert_valid_tiling(board, tile(board))


@given(one_hole_boards(max_side=20))
@settings(max_examples=40)
def test_tile_and_is_tileable_agree(board):
    try:
        tiling = tile(board)
    except UnsolvableError:
        assert not is_tileable(board)
    else:
        assert is_tileable(board)
        assert_valid_tiling(board, tiling)


@given(tileable_boards(max_side=48), st.integers(0, 3))
@settings(max_examples=30)
def test_solve_adds_checked_trominoes_in_reading_order(board, seed):
    # The constructions' trominoes are made unchecked (Tromino.trusted): each must equal
    # the checked one of its cells, and together they must tile the board.
    moves = solve(board, seed=seed).moves
    assert [Tromino(tromino.cells) for tromino in moves] == list(moves)
    assert [tromino.cells for tromino in moves] == sorted(tromino.cells for tromino in moves)
    assert_valid_tiling(board, Tiling.of(board, moves))


def test_two_wide_bad_columns():
    for n in (5, 8, 11):
        bad = {c for c in range(n) if not is_tileable(Board(2, n, [(0, c)]))}
        assert bad == {c for c in range(n) if c % 3 == 2}
        assert {r for r in range(n) if not is_tileable(Board(n, 2, [(r, 1)]))} == bad


def test_narrow_rectangles_against_the_profile_sweep():
    """The one-hole theorems against the exact profile sweep (an independent method)."""
    from puzzlekit.tromino import has_tiling

    for rows in (2, 4, 5):
        for cols in range(rows, 21):
            if (rows * cols - 1) % 3:
                continue
            for hole in [(r, c) for r in range(rows) for c in range(cols)]:
                board = Board(rows, cols, [hole])
                assert is_tileable(board) == has_tiling(board), board


# -- the exact decision ----------------------------------------------------------------------


def test_is_tileable_sweep_up_to_7x7_with_one_hole():
    for rows in range(1, 8):
        for cols in range(1, 8):
            for hole in [(r, c) for r in range(rows) for c in range(cols)]:
                expected = naive_tileable(rows, cols, {hole})
                assert is_tileable(Board(rows, cols, [hole])) == expected, (rows, cols, hole)


@given(one_hole_boards(max_side=7))
def test_is_tileable_with_one_hole_agrees_with_naive_search(board):
    assert is_tileable(board) == naive_tileable(board.height, board.width, board.holes)


@given(boards(max_side=6, max_holes=5))
def test_is_tileable_with_many_holes_agrees_with_naive_search(board):
    expected = naive_tileable(board.height, board.width, board.holes)
    assert is_tileable(board) == expected
    result = solve(board)
    assert result.complete and (result.solution is not None) == expected
    assert result.replayed() == result.final
    if expected:
        assert_valid_tiling(board, tile(board))
    else:
        with pytest.raises(UnsolvableError):
            tile(board)


@pytest.mark.parametrize(
    ("board", "reason"),
    [
        (Board(4, 4), "16 cells to cover, not a multiple of 3"),
        (Board.square(6, (2, 2)), "3 divides 6"),
        (Board.square(5, (1, 2)), "5x5 colouring argument"),
        (Board(3, 7), "3 by odd"),
        (Board(2, 8, [(1, 5)]), "2-wide board"),
        (Board(5, 8, [(2, 1)]), "5-wide board"),
        (Board(1, 7, [(0, 3)]), "one cell wide"),
        (Board(4, 6, [(0, 1), (1, 0), (3, 5)]), "walled off by holes and number 1,"),
        (Board(9, 9, [(0, 1), (1, 0), (8, 8)]), "walled off by holes and number 1,"),
        (Board(3, 4, [(0, 0), (0, 2), (1, 2)]), "row 0, column 3 is free but no L-tromino"),
        (Board(10, 10, [(2, 4), (5, 9), (8, 6), (8, 7)]), "no tiling exists"),
    ],
)
def test_untileable_boards_say_why(board, reason):
    with pytest.raises(UnsolvableError, match=reason):
        tile(board)
    assert not is_tileable(board)


# -- limits and bad input -----------------------------------------------------------------


def test_huge_boards_are_refused_with_the_memory_needed():
    with pytest.raises(ArgumentError, match=r"max_cells=1,000.*MiB"):
        tile(Board.square(4096, (0, 0)), max_cells=1000)
    with pytest.raises(ArgumentError, match="over MAX_CELLS"):
        Board.square(8192, (0, 0))
    assert len(tile(Board.square(64, (0, 0)), max_cells=64 * 64)) == 1365


def test_search_limits_are_honoured():
    board = Board(30, 30, [(0, 0), (29, 29), (15, 15)])
    result = solve(board, node_limit=10)
    assert not result.complete and result.moves == () and result.nodes <= 11
    assert result.final == board and not result.proved_unsolvable
    started = time.perf_counter()
    hostile = Board(14, 14, [(0, 1), (1, 0), (13, 13), (5, 5)])  # corner cut off: a proof
    with pytest.raises(UnsolvableError):
        tile(hostile, time_limit=1)
    untileable = Board(10, 10, [(2, 4), (5, 9), (8, 6), (8, 7)])
    with pytest.raises(LimitReached, match="node limit"):
        tile(untileable, node_limit=0)
    with pytest.raises(LimitReached, match="node limit"):
        is_tileable(untileable, node_limit=0)
    assert time.perf_counter() - started < 1.5


_PACKED = [(r, c) for r in range(100, 140) for c in range(100, 140) if (r + c) % 4 == 0]


@pytest.mark.parametrize("board", [
    Board.square(4096, (5, 7)),  # Golomb's divide and conquer
    Board(4093, 4096, [(1000, 3)]),  # strips around a searched core
    Board(4095, 4096),  # a hole-free rectangle
    Board(4095, 4096, [*_PACKED, (4000, 4000), (4001, 4094)]),  # slabs swept
], ids=["2^k square", "one hole", "no hole", "slabs"])
@pytest.mark.parametrize("limit", [0.0, 0.05])
def test_building_a_tiling_keeps_time_limits(board, limit):
    # was: the constructions never looked at the clock (4096 x 4096 with one hole took
    # 0.7 s under time_limit=0.1)
    cpu = time.process_time()
    with pytest.raises(LimitReached, match="tile stopped by its time limit"):
        tile(board, time_limit=limit)
    assert time.process_time() - cpu < limit + 0.5
    reports = []
    with pytest.raises(LimitReached, match="a request to stop"):
        tile(board, progress=lambda report: reports.append(report) is None)
    assert len(reports) == 1 and reports[0].time_limit is None


def test_hostile_narrow_boards_answer_or_stop_on_time():
    board = Board(2, 3 * 10**6, [(0, 0), (1, 0), (0, 3 * 10**6 - 1)])
    started = time.perf_counter()
    # Peeled strips around small cores: the decomposition answers without the sweep.
    assert is_tileable(board, time_limit=0.3)
    # 2x3 rooms walled by 33 hole pairs, then a long 2-wide rectangle: tileable, too many
    # holes for the cuts between rectangles, so the strips and blocks answer; a time
    # limit of 0 stops them at the first block.
    walls = [(row, 4 * k + 3) for k in range(33) for row in (0, 1)]
    many_holes = Board(2, 3 * 10**6, walls)
    assert is_tileable(many_holes, time_limit=0.3)
    with pytest.raises(LimitReached, match="time limit"):
        tile(many_holes, time_limit=0)
    assert time.perf_counter() - started < 1.5


def test_bad_arguments():
    with pytest.raises(TypeError):
        tile("8x8")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        is_tileable(None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        solve(Board(3, 3), node_limit=-1)
    with pytest.raises(ArgumentError):
        Board.square(4, (4, 0))


def test_a_dense_board_over_the_bitboards_cap_is_searched_within_the_limits():
    # A hole in 3 cells of a board just over the bitboard search's cap: random_board
    # builds it with a tiling, but no cut into strips and blocks is found and the band
    # sweeps give up. It was refused; now the learning search takes it (in about ten
    # minutes), and every call stops at its time limit.
    board = random_board(182, holes=11_041, seed=0)
    assert SEARCH_MAX_CELLS < 182 * 182
    for call in (is_tileable, tile):
        started = time.perf_counter()
        with pytest.raises(LimitReached, match="stopped by its time limit"):
            call(board, time_limit=1.5)
        assert time.perf_counter() - started < 2.5
    started = time.perf_counter()
    assert not solve(board, time_limit=1.5).complete
    assert time.perf_counter() - started < 2.5


def _cross(size: int) -> set[tuple[int, int]]:
    """Holes on diagonals four apart over a cross of rows and columns 100 to 139."""
    return {(row, col) for row in range(size) for col in range(size)
            if (100 <= row < 140 or 100 <= col < 140) and (row + col) % 4 == 0}


def test_a_sweep_that_cuts_off_parts_it_cannot_tile_goes_again_keeping_them_tileable():
    # With a hole in each corner the band sweep gives up at the bottom edge both ways up:
    # the rows below a band fall apart into parts (left and right of the cross, and the
    # ends of the free diagonals), and the bands had left some of them a count or a shape
    # no tiling covers. Swept once more keeping each part a way on, it tiles.
    cross = Board(600, 600, _cross(600) | {(0, 0), (0, 599), (599, 0), (599, 599)})
    assert_valid_tiling(cross, tile(cross))


def test_a_sweep_stuck_at_the_bottom_edge_goes_again_from_it():
    # With one corner hole the band sweep gives up at the bottom edge going down, and
    # tiles the board turned half a turn; is_tileable and solve agree.
    cross = Board(600, 600, _cross(600) | {(599, 599)})
    tiling = tile(cross)
    assert_valid_tiling(cross, tiling)
    assert is_tileable(cross)
    assert solve(cross, seed=0).complete


# -- the Tiling value ---------------------------------------------------------------------


@given(tilings(max_side=10))
@settings(max_examples=30)
def test_tiling_round_trip_and_pickle(tiling):
    assert Tiling.parse(str(tiling)) == tiling
    assert eval(repr(tiling)) == tiling
    assert pickle.loads(pickle.dumps(tiling)) == tiling
    assert hash(Tiling.parse(str(tiling))) == hash(tiling)
    assert tiling.to_board().is_solved
    assert Tiling.of(tiling.board, reversed(tiling.trominoes)) == tiling
    for index, tromino in enumerate(tiling.trominoes):
        assert all(tiling.owner(cell) == index for cell in tromino.cells)


def test_tiling_checks_its_trominoes():
    board = Board.square(4, (0, 0))
    with pytest.raises(ValueError, match="hole"):
        Tiling.of(board, [Tromino.at(0, 0, "nw"), Tromino.at(0, 0, "se")])
    with pytest.raises(ValueError, match="already covered"):
        Tiling.of(board, [Tromino.at(1, 1, "nw"), Tromino.at(1, 1, "se")])
    with pytest.raises(ValueError, match="outside"):
        Tiling(board, (16 * 4,))
    partial = Tiling.of(board, [Tromino.at(1, 1, "nw")])
    assert not partial.is_valid() and len(partial.problems()) == 12
    assert pickle.loads(pickle.dumps(solve(board, seed=3))) == solve(board, seed=3)


# -- colourings -------------------------------------------------------------------------


def assert_proper(tiling, colours, count):
    assert len(colours) == len(tiling) and set(colours) <= set(range(count))
    owner = {cell: i for i, t in enumerate(tiling.trominoes) for cell in t.cells}
    for (r, c), i in owner.items():
        for near in ((r + 1, c), (r, c + 1)):
            if near in owner and owner[near] != i:
                assert colours[i] != colours[owner[near]]


@pytest.mark.parametrize("n", [2, 4, 8, 16, 32])
def test_divide_and_conquer_tilings_get_three_colours(n):
    for hole in [(0, 0), (n - 1, n // 2), (n // 3, n - 1)]:
        tiling = tile(Board.square(n, hole))
        assert_proper(tiling, colour(tiling, 3), 3)


@given(tilings(max_side=14))
@settings(max_examples=30)
def test_any_tiling_gets_four_colours(tiling):
    assert_proper(tiling, colour(tiling, 4), 4)


def test_three_colours_refused_where_the_construction_does_not_apply():
    with pytest.raises(UnsolvableError, match="use 4 colours"):
        colour(Tiling.parse("aab\nabb"), 3)
    with pytest.raises(ValueError):
        colour(tile(Board.square(4, (0, 0))), 5)  # type: ignore[arg-type]
    # Block-aligned but two centre-style trominoes touching: the rule fails, and says so.
    touching = Tiling.of(Board(4, 5), [Tromino.at(1, 1, "ne"), Tromino.at(1, 3, "nw")])
    with pytest.raises(UnsolvableError, match="touching trominoes"):
        colour(touching, 3)
    assert_proper(touching, colour(touching, 4), 4)


# -- the owner query ----------------------------------------------------------------------


@given(st.integers(0, 5).flatmap(
    lambda k: st.tuples(st.just(1 << k), st.integers(0, (1 << k) - 1),
                        st.integers(0, (1 << k) - 1))))
@settings(max_examples=30)
def test_owner_agrees_with_the_built_tiling(case):
    n, row, col = case
    tiling = tile(Board.square(n, (row, col)))
    for r in range(n):
        for c in range(n):
            assert golomb_owner(n, (row, col), (r, c)) == tiling.owner((r, c))


def test_owner_on_huge_boards():
    n = 1 << 30
    hole = (123456789, 987654321)
    assert golomb_owner(n, hole, hole) is None
    assert golomb_owner(n, hole, (n // 2, n // 2)) == 0  # the first centre tromino
    total = (n * n - 1) // 3
    assert 0 <= golomb_owner(n, hole, (n - 1, 0)) < total
    # The three cells of the centre tromino of the top-left quadrant share an index.
    half = n // 4
    cells = [(half - 1, half - 1), (half - 1, half), (half, half - 1), (half, half)]
    owners = [golomb_owner(n, hole, cell) for cell in cells]
    assert sorted(owners).count(1) == 3


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((6, (0, 0), (0, 0)), ArgumentError),
        ((0, (0, 0), (0, 0)), ArgumentError),
        ((4, (4, 0), (0, 0)), IllegalMoveError),
        ((4, (0, 0), (0, -1)), IllegalMoveError),
        ((4.0, (0, 0), (0, 0)), TypeError),
        ((4, (0, 0), "0,0"), TypeError),
    ],
)
def test_owner_bad_input(args, error):
    with pytest.raises(error):
        golomb_owner(*args)


# -- the player's helpers: hints, random boards, random tilings -----------------------------


def test_hint_follows_the_demonstration_order():
    board = Board.square(8, (6, 1))
    moves = tile(board).moves()
    for move in moves:
        assert hint(board) == move
        board = board.play(move)
    assert board.is_solved and hint(board) is None


@given(tileable_boards(max_side=7), st.integers(0, 2**32))
@settings(max_examples=30)
def test_hints_finish_any_good_start(board, seed):
    # Start from a random tiling's first pieces (usually not the planned ones).
    start = solve(board, seed=seed).moves
    for move in start[: len(start) // 2]:
        board = board.play(move)
    while not board.is_solved:
        move = hint(board)
        assert move is not None
        board = board.play(move)
    assert_valid_tiling(board.cleared(), Tiling.of(board.cleared(), board.trominoes))


def test_hint_on_a_dead_end_raises_and_on_a_stuck_board_is_none():
    board = Board.square(4, (0, 0)).play(Tromino.at(0, 1, "sw"))
    assert not board.is_over
    with pytest.raises(UnsolvableError):
        hint(board)
    stuck = Board(2, 3).play("0,0 nw")
    assert stuck.is_over and not stuck.is_solved and stuck.hint() is None


@given(tileable_boards(max_side=8), st.integers(0, 2**32))
@settings(max_examples=30)
def test_random_tilings_get_four_colours(board, seed):
    tiling = solve(board, seed=seed).final.to_tiling()
    assert tiling == solve(board, seed=seed).final.to_tiling()
    assert_valid_tiling(board, tiling)
    assert_proper(tiling, colour(tiling, 4), 4)
