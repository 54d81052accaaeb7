"""Linkpath params: text round trips, clear errors, presets, and what random starts keep."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import PUZZLES, ArgumentError, LimitReached, ParseError
from puzzlekit.linkpath import (
    PRESETS,
    Board,
    Params,
    Rules,
    hint,
    params_of,
    random_state,
    solve,
)
from puzzlekit.linkpath.strategies import params
from puzzlekit.params import PRESET_NAMES


@settings(max_examples=60)
@given(params())
def test_params_text_round_trips_and_random_states_keep_them(value):
    text = str(value)
    assert Params.parse(text) == value
    assert text.split()[0] == f"{value.width}x{value.height}"
    assert ("kinds=" in text) == (value.kinds != 24)
    start = random_state(1, value)
    assert params_of(start) == value and start.is_valid()


@settings(max_examples=20)
@given(params(), st.integers(0, 2**64))
def test_the_seed_none_is_fresh_and_an_int_reproduces(value, seed):
    assert random_state(seed, value) == random_state(seed, value)


def test_fresh_random_states_differ():
    assert len({random_state() for _ in range(6)}) > 1


def test_the_size_is_width_first_and_settings_keep_defaults():
    value = Params.parse("16x9 kinds=12")
    assert (value.width, value.height, value.kinds, value.rules) == (16, 9, 12, Rules())
    assert Params.parse("kinds=4") == Params(kinds=4)
    assert Params.parse("8x6 slide=yes").rules == Rules(slide=True)
    assert str(Params(rules=Rules(gravity="down", outside=False))) == "12x8 outside=no gravity=down"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("12", "not of the form WIDTHxHEIGHT"),
        ("12 by 8", "not of the form WIDTHxHEIGHT"),
        ("201x8", "width must be from 1 to 200, not 201"),
        ("12x8 kinds=0", "kinds must be a whole number from 1 to 40000"),
        ("12x8 kinds=6 kinds=7", "kinds is set twice"),
        ("12x8 gravity=up", "gravity must be none or down"),
        ("12x8 max_turns=3", "max_turns must be a whole number from 0 to 2"),
        ("12x8 slide=yes max_turns=2", "slide=True needs max_turns=1"),
        ("12x8 colours=3", "unknown setting 'colours=3'"),
    ],
)
def test_bad_params_texts_say_what(text, message):
    with pytest.raises(ParseError, match=message) as caught:
        Params.parse(text)
    assert "linkpath params" in str(caught.value)


def test_bad_params_values_say_what():
    with pytest.raises(ArgumentError, match="height must be from 1 to 200, not 0"):
        Params(height=0)
    with pytest.raises(TypeError, match="rules must be a linkpath Rules"):
        Params(rules="gravity=down")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="an odd number"):
        random_state(1, Params(3, 3, 2))
    with pytest.raises(TypeError, match="params must be linkpath params"):
        random_state(1, "6x4")  # type: ignore[arg-type]


def test_presets_are_valid_and_do_what_they_say():
    assert set(PRESET_NAMES) <= set(PRESETS) and PUZZLES["linkpath"].presets is PRESETS
    for name, value in PRESETS.items():
        assert Params.parse(str(value)) == value, name
        assert params_of(random_state(1, value)) == value, name
    small = solve(random_state(3, PRESETS["small"]))
    assert small.complete and small.seconds < 1
    assert not solve(random_state(3, PRESETS["big"]), node_limit=50).complete


def test_hint_is_the_puzzles_hint_and_raises_on_its_limits():
    board = random_state(4, PRESETS["default"])
    assert PUZZLES["linkpath"].hint is hint
    move = hint(board)
    assert move in board.legal_moves() and solve(board.play(move)).solved
    assert board.hint() == move
    for limits in ({"node_limit": 0}, {"time_limit": 0}):
        with pytest.raises(LimitReached, match="hint stopped by its"):
            hint(board, **limits)  # type: ignore[arg-type]
    assert hint(Board.parse("..")) is None
