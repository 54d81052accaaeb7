"""The portfolio over workers, written once for every seeded solver."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from puzzlekit import PUZZLES, ArgumentError
from puzzlekit.portfolio import MAX_JOBS, rank, solve

SEEDED = [name for name in PUZZLES if PUZZLES[name].seeded]
UNSEEDED = [name for name in PUZZLES if not PUZZLES[name].seeded]


@pytest.mark.parametrize("name", SEEDED)
def test_the_best_worker_wins_and_replays(name):
    puzzle = PUZZLES[name]
    state = puzzle.random_state(3, puzzle.presets["small"])
    with ThreadPoolExecutor(2) as pool:
        best = solve(puzzle, state, jobs=3, seed=10, node_limit=500, executor=pool)
    alone = [puzzle.solve(state, seed=10 + k, worker=k, node_limit=500) for k in range(3)]
    assert rank(best) == max(rank(result) for result in alone)
    assert best.replayed() == best.final


@pytest.mark.parametrize("name", SEEDED)
def test_the_time_limit_is_the_portfolios_whatever_the_jobs(name):
    puzzle = PUZZLES[name]
    state = puzzle.random_state(1, puzzle.presets["big"])
    began = time.monotonic()
    with ThreadPoolExecutor(2) as pool:
        result = solve(puzzle, state, jobs=MAX_JOBS, seed=1, time_limit=0.5, executor=pool)
    assert time.monotonic() - began < 0.5 + 1.5
    assert result.replayed() == result.final


@pytest.mark.parametrize("jobs", [0, -1, MAX_JOBS + 1, 2**63])
def test_jobs_out_of_range_are_refused(jobs):
    puzzle = PUZZLES[SEEDED[0]]
    with pytest.raises(ArgumentError, match="jobs"):
        solve(puzzle, puzzle.random_state(1), jobs=jobs)


@pytest.mark.parametrize("name", UNSEEDED)
def test_unseeded_solvers_are_refused(name):
    puzzle = PUZZLES[name]
    with pytest.raises(ArgumentError, match="no random numbers"):
        solve(puzzle, puzzle.random_state(1), jobs=2)


def test_local_processes_run_a_portfolio():
    puzzle = PUZZLES[SEEDED[0]]
    state = puzzle.random_state(2, puzzle.presets["small"])
    result = solve(puzzle, state, jobs=2, seed=4, node_limit=200)
    assert result.replayed() == result.final
