"""The linkpath commands, run the way a user runs them."""

import json
from functools import partial

import pytest
from commandline import run_puzzlekit

from puzzlekit.linkpath import Board, Rules, deal, grade_of

run = partial(run_puzzlekit, "linkpath")


def replay(board, moves):
    for move in moves:
        board = board.play(move)
    return board


@pytest.mark.parametrize("command", ["deal", "generate", "solve", "hint", "path"])
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
    assert answer["complete"] and answer["solved"] is True
    assert replay(board, answer["moves"]).is_solved
    assert Board.parse(answer["board"]).is_solved and answer["nodes"] > 0
    plain = run("solve", "-", stdin=dealt.stdout)
    assert len(plain.stdout.splitlines()) == 12 * 16 // 2
    as_json = json.loads(run("deal", "4x6", "--kinds", "3", "--seed", "1", "--json").stdout)
    assert (as_json["height"], as_json["width"]) == (4, 6) and Board.parse(as_json["board"])


def test_gravity_deals_carry_their_rules():
    dealt = run(
        "deal", "6x6", "--kinds", "6", "--seed", "1", "--gravity", "down", "--groups", "--json"
    )
    text = json.loads(dealt.stdout)["board"]
    assert Board.parse(text).rules == Rules(gravity="down", groups=True)
    assert run("solve", "-", stdin=text).returncode == 0


def test_unsolvable_exits_1(tmp_path):
    board = tmp_path / "crossed.txt"
    board.write_text("ab\nba\n")
    result = run("solve", str(board), "--json")
    assert result.returncode == 1
    answer = json.loads(result.stdout)
    assert answer["solved"] is False and answer["complete"] and answer["moves"] == []
    assert run("hint", str(board)).returncode == 1
    assert "stuck" in run("hint", str(board)).stdout
    odd = tmp_path / "odd.txt"
    odd.write_text("aab\nb.b\n")
    hint = run("hint", str(odd))
    assert hint.returncode == 1 and "odd number" in hint.stderr


def test_hint_and_path(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("axa\nbxb\n")
    hint = run("hint", str(board), "--json")
    assert hint.returncode == 0
    move = json.loads(hint.stdout)["move"]
    assert move in Board.parse("axa\nbxb").legal_moves()
    cleared = tmp_path / "cleared.txt"
    cleared.write_text("..\n")
    assert run("hint", str(cleared)).returncode == 0
    assert run("hint", str(board), "--node-limit", "0").returncode == 3
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
        (["deal", "999x2", "--kinds", "2"], ""),
        (["deal", "4x4", "--kinds", "2", "--time-limit", "-1"], ""),
        (["deal", "2x4", "--kinds", "2", "--layout", "/no/such"], ""),
        (["solve", "-"], "numbers:\n1 1000000000\n"),
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
    assert replay(board, lines[6:]).is_solved


def test_a_stopped_search_exits_3_and_says_so():
    dealt = run("deal", "8x8", "--kinds", "6", "--seed", "2", "--gravity", "down")
    limited = run("deal", "100x100", "--kinds", "6", "--node-limit", "10")
    assert limited.returncode == 3 and "limit reached" in limited.stderr
    result = run("solve", "-", "--node-limit", "3", "--json", stdin=dealt.stdout)
    assert result.returncode == 3
    answer = json.loads(result.stdout)
    assert answer["solved"] is None and not answer["complete"]
    text = run("solve", "-", "--node-limit", "3", stdin=dealt.stdout)
    assert text.returncode == 3 and "stopped by a limit" in text.stdout


def test_deal_on_a_layout(tmp_path):
    dealt = run("deal", "6x6", "--kinds", "4", "--seed", "1", "--layout", "vertical")
    assert dealt.returncode == 0, dealt.stderr
    board = Board.parse(dealt.stdout)
    assert all(board[r, 2] == 0 for r in range(6)) and len(board.tiles) == 24
    mask = tmp_path / "mask.txt"
    mask.write_text("##..\n####\n")
    masked = run("deal", "2x4", "--kinds", "2", "--layout", str(mask), "--json")
    assert Board.parse(json.loads(masked.stdout)["board"]).tiles == (
        (0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (1, 3),
    )


def test_generate_prints_a_level_of_the_grade():
    made = run("generate", "hard", "--size", "6x8", "--kinds", "12", "--seed", "3", "--json")
    assert made.returncode == 0, made.stderr
    level = json.loads(made.stdout)
    board = Board.parse(level["start"])
    assert level["grade"] == "hard" == grade_of(board) and level["seed"] == 3
    assert (board.height, board.width, len(board.counts())) == (6, 8, 12)
    assert replay(board, level["witness"]).is_solved
    plain = run("generate", "hard", "--size", "6x8", "--kinds", "12", "--seed", "3")
    assert Board.parse(plain.stdout) == board
    gravity = run("generate", "easy", "--size", "4x6", "--kinds", "6", "--gravity", "down")
    assert Board.parse(gravity.stdout).rules == Rules(gravity="down")
    assert run("generate", "hard", "--node-limit", "1").returncode == 3
    assert run("generate", "tough").returncode == 2


def test_deal_plants_traps():
    dealt = run("deal", "4x6", "--kinds", "6", "--seed", "2", "--traps", "2")
    assert dealt.returncode == 0, dealt.stderr
    assert Board.parse(dealt.stdout) == deal(4, 6, 6, seed=2, traps=2)
    assert run("deal", "4x6", "--kinds", "6", "--traps", "4").returncode == 2


def test_slide_deals_solve_and_hint_a_slide(tmp_path):
    dealt = run("deal", "6x8", "--kinds", "12", "--seed", "2", "--slide")
    assert dealt.returncode == 0, dealt.stderr
    assert Board.parse(dealt.stdout).rules == Rules(slide=True)
    assert run("solve", "-", stdin=dealt.stdout).returncode == 0
    board = tmp_path / "crossed.txt"
    board.write_text("rules: slide=yes\nab.\nba.\n...\n")
    hint = run("hint", str(board))
    assert hint.returncode == 0 and hint.stdout.splitlines() == [
        "0,0 1,1 slide=0,1", "a+b", "ba.", "...",
    ]
    answer = json.loads(run("hint", str(board), "--json").stdout)
    assert answer["move"] == "0,0 1,1 slide=0,1" and answer["path"] == [[0, 0], [0, 1], [1, 1]]
    refused = run("deal", "4x6", "--kinds", "4", "--slide", "--max-turns", "2")
    assert refused.returncode == 2 and "needs max_turns=1" in refused.stderr
