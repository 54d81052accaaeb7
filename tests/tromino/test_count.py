"""Counting tilings: published numbers and cross-checks against enumeration."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings

from puzzlekit.errors import ArgumentError, LimitReached
from puzzlekit.tromino import Board, TilingCount, count_tilings, has_tiling, search_count
from puzzlekit.tromino.strategies import boards

_PUBLISHED = json.loads((Path(__file__).parent / "data" / "published_counts.json").read_text())


@pytest.mark.parametrize(
    "case", _PUBLISHED["cases"], ids=lambda c: f"{c['rows']}x{c['cols']}-{c['pieces']}"
)
def test_published_counts(case):
    board = Board(case["rows"], case["cols"], [tuple(h) for h in case["holes"]])
    assert count_tilings(board, pieces=case["pieces"]) == case["count"]
    transposed = Board(case["cols"], case["rows"], [(c, r) for r, c in board.holes])
    if board.height * board.width <= 64:
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
        free = [(r, c) for r in range(board.height) for c in range(board.width)
                if (r, c) not in filled]
        if not free:
            return 1
        r, c = free[0]
        total = 0
        for shape in shapes:
            cells = [(r, c)] + [(r + dr, c + dc) for dr, dc in shape]
            if all(0 <= x < board.height and 0 <= y < board.width and (x, y) not in filled
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
        assert search_count(board, pieces) == TilingCount(expected, True)
        assert has_tiling(board, pieces) == (expected > 0)


def test_count_bad_arguments():
    with pytest.raises(ArgumentError, match="pieces"):
        count_tilings(Board(2, 3), pieces="T")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        count_tilings("2x3")  # type: ignore[arg-type]


@pytest.mark.parametrize("sweep", [count_tilings, has_tiling])
def test_sweep_limits_raise_limit_reached(sweep):
    with pytest.raises(LimitReached, match="time limit"):
        sweep(Board(16, 16, [(0, 0)]), time_limit=0.05)
    with pytest.raises(LimitReached, match="node limit"):
        sweep(Board(8, 8, [(0, 0)]), node_limit=10)
    stops = []
    with pytest.raises(LimitReached, match="request to stop"):
        sweep(Board(16, 16, [(0, 0)]), progress=lambda report: stops.append(report) or True)
    assert stops and stops[0].nodes >= 0


def test_sweeps_refuse_boards_too_wide_for_them():
    with pytest.raises(ArgumentError, match="at most 11 cells across"):
        count_tilings(Board(15, 15), "LI")
    with pytest.raises(ArgumentError, match="at most 16 cells across"):
        has_tiling(Board(17, 17, [(0, 0)]))
    # answers that need no sweep come at once, at any width
    assert count_tilings(Board(17, 17)) == 0  # 289 cells
    assert has_tiling(Board(1, 3 * 10**6)) is False


def test_count_ignores_placed_trominoes():
    board = Board.parse("aab\nabb")
    assert count_tilings(board) == 2
