"""The command frame, run the way a user runs it."""

import argparse
import json
import signal
import subprocess
import sys

import pytest
from commandline import run_puzzlekit as run

import puzzlekit
from puzzlekit import PUZZLES, LimitReached, ParseError, UnsolvableError, cli
from puzzlekit.limits import Budget


def test_version():
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"puzzlekit {puzzlekit.__version__}"


def test_help_lists_every_group_with_an_example():
    result = run("--help")
    assert result.returncode == 0
    for name in ("twist", "tromino", "linkpath", "samegame", "demo"):
        assert name in result.stdout
    assert "example:" in result.stdout


def test_unknown_command_exits_2_without_traceback():
    result = run("chess")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "invalid choice" in result.stderr


def test_demo_shows_every_module():
    result = run("demo")
    assert result.returncode == 0, result.stderr
    for name in ("twist", "tromino", "linkpath", "samegame"):
        assert f"== {name} ==" in result.stdout


def test_a_reader_that_stops_early_gets_no_error():
    process = subprocess.Popen(
        [sys.executable, "-m", "puzzlekit", "demo"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # before the interpreter has even started: every write fails
    error = process.stderr.read()
    assert process.wait(timeout=60) == 141
    assert error == ""


@pytest.mark.parametrize(
    ("error", "status", "words"),
    [
        (RuntimeError("boom"), cli.EXIT_INTERNAL_ERROR, "internal error (please report it)"),
        (KeyError("x"), cli.EXIT_INTERNAL_ERROR, "internal error"),
        (ValueError("plain"), cli.EXIT_INTERNAL_ERROR, "internal error"),
        (LimitReached("tile stopped by its node limit"), cli.EXIT_LIMIT, "limit reached"),
        (UnsolvableError("no tiling"), cli.EXIT_NO_SOLUTION, "no solution"),
        (ParseError("bad board"), cli.EXIT_BAD_INPUT, "error: bad board"),
        (KeyboardInterrupt(), cli.EXIT_LIMIT, "interrupted"),
    ],
)
def test_each_kind_of_failure_has_its_own_exit_status(monkeypatch, capsys, error, status, words):
    def fail(_args):
        raise error

    monkeypatch.setattr(cli, "_demo", fail)
    assert cli.main(["demo"]) == status
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and err.count("\n") == 1


def test_exit_statuses_are_distinct():
    statuses = [cli.EXIT_OK, cli.EXIT_NO_SOLUTION, cli.EXIT_BAD_INPUT, cli.EXIT_LIMIT,
                cli.EXIT_INTERNAL_ERROR, cli.EXIT_BROKEN_PIPE]
    assert len(set(statuses)) == len(statuses)


def test_a_closed_stderr_gives_the_status_and_no_traceback():
    result = subprocess.run(
        [sys.executable, "-c", "import sys, os; os.close(2); "
         "from puzzlekit.cli import main; sys.exit(main(['twist', 'nonsense']))"],
        capture_output=True, text=True,
    )
    assert result.returncode == cli.EXIT_BAD_INPUT


def test_a_file_that_is_not_utf8_is_named_in_the_error(tmp_path):
    path = tmp_path / "board.txt"
    path.write_bytes(b"ab\xff\n")
    with pytest.raises(ParseError, match=r"board.txt' is not UTF-8 text \(byte 2\)"):
        cli.read_input(str(path))


def test_every_puzzle_group_has_replay_and_the_help_keeps_example_lines():
    parser = cli.build_parser()
    for name in PUZZLES:
        assert parser.parse_args([name, "replay", "x.txt"]).file == "x.txt"
    text = run("linkpath", "solve", "--help").stdout
    assert "example: puzzlekit linkpath" in text


RECORDED = {
    "twist": (["twist", "solve", "f3C4i6B0j2B0j1C0k3C0l4B0l5C0"], None),
    "tromino": (["tromino", "tile", "4", "--hole", "0,0"], None),
    "linkpath": (["linkpath", "solve", "-"], "ab\nba\nab\nba\n"),
    "samegame": (["samegame", "solve", "-", "--node-limit", "2000"], "1122\n1212\n2211\n"),
}


@pytest.mark.parametrize("name", list(PUZZLES))
def test_a_solver_line_recorded_replays_step_by_step(name, tmp_path):
    command, board = RECORDED[name]
    record = tmp_path / "line.txt"
    solved = run(*command, "--record", str(record), "--no-progress", stdin=board or "")
    assert solved.returncode == 0, solved.stderr
    frames = tmp_path / "frames"
    replayed = run(name, "replay", str(record), "--svg", str(frames))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.splitlines()[-1] == "-- result: solved"
    moves = record.read_text().split("Moves:\n")[1].splitlines()
    assert len(list(frames.iterdir())) == len(moves) + 1
    steps = run(name, "replay", str(record), "--json").stdout.splitlines()
    assert [json.loads(step)["step"] for step in steps] == list(range(len(moves) + 1))


def test_replay_reports_an_illegal_move_with_its_line(tmp_path):
    record = tmp_path / "bad.txt"
    record.write_text(
        "Puzzle: tromino\nStart:\n    ...\n    ...\nMoves:\n    1. 0,0 se\n    2. 0,0 se\n"
    )
    result = run("tromino", "replay", str(record))
    assert result.returncode == cli.EXIT_BAD_INPUT
    assert "record line 7: move 2 '0,0 se' is illegal" in result.stderr


def test_ctrl_c_also_stops_a_search_through_its_progress_line(capsys):
    show = cli.progress_line(argparse.Namespace(progress=True))
    budget = Budget(progress=show)
    assert not budget.check_clock()
    cli._CTRL_C.set()  # as Ctrl-C does while main() runs, even if its exception is lost
    try:
        assert Budget(progress=show).check_clock()
    finally:
        cli._CTRL_C.clear()
    before = signal.getsignal(signal.SIGINT)
    assert cli.main(["--version"]) == 0
    assert signal.getsignal(signal.SIGINT) is before  # main() puts the handler back
    capsys.readouterr()
