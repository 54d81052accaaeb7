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
    ArgumentError,
    Game,
    LimitReached,
    ParseError,
    UnsolvableError,
    batch,
    samegame,
    tromino,
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


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("limit", [0.0, 0.05, 0.5])
def test_solvers_and_hints_keep_short_time_limits_on_big_inputs(name, limit):
    puzzle = PUZZLES[name]
    start = puzzle.random_state(3, puzzle.presets["big"])
    puzzle.solve(start, node_limit=1)  # one-off set-up (a compiled engine's first load) first
    started = time.perf_counter()
    result = puzzle.solve(start, time_limit=limit)
    assert time.perf_counter() - started < limit + 1.5
    assert result.start == start and (result.complete or not result.proved_unsolvable)
    started = time.perf_counter()
    try:
        hint = puzzle.hint(start, time_limit=limit)
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


# -- generators: grades of any kind, tiny boards --------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=200)
@given(grade=st.none() | st.integers() | st.text(max_size=8) | st.binary(max_size=4)
       | st.lists(st.text(max_size=3), max_size=2))
def test_generate_refuses_anything_but_a_grade_clearly(name, grade):
    puzzle = PUZZLES[name]
    if grade in puzzle.grades:
        return
    with pytest.raises((TypeError, ArgumentError), match="grade"):
        puzzle.generate(grade, seed=1, node_limit=100)


@settings(max_examples=200, deadline=None)
@given(height=st.integers(1, 4), width=st.integers(1, 4), colours=st.integers(1, 12),
       min_group=st.integers(1, 16), seed=st.integers(0, 10**6))
def test_samegame_clearable_boards_exist_for_every_small_size_and_min_group(
    height, width, colours, min_group, seed
):
    params = samegame.Params(width, height, colours, samegame.Rules(min_group=min_group))
    if min_group > height * width:
        with pytest.raises(ArgumentError, match="can be cleared"):
            samegame.clearable_board(params, seed=seed)
        return
    level = samegame.clearable_board(params, seed=seed)
    assert level.replayed().is_solved


@pytest.mark.parametrize("size", [(2, 2, 1), (2, 3, 0), (3, 3, 0), (1, 6, 3), (3, 4, 3)])
@pytest.mark.parametrize("grade", ["medium", "hard"])
def test_tromino_grades_out_of_reach_of_tiny_boards_give_up_fast(size, grade):
    height, width, holes = size
    started = time.perf_counter()
    try:
        level = tromino.generate(grade, tromino.Params(width, height, holes=holes), seed=1)
    except (ArgumentError, LimitReached):
        assert time.perf_counter() - started < 3  # about 0.5 s idle at most
        return
    assert level.grade == grade == tromino.grade_of(level.start)


# -- games: headers and timings that must read back -------------------------------------------


class _Now:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@settings(max_examples=600)
@given(headers=st.dictionaries(st.text(max_size=10), st.text(max_size=10), max_size=5),
       name=st.sampled_from(NAMES), seed=st.integers(0, 50))
def test_any_headers_on_any_puzzle_are_refused_or_read_back_equal(headers, name, seed):
    now = _Now()
    start = PUZZLES[name].random_state(seed)
    try:
        game = Game(start, headers=headers, time_source=now)
    except ArgumentError as error:
        assert "header" in str(error)
        return
    text = game.record(date="2026-12-01")
    assert Game.from_record(text, time_source=now).record(date="2026-12-01") == text


@settings(max_examples=600)
@given(limit=st.none() | st.floats(0, 1e9) | st.integers(0, 10**30),
       waits=st.lists(st.floats(0, 1e9), min_size=1, max_size=5), resign=st.booleans(),
       name=st.sampled_from(NAMES), seed=st.integers(0, 50))
def test_any_timings_on_any_puzzle_read_back_to_an_equal_game(limit, waits, resign, name,
                                                              seed):
    now = _Now()
    game = Game(PUZZLES[name].random_state(seed), time_limit=limit, time_source=now)
    for wait in waits:
        now.now += wait
        moves = list(game.legal_moves())
        if not moves:
            break
        game.play(moves[0])
    now.now += waits[-1]
    if resign:
        game.resign()
    text = game.record(date="2026-12-01")
    again = Game.from_record(text, time_source=now)
    assert again.outcome == game.outcome and again.clock.elapsed == game.clock.elapsed
    assert again.record(date="2026-12-01") == text


# -- gym: sizes an environment cannot serve -----------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(height=st.integers(-2, 10**6) | st.integers(), width=st.integers(-2, 400),
       name=st.sampled_from([name for name in NAMES if PUZZLES[name].gym is not None]))
def test_gym_sizes_are_served_or_refused_at_once(height, width, name):
    gym = pytest.importorskip("puzzlekit.gym")
    started = time.perf_counter()
    try:
        made = gym.make(name, params=f"{width}x{height}")
    except (ValueError, TypeError):
        assert time.perf_counter() - started < 0.5
        return
    from puzzlekit.gym.env import MAX_ACTIONS

    assert made.action_space.n <= MAX_ACTIONS
