"""The slower hostile-input sweep, over every registered puzzle.

Run with ``pytest -m sweep`` (CI runs it after the main suite); the default
run leaves it out. Each class of hostile input from the fast suites is
tried here with many more examples and larger inputs: any text into every
parser, big inputs under short limits into every solver and hint.
"""

from __future__ import annotations

import contextlib
import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import (
    PUZZLES,
    LimitReached,
    ParseError,
    UnsolvableError,
    batch,
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


# -- batch: job lines and results files -------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=3),
    max_leaves=8,
)


@settings(max_examples=1500)
@given(line=st.one_of(
    st.text(max_size=200),
    st.integers(1, 20000).map(lambda depth: "[" * depth + "]" * depth),
    st.integers(4000, 6000).map(lambda digits: '{"id": ' + "9" * digits + "}"),
))
def test_any_job_line_is_a_job_or_a_parse_error_naming_it(line):
    try:
        jobs = batch.read_jobs([line])
    except ParseError as error:
        assert str(error).startswith("line 1: ")
        return
    assert batch.read_jobs([json.dumps(job.to_json()) for job in jobs]) == jobs


@settings(max_examples=500)
@given(
    puzzle=st.sampled_from(NAMES),
    command=st.sampled_from(list(batch.COMMANDS)),
    options=st.dictionaries(st.sampled_from(["grade", "seed", "node_limit", "time_limit"]),
                            JSON_VALUES, max_size=3),
)
def test_job_options_of_any_kind_are_read_or_fail_once_for_all(puzzle, command, options):
    job = {"id": 1, "puzzle": puzzle, "command": command, "start": "", **options}
    if command == "generate":
        del job["start"]
    try:
        batch.read_jobs([json.dumps(job)])
    except ParseError:
        line = batch.run_job(batch.Job(1, puzzle, command, job))
        assert line["ok"] is False and line["retry"] is False


@settings(max_examples=300)
@given(chunks=st.lists(st.binary(max_size=60) | JSON_VALUES.map(json.dumps).map(str.encode),
                       max_size=10))
def test_any_bytes_in_a_results_file_leave_only_result_lines_counted(tmp_path_factory, chunks):
    path = tmp_path_factory.mktemp("results") / "out.jsonl"
    path.write_bytes(b"\n".join(chunks))
    assert batch.finished_ids(path) == set()  # none of it is a result line of a batch
