"""The linkpath puzzle's own verbs, ``deal`` and ``path``, run the way a user runs them.

The verbs every puzzle has (show, play, solve, hint, random, generate, replay) are
tested once for every puzzle with the generic command line.
"""

import json
from functools import partial

import pytest
from commandline import run_puzzlekit

from puzzlekit.linkpath import Board, Rules, deal
from puzzlekit.linkpath.cli import demo

run = partial(run_puzzlekit, "linkpath")


def replay(board, moves):
    for move in moves:
        board = board.play(move)
    return board


@pytest.mark.parametrize("command", ["deal", "path"])
def test_help_shows_an_example(command):
    result = run(command, "--help")
    assert result.returncode == 0
    assert "example: puzzlekit linkpath" in result.stdout


def test_deal_reads_params_width_first_and_pipes_into_solve():
    dealt = run("deal", "16x12", "kinds=24", "--seed", "7")
    assert dealt.returncode == 0, dealt.stderr
    board = Board.parse(dealt.stdout)
    assert (board.width, board.height, len(board.counts())) == (16, 12, 24)
    assert board == deal(12, 16, 24, seed=7)
    solved = run("solve", "-", "--json", stdin=dealt.stdout)
    assert solved.returncode == 0, solved.stderr
    assert replay(board, json.loads(solved.stdout)["moves"]).is_solved
    as_json = json.loads(run("deal", "6x4", "kinds=3", "--seed", "1", "--json").stdout)
    assert (as_json["width"], as_json["height"], as_json["seed"]) == (6, 4, 1)
    assert Board.parse(as_json["text"]) == deal(4, 6, 3, seed=1)


def test_deal_carries_its_rules_and_presets():
    dealt = run("deal", "6x6", "kinds=6", "gravity=down", "groups=yes", "--seed", "1")
    assert Board.parse(dealt.stdout).rules == Rules(gravity="down", groups=True)
    small = Board.parse(run("deal", "--preset", "small", "--seed", "2").stdout)
    assert (small.width, small.height) == (6, 4)


def test_deal_on_a_layout_with_traps_or_any(tmp_path):
    mask = tmp_path / "mask.txt"
    mask.write_text("##..\n##..\n####\n")
    dealt = run("deal", "4x3", "kinds=2", "--layout", str(mask), "--seed", "5")
    on_mask = Board.parse(dealt.stdout)
    assert on_mask.tiles == ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (2, 3))
    vertical = Board.parse(run("deal", "6x6", "kinds=4", "--layout", "vertical").stdout)
    assert len(vertical.tiles) == 24
    trapped = run("deal", "6x4", "kinds=6", "--seed", "2", "--traps", "2")
    assert Board.parse(trapped.stdout) == deal(4, 6, 6, seed=2, traps=2)
    anything = run("deal", "2x2", "kinds=1", "--seed", "0", "--any")
    assert Board.parse(anything.stdout) == deal(2, 2, 1, seed=0, solvable=False)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["3x3", "kinds=2"], "an odd number"),
        (["12,16"], "WIDTHxHEIGHT"),
        (["6x4", "kinds=2", "kinds=3"], "kinds is set twice"),
        (["6x4", "kinds=3", "--any", "--traps", "1"], "traps go in deals that can be cleared"),
        (["6x4", "--layout", "diagonal"], "No such file"),
    ],
)
def test_deal_refuses_bad_input_with_one_line(args, message):
    result = run("deal", *args)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_path_shows_the_link_or_why_not(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("axa\nbxb\n")
    found = run("path", str(board), "0,0", "0,2", "--json")
    assert found.returncode == 0, found.stderr
    answer = json.loads(found.stdout)
    assert answer["turns"] == 2 and answer["points"][0] == [0, 0]
    plain = run("path", str(board), "0,0", "0,2")
    assert "2 turns" in plain.stdout
    missing = run("path", str(board), "0,0", "1,0")
    assert missing.returncode == 1 and "no link" in missing.stdout


def test_demo_is_a_solved_deal():
    text = demo()
    lines = text.split("\n\n")
    board = Board.parse(lines[0].split(":\n", 1)[1])
    assert board == deal(4, 6, 5, seed=3)
    assert replay(board, lines[1].splitlines()).is_solved
