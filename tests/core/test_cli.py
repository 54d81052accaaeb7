"""The command frame, run the way a user runs it."""

import argparse
import contextlib
import io
import json
import pathlib
import signal
import subprocess
import sys

import pytest
from commandline import run_puzzlekit as run

import puzzlekit
from puzzlekit import PUZZLES, Game, LimitReached, ParseError, UnsolvableError, cli
from puzzlekit.limits import Budget
from puzzlekit.serial import SCHEMA, from_json


def test_version():
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"puzzlekit {puzzlekit.__version__}"


def test_help_lists_every_group_with_an_example():
    result = run("--help")
    assert result.returncode == 0
    for name in [*PUZZLES, "demo", "batch"]:
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
    for name in PUZZLES:
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
         "from puzzlekit.cli import main; sys.exit(main(['demo', 'nonsense']))"],
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
    for name in PUZZLES:
        text = run(name, "solve", "--help").stdout
        assert f"example: puzzlekit {name}" in text


def small_start(name: str, tmp_path) -> str:
    puzzle = PUZZLES[name]
    path = tmp_path / f"{name}.txt"
    path.write_text(str(puzzle.random_state(1, puzzle.presets["small"])) + "\n")
    return str(path)


@pytest.mark.parametrize("name", list(PUZZLES))
def test_a_solver_line_recorded_replays_step_by_step(name, tmp_path):
    record = tmp_path / "line.txt"
    start = small_start(name, tmp_path)
    solved = run(name, "solve", start, "--record", str(record), "--no-progress")
    assert solved.returncode in (0, 1), solved.stderr
    frames = tmp_path / "frames"
    replayed = run(name, "replay", str(record), "--svg", str(frames))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.splitlines()[-1].startswith("-- result: ")
    moves = record.read_text().split("Moves:\n")[1].splitlines()
    assert len(list(frames.iterdir())) == len(moves) + 1
    steps = run(name, "replay", str(record), "--json").stdout.splitlines()
    assert [json.loads(step)["step"] for step in steps] == list(range(len(moves) + 1))


def call(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = cli.main(list(argv))
    return status, out.getvalue()


def schema_checked(text: str) -> dict:
    jsonschema = pytest.importorskip("jsonschema")
    document = json.loads(text)
    jsonschema.validate(document, SCHEMA)
    return document


@pytest.mark.parametrize("name", list(PUZZLES))
def test_every_puzzle_has_every_shared_verb_with_one_json(name, tmp_path):
    puzzle = PUZZLES[name]
    start = small_start(name, tmp_path)
    small = str(puzzle.presets["small"]).split()
    status, text = call(name, "random", *small, "--seed", "2", "--json")
    drawn = schema_checked(text)
    assert status == 0 and drawn["kind"] == "state" and drawn["params"]
    assert (drawn["width"], drawn["height"]) == puzzle.presets["small"].size
    status, text = call(name, "show", start, "--json")
    shown = schema_checked(text)
    assert status == 0 and shown["text"] == pathlib.Path(start).read_text().rstrip("\n")
    status, text = call(name, "solve", start, "--json", "--record", "-", "--no-progress")
    result = schema_checked(text)  # the record is inside the one document
    assert status == cli.exit_status(from_json(result))
    assert Game.from_record(result["record"]).moves == from_json(result).moves
    status, text = call(name, "play", start, *result["moves"], "--json")
    assert status == 0 and schema_checked(text)["text"] == result["final"]
    status, text = call(name, "hint", start, "--json")
    if status == 0:
        hint = schema_checked(text)
        assert hint["move"] is None or hint["move"] in shown["legal_moves"]
    else:
        assert schema_checked(text)["kind"] == "error" and status == cli.EXIT_NO_SOLUTION
    if puzzle.count is not None:
        status, text = call(name, "count", start, "--json")
        counted = schema_checked(text)
        assert status == 0 and (counted["count"] > 0) == result["solved"]
    else:
        assert call(name, "count", start)[0] == cli.EXIT_BAD_INPUT
    grade = puzzle.grades[0]
    status, text = call(name, "generate", grade, "--preset", "small", "--seed", "3", "--json")
    level = schema_checked(text)
    assert status == 0 and level["grade"] == grade and level["seed"] == 3
    assert from_json(level).replayed().is_solved
    level_file = tmp_path / "level.txt"
    level_file.write_text(level["start"])
    status, text = call(name, "grade", str(level_file), "--json")
    assert status == 0 and schema_checked(text)["grade"] == grade


@pytest.mark.parametrize("name", list(PUZZLES))
@pytest.mark.parametrize("size", ["8", "8,8", "8 by 8", "x8", "8x", "8x-8"])
def test_sizes_have_one_notation_and_others_are_refused(name, size, capsys):
    assert cli.main([name, "random", size]) == cli.EXIT_BAD_INPUT
    assert "WIDTHxHEIGHT" in capsys.readouterr().err


def test_every_search_has_the_same_default_time_limit():
    parser = cli.build_parser()
    for name in PUZZLES:
        for verb in ("solve", "hint", "generate"):
            argv = [name, verb, "easy" if verb == "generate" else "-"]
            if verb == "generate":
                argv[2] = PUZZLES[name].grades[0]
            assert parser.parse_args(argv).time_limit == cli.DEFAULT_TIME_LIMIT


def test_ctrl_c_while_the_commands_load_is_not_a_traceback(monkeypatch, capsys):
    def interrupted():
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    assert cli.main(["--version"]) == cli.EXIT_LIMIT
    err = capsys.readouterr().err
    assert "interrupted" in err and "Traceback" not in err


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
