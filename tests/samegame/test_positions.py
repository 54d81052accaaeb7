"""Random boards and the shipped standard set."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import PUZZLES
from puzzlekit.samegame import (
    CLICKOMANIA,
    MAX_SIDE,
    PRESETS,
    Board,
    load_standard_set,
    params_of,
    random_board,
    random_state,
    solve,
)
from puzzlekit.samegame.strategies import params


@given(st.integers(1, 12), st.integers(1, 12), st.integers(1, 62), st.integers(0, 2**64))
def test_random_board_is_full_reproducible_and_in_range(height, width, colours, seed):
    board = random_board(height, width, colours, seed=seed)
    assert board == random_board(height, width, colours, seed=seed)
    assert (board.height, board.width, board.count) == (height, width, height * width)
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
        ((1001, 1, 3), ValueError),
        ((1, 1001, 3), ValueError),
        ((2**64, 1, 3), ValueError),
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


def test_random_board_without_a_seed_is_fresh_and_takes_rules():
    assert len({random_board(6, 6, 4) for _ in range(5)}) == 5
    assert random_board(2, 2, 2, seed=1, rules=CLICKOMANIA).rules == CLICKOMANIA
    big = random_board(MAX_SIDE, MAX_SIDE, 2, seed=1)
    assert big.height * big.width == MAX_SIDE**2


@given(st.integers(0, 2**64))
def test_the_small_preset_solves_completely_and_fast(seed):
    small = PRESETS["small"]
    state = random_state(seed, small)
    assert state == random_state(seed, small) == PUZZLES["samegame"].random_state(seed, small)
    result = solve(state, seed=0, engine="python")  # the beam, which finishes
    assert result.complete and result.seconds < 1  # about 0.05 s; a loaded machine is slower


@settings(max_examples=20)
@given(params(), st.integers(0, 2**64))
def test_random_state_keeps_its_params(wanted, seed):
    state = random_state(seed, wanted)
    found = params_of(state)
    assert found.size == wanted.size and found.rules == wanted.rules
    assert found.colours <= wanted.colours  # a colour may be missing from a small board
    assert (state.width, state.height, state.count) == (*wanted.size, wanted.width * wanted.height)


def test_random_state_defaults_to_the_default_preset_and_fresh_randomness():
    assert params_of(random_state(1)) == PRESETS["default"]
    assert len({random_state() for _ in range(4)}) == 4
    with pytest.raises(TypeError, match="params must be samegame params"):
        random_state(1, "5x5")  # type: ignore[arg-type]
