"""The command frame, run the way a user runs it."""

import subprocess
import sys

from commandline import run_puzzlekit as run

import puzzlekit


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
