"""The tromino environment's random starts: the row-by-row decision against the exact
search, and the draws against random_state's."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("gymnasium")

from puzzlekit.errors import ArgumentError
from puzzlekit.tromino import Board, Params, is_tileable, random_state
from puzzlekit.tromino.gym import TrominoAdapter, row_fills, row_tileable


def hole_rows(height: int, width: int, holes: set[tuple[int, int]]) -> list[int]:
    return [sum(1 << col for col in range(width) if (row, col) in holes) for row in range(height)]


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 7), st.integers(1, 7), st.data())
def test_the_row_decision_is_the_exact_search(height: int, width: int, data: st.DataObject) -> None:
    cells = [(row, col) for row in range(height) for col in range(width)]
    holes = set(data.draw(st.lists(st.sampled_from(cells), unique=True)))
    board = Board(height, width, holes=holes)
    expected = (height * width - len(holes)) % 3 == 0 and is_tileable(board)
    assert row_tileable(hole_rows(height, width, holes), width, row_fills(width)) == expected


@pytest.mark.parametrize("text", ["8x8 holes=10", "5x7 holes=5", "11x11 holes=4", "9x4 holes=6"])
def test_random_starts_are_tileable_boards_of_the_params(text: str) -> None:
    adapter = TrominoAdapter(text)
    params = Params.parse(text)
    for seed in range(20):
        board = adapter.random_start(seed)
        assert (board.height, board.width, len(board.holes)) == (
            params.height, params.width, params.holes)
        assert is_tileable(board) and not board.trominoes
        assert adapter.random_start(seed) == board


def test_random_starts_reach_every_board_random_state_reaches_and_no_other() -> None:
    params = Params.parse("5x3 holes=3")
    tileable = set()
    for holes in combinations([(row, col) for row in range(3) for col in range(5)], 3):
        board = Board(3, 5, holes=holes)
        if is_tileable(board):
            tileable.add(board)
    adapter = TrominoAdapter(params)
    drawn = Counter(adapter.random_start(seed) for seed in range(3000))
    assert set(drawn) == tileable == {random_state(seed, params) for seed in range(3000)}
    # Uniform among them, as random_state's draws are: 45 a board on average.
    assert min(drawn.values()) > 20 and max(drawn.values()) < 80


@pytest.mark.parametrize("width", [0, -3, 12, "8", True])
def test_row_fills_refuses_widths_it_has_no_table_for(width):
    with pytest.raises(ArgumentError, match="row_fills takes a width from 1 to 11"):
        row_fills(width)


@pytest.mark.parametrize("rows", [[], [4], [-1], [0, 1, 8]])
def test_row_tileable_refuses_rows_that_do_not_fit_its_table(rows):
    with pytest.raises(ArgumentError, match="row_tileable takes at least one row mask"):
        row_tileable(rows, 2, row_fills(2))
