"""Jobs for the batch tests, and a check of a result through the engines' public API."""

import argparse

from puzzlekit import PUZZLES
from puzzlekit.batch import register
from puzzlekit.samegame import play_sequence, random_board
from puzzlekit.twist import count_solutions


def jobs_for(seeds):
    """A generate, a solve and a count for every puzzle that has them, per seed."""
    jobs = []
    for seed in seeds:
        for name, puzzle in PUZZLES.items():
            start = str(puzzle.random_state(seed))
            jobs.append({"id": f"{name}-g{seed}", "puzzle": name, "command": "generate",
                         "seed": seed})
            jobs.append({"id": f"{name}-s{seed}", "puzzle": name, "command": "solve",
                         "start": start, "node_limit": 20000})
        jobs.append({"id": f"twist-c{seed}", "puzzle": "twist", "command": "count",
                     "start": str(PUZZLES["twist"].random_state(seed))})
    return jobs


def check_result(job, result):
    """*result* is right for *job*, checked through the engine's public API."""
    assert (result["id"], result["puzzle"], result["command"]) == (
        job["id"], job["puzzle"], job["command"],
    )
    assert result["ok"], result
    puzzle = PUZZLES[job["puzzle"]]
    if job["command"] == "generate":
        assert result["text"] == str(puzzle.random_state(job["seed"]))
    elif job["command"] == "solve":
        state = puzzle.state.parse(job["start"])
        for text in result["moves"]:
            state = state.play(puzzle.move.parse(text))
        assert str(state) == result["final"]
        assert result["solved"] == state.is_solved
        if job["puzzle"] == "samegame":
            start = puzzle.state.parse(job["start"])
            assert play_sequence(start, result["moves"])[1] == result["score"]
    else:
        assert result["count"] == count_solutions(puzzle.state.parse(job["start"]))


def slow_jobs(count, seconds):
    """SameGame solves of 15 x 15 boards, each running for its whole time limit."""
    return [
        {"id": f"slow{seed}", "puzzle": "samegame", "command": "solve",
         "start": str(random_board(15, 15, 5, seed=seed)), "time_limit": seconds, "seed": 1}
        for seed in range(count)
    ]


def batch_command(*argv):
    """Run ``puzzlekit batch ARGV`` in this process; return its exit status."""
    parser = argparse.ArgumentParser(prog="puzzlekit")
    register(parser.add_subparsers())
    args = parser.parse_args(["batch", *argv])
    return args.run(args)
