"""Params, presets and the registry's fields of IQ-Twist: one board, every start on it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import PUZZLES, ArgumentError, LimitReached, ParseError
from puzzlekit.params import PRESET_NAMES
from puzzlekit.twist import (
    PRESETS,
    PUZZLE,
    Params,
    State,
    challenge_starts,
    challenges,
    count_solutions,
    generate,
    hint,
    params_of,
    random_state,
    solve,
)
from puzzlekit.twist.strategies import params, states


@given(params())
def test_text_round_trips(value):
    assert Params.parse(str(value)) == value and value.size == (8, 4)
    assert (value.width, value.height) == (8, 4)


@pytest.mark.parametrize(
    ("text", "error", "says"),
    [("4x8", ArgumentError, "8x4, not 4x8"), ("8", ParseError, "WIDTHxHEIGHT"),
     ("8x4 pegs=3", ParseError, "unknown setting"), ("8,4", ParseError, "WIDTHxHEIGHT")],
)
def test_bad_texts_say_what(text, error, says):
    with pytest.raises(error, match=says):
        Params.parse(text)


def test_presets_are_the_one_board():
    assert set(PRESET_NAMES) <= set(PRESETS) and PUZZLE.presets is PRESETS
    assert all(value == Params() for value in PRESETS.values())
    assert Params.parse("") == Params.parse("8x4") == Params()


@settings(max_examples=20)
@given(states(), st.integers(0, 2**32 - 1))
def test_every_state_and_start_has_the_board(state, seed):
    assert params_of(state) == Params()
    start = random_state(seed, Params())
    assert params_of(start) == Params() and start == random_state(seed)
    assert solve(start).solved


def test_generate_takes_the_params():
    level = generate("junior", Params(), seed=2)
    assert level == generate("junior", seed=2) and params_of(level.start) == Params()
    with pytest.raises(TypeError, match=r"Params\.parse"):
        generate("junior", "8x4", seed=2)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        random_state(1, 8)  # type: ignore[arg-type]


def test_seeds_reproduce_and_none_is_fresh():
    assert random_state(9) == random_state(9, PRESETS["default"])
    assert len({str(random_state(None)) for _ in range(6)}) > 1


def test_hint_raises_on_a_limit_and_is_the_registrys():
    assert PUZZLE.hint is hint and not PUZZLE.seeded and PUZZLE.count is count_solutions
    start = State.parse(PUZZLE.example)
    for limit in ({"node_limit": 0}, {"time_limit": 0}):
        with pytest.raises(LimitReached):
            hint(start, **limit)
        with pytest.raises(LimitReached):
            start.hint(**limit)
    assert start.hint() == hint(start) == solve(start).moves[0]


def test_the_registry_describes_the_puzzle():
    assert PUZZLES["twist"] is PUZZLE
    assert PUZZLE.shipped is challenge_starts
    assert list(PUZZLE.shipped()) == [found.start for found in challenges()]
    assert State.parse(PUZZLE.example) == challenges()[0].start
    assert PUZZLE.commands == "puzzlekit.twist.cli"
    assert PUZZLE.strategies == "puzzlekit.twist.strategies"
    assert PUZZLE.gym == "puzzlekit.twist.gym:TwistAdapter"
    with pytest.raises(TypeError):
        params_of("f3C4")  # type: ignore[arg-type]
