"""Counting tilings: published numbers and cross-checks against enumeration."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings

from puzzlekit.testing.tromino import boards
from puzzlekit.tromino import Board, count_tilings, has_tiling, search_count

_PUBLISHED = json.loads((Path(__file__).parent / "data" / "published_counts.json").read_text())


@pytest.mark.parametrize(
    "case", _PUBLISHED["cases"], ids=lambda c: f"{c['rows']}x{c['cols']}-{c['pieces']}"
)
def test_published_counts(case):
    board = Board(case["rows"], case["cols"], [tuple(h) for h in case["holes"]])
    assert count_tilings(board, pieces=case["pieces"]) == case["count"]
    transposed = Board(case["cols"], case["rows"], [(c, r) for r, c in board.holes])
    if board.rows * board.cols <= 64:
        assert count_tilings(transposed, pieces=case["pieces"]) == case["count"]


@pytest.mark.parametrize("k", range(1, 8))
def test_two_by_three_k(k):
    assert count_tilings(Board(2, 3 * k)) == 2**k
    assert count_tilings(Board(3 * k, 2)) == 2**k


def _naive_count(board, straight):
    """Count by filling the first empty cell every way; plain recursion, tiny boards."""
    shapes = [((0, 1), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((1, -1), (1, 0))]
    if straight:
        shapes += [((0, 1), (0, 2)), ((1, 0), (2, 0))]
    filled = {(r, c) for r, c in board.holes}

    def count():
        free = [(r, c) for r in range(board.rows) for c in range(board.cols)
                if (r, c) not in filled]
        if not free:
            return 1
        r, c = free[0]
        total = 0
        for shape in shapes:
            cells = [(r, c)] + [(r + dr, c + dc) for dr, dc in shape]
            if all(0 <= x < board.rows and 0 <= y < board.cols and (x, y) not in filled
                   for x, y in cells):
                filled.update(cells)
                total += count()
                filled.difference_update(cells)
        return total

    return count()


@given(boards(max_side=5, max_holes=4))
@settings(max_examples=50)
def test_profile_count_agrees_with_enumeration(board):
    for pieces in ("L", "LI"):
        expected = _naive_count(board, pieces == "LI")
        assert count_tilings(board, pieces) == expected
        assert search_count(board, pieces) == (expected, True)
        assert has_tiling(board, pieces) == (expected > 0)


def test_count_bad_arguments():
    with pytest.raises(ValueError, match="pieces"):
        count_tilings(Board(2, 3), pieces="T")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        count_tilings("2x3")  # type: ignore[arg-type]


def test_count_time_limit():
    with pytest.raises(TimeoutError, match="time_limit"):
        count_tilings(Board(15, 15), "LI", time_limit=0.2)


def test_count_ignores_placed_trominoes():
    board = Board.parse("aab\nabb")
    assert count_tilings(board) == 2
