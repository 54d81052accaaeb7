"""``puzzlekit batch`` on a real Dask cluster of two worker processes, one of
them killed while it runs a job."""

import argparse
import json
import logging
import os
import threading
import time

import pytest

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")

from integrations.jobs import check_result, jobs_for, slow_jobs  # noqa: E402

from puzzlekit import PUZZLES, portfolio  # noqa: E402
from puzzlekit.batch import register, run_jobs  # noqa: E402
from puzzlekit.samegame import play_sequence, random_board  # noqa: E402


@pytest.fixture(scope="module")
def client():
    # A worker that dies fails its task at once (KilledWorker) instead of Dask
    # rescheduling it quietly: the batch's own retry is what is tested here.
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
        silence_logs=logging.CRITICAL,
    ) as cluster, distributed.Client(cluster) as client:
        yield client


def test_a_batch_runs_on_the_cluster(client):
    jobs = jobs_for([5])
    results = list(run_jobs(jobs, client.get_executor()))
    by_id = {job["id"]: job for job in jobs}
    assert sorted(r["id"] for r in results) == sorted(by_id)
    for result in results:
        check_result(by_id[result["id"]], result)


def test_a_killed_worker_is_reported_and_its_job_retried(client, tmp_path):
    jobs = slow_jobs(2, 1.0)
    killed = []

    def exit_soon():  # runs in the worker: answer client.run, then die
        threading.Timer(0.1, os._exit, (1,)).start()

    def kill_a_busy_worker():
        deadline = time.perf_counter() + 5
        while time.perf_counter() < deadline:
            busy = [address for address, keys in client.processing().items() if keys]
            if busy:
                client.run(exit_soon, workers=busy[:1])
                killed.append(busy[0])
                return
            time.sleep(0.05)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    output = tmp_path / "out.jsonl"
    results = list(run_jobs(jobs, client.get_executor(), output=output))
    killer.join()
    assert killed
    failures = [r for r in results if not r["ok"]]
    assert failures, "the killed worker's job must be reported"
    for failure in failures:  # a task queued on the dead worker fails with it
        assert failure["error"].startswith("KilledWorker")
        assert (failure["retry"], failure["attempt"]) == (True, 1)
    ok = {r["id"]: r for r in results if r["ok"]}
    assert sorted(ok) == sorted(job["id"] for job in jobs)
    assert {ok[failure["id"]]["attempt"] for failure in failures} == {2}
    for job in jobs:
        check_result(job, ok[job["id"]])
    lines = [json.loads(line) for line in output.read_text().splitlines()]
    assert lines == results


def test_the_batch_command_takes_a_scheduler_address(client, tmp_path):
    jobs = tmp_path / "jobs.jsonl"
    jobs.write_text("\n".join(json.dumps(job) for job in jobs_for([6])[:3]) + "\n")
    output = tmp_path / "out.jsonl"
    parser = argparse.ArgumentParser(prog="puzzlekit")
    register(parser.add_subparsers())
    args = parser.parse_args(
        ["batch", str(jobs), "-o", str(output), "--scheduler", client.scheduler.address]
    )
    assert args.run(args) == 0
    assert len(output.read_text().splitlines()) == 3


def test_portfolio_runs_its_seeds_on_the_cluster(client):
    board = random_board(6, 6, 3, seed=8)
    best = portfolio.solve(PUZZLES["samegame"], board, jobs=2, seed=1,
                           executor=client.get_executor(), node_limit=200)
    assert play_sequence(board, best.moves)[1] == best.score
