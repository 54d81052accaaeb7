"""SameGame params: text round trips, clear errors, presets, and what random starts keep."""

import pytest
from hypothesis import given, settings

from puzzlekit import PUZZLES, ArgumentError, ParseError
from puzzlekit.params import PRESET_NAMES
from puzzlekit.samegame import (
    CLICKOMANIA,
    PRESETS,
    RULE_SETS,
    STANDARD,
    Params,
    Rules,
    params_of,
    random_state,
    solve,
)
from puzzlekit.samegame.strategies import params


@settings(max_examples=60)
@given(params(max_side=30))
def test_params_text_round_trips_and_is_short(value):
    text = str(value)
    assert Params.parse(text) == value
    assert text.split()[0] == f"{value.width}x{value.height}"
    assert ("colours=" in text) == (value.colours != 3)
    assert (len(text.split()) == 1) == (value.colours == 3 and value.rules == STANDARD)


def test_the_size_is_width_first_and_settings_keep_defaults():
    value = Params.parse("15x10")
    assert (value.width, value.height, value.size) == (15, 10, (15, 10))
    assert Params.parse("colours=5") == Params(colours=5)
    assert Params.parse("4x4 rules=clickomania").rules == CLICKOMANIA
    assert Params.parse("4x4 rules=clickomania min_group=3").rules == Rules(
        min_group=3, offset=0, squared=False, clear_bonus=0)
    assert str(Params(rules=RULE_SETS["clear-the-board"])) == "10x10 rules=clear-the-board"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("10", "not of the form WIDTHxHEIGHT"),
        ("10,10", "not of the form WIDTHxHEIGHT"),
        ("0x10", "width must be from 1 to 1000, not 0"),
        ("10x1001", "height must be from 1 to 1000, not 1001"),
        ("10x10 colours=0", "colours must be a whole number from 1 to 62"),
        ("10x10 colours=3 colours=4", "colours is set twice"),
        ("10x10 rules=easy", "rules must be standard, clear-the-board or clickomania"),
        ("10x10 squared=maybe", "squared must be yes or no"),
        ("10x10 holes=3", "unknown setting 'holes=3'"),
        ("10x10 min_group=0", "min_group must be a whole number from 1"),
    ],
)
def test_bad_params_texts_say_what(text, message):
    with pytest.raises(ParseError, match=message) as caught:
        Params.parse(text)
    assert "samegame params" in str(caught.value)


def test_bad_params_values_say_what():
    with pytest.raises(ArgumentError, match="colours must be from 1 to 62, not 63"):
        Params(colours=63)
    with pytest.raises(TypeError, match="rules must be a samegame Rules"):
        Params(rules="standard")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Params.parse(3)  # type: ignore[arg-type]


def test_presets_are_valid_and_do_what_they_say():
    assert set(PRESET_NAMES) <= set(PRESETS) and PUZZLES["samegame"].presets is PRESETS
    for name, value in PRESETS.items():
        assert Params.parse(str(value)) == value, name
        assert params_of(random_state(1, value)) == value, name
    assert PRESETS["default"] == Params()
    small = random_state(3, PRESETS["small"])
    assert solve(small, seed=0, engine="python").complete  # the beam finishes
    big = random_state(3, PRESETS["big"])
    assert not solve(big, node_limit=20_000, seed=0).complete  # a search needs its limits


def test_params_of_reads_size_colours_and_rules():
    board = random_state(2, Params(width=7, height=3, colours=4, rules=CLICKOMANIA))
    assert params_of(board) == Params(width=7, height=3, colours=4, rules=CLICKOMANIA)
    with pytest.raises(TypeError, match="samegame Board"):
        params_of("11")  # type: ignore[arg-type]
