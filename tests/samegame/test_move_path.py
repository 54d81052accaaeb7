"""The packed move path of boards (legal moves, play, is_over) against the column-run
path that boards over PACKED_BITS take, move for move on random playouts."""

from __future__ import annotations

import pickle
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import puzzlekit.samegame.board as board_module
from puzzlekit.errors import IllegalMoveError
from puzzlekit.samegame import Board, Move, Rules
from puzzlekit.samegame.strategies import boards


def runs_path(board: Board) -> Board:
    """The same position without its packed form (built while PACKED_BITS is 0)."""
    return Board(board.columns, board.height, board.rules)


def replay(board: Board, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    while True:
        fast = list(board.legal_moves())
        with monkeypatch.context() as patch:
            patch.setattr(board_module, "PACKED_BITS", 0)
            reference = runs_path(board)
            assert reference.packed is None
            assert list(reference.legal_moves()) == fast
            assert reference.is_over == board.is_over
            cell = (rng.randrange(board.height), rng.randrange(board.width))
            try:
                expected = reference.play_counted(cell)
            except IllegalMoveError as error:
                with pytest.raises(IllegalMoveError, match=re.escape(str(error))):
                    board.play_counted(cell)
                with pytest.raises(IllegalMoveError, match=re.escape(str(error))):
                    board.play(Move(*cell))  # a Move that names no listed group
            else:
                assert board.play_counted(cell) == expected
                assert board.play(Move(*cell)) == expected[0]  # listed or any cell of it
        if not fast:
            return
        move = rng.choice(fast)
        with monkeypatch.context() as patch:
            patch.setattr(board_module, "PACKED_BITS", 0)
            expected, removed = runs_path(board).play_counted(move)
        after, fast_removed = board.play_counted(move)
        assert (after, fast_removed) == (expected, removed)
        assert board.play(move) == after
        assert board.play(move).is_over == expected.is_over  # before it is listed
        assert after.columns == expected.columns and after.height == expected.height
        board = after


@settings(max_examples=60, deadline=None)
@given(boards(max_rows=7, max_cols=7), st.integers(1, 4), st.integers(0, 2**32))
def test_packed_path_plays_as_the_runs_path(board: Board, min_group: int, seed: int) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        replay(board.with_rules(Rules(min_group=min_group)), seed, monkeypatch)


def test_a_big_board_plays_on_its_runs() -> None:
    board = Board.parse("\n".join(["1122" * 50] * 90))
    assert board.packed is None
    assert [str(move) for move in board.legal_moves()][:2] == ["0,0", "0,2"]
    assert board.play("0,0").count == board.count - 2 * 90


def fresh_line(board: Board, seed: int) -> list[Board]:
    """The boards of a random line of play, each played afresh so none has decoded its
    columns yet."""
    rng = random.Random(seed)
    line = [board]
    while moves := list(line[-1].legal_moves()):
        line.append(line[-1].play(rng.choice(moves)))
    return line


@settings(max_examples=40, deadline=None)
@given(boards(max_rows=6, max_cols=6), st.integers(1, 3), st.integers(0, 2**32))
def test_played_boards_read_as_their_text_before_their_columns_are_decoded(
    board: Board, min_group: int, seed: int
) -> None:
    board = board.with_rules(Rules(min_group=min_group))
    line = fresh_line(board, seed)
    texts = [str(played) for played in line]  # decodes the columns of this line
    for text, played in zip(texts, fresh_line(board, seed), strict=True):
        expected = Board.parse(text)
        assert (played.width, played.is_solved, played.is_over) == (
            expected.width, expected.is_solved, expected.is_over)
        assert played == expected and hash(played) == hash(expected)
    for played in fresh_line(board, seed):
        copied = pickle.loads(pickle.dumps(played))
        assert copied == played and copied.columns == played.columns
    with pytest.raises(AttributeError, match="no attribute 'colums'"):
        line[-1].colums  # type: ignore[attr-defined]  # noqa: B018


def test_a_board_has_no_getattr_hook() -> None:
    # A __getattr__ takes every attribute read of a board (its methods, rules and slots on
    # each move) off CPython's fast path; only the unset columns of a played board are read
    # through, by their own descriptor.
    assert not hasattr(Board, "__getattr__")
    played = Board.parse("1.\n12\n22").play((2, 0))
    assert played.columns == ((1, 1), ()) and played == Board.parse("..\n1.\n1.")


def test_boards_of_one_layout_list_the_same_move_objects() -> None:
    first, second = Board.parse("11\n22"), Board.parse("22\n11")
    assert first.packed is not None and second.packed is not None
    assert first.packed[0] is second.packed[0]
    one, other = list(first.legal_moves()), list(second.legal_moves())
    assert one == other == [Move(0, 0), Move(1, 0)]
    assert all(a is b for a, b in zip(one, other, strict=True))


def test_moves_stay_right_when_many_layouts_crowd_the_table() -> None:
    # The table of moves by layout is cleared when it fills: every size lists its own moves.
    for width in range(1, 80):
        board = Board.parse("1" * width + "\n" + "2" * width)
        expected = [Move(0, 0), Move(1, 0)] if width > 1 else []
        assert list(board.legal_moves()) == expected
        assert list(board.legal_moves()) == expected  # listed once, served again
    assert len(board_module._MOVES_OF) <= 64
