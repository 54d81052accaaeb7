"""The tromino puzzle's own commands (tile, check, tilings, untileable), and the shared
verbs on its params, run as a user runs them."""

import json
import xml.etree.ElementTree as ET
from functools import partial

import pytest
from commandline import run_puzzlekit

from puzzlekit.tromino import (
    Board,
    Params,
    Tiling,
    count_tilings,
    grade_of,
    is_tileable,
    params_of,
    tile,
)

run = partial(run_puzzlekit, "tromino")


def test_tile_prints_a_valid_tiling(tmp_path):
    svg = tmp_path / "out.svg"
    result = run("tile", "16x16", "--hole", "3,5", "--svg", str(svg))
    assert result.returncode == 0, result.stderr
    tiling = Tiling.parse(result.stdout)
    assert tiling.is_valid() and tiling.board == Board.square(16, (3, 5))
    assert ET.fromstring(svg.read_text()).tag.endswith("svg")


def test_tile_sizes_are_width_first_and_json_replays():
    result = run("tile", "8x5", "--hole", "0,0", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["tileable"] and data["height"] == 5 and data["width"] == 8
    assert len(data["moves"]) == 13 and Tiling.parse(data["tiling"]).is_valid()
    board = Board(5, 8, [(0, 0)])
    for move in data["moves"]:
        board = board.play(move)
    assert board.is_solved and str(board) == data["tiling"]


def test_a_limit_is_exit_3_and_null_never_false():
    # was: {"tileable": false} for this tileable board
    holes = ["0,0", "0,1", "4,4", "8,8", "2,6", "6,2"]
    args = ["tile", "9x9", *[f"--hole={h}" for h in holes]]
    result = run(*args, "--node-limit", "1", "--json")
    assert result.returncode == 3, result.stderr
    assert json.loads(result.stdout)["tileable"] is None
    result = run(*args, "--node-limit", "1")
    assert result.returncode == 3 and "limit" in result.stderr
    assert run(*args, "--json").returncode == 0
    result = run("tilings", "11x11", "--hole", "0,0", "--node-limit", "5", "--json")
    assert result.returncode == 3 and json.loads(result.stdout)["kind"] == "error"
    result = run("tilings", "16x16", "--hole", "0,0", "--time-limit", "0.1")
    assert result.returncode == 3 and "time limit" in result.stderr


def test_untileable_exits_1_with_the_reason():
    result = run("tile", "5x5", "--hole", "0,1")
    assert result.returncode == 1
    assert "5x5 colouring argument" in result.stderr
    result = run("tile", "6x6", "--hole", "0,1", "--json")
    assert result.returncode == 1 and json.loads(result.stdout)["tileable"] is False


@pytest.mark.parametrize(
    "args",
    [("tile", "0x4", "--hole", "0,0"), ("tile", "4x4", "--hole", "9,9"),
     ("tile", "4x4", "--hole", "x"), ("tile", "4", "--hole", "0,0"), ("tilings", "9by12"),
     ("tilings", "40x40", "--hole", "0,0"), ("tile", "99999x99999", "--hole", "0,0"),
     ("tilings", "3x3", "--time-limit", "-1"), ("check", "/no/such"),
     ("untileable", "8x8", "holes=1"), ("untileable", "8x8", "holes=1", "holes=4"),
     ("generate", "easy", "8x8", "holes=3"), ("random", "8"), ("random", "8x8", "hole=1")],
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


def test_tilings_counts_a_size():
    result = run("tilings", "8x8", "--hole", "0,0")
    assert result.returncode == 0 and result.stdout.strip() == "30355"
    result = run("tilings", "3x3", "--pieces", "LI", "--json")
    assert json.loads(result.stdout)["count"] == 10 == count_tilings(Board(3, 3), "LI")
    result = run("tilings", "9x2", "--json")
    assert json.loads(result.stdout)["count"] == count_tilings(Board(2, 9))


def test_untileable_deals_a_board_with_no_tiling():
    result = run("untileable", "20x20", "holes=100", "--seed", "4", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    board = Board.parse(data["text"])
    assert "walled off" in data["reason"] and not is_tileable(board)
    assert params_of(board) == Params(20, 20, holes=100)
    again = run("untileable", "20x20", "holes=100", "--seed", "4")
    assert again.stdout.strip() == data["text"]


def test_the_shared_verbs_take_width_first_params(tmp_path):
    result = run("generate", "hard", "9x7", "--seed", "3", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    board = Board.parse(data["start"])
    assert data["grade"] == "hard" == grade_of(board) and (board.width, board.height) == (9, 7)
    assert params_of(board) == Params(9, 7) and data["params"] == "9x7"
    for move in data["witness"]:
        board = board.play(move)
    assert board.is_solved
    result = run("random", "--preset", "small", "--seed", "2", "--json")
    assert json.loads(result.stdout)["params"] == "6x6 holes=3"
    start = tmp_path / "start.txt"
    start.write_text("#.....\n......\n")
    result = run("count", str(start))
    assert result.returncode == 0 and result.stdout.strip() == "0"  # 11 cells: no tiling
    start.write_text("#....\n.....\n")
    assert run("count", str(start)).stdout.strip() == str(
        count_tilings(Board.parse("#....\n....."))
    )


@pytest.mark.parametrize("command", ["tile", "check", "tilings", "untileable"])
def test_help_shows_an_example(command):
    result = run(command, "--help")
    assert result.returncode == 0 and "example: puzzlekit tromino" in result.stdout
