"""Regressions from the hostile-input audit: long text, huge sizes, runaway sweeps."""

import time

import pytest

from puzzlekit.errors import ParseError
from puzzlekit.tromino import Board, Tiling, Tromino, count_tilings, golomb_owner, has_tiling

LONG = 100_000


def test_tromino_parse_quotes_long_text_briefly():
    # was: the whole text in the message
    with pytest.raises(ParseError, match=r"\(100005 characters\)") as error:
        Tromino.parse("1" * LONG + ",2 ne")
    assert len(str(error.value)) < 300


def test_long_orientation_name_is_quoted_briefly():
    with pytest.raises(ValueError) as error:
        Tromino.at(0, 0, "n" * LONG)
    assert len(str(error.value)) < 300


@pytest.mark.parametrize("parse", [Board.parse, Tiling.parse])
def test_board_row_is_quoted_briefly(parse):
    # was: the whole row 0 in the "letter marks 4 or more cells" message
    with pytest.raises(ParseError, match="4 or more joined cells") as error:
        parse("x" * LONG)
    assert len(str(error.value)) < 300


def test_a_wide_board_of_free_cells_reads_correctly():
    board = Board.parse("." * 5000 + "\n" + "#" + "." * 4999)
    assert (board.rows, board.cols, board.holes) == (2, 5000, frozenset({(1, 0)}))
    assert Board.parse(str(board)) == board


@pytest.mark.parametrize("sweep", [has_tiling, count_tilings])
@pytest.mark.parametrize("pieces", ["L", "LI"])
def test_wide_sweeps_stop_on_time(sweep, pieces):
    # was: has_tiling looked at the clock every 256 cells, and one cell of a
    # 30-wide sweep grew millions of states: it ran out of memory instead
    start = time.perf_counter()
    with pytest.raises(TimeoutError, match="stopped by time_limit"):
        sweep(Board(30, 30), pieces, time_limit=0.2)
    assert time.perf_counter() - start < 5  # generous: the machine may be busy


def test_golomb_owner_refuses_astronomical_n():
    # was: 2**100000 took 25 s (k-bit arithmetic at each of k levels)
    with pytest.raises(ValueError, match=r"at most 2\*\*4096"):
        golomb_owner(1 << 100_000, (0, 0), (1, 1))
    assert golomb_owner(1 << 4096, (0, 0), (1, 1)) == 4096 - 1
