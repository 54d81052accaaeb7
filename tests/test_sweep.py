"""The slower hostile-input sweep, over every registered puzzle.

Run with ``pytest -m sweep`` (CI runs it after the main suite); the default
run leaves it out. Each class of hostile input from the fast suites is
tried here with many more examples and larger inputs: any text into every
parser, big inputs under short limits into every solver and hint.
"""

from __future__ import annotations

import contextlib
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import (
    PUZZLES,
    LimitReached,
    ParseError,
    UnsolvableError,
    linkpath,
    samegame,
    tromino,
    twist,
)

pytestmark = pytest.mark.sweep

NAMES = list(PUZZLES)
GRID_TEXT = st.text(alphabet="0123456789abcAB.#x, \n\t-:=rulesnumbrs", max_size=400)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=1500)
@given(text=st.one_of(GRID_TEXT, st.text(max_size=200)))
def test_any_text_is_a_state_or_a_parse_error(name, text):
    puzzle = PUZZLES[name]
    try:
        state = puzzle.state.parse(text)
    except ParseError:
        return
    assert puzzle.state.parse(str(state)) == state


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=1500)
@given(text=st.one_of(st.text(alphabet="0123456789,. -abcdhnswABCD", max_size=30), st.text()))
def test_any_text_is_a_move_or_a_parse_error(name, text):
    move_type = PUZZLES[name].move
    try:
        move = move_type.parse(text)
    except ParseError:
        return
    assert move_type.parse(str(move)) == move


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("size", [10**6, 10**7])
def test_megabytes_of_text_are_refused_or_read_quickly(name, size):
    for text in ("1" * size, "\n" * size + "11\n11", "a" * (size // 2) + "\n" + "b" * (size // 2)):
        started = time.perf_counter()
        with contextlib.suppress(ParseError):
            PUZZLES[name].state.parse(text)
        assert time.perf_counter() - started < 5


BIG_STARTS = {
    "twist": lambda: twist.State(),
    "tromino": lambda: tromino.random_board(64, 64, holes=7, seed=3),
    "linkpath": lambda: linkpath.deal(40, 40, 60, seed=3),
    "samegame": lambda: samegame.random_board(300, 300, 5, seed=1),
}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("limit", [0.0, 0.05, 0.5])
def test_solvers_and_hints_keep_short_time_limits_on_big_inputs(name, limit):
    start = BIG_STARTS[name]()
    puzzle = PUZZLES[name]
    started = time.perf_counter()
    result = puzzle.solve(start, time_limit=limit)
    assert time.perf_counter() - started < limit + 1.5
    assert result.start == start and (result.complete or not result.proved_unsolvable)
    started = time.perf_counter()
    try:
        hint = start.hint(time_limit=limit)
    except (LimitReached, UnsolvableError):
        hint = None
    assert time.perf_counter() - started < limit + 1.5
    assert hint is None or hint in start.legal_moves()
