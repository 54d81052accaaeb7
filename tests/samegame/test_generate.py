"""Clearable boards: every one is cleared by its witness, a seed gives the same board."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import ArgumentError, LimitReached
from puzzlekit.samegame import (
    CLICKOMANIA,
    PRESETS,
    Board,
    ClearableBoard,
    Rules,
    clearable_board,
    play_sequence,
    solve,
)


def replay(puzzle: ClearableBoard) -> Board:
    board = puzzle.board
    for move in puzzle.witness:
        assert move in board.legal_moves()
        board = board.play(move)
    return board


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 12), st.integers(2, 12), st.integers(3, 8), st.sampled_from(list(PRESETS)),
    st.integers(0, 2**32),
)
def test_every_board_is_full_and_cleared_by_its_witness(
    height: int, width: int, colours: int, rules: str, seed: int
) -> None:
    try:
        puzzle = clearable_board(height, width, colours, seed=seed, rules=PRESETS[rules],
                                 trials=4, node_limit=200_000)
    except LimitReached:
        return  # some shapes have no board this construction reaches in time
    board = puzzle.board
    assert (board.height, board.width, board.count) == (height, width, height * width)
    assert set(board.colours) <= set(range(colours)) and board.rules == PRESETS[rules]
    assert replay(puzzle).is_solved
    assert play_sequence(board, puzzle.witness)[0].is_solved
    assert 0 <= puzzle.difficulty <= 1


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.integers(2, 3), st.integers(1, 3),
       st.integers(0, 2**32))
def test_small_boards_are_proved_clearable_by_the_solver(
    height: int, width: int, colours: int, min_group: int, seed: int
) -> None:
    rules = Rules(min_group=min_group)
    if height * width < min_group:
        with pytest.raises(ArgumentError):
            clearable_board(height, width, colours, rules=rules)
        return
    try:
        puzzle = clearable_board(height, width, colours, seed=seed, rules=rules,
                                 node_limit=50_000)
    except LimitReached:
        return
    result = solve(puzzle.board, node_limit=200_000)
    assert not result.proved_unsolvable and replay(puzzle).is_solved


def test_the_same_seed_gives_the_same_board() -> None:
    first = clearable_board(10, 12, 5, seed=42)
    assert clearable_board(10, 12, 5, seed=42) == first
    assert clearable_board(10, 12, 5, seed=43) != first
    assert len({clearable_board(6, 6, 4).board for _ in range(5)}) > 1  # seed=None: fresh


def test_one_colour_is_one_group_and_grading_counts_failures() -> None:
    puzzle = clearable_board(3, 4, 1, seed=0)
    assert puzzle.board.colours == (0,) and len(puzzle.witness) == 1
    assert puzzle.difficulty == 0.0
    assert clearable_board(8, 8, 5, seed=1, trials=0).difficulty == 0.0
    graded = [clearable_board(8, 8, 5, seed=seed).difficulty for seed in range(5)]
    assert all(grade * 16 == int(grade * 16) for grade in graded)
    assert clearable_board(4, 4, 3, seed=3, rules=CLICKOMANIA).board.rules == CLICKOMANIA


def test_a_large_board() -> None:
    puzzle = clearable_board(50, 50, 5, seed=2, trials=1)
    assert replay(puzzle).is_solved


def test_limits_and_arguments() -> None:
    with pytest.raises(LimitReached):
        clearable_board(10, 10, 5, seed=1, node_limit=5)
    with pytest.raises(LimitReached):
        clearable_board(20, 20, 5, seed=1, time_limit=0)
    with pytest.raises(ArgumentError, match="no 1 x 2 board can be cleared with min_group 3"):
        clearable_board(1, 2, 3, rules=Rules(min_group=3))
    with pytest.raises(ArgumentError):
        clearable_board(1001, 2, 3)
    with pytest.raises(ArgumentError):
        clearable_board(2, 2, 63)
    with pytest.raises(TypeError):
        clearable_board(2, 2, 3, rules="standard")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        clearable_board(2, 2, 3, seed="1")  # type: ignore[arg-type]
