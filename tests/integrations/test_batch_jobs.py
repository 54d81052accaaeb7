"""``puzzlekit.batch`` on local executors: job files, results that replay through
the engines, resuming, retries after a worker dies, Ctrl-C, the portfolio and
the ``batch`` command."""

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st
from integrations.jobs import batch_command, check_result, jobs_for, slow_jobs

from puzzlekit import PUZZLES, ArgumentError, ParseError, portfolio
from puzzlekit.batch import (
    BatchProgress,
    Job,
    finished_ids,
    read_jobs,
    run_job,
    run_jobs,
)
from puzzlekit.samegame import play_sequence, random_board


def test_a_batch_in_a_thread_pool_gives_results_that_replay():
    jobs = jobs_for(range(2))
    with ThreadPoolExecutor(2) as pool:
        results = list(run_jobs(jobs, pool))
    assert sorted(r["id"] for r in results) == sorted(j["id"] for j in jobs)
    by_id = {job["id"]: job for job in jobs}
    for result in results:
        check_result(by_id[result["id"]], result)
        assert result["attempt"] == 1 and result["seconds"] >= 0
        json.dumps(result)  # every field is JSON


job_values = st.fixed_dictionaries(
    {
        "id": st.one_of(st.integers(), st.text(max_size=8)),
        "puzzle": st.sampled_from(list(PUZZLES)),
        "command": st.sampled_from(["solve", "count"]),
        "start": st.text(max_size=20),
    },
    optional={
        "node_limit": st.none() | st.integers(0, 10**6),
        "time_limit": st.none() | st.floats(0, 1e6),
    },
)


@given(st.lists(job_values, max_size=6, unique_by=lambda job: job["id"]))
def test_jobs_written_as_json_lines_read_back_the_same(values):
    jobs = read_jobs(json.dumps(value) for value in values)
    assert [job.to_json() for job in jobs] == values
    assert read_jobs(json.dumps(job.to_json()) + "\n" for job in jobs) == jobs


@given(st.lists(st.tuples(st.integers(0, 5), st.booleans(), st.booleans()), max_size=12))
def test_finished_ids_are_the_ids_with_a_final_line(tmp_path_factory, lines):
    path = tmp_path_factory.mktemp("results") / "out.jsonl"
    head = {"puzzle": "twist", "command": "generate", "attempt": 1}
    path.write_text("".join(
        json.dumps({"id": job_id, **head, "ok": ok, "retry": retry}) + "\n"
        for job_id, ok, retry in lines
    ))
    assert finished_ids(path) == {job_id for job_id, ok, retry in lines if ok or not retry}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{", "line 2: not JSON"),
        ("[1]", "line 2: a job is a JSON object, not list"),
        ('{"puzzle": "twist", "command": "generate"}', 'line 2: a job needs an "id"'),
        ('{"id": true, "puzzle": "twist", "command": "generate"}', 'needs an "id"'),
        ('{"id": 2, "puzzle": "chess", "command": "solve"}', "no puzzle named 'chess'"),
        ('{"id": 2, "puzzle": "twist", "command": "play"}', "no command 'play'"),
        ('{"id": 2, "puzzle": "twist", "command": "generate", "size": 3}', "not 'size'"),
        ('{"id": 2, "puzzle": "twist", "command": "solve"}', 'solve needs "start"'),
        ('{"id": 2, "puzzle": "twist", "command": "solve", "start": "", "time_limit": -1}',
         "line 2: time_limit must be a number >= 0"),
        ('{"id": 2, "puzzle": "twist", "command": "count", "start": "", "node_limit": "9"}',
         "line 2: node_limit must be a number or None"),
        ('{"id": 2, "puzzle": "twist", "command": "generate", "seed": 1.5}', '"seed" must be'),
        ('{"id": 1, "puzzle": "twist", "command": "generate"}', "line 2: id 1 repeats line 1"),
    ],
)
def test_read_jobs_names_the_line_of_a_bad_job(line, message):
    first = '{"id": 1, "puzzle": "twist", "command": "generate", "seed": 1}'
    with pytest.raises(ParseError, match=message):
        read_jobs([first, line])


def test_commands_that_do_not_apply_fail_once_without_retry():
    jobs = [
        {"id": "count", "puzzle": "samegame", "command": "count", "start": "11"},
        {"id": "seed", "puzzle": "twist", "command": "solve", "start": "", "seed": 3},
        {"id": "parse", "puzzle": "twist", "command": "solve", "start": "zz"},
        {"id": "limit", "puzzle": "twist", "command": "count", "start": "", "node_limit": 5},
    ]
    with ThreadPoolExecutor(2) as pool:
        results = {r["id"]: r for r in run_jobs(jobs, pool)}
    assert len(results) == 4
    assert all(not r["ok"] and r["retry"] is False and r["attempt"] == 1
               for r in results.values())
    assert results["count"]["error"].startswith("ArgumentError: count does not apply to samegame")
    assert "takes no seed" in results["seed"]["error"]
    assert results["parse"]["error"].startswith("ParseError")
    assert results["limit"]["error"].startswith("LimitReached")


def test_an_exception_that_is_no_puzzle_error_is_reported_and_retried():
    calls = []

    class Flaky(ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):
            calls.append(args[0].id)
            if len(calls) == 1:
                return super().submit(_explode)
            return super().submit(fn, *args, **kwargs)

    job = {"id": 1, "puzzle": "twist", "command": "generate", "seed": 4}
    with Flaky(1) as pool:
        results = list(run_jobs([job], pool, retries=1))
    assert [r["ok"] for r in results] == [False, True]
    assert results[0]["error"] == "RuntimeError: boom" and results[0]["retry"] is True
    assert [r["attempt"] for r in results] == [1, 2]
    with Flaky(1) as pool:
        calls.clear()
        [only] = run_jobs([job], pool, retries=0)
    assert (only["ok"], only["retry"]) == (False, False)


def _explode():
    raise RuntimeError("boom")


def test_a_cancelled_future_is_reported_and_retried():
    class Cancelling(ThreadPoolExecutor):
        """Cancels its first job, as a cluster does when it loses a task."""

        cancelled = False

        def submit(self, fn, /, *args, **kwargs):
            if not self.cancelled:
                self.cancelled = True
                future = Future()
                future.cancel()
                return future
            return super().submit(fn, *args, **kwargs)

    job = {"id": "c", "puzzle": "tromino", "command": "generate", "seed": 2}
    with Cancelling(1) as pool:
        first, second = run_jobs([job], pool)
    assert (first["ok"], first["error"], first["retry"]) == (
        False, "CancelledError: no message", True,
    )
    assert second["ok"] and second["attempt"] == 2


def test_output_is_flushed_line_by_line_and_a_rerun_resumes(tmp_path):
    output = tmp_path / "results.jsonl"
    jobs = jobs_for([3])
    with ThreadPoolExecutor(1) as pool:
        run = run_jobs(jobs, pool, output=output)
        first = [next(run), next(run)]
        # Two lines are on disk before the batch ends: nothing finished is lost.
        assert [json.loads(line)["id"] for line in output.read_text().splitlines()] == [
            r["id"] for r in first
        ]
        run.close()  # stop early, as an interrupted run would
    with open(output, "a") as handle:
        handle.write('{"id": "half a line')  # a run killed in the middle of a write
    assert finished_ids(output) == {r["id"] for r in first}
    reports = []
    with ThreadPoolExecutor(2) as pool:
        rest = list(run_jobs(jobs, pool, output=output, progress=reports.append))
    assert sorted(r["id"] for r in rest + first) == sorted(j["id"] for j in jobs)
    assert reports[-1].done == reports[-1].total == len(jobs) - 2
    assert all(isinstance(report, BatchProgress) for report in reports)
    lines = [json.loads(line) for line in output.read_text().splitlines()
             if not line.startswith('{"id": "half')]
    assert sorted(line["id"] for line in lines) == sorted(j["id"] for j in jobs)
    with ThreadPoolExecutor(1) as pool:
        assert list(run_jobs(jobs, pool, output=output)) == []


def test_a_dead_worker_is_reported_and_its_jobs_retried_in_a_new_pool():
    jobs = slow_jobs(3, 0.8)

    def kill_a_worker():
        deadline = time.perf_counter() + 5
        while not multiprocessing.active_children() and time.perf_counter() < deadline:
            time.sleep(0.02)  # the pool starts its processes with the first job
        os.kill(multiprocessing.active_children()[0].pid, signal.SIGKILL)

    timer = threading.Timer(0.4, kill_a_worker)
    timer.start()
    try:
        results = list(run_jobs(jobs, workers=2))
    finally:
        timer.cancel()
    failures = [r for r in results if not r["ok"]]
    assert failures, "the killed worker's job must be reported"
    for failure in failures:
        assert failure["error"].startswith("BrokenProcessPool") and failure["retry"] is True
        assert failure["attempt"] == 1
    ok = {r["id"]: r for r in results if r["ok"]}
    assert sorted(ok) == [job["id"] for job in jobs]
    assert {ok[f["id"]]["attempt"] for f in failures} == {2}
    for job in jobs:
        check_result(job, ok[job["id"]])


def test_ctrl_c_stops_the_batch_and_keeps_the_finished_lines(tmp_path):
    output = tmp_path / "out.jsonl"
    jobs = [{"id": "quick", "puzzle": "twist", "command": "generate", "seed": 1},
            *slow_jobs(3, 10.0)]

    def interrupt(report):
        raise KeyboardInterrupt

    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        list(run_jobs(jobs, workers=2, output=output, progress=interrupt))
    assert time.perf_counter() - started < 8, "the slow jobs must not be waited for"
    assert [json.loads(line)["id"] for line in output.read_text().splitlines()] == ["quick"]
    deadline = time.perf_counter() + 3
    while multiprocessing.active_children() and time.perf_counter() < deadline:
        time.sleep(0.05)
    assert not multiprocessing.active_children()


def test_run_jobs_checks_its_arguments():
    job = Job(1, "twist", "generate", {"seed": 1})
    with pytest.raises(ArgumentError, match="retries must be at least 0"):
        run_jobs([job], retries=-1)
    with pytest.raises(ArgumentError, match="not with an executor"):
        run_jobs([job], ThreadPoolExecutor(1), workers=2)
    with pytest.raises(TypeError, match="progress must be callable"):
        run_jobs([job], progress=3)
    with pytest.raises(ParseError, match="no command"):
        run_jobs([{"id": 1, "puzzle": "twist", "command": "fly"}])


def test_run_job_gives_the_same_line_here_and_in_an_executor():
    from puzzlekit.tromino import count_tilings

    job = Job("x", "tromino", "count", {"start": "#....\n....."})
    result = run_job(job)
    assert result["ok"] and result["count"] == count_tilings(
        PUZZLES["tromino"].state.parse(job.options["start"])
    ) > 0
    with ThreadPoolExecutor(1) as pool:
        [again] = run_jobs([job], pool)
    assert {k: v for k, v in again.items() if k not in ("seconds", "attempt")} == {
        k: v for k, v in result.items() if k != "seconds"
    }


def test_portfolio_keeps_the_best_worker():
    board = random_board(6, 6, 3, seed=5)
    samegame = PUZZLES["samegame"]
    limits = {"node_limit": 300}
    with ThreadPoolExecutor(2) as pool:
        best = portfolio.solve(samegame, board, jobs=3, seed=1, executor=pool, **limits)
    singles = [samegame.solve(board, seed=1 + k, worker=k, **limits) for k in range(3)]
    assert best.score == max(single.score for single in singles)
    assert best.replayed() == best.final and best.start == board
    assert play_sequence(board, best.moves)[1] == best.score
    with pytest.raises(ArgumentError, match="no random numbers"):
        portfolio.solve(PUZZLES["twist"], PUZZLES["twist"].random_state(1), jobs=2)
    with pytest.raises(ArgumentError, match="jobs"):
        portfolio.solve(samegame, board, jobs=0)
    with pytest.raises(TypeError, match="unexpected keyword argument 'rules'"):
        portfolio.solve(samegame, board, jobs=1, rules=None)  # type: ignore[call-arg]


def test_the_batch_command_prints_results_and_resumes(tmp_path, capsys):
    jobs = tmp_path / "jobs.jsonl"
    lines = [json.dumps(job) for job in jobs_for([1])[:4]]
    jobs.write_text("\n".join(lines) + "\n")
    assert batch_command(str(jobs), "--workers", "1") == 0
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert sorted(r["id"] for r in printed) == sorted(json.loads(line)["id"] for line in lines)

    output = tmp_path / "out.jsonl"
    bad = '{"id": "bad", "puzzle": "linkpath", "command": "count", "start": "aa"}'
    jobs.write_text("\n".join([*lines[:2], bad]) + "\n")
    assert batch_command(str(jobs), "-o", str(output), "--workers", "1") == 2
    jobs.write_text("\n".join([*lines, bad]) + "\n")
    assert batch_command(str(jobs), "-o", str(output), "--workers", "1") == 0  # bad: done
    results = [json.loads(line) for line in output.read_text().splitlines()]
    expected = [json.loads(line)["id"] for line in lines]
    assert sorted(r["id"] for r in results) == sorted([*expected, "bad"])
    assert capsys.readouterr().out == ""


def test_the_batch_command_sums_the_run_up_in_json(tmp_path, capsys):
    from puzzlekit.serial import SCHEMA

    jsonschema = pytest.importorskip("jsonschema")
    jobs = tmp_path / "jobs.jsonl"
    lines = [json.dumps(job) for job in jobs_for([2])[:3]]
    bad = '{"id": "bad", "puzzle": "linkpath", "command": "count", "start": "aa"}'
    jobs.write_text("\n".join([*lines, bad]) + "\n")
    output = tmp_path / "out.jsonl"
    assert batch_command(str(jobs), "-o", str(output), "--workers", "1", "--json") == 2
    summary = json.loads(capsys.readouterr().out)
    jsonschema.validate(summary, SCHEMA)
    assert summary == {"kind": "batch", "jobs": 4, "done": 3, "failed": 1, "skipped": 0,
                       "output": str(output)}
    assert batch_command(str(jobs), "-o", str(output), "--workers", "1", "--json") == 0
    assert json.loads(capsys.readouterr().out)["skipped"] == 4


def test_the_batch_command_refuses_a_bad_job_file(tmp_path):
    jobs = tmp_path / "jobs.jsonl"
    jobs.write_text('{"id": 1}\n')
    with pytest.raises(ParseError, match="line 1: no puzzle named None"):
        batch_command(str(jobs))


def test_importing_puzzlekit_and_its_batch_module_stays_light():
    code = (
        "import sys, puzzlekit, puzzlekit.batch, puzzlekit.cli; "
        "heavy = {'gymnasium', 'numpy', 'dask', 'distributed'} & set(sys.modules); "
        "print(sorted(heavy))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("name", list(PUZZLES))
def test_a_generate_job_with_a_grade_makes_a_level(name):
    puzzle = PUZZLES[name]
    grade = puzzle.grades[0]
    job = {"id": 1, "puzzle": name, "command": "generate", "seed": 5, "grade": grade,
           "time_limit": 60}
    (result,) = run_jobs(read_jobs([json.dumps(job)]), ThreadPoolExecutor(1))
    assert result["ok"], result
    start = puzzle.state.parse(result["start"])
    assert result["grade"] == grade == puzzle.grade(start)
    for move in result["witness"]:
        start = start.play(move)
    assert start.is_solved
    wrong = dict(job, grade="impossible")
    with pytest.raises(ParseError, match="line 1: no grade 'impossible'"):
        read_jobs([json.dumps(wrong)])
    failed = run_job(Job(1, name, "generate", {"grade": "impossible"}))
    assert not failed["ok"] and "no grade" in failed["error"] and not failed["retry"]
