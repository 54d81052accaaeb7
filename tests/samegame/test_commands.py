"""SameGame's own command-line verb, ``rules``, and its demo, run the way a user runs them.

The verbs every puzzle has (show, play, solve, hint, random, generate, replay) are
tested once for every puzzle with the generic command line.
"""

import json
from functools import partial

import pytest
from commandline import run_puzzlekit

from puzzlekit.samegame import (
    CLICKOMANIA,
    Board,
    Rules,
    load_standard_set,
    play_sequence,
    random_board,
)
from puzzlekit.samegame.cli import demo

BOARD = "1..\n12.\n221\n"

run = partial(run_puzzlekit, "samegame", timeout=60)


def test_rules_has_help_with_an_example():
    result = run("rules", "--help")
    assert result.returncode == 0 and "example: puzzlekit samegame rules" in result.stdout


def test_rules_puts_a_board_under_other_rules_and_pipes_into_solve(tmp_path):
    board_file = tmp_path / "board.txt"
    board_file.write_text(BOARD)
    result = run("rules", "clickomania", str(board_file))
    assert result.returncode == 0, result.stderr
    board = Board.parse(result.stdout)
    assert board == Board.parse(BOARD).with_rules(CLICKOMANIA)
    words = run("rules", "offset=1 clear_bonus=0", "--shipped", "3", "--json")
    document = json.loads(words.stdout)
    shipped = Board.parse(document["text"])
    assert shipped == load_standard_set()[2].with_rules(Rules(offset=1, clear_bonus=0))
    solved = run("solve", "-", "--node-limit", "2000", "--seed", "1", "--json",
                 stdin=result.stdout)
    answer = json.loads(solved.stdout)
    assert play_sequence(board, answer["moves"])[1] == answer["score"]
    assert answer["engine"] in ("python", "numba")


def test_solve_says_which_engine_ran(tmp_path, monkeypatch):
    monkeypatch.delenv("PUZZLEKIT_ENGINE", raising=False)  # the choice is what is tested
    board_file = tmp_path / "board.txt"
    board_file.write_text(BOARD)
    result = run("solve", str(board_file), "--node-limit", "500", "--json")
    assert json.loads(result.stdout)["engine"] == "python"  # a small board: the beam


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["squared=maybe", "-"], "squared must be yes or no"),
        (["offset=1 offset=2", "-"], "offset is set twice"),
        (["clickomania"], "give either a FILE or --shipped N"),
        (["clickomania", "--shipped", "21"], "--shipped takes 1 to 20"),
    ],
)
def test_rules_refuses_bad_input_with_one_line(args, message):
    result = run("rules", *args, stdin=BOARD)
    assert result.returncode == 2 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_demo_line_replays_to_its_score():
    text = demo()
    board = Board.parse(text.split("board:\n")[1].split("\nmoves:")[0])
    assert board == random_board(6, 6, 3, seed=5)
    moves = text.split("moves: ")[1].split("\n")[0].split()
    final, score = play_sequence(board, moves)
    assert f"score {score} " in text and str(final) in text
