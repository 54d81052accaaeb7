"""Issue #12: the board satisfies the shared contract, checked for this module alone.

Protocol, moves in every form, hints that keep a clearable board clearable,
solve results that replay, limits that never give a wrong "impossible",
seeds, the registry entry, pickling.
"""

import pickle
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import PUZZLES, MoveView, PuzzleMove, PuzzleState, SearchResult
from puzzlekit.errors import LimitReached, UnsolvableError
from puzzlekit.linkpath import PUZZLE, Board, Pair, Rules, deal, deal_with_solution, solve
from puzzlekit.linkpath.strategies import moves, states


def test_registered_and_structural():
    assert PUZZLES["linkpath"] is PUZZLE
    assert PUZZLE.state is Board and PUZZLE.move is Pair and PUZZLE.solve is solve
    board = PUZZLE.random_state(1)
    assert isinstance(board, PuzzleState)
    assert isinstance(board.legal_moves(), MoveView)
    assert isinstance(next(iter(board.legal_moves())), PuzzleMove)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**64))
def test_random_states_solve_completely_and_fast(seed):
    board = PUZZLE.random_state(seed)
    assert board == PUZZLE.random_state(seed)
    started = time.perf_counter()
    result = solve(board)
    assert time.perf_counter() - started < 0.5
    assert result.complete and result.solved
    hint = board.hint()
    assert hint in board.legal_moves() and solve(board.play(hint)).solved


def test_random_state_without_a_seed_is_fresh():
    assert len({str(PUZZLE.random_state(None)) for _ in range(8)}) > 1


@settings(max_examples=60, deadline=None)
@given(states())
def test_text_round_trip_and_views(board):
    assert Board.parse(str(board)) == board
    view = board.legal_moves()
    listed = list(view)
    assert len(view) == view.count() == len(listed) and bool(view) == bool(listed)
    assert board.is_over == (not listed)
    for move in listed:
        assert Pair.parse(str(move)) == move
        for form in (move, str(move), (move.a, move.b), (move.b, move.a)):
            assert form in view
            assert board.play(form) == board.play(move)


@settings(max_examples=60, deadline=None)
@given(states())
def test_hint_keeps_a_clearable_board_clearable(board):
    result = solve(board)
    assert result.complete  # small states: always decided
    assert result.replayed() == result.final and result.start == board
    if board.is_over:
        assert board.hint() is None
    elif result.solved:
        hint = board.hint()
        assert hint in board.legal_moves()
        assert solve(board.play(hint)).solved
    else:
        with pytest.raises(UnsolvableError):
            board.hint()


@settings(max_examples=40, deadline=None)
@given(states(), st.integers(0, 30))
def test_limits_never_give_a_wrong_impossible(board, nodes):
    full = solve(board)
    cut = solve(board, node_limit=nodes)
    assert cut.replayed() == cut.final
    if cut.complete:
        assert cut.solved == full.solved
    else:
        assert not cut.proved_unsolvable and cut.nodes > nodes
    try:
        hint = board.hint(node_limit=nodes)
    except LimitReached:
        assert not board.is_over
    except UnsolvableError:
        assert full.proved_unsolvable
    else:
        assert hint is None or solve(board.play(hint)).solved


def test_the_reported_dead_end_hint():
    # issue #12: the first legal move of this deal leaves a board that cannot be cleared
    board = deal(4, 4, 4, seed=87, solvable=False, rules=Rules(outside=False))
    first = next(iter(board.legal_moves()))
    assert solve(board.play(first)).proved_unsolvable
    hint = board.hint()
    assert hint != first and solve(board.play(hint)).solved


def test_hint_limits_and_answers():
    board, _ = deal_with_solution(8, 8, 8, seed=3)
    with pytest.raises(LimitReached, match="hint stopped by its node limit"):
        board.hint(node_limit=0)
    with pytest.raises(LimitReached, match="time limit"):
        board.hint(time_limit=0)
    assert board.hint(time_limit=float("inf"), node_limit=10**400) in board.legal_moves()
    assert Board.parse("..").hint(node_limit=0) is None
    assert Board.parse("ab\nba").hint() is None  # stuck is over
    with pytest.raises(UnsolvableError, match="odd number"):
        Board.parse("aab\nb.b").hint(node_limit=0)  # the proof costs no node


def test_solve_keeps_the_moves_already_played():
    board, witness = deal_with_solution(6, 6, 6, seed=2)
    for pair in witness[:5]:
        board = board.play(pair)
    result = solve(board)
    assert result.start == board and len(result.moves) == len(board.tiles) // 2
    assert isinstance(result, SearchResult) and result.solution == result.final


def test_progress_can_stop_the_search_and_interrupts_keep_the_best_line():
    board = deal(16, 30, 42, seed=1, solvable=False)
    reports = []
    stopped = solve(board, progress=lambda report: reports.append(report) or True)
    assert not stopped.complete and reports
    assert stopped.replayed() == stopped.final

    def interrupt(report):
        raise KeyboardInterrupt

    interrupted = solve(board, progress=interrupt)
    assert not interrupted.complete and interrupted.replayed() == interrupted.final


@pytest.mark.parametrize("limit", [float("inf"), 10**400, None])
def test_infinite_limits_are_no_limit(limit):
    board = deal(6, 6, 6, seed=5)
    assert solve(board, time_limit=limit, node_limit=None).solved
    assert deal(6, 6, 6, seed=5, time_limit=limit) == board


def test_results_and_moves_pickle():
    board = deal(6, 6, 6, seed=5)
    result = solve(board)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(result, protocol)) == result


@given(states(), st.data())
def test_solved_and_over_properties(board, data):
    if board.legal_moves():
        after = board.play(data.draw(moves(board)))
        assert len(after.tiles) == len(board.tiles) - 2
    assert board.is_solved == (not board.tiles)
    assert board.is_stuck == (board.is_over and not board.is_solved)
