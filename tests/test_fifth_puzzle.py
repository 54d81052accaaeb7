"""A fifth puzzle from outside the package gets the whole mid-end.

Lights Out lives in ``tests/lightsout`` as its own distribution and registers
through its entry point alone (CI installs it with ``pip install -e
tests/lightsout``). Here it plays through every shared verb of the command
line, ``--json``, a :class:`~puzzlekit.Game` and its record, levels, batch
jobs and a Gymnasium environment that passes ``check_env``; the contract
checker runs over it in ``test_contract.py`` as over every puzzle.
"""

from __future__ import annotations

import io
import json
import os
from concurrent.futures import ThreadPoolExecutor
from contextlib import redirect_stdout

import pytest

from puzzlekit import PUZZLES, Game
from puzzlekit.batch import read_jobs, run_jobs
from puzzlekit.cli import main
from puzzlekit.serial import SCHEMA

if "lightsout" not in PUZZLES:
    if os.environ.get("CI"):
        raise RuntimeError("CI must install tests/lightsout (pip install -e tests/lightsout)")
    pytest.skip("the tests' fifth puzzle is not installed", allow_module_level=True)

jsonschema = pytest.importorskip("jsonschema")
PUZZLE = PUZZLES["lightsout"]


def run(*argv: str, stdin: str | None = None) -> tuple[int, str]:
    out = io.StringIO()
    if stdin is not None:
        import sys

        saved = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        with redirect_stdout(out):
            status = main(list(argv))
    finally:
        if stdin is not None:
            sys.stdin = saved
    return status, out.getvalue()


def document(text: str) -> dict:
    value = json.loads(text)
    jsonschema.validate(value, SCHEMA)
    return value


def test_it_registers_from_outside_the_package():
    assert PUZZLE.state.__module__.startswith("lightsout")
    assert list(PUZZLES)[-1] == "lightsout"  # after puzzlekit's own


def test_every_shared_verb_works_on_it(tmp_path):
    status, text = run("lightsout", "random", "4x3", "--seed", "5")
    assert status == 0
    start = PUZZLE.state.parse(text)
    assert (start.width, start.height) == (4, 3)
    board = tmp_path / "board.txt"
    board.write_text(text)

    status, text = run("lightsout", "show", str(board), "--json")
    shown = document(text)
    assert status == 0 and shown["kind"] == "state" and shown["width"] == 4
    assert len(shown["legal_moves"]) == (0 if start.is_solved else 12)

    status, text = run("lightsout", "solve", str(board), "--json", "--record", "-")
    result = document(text)
    assert status == 0 and result["solved"] and result["complete"]
    game = Game.from_record(result["record"])
    assert game.position.is_solved and [str(move) for move in game.moves] == result["moves"]

    status, text = run("lightsout", "play", str(board), *result["moves"], "--json")
    assert status == 0 and document(text)["solved"]

    status, text = run("lightsout", "hint", str(board), "--json")
    hint = document(text)
    assert status == 0 and (hint["move"] is None) == start.is_solved

    status, text = run("lightsout", "count", str(board), "--json")
    assert status == 0 and document(text)["count"] >= 1

    status, text = run("lightsout", "generate", "hard", "5x5", "--seed", "3", "--json")
    level = document(text)
    assert status == 0 and level["grade"] == "hard" and level["seed"] == 3

    record = tmp_path / "line.txt"
    run("lightsout", "solve", str(board), "--record", str(record))
    status, text = run("lightsout", "replay", str(record), "--json")
    steps = [document(line) for line in text.splitlines()]
    assert status == 0 and steps[-1]["solved"] and len(steps) == len(result["moves"]) + 1


def test_bad_input_is_a_clear_error_in_json_too(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("*x\n..")
    status, text = run("lightsout", "show", str(board), "--json")
    error = document(text)
    assert status == 2 and error["kind"] == "error" and "column 1" in error["message"]
    status, _ = run("lightsout", "random", "4")
    assert status == 2


def test_batch_jobs_run_it():
    start = str(PUZZLE.random_state(4, PUZZLE.presets["small"]))
    jobs = read_jobs([
        json.dumps({"id": 1, "puzzle": "lightsout", "command": "solve", "start": start}),
        json.dumps({"id": 2, "puzzle": "lightsout", "command": "generate", "seed": 1,
                    "grade": "easy", "params": "3x3"}),
        json.dumps({"id": 3, "puzzle": "lightsout", "command": "count", "start": start}),
    ])
    with ThreadPoolExecutor(2) as pool:
        lines = {line["id"]: line for line in run_jobs(jobs, pool)}
    assert all(line["ok"] for line in lines.values())
    assert lines[1]["solved"] and lines[2]["grade"] == "easy" and lines[3]["count"] >= 1


def test_its_gymnasium_environment_passes_check_env():
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import puzzlekit.gym

    env = puzzlekit.gym.make("lightsout", params="3x3", max_steps=50)
    check_env(env, skip_render_check=True)
    made = gymnasium.make("puzzlekit/LightsOut-v0", params="4x4")
    observation, info = made.reset(seed=2)
    assert observation.shape == (4, 4) and info["action_mask"].sum() in (0, 16)
