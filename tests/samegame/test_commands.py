"""The ``puzzlekit samegame`` commands, run the way a user runs them."""

import io
import json
import os
import pty
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from functools import partial

import pytest
from commandline import run_puzzlekit

from puzzlekit.cli import main
from puzzlekit.samegame import (
    CLICKOMANIA,
    Board,
    Move,
    generate,
    load_standard_set,
    play_sequence,
    random_board,
)
from puzzlekit.samegame.cli import demo

BOARD = "1..\n12.\n221\n"


run = partial(run_puzzlekit, "samegame", timeout=60)


def stdin_of(text):
    """A standard input holding *text*, with the binary buffer the command reads."""
    return io.TextIOWrapper(io.BytesIO(text.encode()))


@pytest.fixture
def board_file(tmp_path):
    path = tmp_path / "board.txt"
    path.write_text(BOARD)
    return path


@pytest.mark.parametrize("command", ["show", "play", "solve", "hint", "random", "generate"])
def test_every_subcommand_has_help_with_an_example(command):
    result = run(command, "--help")
    assert result.returncode == 0
    assert "example: puzzlekit samegame " + command in result.stdout


def test_show_prints_the_board_and_json(board_file, tmp_path):
    result = run("show", str(board_file))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(BOARD) and "2 legal moves" in result.stdout
    svg = tmp_path / "b.svg"
    result = run("show", "-", "--json", "--svg", str(svg), "--highlight", "2,1", stdin=BOARD)
    data = json.loads(result.stdout)
    assert data["board"] == BOARD.strip() and data["legal_moves"] == ["0,0", "1,1"]
    assert (data["height"], data["width"], data["solved"]) == (3, 3, False)
    assert data["count"] == 6 and data["colours"] == {"1": 3, "2": 3}
    ET.fromstring(svg.read_text())


def test_play_prints_the_final_board_and_score(board_file):
    result = run("play", str(board_file), "1,1", "2,0", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    # 3 twos then 3 ones: 1 + 1 points, plus 1000 for clearing.
    assert data["score"] == 1002 and data["solved"] and data["board"] == "...\n...\n..."
    result = run("play", str(board_file), "1,1", "--rules", "clear-the-board")
    assert result.returncode == 0 and "score 4 after 1 move," in result.stdout


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (("play", "-", "0,1"), BOARD, "cell (0, 1) is empty"),
        (("play", "-", "x"), BOARD, "not of the form ROW,COL"),
        (("play", "-", "2,2"), BOARD, "lone block"),
        (("show", "-"), "1.\n.1\n", "floats over the empty cell"),
        (("show", "/no/such/file"), "", "No such file"),
        (("random", "3by3"), "", "not of the form ROWSxCOLS"),
        (("random", "3x3", "--colours", "99"), "", "colours must be from 1 to 62"),
        (("random", "99999x99999"), "", "more than 1000 on a side"),
        (("show", "-"), "1" * 3_000_000, "more than 1000 x 1000 cells"),
        (("show", "-"), "rules: min_group=0\n11", "min_group must be from 1"),
        (("random", "9" * 5000 + "x1"), "", "not of the form ROWSxCOLS"),
        (("random", "0x3"), "", "height must be from 1"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, stdin, message, capsys, monkeypatch):
    # In process, to keep the suite fast; the subprocess test below covers the real command.
    monkeypatch.setattr("sys.stdin", stdin_of(stdin))
    assert main(["samegame", *args]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1 and "Traceback" not in error


def test_bad_input_through_the_real_command_shows_no_traceback():
    result = run("play", "-", "0,1", stdin=BOARD)
    assert result.returncode == 2
    assert result.stderr == "puzzlekit: error: move 0 (0,1): cell (0, 1) is empty\n"


def test_random_is_reproducible_and_pipes_into_show():
    result = run("random", "4x6", "--colours", "3", "--seed", "9")
    assert result.returncode == 0
    assert Board.parse(result.stdout) == random_board(4, 6, 3, seed=9)
    data = json.loads(run("random", "4x6", "--colours", "3", "--seed", "9", "--json").stdout)
    assert data["board"] == result.stdout.strip()


def test_solve_gives_a_line_that_replays_to_its_score(board_file):
    result = run("solve", str(board_file), "--time-limit", "1", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    board = Board.parse(BOARD)
    final, score = play_sequence(board, data["moves"])
    assert score == data["score"] == 1002 and final.is_solved and data["solved"]
    assert data["complete"] is True and data["board"] == str(final)


def test_solve_standard_position():
    result = run("solve", "--standard", "3", "--node-limit", "3000", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)

    final, score = play_sequence(load_standard_set()[2], data["moves"])
    assert score == data["score"] > 0 and data["complete"] is False
    assert data["board"] == str(final) and data["left"] == final.count
    assert data["engine"] in ("python", "numba")


def test_solve_says_which_engine_ran(board_file):
    result = run("solve", str(board_file), "--node-limit", "500", "--json")
    assert json.loads(result.stdout)["engine"] == "python"  # a small board: the beam


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--standard", "21"], "from 1 to 20, not 21"),
        ([], "either a board FILE or --standard N"),
        (["-", "--standard", "1"], "either a board FILE or --standard N"),
        (["-", "--time-limit", "-1"], "time_limit must be a number >= 0"),
        (["-", "--time-limit", "nan"], "time_limit must be a number >= 0"),
    ],
)
def test_solve_refuses_bad_choices(args, message, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", stdin_of(BOARD))
    assert main(["samegame", "solve", *args]) == 2
    assert message in capsys.readouterr().err


def test_generate_prints_a_level_of_the_grade(capsys):
    assert main(["samegame", "generate", "medium", "6x8", "--colours", "4", "--seed", "5"]) == 0
    level = generate("medium", height=6, width=8, colours=4, seed=5)
    assert Board.parse(capsys.readouterr().out) == level.start
    args = ["samegame", "generate", "hard", "--seed", "2", "--rules", "clickomania", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    start = Board.parse(data["start"])
    assert (start.height, start.width, start.rules) == (10, 10, CLICKOMANIA)
    assert data["grade"] == "hard" and data["seed"] == 2
    assert play_sequence(start, data["witness"])[0].is_solved
    assert main(args) == 0 and json.loads(capsys.readouterr().out) == data


@pytest.mark.parametrize(("args", "status", "message"), [
    (["tough"], 2, "invalid choice: 'tough'"),
    (["easy", "0x3"], 2, "height must be from 1 to 1000, not 0"),
    (["easy", "3x"], 2, "3x"),
    (["easy", "--colours", "63"], 2, "colours must be from 1 to 62"),
    (["hard", "--node-limit", "5"], 3, "samegame.generate stopped by its node limit"),
    (["hard", "2x2", "--colours", "2", "--seed", "1", "--node-limit", "1000"], 3, "limit reached"),
])
def test_generate_refuses_bad_choices_and_keeps_its_limits(args, status, message, capsys):
    assert main(["samegame", "generate", *args]) == status
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error


def test_demo_line_replays_to_its_score():
    text = demo()
    lines = text.splitlines()
    board = Board.parse("\n".join(lines[1:7]))
    moves = [Move.parse(move) for move in lines[7].removeprefix("moves: ").split()]
    final, score = play_sequence(board, moves)
    assert f"score {score} (STANDARD rules), {final.count} blocks left" in text
    assert text == demo()


def test_solve_rules_come_from_the_text_or_the_option(tmp_path):
    path = tmp_path / "board.txt"
    path.write_text("rules: clickomania\n" + BOARD)
    data = json.loads(run("solve", str(path), "--json").stdout)
    assert data["score"] == 6  # clickomania: one point a block, all six removed
    data = json.loads(run("solve", str(path), "--rules", "standard", "--json").stdout)
    assert data["score"] == 1002


@pytest.mark.parametrize("limit", ["inf", "1e308", "1e400"])
def test_solve_takes_huge_time_limits_as_none(limit, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", stdin_of(BOARD))
    assert main(["samegame", "solve", "-", "--time-limit", limit, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["complete"] is True


def test_solve_on_a_large_board_keeps_its_time_limit(tmp_path):
    path = tmp_path / "big.txt"
    path.write_text(str(random_board(400, 400, 5, seed=1)))
    started = time.perf_counter()
    result = run("solve", str(path), "--time-limit", "1", "--json")
    assert result.returncode == 0, result.stderr
    assert time.perf_counter() - started < 6  # an interpreter start, parsing, 1 s, printing
    data = json.loads(result.stdout)
    assert data["moves"] and data["complete"] is False


def test_ctrl_c_prints_the_best_line_so_far():
    # Standard error on a terminal, so the command reports progress: Ctrl-C comes
    # once the search is surely under way, however slow the machine.
    main_fd, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "puzzlekit", "samegame", "solve", "--standard", "1",
         "--time-limit", "60", "--json"],
        stdout=subprocess.PIPE, stderr=terminal, text=True,
    )
    os.close(terminal)
    seen = b""
    while b"best " not in seen:
        seen += os.read(main_fd, 1024)
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=30)
    os.close(main_fd)
    assert process.returncode == 0
    data = json.loads(out)
    assert data["complete"] is False and data["moves"] and data["seconds"] < 30
    final, score = play_sequence(load_standard_set()[0], data["moves"])
    assert score == data["score"] and str(final) == data["board"]
