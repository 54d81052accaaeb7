"""The ``puzzlekit tromino`` commands, run as a user runs them."""

import json
import xml.etree.ElementTree as ET
from functools import partial

import pytest
from commandline import run_puzzlekit

from puzzlekit.tromino import Board, Tiling, grade_of, is_tileable, tile

run = partial(run_puzzlekit, "tromino")


def test_tile_prints_a_valid_tiling(tmp_path):
    svg = tmp_path / "out.svg"
    result = run("tile", "16", "--hole", "3,5", "--svg", str(svg))
    assert result.returncode == 0, result.stderr
    tiling = Tiling.parse(result.stdout)
    assert tiling.is_valid() and tiling.board == Board.square(16, (3, 5))
    assert ET.fromstring(svg.read_text()).tag.endswith("svg")


def test_tile_json_and_rectangles():
    result = run("tile", "--rows", "5", "--cols", "8", "--hole", "0,0", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["tileable"] and data["height"] == 5 and data["width"] == 8
    assert len(data["moves"]) == 13 and Tiling.parse(data["board"]).is_valid()
    board = Board(5, 8, [(0, 0)])
    for move in data["moves"]:
        board = board.play(move)
    assert board.is_solved and str(board) == data["board"]


def test_a_limit_is_exit_3_and_null_never_false():
    # was: {"tileable": false} for this tileable board
    holes = ["0,0", "0,1", "4,4", "8,8", "2,6", "6,2"]
    args = ["tile", "--rows", "9", "--cols", "9", *[f"--hole={h}" for h in holes]]
    result = run(*args, "--node-limit", "1", "--json")
    assert result.returncode == 3, result.stderr
    assert json.loads(result.stdout)["tileable"] is None
    result = run(*args, "--node-limit", "1")
    assert result.returncode == 3 and "limit" in result.stderr
    assert run(*args, "--json").returncode == 0
    result = run("count", "11x11", "--hole", "0,0", "--node-limit", "5", "--json")
    assert result.returncode == 3 and json.loads(result.stdout)["count"] is None
    result = run("count", "16x16", "--hole", "0,0", "--time-limit", "0.1")
    assert result.returncode == 3 and "time limit" in result.stderr


def test_untileable_exits_1_with_the_reason():
    result = run("tile", "5", "--hole", "0,1")
    assert result.returncode == 1
    assert "5x5 colouring argument" in result.stdout
    result = run("tile", "6", "--hole", "0,1", "--json")
    assert result.returncode == 1 and not json.loads(result.stdout)["tileable"]


@pytest.mark.parametrize(
    "args",
    [("tile", "0", "--hole", "0,0"), ("tile", "4", "--hole", "9,9"), ("tile", "4", "--hole", "x"),
     ("tile", "--hole", "0,0"), ("count", "9by12"), ("count", "40x40", "--hole", "0,0"),
     ("tile", "99999", "--hole", "0,0"), ("count", "3x3", "--time-limit", "-1"),
     ("check", "/no/such"), ("random", "8", "--holes", "1", "--untileable"),
     ("generate", "easy", "--holes", "3")],
)
def test_bad_input_exits_2_without_traceback(args):
    result = run(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.strip()


def test_check_valid_and_invalid(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text(str(tile(Board.square(8, (1, 1)))))
    result = run("check", str(good))
    assert result.returncode == 0 and "valid tiling: 21 trominoes" in result.stdout
    result = run("check", "-", "--json", stdin="#a.\naa.\n...")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert not data["valid"] and "row 0, column 2 is not covered" in data["problems"]
    result = run("check", "-", stdin="aa\naa")
    assert result.returncode == 1 and "marks 4 or more joined cells" in result.stdout
    result = run("check", "-", stdin="ab\na")
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_count():
    result = run("count", "8x8", "--hole", "0,0")
    assert result.returncode == 0 and result.stdout.strip() == "30355"
    result = run("count", "3x3", "--pieces", "LI", "--json")
    assert json.loads(result.stdout)["count"] == 10


def test_random_deals_tileable_and_untileable_boards():
    result = run("random", "12", "--holes", "21", "--seed", "4", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    tiling = Tiling.parse(data["board"])
    assert data["tileable"] and tiling.is_valid() and len(tiling.board.holes) == 21
    assert str(tiling.board) == data["start"] == run("random", "12", "--holes", "21", "--seed",
                                                     "4").stdout.strip()
    result = run("random", "--rows", "20", "--cols", "20", "--holes", "100", "--untileable",
                 "--seed", "4", "--json")
    data = json.loads(result.stdout)
    assert not data["tileable"] and "walled off" in data["reason"]
    assert not is_tileable(Board.parse(data["start"]))


def test_generate_prints_a_level_of_the_grade():
    result = run("generate", "hard", "--height", "7", "--width", "9", "--seed", "3", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    board = Board.parse(data["start"])
    assert data["grade"] == "hard" == grade_of(board) and (board.height, board.width) == (7, 9)
    for move in data["witness"]:
        board = board.play(move)
    assert board.is_solved
    result = run("generate", "hard", "--height", "7", "--width", "9", "--seed", "3")
    assert result.returncode == 0 and result.stdout.strip() == data["start"]
    result = run("generate", "hard", "--height", "3", "--width", "3", "--holes", "3",
                 "--node-limit", "100")
    assert result.returncode == 3 and "limit" in result.stderr


@pytest.mark.parametrize("command", ["tile", "check", "count", "random", "generate"])
def test_help_shows_an_example(command):
    result = run(command, "--help")
    assert result.returncode == 0 and "example: puzzlekit tromino" in result.stdout
