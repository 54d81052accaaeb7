"""Random boards and the shipped standard set."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlekit.samegame import Board, load_standard_set, random_board


@given(st.integers(1, 12), st.integers(1, 12), st.integers(1, 62), st.integers(0, 2**64))
def test_random_board_is_full_reproducible_and_in_range(rows, cols, colours, seed):
    board = random_board(rows, cols, colours, seed=seed)
    assert board == random_board(rows, cols, colours, seed=seed)
    assert (board.height, board.width, board.count) == (rows, cols, rows * cols)
    assert set(board.colours) <= set(range(colours))
    assert Board.parse(str(board)) == board


def test_random_boards_differ_by_seed_and_use_every_colour():
    boards = {random_board(10, 10, 5, seed=seed) for seed in range(20)}
    assert len(boards) == 20
    assert all(board.colours == (0, 1, 2, 3, 4) for board in boards)


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((0, 5, 3), ValueError),
        ((5, 0, 3), ValueError),
        ((5, 5, 0), ValueError),
        ((5, 5, 63), ValueError),
        ((5.0, 5, 3), TypeError),
        ((5, 5, True), TypeError),
    ],
)
def test_random_board_checks_its_arguments(args, error):
    with pytest.raises(error):
        random_board(*args, seed=1)


def test_random_board_refuses_non_int_seeds():
    with pytest.raises(TypeError, match="seed"):
        random_board(3, 3, 3, seed="1")  # type: ignore[arg-type]


def test_standard_set_has_20_full_15x15_boards_of_5_colours():
    boards = load_standard_set()
    assert len(boards) == 20 and len(set(boards)) == 20
    for board in boards:
        assert (board.height, board.width, board.count) == (15, 15, 225)
        assert board.colours == (0, 1, 2, 3, 4)
    # Spot checks against the published file (position 1, top row; position 20, bottom row).
    assert boards[0].rows[0] == (3, 1, 1, 4, 1, 0, 4, 0, 4, 4, 1, 1, 0, 2, 3)
    assert boards[19].rows[14] == (3, 4, 1, 4, 4, 0, 0, 0, 0, 1, 0, 2, 1, 0, 0)


def test_standard_set_is_a_fresh_list_each_time():
    first = load_standard_set()
    first.clear()
    assert len(load_standard_set()) == 20
