"""IQ-Twist's own commands (solutions, viable, challenges), and the shared verbs on its
shipped starts, run the way a user runs them."""

import json
from functools import partial

import pytest
from commandline import run_puzzlekit

from puzzlekit.cli import main
from puzzlekit.twist import (
    State,
    challenges,
    count_solutions,
    find_solutions,
    viable_piece_placements,
)

CHALLENGE_1 = "f3C4i6B0j2B0j1C0k3C0l4B0l5C0"
SOLVED_1 = "a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"


run = partial(run_puzzlekit, "twist", timeout=60)


@pytest.mark.parametrize("command", ["solutions", "viable", "challenges"])
def test_help_shows_an_example(command):
    result = run(command, "--help")
    assert result.returncode == 0
    assert "example: puzzlekit twist" in result.stdout


def test_solutions_prints_each_with_its_board(tmp_path):
    start = tmp_path / "start.txt"
    start.write_text("c1A3d2A6e2C3f3C2g4A7h6D0i6B0\n", encoding="utf-8")
    result = run("solutions", str(start))
    assert result.returncode == 0, result.stderr
    expected = find_solutions(State.parse(start.read_text())).solutions
    lines = result.stdout.splitlines()
    assert lines[-1] == f"{len(expected)} solution" + ("" if len(expected) == 1 else "s")
    assert [State.parse(line) for line in lines[:-1:5]] == list(expected)
    for solution in expected:
        assert solution.is_solved


def test_solutions_json_counts_them_and_a_limit_says_null():
    result = run("solutions", "-", "--json", stdin="c1A3d2A6e2C3f3C2g4A7\n")
    answer = json.loads(result.stdout)
    start = State.parse("c1A3d2A6e2C3f3C2g4A7")
    assert answer["kind"] == "solutions" and answer["complete"] is True
    assert answer["count"] == len(answer["solutions"]) == count_solutions(start)
    assert all(State.parse(text).is_solved for text in answer["solutions"])
    result = run("solutions", "-", "--node-limit", "3", "--json", stdin="\n")
    assert result.returncode == 3 and json.loads(result.stdout)["count"] is None


def test_solutions_of_an_unsolvable_start_exit_1():
    result = run("solutions", "-", stdin="a1A0b1C0")
    assert result.returncode == 1 and result.stdout.strip() == "0 solutions"


def test_viable_lists_the_placements():
    result = run("viable", "-", stdin="a7A7b6A7c1A3d2A6e2C3f3C2g4A7i6B0")
    assert result.returncode == 0 and result.stdout.split() == ["h6D0"]
    result = run("viable", "--shipped", "1", "--json")
    assert json.loads(result.stdout)["placements"] == sorted(viable_piece_placements(CHALLENGE_1))
    stuck = run("viable", "-", stdin="a7A7b6A7c1A3d2A6e2C3f3C2g4A7i6D0")
    assert stuck.returncode == 1 and "no piece fits" in stuck.stdout


def test_challenges_lists_the_shipped_starts():
    result = run("challenges", "--json")
    assert result.returncode == 0
    listed = json.loads(result.stdout)["starts"]
    assert [entry["start"] for entry in listed] == [str(c.start) for c in challenges()]
    assert listed[0]["number"] == 1 and listed[0]["solution"] == str(challenges()[0].solution)
    text = run("challenges").stdout.splitlines()
    assert len(text) == len(challenges()) and CHALLENGE_1 in text[0]


def test_the_shared_verbs_take_the_shipped_challenges(capsys):
    assert main(["twist", "solve", "--shipped", "1", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert State.parse(answer["final"]) == State.parse(SOLVED_1.replace("f3C2", "f3C4"))
    assert main(["twist", "count", "--shipped", "1"]) == 0
    assert capsys.readouterr().out.strip() == "1"
    assert main(["twist", "hint", "--shipped", "1"]) == 0
    assert capsys.readouterr().out.strip() == "a7A7"
    assert main(["twist", "solutions", "--shipped", "0"]) == 2
    assert main(["twist", "viable"]) == 2
    assert "FILE or --shipped" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args", [("solutions", "-"), ("viable", "-"), ("solutions", "--shipped", "101")]
)
def test_bad_input_exits_2_without_traceback(args):
    result = run(*args, stdin="a7A7x")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr
