"""The ``puzzlekit twist`` commands, run the way a user runs them."""

import json
import xml.etree.ElementTree as ET
from functools import partial

import pytest
from commandline import run_puzzlekit

from puzzlekit.cli import main
from puzzlekit.twist import State, challenges, generate, grade_of

CHALLENGE_1 = "f3C4i6B0j2B0j1C0k3C0l4B0l5C0"
SOLVED_1 = "a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"


run = partial(run_puzzlekit, "twist", timeout=60)


@pytest.mark.parametrize("command", ["solve", "hint", "generate", "show"])
def test_help_shows_an_example(command):
    result = run(command, "--help")
    assert result.returncode == 0
    assert "example: puzzlekit twist" in result.stdout
    if command == "solve":
        assert f"1-{len(challenges())}" in result.stdout


def test_solve_prints_the_solution_and_its_board():
    result = run("solve", CHALLENGE_1)
    assert result.returncode == 0
    lines = result.stdout.split()
    assert lines[0] == SOLVED_1.replace("f3C2", "f3C4")
    assert lines[1:5] == ["cdddgbaa", "cddggbba", "ceefggba", "cefffhhh"]


def test_solve_a_shipped_challenge_as_json():
    result = run("solve", "--challenge", "1", "--json")
    assert result.returncode == 0
    answer = json.loads(result.stdout)
    assert answer["board"] == SOLVED_1.replace("f3C2", "f3C4") and answer["complete"] is True
    assert answer["solved"] is True and answer["moves"][0] == "a7A7" and answer["nodes"] > 0


def test_solve_all_and_stdin():
    result = run("solve", "-", "--all", "--json", stdin="c1A3d2A6e2C3f3C2g4A7h6D0i6B0\n")
    assert result.returncode == 0
    assert len(json.loads(result.stdout)["solutions"]) >= 1


def test_no_solution_exits_1():
    result = run("solve", "a1A0b1C0", "--json")
    assert result.returncode == 1
    answer = json.loads(result.stdout)
    assert answer["solved"] is False and answer["complete"] is True and answer["moves"] == []
    assert main(["twist", "hint", "a1A0b1C0"]) == 1
    assert main(["twist", "solve", "--all", "a1A0b1C0"]) == 1


def test_a_limit_exits_3_and_says_null(capsys):
    # was: "no hint: solved, or no solution" with exit 1 for a start that has solutions
    assert main(["twist", "hint", "i6B0j2B0", "--node-limit", "1"]) == 3
    assert "limit reached" in capsys.readouterr().err
    assert main(["twist", "hint", "i6B0j2B0", "--node-limit", "1", "--json"]) == 3
    assert json.loads(capsys.readouterr().out) == {
        "start": "i6B0j2B0", "hint": None, "solvable": None
    }
    assert main(["twist", "solve", "i6B0j2B0", "--node-limit", "1", "--json"]) == 3
    answer = json.loads(capsys.readouterr().out)
    assert answer["solved"] is None and answer["complete"] is False
    assert main(["twist", "solve", "i6B0j2B0", "--node-limit", "1"]) == 3
    assert "limit reached" in capsys.readouterr().err
    assert main(["twist", "solve", "--all", "", "--node-limit", "3", "--json"]) == 3
    assert json.loads(capsys.readouterr().out)["count"] is None
    assert main(["twist", "generate", "wizard", "--node-limit", "5"]) == 3
    assert main(["twist", "solve", "i6B0j2B0", "--time-limit", "inf", "--json"]) == 0


def test_hint_on_finished_and_stuck_boards(capsys):
    assert main(["twist", "hint", SOLVED_1]) == 0
    assert "solved" in capsys.readouterr().out
    assert main(["twist", "hint", "a7A7b6A7c1A3d2A6e2C3f3C2g4A7i6D0", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["solvable"] is False


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "a7A7x"),
        ("solve", "--challenge", "0"),
        ("hint", "a7A7a7A7"),
        ("generate", "easy"),
        ("generate", "--seed", "1"),
    ],
)
def test_bad_input_exits_2_without_traceback(args):
    result = run(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr


def test_hint_and_generate_json():
    hint = json.loads(run("hint", CHALLENGE_1, "--json").stdout)
    assert hint["hint"] == "a7A7" and hint["solvable"] is True
    made = json.loads(run("generate", "master", "--seed", "4", "--json").stdout)
    level = generate("master", seed=4)
    assert made == {
        "grade": "master",
        "seed": 4,
        "start": str(level.start),
        "witness": [str(move) for move in level.witness],
    }
    state = State.parse(made["start"])
    for move in made["witness"]:
        state = state.play(move)
    assert state.is_solved and grade_of(State.parse(made["start"])) == "master"


def test_generate_prints_the_start_and_its_board(capsys):
    assert main(["twist", "generate", "junior", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    start = generate("junior", seed=3).start
    assert lines == [str(start), *start.grid().splitlines()]


def test_show_writes_svg_and_json(tmp_path):
    picture = tmp_path / "board.svg"
    result = run("show", "a7A7b7A0", "--svg", str(picture), "--json")
    assert result.returncode == 0
    summary = json.loads(result.stdout)
    assert summary["valid"] is False and summary["problems"]
    ET.fromstring(picture.read_text(encoding="utf-8"))


def test_in_process_runs_and_argument_errors(capsys):
    assert main(["twist", "show", CHALLENGE_1]) == 0
    assert "missing pieces: abcdegh" in capsys.readouterr().out
    assert main(["twist", "solve"]) == 2
    assert main(["twist", "solve", CHALLENGE_1, "--challenge", "1"]) == 2
    assert main(["twist", "show", "a9A0"]) == 2
    assert main(["twist", "solve", "--challenge", "x"]) == 2
    assert "a9A0" in capsys.readouterr().err


def test_start_from_a_file(tmp_path, capsys):
    path = tmp_path / "start.txt"
    path.write_text(CHALLENGE_1 + "\n", encoding="utf-8")
    assert run("solve", str(path)).stdout.split()[0] == SOLVED_1.replace("f3C2", "f3C4")
    # was: a mistyped file name was reported as a bad placement string only
    assert main(["twist", "solve", str(tmp_path / "strat.txt")]) == 2
    error = capsys.readouterr().err
    assert "strat.txt" in error and "no such file" in error and "placement" in error


def test_solve_writes_a_record_that_replays(tmp_path):
    record = tmp_path / "line.txt"
    assert main(["twist", "solve", CHALLENGE_1, "--record", str(record)]) == 0
    assert main(["twist", "replay", str(record)]) == 0
