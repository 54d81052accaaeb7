"""Params, presets and the registry's fields: round trips, errors, and starts that keep them."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import PUZZLES, ArgumentError, LimitReached, ParseError
from puzzlekit.params import PRESET_NAMES
from puzzlekit.tromino import (
    PRESETS,
    PUZZLE,
    Board,
    Params,
    count_completions,
    count_tilings,
    default_holes,
    generate,
    hint,
    params_of,
    random_state,
    solve,
)
from puzzlekit.tromino.strategies import params, states


@settings(max_examples=60)
@given(st.integers(1, 40), st.integers(1, 40), st.data())
def test_text_round_trips(width, height, data):
    holes = data.draw(st.integers(0, width * height))
    value = Params(width, height, holes=holes)
    assert Params.parse(str(value)) == value
    assert value.size == (width, height)
    # Only a non-default holes count is written: str stays short.
    assert ("holes=" in str(value)) == (holes != default_holes(height, width))


def test_sizes_are_width_first():
    assert Params.parse("9x5") == Params(width=9, height=5)
    assert Params.parse("9x5 holes=3").holes == 3
    assert str(Params(9, 5, holes=3)) == "9x5 holes=3"


@pytest.mark.parametrize(
    ("text", "error", "says"),
    [("8", ParseError, "WIDTHxHEIGHT"), ("8,8", ParseError, "WIDTHxHEIGHT"),
     ("holes=3", ParseError, "no size"), ("8x8 holes=x", ParseError, "holes must be"),
     ("8x8 holes=1 holes=4", ParseError, "set twice"), ("8x8 pegs=1", ParseError, "unknown"),
     ("0x8", ArgumentError, "width"), ("8x0", ArgumentError, "height"),
     ("8x8 holes=65", ArgumentError, "holes must be from 0 to 64"),
     ("5000x5000", ArgumentError, "MAX_CELLS")],
)
def test_bad_texts_say_what(text, error, says):
    with pytest.raises(error, match=says):
        Params.parse(text)


def test_bad_values_are_refused():
    with pytest.raises(TypeError):
        Params("8", 8)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Params.parse(8)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"Params\.parse"):
        random_state(1, "8x8")  # type: ignore[arg-type]


def test_presets_are_valid_and_named():
    assert set(PRESET_NAMES) <= set(PRESETS) and PUZZLE.presets is PRESETS
    assert str(PRESETS["small"]) == "6x6 holes=3" and PRESETS["default"] == Params(8, 8)
    for value in PRESETS.values():
        assert params_of(random_state(1, value)) == value
    small = random_state(3, PRESETS["small"])
    assert solve(small, seed=1).complete and count_completions(small) >= 1


def test_big_needs_its_limits():
    big = random_state(1, PRESETS["big"])
    with pytest.raises(LimitReached):
        count_completions(big, time_limit=0.2)


@settings(max_examples=40, deadline=None)
@given(params(max_side=7), st.integers(0, 2**32 - 1))
def test_random_state_keeps_its_params(value, seed):
    start = random_state(seed, value)
    assert params_of(start) == value and start == random_state(seed, value)
    assert not start.trominoes and not start.is_over


def test_generate_keeps_its_params():
    for value in (PRESETS["tiny"], PRESETS["small"], Params(7, 5)):
        level = generate("easy", value, seed=1)
        assert params_of(level.start) == value and level.replayed().is_solved
    assert generate("easy", seed=4).start == generate("easy", PRESETS["default"], seed=4).start


def test_the_default_params_are_the_default_preset():
    assert random_state(5) == random_state(5, PRESETS["default"])
    assert params_of(random_state(5)) == PRESETS["default"]


def test_seeds_reproduce_and_none_is_fresh():
    assert len({str(random_state(None, PRESETS["small"])) for _ in range(6)}) > 1
    board = Board(6, 6)
    assert solve(board, seed=3) == solve(board, seed=3)
    assert solve(board, seed=3, worker=1) == solve(board, seed=3, worker=1)
    tilings = {solve(board, seed=3, worker=worker).moves for worker in range(6)}
    assert len(tilings) > 1  # workers of one seed search in other orders
    assert len({solve(board).moves for _ in range(8)}) > 1
    with pytest.raises(ArgumentError):
        solve(board, seed=1, worker=-1)
    with pytest.raises(TypeError):
        solve(board, seed="1")  # type: ignore[arg-type]


def test_hint_raises_on_a_limit_and_is_the_registrys():
    assert PUZZLE.hint is hint and PUZZLE.seeded and PUZZLE.count is count_completions
    board = random_state(2, PRESETS["default"])
    for limit in ({"node_limit": 0}, {"time_limit": 0}):
        with pytest.raises(LimitReached):
            hint(board, **limit)
        with pytest.raises(LimitReached):
            board.hint(**limit)
    assert board.hint() == hint(board) and board.play(hint(board)).hint() is not None


@settings(max_examples=30, deadline=None)
@given(states())
def test_count_completions_counts_the_free_cells(board):
    free = Board(board.height, board.width,
                 [*board.holes, *(cell for t in board.trominoes for cell in t.cells)])
    count = count_completions(board)
    assert count == count_tilings(free)
    assert solve(board, seed=0).solved == (count > 0)


def test_the_registry_describes_the_puzzle():
    assert PUZZLES["tromino"] is PUZZLE
    start = PUZZLE.state.parse(PUZZLE.example)
    assert PUZZLE.params_of(start) == Params(7, 4, holes=1)
    assert PUZZLE.commands == "puzzlekit.tromino.cli"
    assert PUZZLE.strategies == "puzzlekit.tromino.strategies"
    assert PUZZLE.gym == "puzzlekit.tromino.gym:TrominoAdapter"
    with pytest.raises(TypeError):
        params_of("#.\n..")  # type: ignore[arg-type]
