"""The linkpath commands, run the way a user runs them."""

import json
from functools import partial

import pytest
from commandline import run_puzzlekit

from puzzlekit.linkpath import Board

run = partial(run_puzzlekit, "linkpath")


def replay(board, pairs):
    for a, b in pairs:
        board = board.remove(tuple(a), tuple(b))
    return board


@pytest.mark.parametrize("command", ["deal", "solve", "hint", "path"])
def test_help_shows_an_example(command):
    result = run(command, "--help")
    assert result.returncode == 0
    assert "example: puzzlekit linkpath" in result.stdout


def test_deal_pipes_into_solve():
    dealt = run("deal", "12x16", "--kinds", "24", "--seed", "7")
    assert dealt.returncode == 0, dealt.stderr
    board = Board.parse(dealt.stdout)
    assert (board.height, board.width, len(board.counts())) == (12, 16, 24)
    solved = run("solve", "-", "--json", stdin=dealt.stdout)
    assert solved.returncode == 0, solved.stderr
    answer = json.loads(solved.stdout)
    assert answer["complete"] and replay(board, answer["pairs"]).is_cleared
    plain = run("solve", "-", stdin=dealt.stdout)
    assert len(plain.stdout.splitlines()) == 12 * 16 // 2


def test_gravity_deals_carry_their_rules():
    dealt = run("deal", "6x6", "--kinds", "6", "--seed", "1", "--gravity", "down", "--json")
    text = json.loads(dealt.stdout)["board"]
    assert Board.parse(text).rules.gravity == "down"
    assert run("solve", "-", stdin=text).returncode == 0


def test_unsolvable_exits_1(tmp_path):
    board = tmp_path / "crossed.txt"
    board.write_text("ab\nba\n")
    result = run("solve", str(board), "--json")
    assert result.returncode == 1
    assert json.loads(result.stdout) == {"solvable": False, "complete": False, "pairs": []}
    assert run("hint", str(board)).returncode == 1
    assert "stuck" in run("hint", str(board)).stdout


def test_hint_and_path(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("axa\nb.b\n")
    hint = run("hint", str(board), "--json")
    assert hint.returncode == 0
    assert json.loads(hint.stdout)["pair"] == [[0, 0], [0, 2]]
    path = run("path", str(board), "0,0", "0,2", "--json")
    assert json.loads(path.stdout) == {
        "path": [[0, 0], [-1, 0], [-1, 2], [0, 2]], "turns": 2, "length": 4,
    }
    text = run("path", str(board), "0,0", "0,2")
    assert text.returncode == 0 and "+-+" in text.stdout
    assert run("path", str(board), "0,0", "1,0").returncode == 1


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (["solve", "-"], "ab\nabc\n"),
        (["solve", "-"], "a0\n0a\n"),
        (["path", "-", "0,0", "9,9"], "ab\nba\n"),
        (["path", "-", "0,0", "x"], "ab\nba\n"),
        (["deal", "3x3", "--kinds", "2"], ""),
        (["deal", "12by16", "--kinds", "2"], ""),
        (["solve", "/no/such/file"], ""),
    ],
)
def test_bad_input_exits_2_without_traceback(args, stdin):
    result = run(*args, stdin=stdin)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip()


def test_demo_is_a_solved_deal():
    from puzzlekit.linkpath.cli import demo

    text = demo()
    lines = text.splitlines()
    board = Board.parse("\n".join(lines[1:5]))
    pairs = [tuple(tuple(map(int, cell.split(","))) for cell in line.split()) for line in lines[6:]]
    assert replay(board, pairs).is_cleared


def test_a_stopped_search_exits_1_and_says_so():
    dealt = run("deal", "8x8", "--kinds", "6", "--seed", "2", "--gravity", "down")
    result = run("solve", "-", "--node-limit", "3", "--json", stdin=dealt.stdout)
    assert result.returncode == 1
    answer = json.loads(result.stdout)
    assert answer["solvable"] is None and not answer["complete"]
    text = run("solve", "-", "--node-limit", "3", stdin=dealt.stdout)
    assert "stopped at the limit" in text.stdout
