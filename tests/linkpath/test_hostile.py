"""Regressions from the hostile-input audit: long text, huge numbers, far-off paths."""

import math
import time

import pytest

from puzzlekit.errors import ParseError
from puzzlekit.linkpath import Board, Path, Rules, deal, solve

LONG = 100_000


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (Rules.parse, "outside=" + "y" * LONG),  # was: the text twice, in full
        (Rules.parse, "x" * LONG),
        (Path.parse, "0,0 " + "1" * LONG),
        (Board.parse, "numbers:\n1 " + "9" * LONG),
        (Board.parse, "numbers: " + "9" * LONG + "\n1 1"),
    ],
)
def test_long_text_is_quoted_briefly(parse, text):
    with pytest.raises(ParseError) as error:
        parse(text)
    assert len(str(error.value)) < 300


def test_a_path_has_at_most_four_points():
    # was: 250,000 points were all read and checked before the first error (8 s for 10 MB)
    with pytest.raises(ParseError, match="more than 4 points"):
        Path.parse("0,0 0,1 1,1 1,2 2,2")
    with pytest.raises(ValueError, match="at most 4 points"):
        Path(((0, 0), (0, 1), (1, 1), (1, 2), (2, 2)))
    assert Path.parse("0,0 0,1 1,1 1,2").turns == 2


def test_board_headers_come_once():
    # was: quadratic in the number of header lines (100,000 took 2 s, a million minutes)
    with pytest.raises(ParseError, match="second 'numbers:' line"):
        Board.parse("numbers:\nnumbers:\n1 1")
    with pytest.raises(ParseError, match="second 'rules:' line"):
        Board.parse("rules: max_turns=1\nrules: max_turns=1\naa")
    board = Board.parse("rules: max_turns=1\nnumbers:\n70 70")
    assert board.rows == ((70, 70),) and board.rules.max_turns == 1


def test_board_size_is_checked_before_the_cells():
    with pytest.raises(ParseError, match="has 1 x 1000000 cells; at most 200 per side"):
        Board.parse("x" * 1_000_000)
    with pytest.raises(ParseError, match="has 201 x 1 cells"):
        Board.parse("a\n" * 201)
    assert Board.parse("a" * 200 + "\n" + "." * 200).width == 200


def test_tile_at_point_takes_ints_beyond_the_float_range():
    board = Board.parse("ab\nba")
    # was: OverflowError when a huge int met a float
    assert board.tile_at_point(10**400, 5, 40.0) is None
    assert board.tile_at_point(10**400 + 45, 5.0, 40.0, origin=(10**400, 0)) == (0, 1)
    assert board.tile_at_point(math.inf, 5, 40) is None
    assert board.tile_at_point(math.nan, 5, 40) is None
    with pytest.raises(ValueError, match="positive and finite"):
        board.tile_at_point(5, 5, math.inf)  # was: (0, 0), every point in the first cell


def test_pictures_refuse_paths_off_the_board():
    board = Board.parse("a.a")
    far = Path(((0, 0), (0, 10**9)))  # was: a billion cells walked to draw it
    for draw in (board.to_text, board.to_svg):
        with pytest.raises(ValueError, match="outside the 1 x 3 board"):
            draw(path=far)
        with pytest.raises(TypeError, match="path must be a Path"):
            draw(path="0,0 0,2")  # was: AttributeError
    assert "+" in board.to_text(path=Path(((0, 0), (-1, 0), (-1, 2), (0, 2))))


@pytest.mark.parametrize("kinds", [1, 20_000])
def test_solver_stops_on_time_on_the_largest_boards(kinds):
    # was: 20,000 kinds of two tiles ran over a minute (deadlock pairs compared two
    # kinds at a time without a look at the clock); one kind of 40,000 tiles, 4.5 s
    board = deal(200, 200, kinds, seed=1, solvable=False)
    start = time.perf_counter()
    solution = solve(board, time_limit=0.3)
    assert solution is not None and not solution.complete
    assert time.perf_counter() - start < 3  # generous: the machine may be busy
