"""The fast move path of boards (listed trominoes and boards built unchecked by play)
against a plain grid of free cells and the checked constructor, move for move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit.errors import IllegalMoveError
from puzzlekit.tromino import Board, Tromino
from puzzlekit.tromino.board import BLOCK_CELLS, ORIENTATIONS


@given(st.integers(0, 10**6), st.integers(0, 10**6), st.sampled_from(ORIENTATIONS))
def test_a_tromino_knows_its_block_and_orientation(row: int, col: int, name: str) -> None:
    tromino = Tromino.at(row, col, name)
    assert (tromino.row, tromino.col, ORIENTATIONS[tromino.orientation]) == (row, col, name)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7), st.integers(2, 7), st.data())
def test_random_playouts_match_a_grid_of_free_cells(
    height: int, width: int, data: st.DataObject
) -> None:
    cells = [(row, col) for row in range(height) for col in range(width)]
    holes = data.draw(st.lists(st.sampled_from(cells), max_size=4, unique=True))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    board = Board(height, width, holes=holes)
    free = set(cells) - set(holes)
    while True:
        expected = [
            Tromino.at(row, col, orientation)
            for row in range(height - 1)
            for col in range(width - 1)
            for orientation in range(4)
            if all((row + dr, col + dc) in free for dr, dc in BLOCK_CELLS[orientation])
        ]
        legal = list(board.legal_moves())
        assert legal == expected
        assert board.is_over == (not expected)
        assert set(board.free_cells) == free
        if not legal:
            return
        move = rng.choice(legal)
        board = board.play(move)
        free -= set(move.cells)
        checked = Board(height, width, board.holes, board.trominoes)
        assert checked == board and checked.free_bits == board.free_bits
        assert Board.parse(str(board)) == board


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 12), st.integers(2, 12), st.data())
def test_moves_listed_from_tables_are_the_moves_of_the_anchor_loop(
    height: int, width: int, data: st.DataObject
) -> None:
    import puzzlekit.tromino.board as board_module

    cells = [(row, col) for row in range(height) for col in range(width)]
    holes = data.draw(st.lists(st.sampled_from(cells), max_size=8, unique=True))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    board = Board(height, width, holes=holes)
    while True:
        legal = list(board.legal_moves())
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(board_module, "_TABLE_CELLS", 0)  # every board takes the loop
            assert list(board.legal_moves()) == legal
        if not legal:
            return
        board = board.play(rng.choice(legal))


@given(st.integers(0, 9), st.integers(0, 9), st.sampled_from(ORIENTATIONS), st.data())
def test_play_refuses_a_tromino_off_the_board_as_can_place_says(
    row: int, col: int, name: str, data: st.DataObject
) -> None:
    board = Board(data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6)))
    tromino = Tromino.at(row, col, name)
    fits = all(r < board.height and c < board.width for r, c in tromino.cells)
    assert board.can_place(tromino) == fits
    if fits:
        assert set(board.play(tromino).trominoes) == {tromino}
    else:
        with pytest.raises(IllegalMoveError, match="is off the board"):
            board.play(tromino)
