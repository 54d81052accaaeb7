"""The shared contract for tromino, and the hard boards of issue #13.

Every answer on a hard board is checked against an independent method: the
profile sweep (``count_tilings`` / ``has_tiling``) for the decision, and an
independent validator for every tiling.
"""

import pickle
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tromino.checks import assert_valid_tiling

from puzzlekit import PUZZLES, IllegalMoveError, LimitReached, MoveView, PuzzleState, SearchResult
from puzzlekit.errors import UnsolvableError
from puzzlekit.tromino import (
    Board,
    Tromino,
    count_tilings,
    has_tiling,
    hint,
    is_tileable,
    random_state,
    solve,
    tile,
)
from puzzlekit.tromino.strategies import boards, states


def transposed(board):
    return Board(board.width, board.height, [(c, r) for r, c in board.holes])


def check_answers(board, expected, seconds=1.0):
    """tile, is_tileable, solve and hint agree with *expected*, each in *seconds*."""
    started = time.perf_counter()
    assert is_tileable(board) == expected
    result = solve(board)
    assert result.complete and result.solved == expected
    assert result.replayed() == result.final
    if expected:
        assert_valid_tiling(board, tile(board))
        move = hint(board)
        assert move in board.legal_moves()
        assert is_tileable(board.play(move).cleared()) or solve(board.play(move)).solved
    else:
        with pytest.raises(UnsolvableError):
            tile(board)
        with pytest.raises(UnsolvableError):
            hint(board)
        assert result.proved_unsolvable
    assert time.perf_counter() - started < 4 * seconds  # four calls


HARD = [
    # untileable, proved in about a millisecond by the peers; was 1,000,000 nodes and no answer
    (Board(10, 10, [(2, 4), (5, 9), (8, 6), (8, 7)]), False),
    # about 1.8e14 tilings, nothing found in 60 s (turned sideways: 0.002 s)
    (Board(5, 45, [(0, 16), (1, 22), (1, 41)]), True),
    (Board(9, 9, [(0, 0), (0, 1), (4, 4), (8, 8), (2, 6), (6, 2)]), True),
    (Board(5, 80, [(2, 40)]), True),
    (Board(5, 80, [(2, 1)]), False),
    (Board(12, 400, [(0, 0), (5, 200), (11, 399), (3, 17)]), False),  # area 4796
    (Board(12, 400, [(0, 0), (5, 200), (11, 399)]), True),
    (Board(64, 64, [(0, 0), (63, 63), (31, 32), (10, 50), (50, 10), (1, 1), (2, 2)]), True),
    (Board(64, 64, [(0, 1), (1, 0), (63, 63), (31, 32)]), False),  # (0, 0) cut off
    (Board(55, 47, [(3, 6), (10, 1), (26, 12), (32, 27), (35, 34), (47, 32), (47, 43),
                    (53, 22)]), True),
]


@pytest.mark.parametrize(("board", "expected"), HARD, ids=lambda b: getattr(b, "height", ""))
@pytest.mark.parametrize("turn", [False, True], ids=["as is", "sideways"])
def test_hard_boards_answer_fast_both_ways(board, expected, turn):
    board = transposed(board) if turn else board
    if min(board.height, board.width) <= 10:
        assert has_tiling(board) == expected  # the independent sweep
    check_answers(board, expected)


def test_five_by_n_minus_one_cell_grows_linearly():
    # was: exponential from n = 23
    for n in (23, 41, 80, 161):
        hole = (2, n // 2) if n % 2 else (0, 0)
        board = Board(5, n, [hole])
        expected = count_tilings(board) > 0
        started = time.perf_counter()
        result = solve(board)
        assert result.complete and result.solved == expected
        assert time.perf_counter() - started < 1


@given(boards(max_side=9, max_holes=6), st.booleans())
@settings(max_examples=60, deadline=None)
def test_solve_agrees_with_the_independent_count(board, turn):
    board = transposed(board) if turn else board
    expected = count_tilings(board) > 0
    result = solve(board, seed=0)
    assert result.complete and result.solved == expected
    assert result.proved_unsolvable == (not expected)
    assert result.replayed() == result.final
    if expected:
        assert_valid_tiling(board, result.final.to_tiling())


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=20, deadline=None)
def test_random_big_boards_with_few_holes_are_answered_fast(seed):
    import random

    rng = random.Random(seed)
    height, width = rng.randint(20, 64), rng.randint(20, 64)
    cells = rng.sample(range(height * width), rng.randint(1, 8))
    board = Board(height, width, [divmod(cell, width) for cell in cells])
    started = time.perf_counter()
    answer = is_tileable(board)
    if min(height, width) <= 16:
        assert answer == has_tiling(board)
    if answer:
        assert_valid_tiling(board, tile(board))
    assert time.perf_counter() - started < 2


# -- the contract --------------------------------------------------------------------------


def test_registered():
    puzzle = PUZZLES["tromino"]
    assert puzzle.state is Board and puzzle.move is Tromino and puzzle.solve is solve
    assert puzzle.random_state(5) == random_state(5)
    start = random_state(5)
    assert isinstance(start, PuzzleState) and not start.is_over


@given(states())
@settings(max_examples=60, deadline=None)
def test_states_keep_the_protocol(board):
    assert Board.parse(str(board)) == board
    assert pickle.loads(pickle.dumps(board)) == board
    view = board.legal_moves()
    assert isinstance(view, MoveView)
    moves = list(view)
    assert len(view) == view.count() == len(moves) == len(set(moves))
    assert bool(view) == bool(moves) == (not board.is_over)
    assert board.is_solved <= board.is_over
    for move in moves[:10]:
        assert Tromino.parse(str(move)) == move
        assert move in view and str(move) in view
        assert board.play(str(move)) == board.play(move)


@given(states(), st.integers(0, 12), st.integers(0, 12), st.integers(0, 3))
@settings(deadline=None)
def test_in_legal_moves_agrees_with_play(board, row, col, orientation):
    view = board.legal_moves()
    move = Tromino.at(row, col, orientation)
    for form in (move, str(move)):
        try:
            board.play(form)
        except IllegalMoveError:
            assert form not in view
        else:
            assert form in view
    for junk in (object(), (row, col, orientation), "0,0", None):
        assert junk not in view


@given(states(), st.integers(0, 30))
@settings(max_examples=40, deadline=None)
def test_solve_keeps_placed_trominoes_and_hints_are_safe(board, nodes):
    truth = solve(board)
    assert isinstance(truth, SearchResult) and truth.complete
    assert truth.replayed() == truth.final and truth.start == board
    assert board.trominoes <= truth.final.trominoes
    assert set(truth.moves) == truth.final.trominoes - board.trominoes
    assert pickle.loads(pickle.dumps(truth)) == truth
    limited = solve(board, node_limit=nodes)
    assert limited.replayed() == limited.final
    if limited.complete:
        assert limited.solved == truth.solved
    assert not limited.proved_unsolvable or truth.proved_unsolvable
    try:
        move = board.hint(node_limit=nodes)
    except LimitReached:
        return
    except UnsolvableError:
        assert truth.proved_unsolvable and not board.is_over
        return
    if move is None:
        assert board.is_over
    else:
        assert move in board.legal_moves()
        if truth.solved:
            assert solve(board.play(move)).solved


def test_seed_none_is_fresh_and_a_seed_repeats():
    board = Board(8, 8, [(4, 4)])
    assert solve(board, seed=11) == solve(board, seed=11)
    assert solve(board, seed=11).solved
    assert len({solve(board).final for _ in range(8)}) > 1


def test_progress_and_interrupt():
    reports = []
    # 1593 cells to cover: the count does not settle it, the search runs.
    board = Board(40, 40, [(0, 1), (5, 5), (10, 12), (20, 20), (33, 3), (7, 30), (30, 7)])
    result = solve(board, progress=lambda report: reports.append(report) or True)
    assert reports and not result.complete and result.moves == ()
    assert result.replayed() == result.final == board
