"""The player's side: trominoes, boards, placements, text forms, fuzzing."""

import pickle
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlekit.errors import ArgumentError, IllegalMoveError, ParseError
from puzzlekit.svg import Svg
from puzzlekit.tromino import Board, Tiling, Tromino, tile
from puzzlekit.tromino.strategies import boards, legal_trominoes, partial_boards, trominoes

# -- trominoes ---------------------------------------------------------------------------


def test_tromino_at_leaves_out_the_named_cell():
    assert set(Tromino.at(2, 3, "nw").cells) == {(2, 4), (3, 3), (3, 4)}
    assert set(Tromino.at(2, 3, "ne").cells) == {(2, 3), (3, 3), (3, 4)}
    assert set(Tromino.at(2, 3, "sw").cells) == {(2, 3), (2, 4), (3, 4)}
    assert set(Tromino.at(2, 3, 3).cells) == {(2, 3), (2, 4), (3, 3)}


@given(st.integers(0, 50), st.integers(0, 50), st.sampled_from([0, 1, 2, 3]))
def test_tromino_text_round_trip(row, col, orientation):
    tromino = Tromino.at(row, col, orientation)
    assert (tromino.row, tromino.col, tromino.orientation) == (row, col, orientation)
    assert Tromino.parse(str(tromino)) == tromino
    assert eval(repr(tromino)) == tromino
    assert pickle.loads(pickle.dumps(tromino)) == tromino
    assert Tromino(reversed(tromino.cells)) == tromino


@pytest.mark.parametrize(
    "cells",
    [[(0, 0), (0, 1), (0, 2)], [(0, 0), (1, 1), (2, 2)], [(0, 0), (0, 1)], [(0, 0)] * 3],
)
def test_tromino_rejects_non_l_shapes(cells):
    with pytest.raises(ArgumentError):
        Tromino(cells)


@pytest.mark.parametrize("bad", ["", "1,2", "1,2 up", "a,b nw", "1,2,3 nw", "1,2 nw extra"])
def test_tromino_parse_errors(bad):
    with pytest.raises(ParseError, match="tromino"):
        Tromino.parse(bad)


def test_tromino_type_errors():
    with pytest.raises(TypeError):
        Tromino.at(0, "1", 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Tromino.at(0, 0, 1.0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        Tromino.at(0, 0, 4)
    with pytest.raises(ArgumentError):
        Tromino.at(-1, -1, 0)  # its text would not read back


# -- boards --------------------------------------------------------------------------------


def test_board_text_and_repr():
    board = Board.parse("#a.\naab\n.bb")
    assert board.holes == frozenset({(0, 0)})
    assert board.trominoes == {Tromino.at(0, 0, "nw"), Tromino.at(1, 1, "nw")}
    assert board.free_cells == ((0, 2), (2, 0))
    assert not board.is_solved
    assert eval(repr(board)) == board
    assert str(board) == "#a.\naab\n.bb"


def test_adjacent_trominoes_get_different_letters():
    board = tile(Board.square(8, (3, 4))).to_board()
    grid = str(board).splitlines()
    for r, line in enumerate(grid):
        for c, char in enumerate(line):
            for nr, nc in ((r + 1, c), (r, c + 1)):
                if nr < 8 and nc < 8 and grid[nr][nc] == char:
                    assert board.owner((r, c)) == board.owner((nr, nc))


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"height": 0, "width": 3}, ArgumentError, "height must be from 1"),
        ({"height": 3, "width": -1}, ArgumentError, "width must be from 1"),
        ({"height": 3.0, "width": 3}, TypeError, "height must be an int"),
        ({"height": 2**64, "width": 2**64}, ArgumentError, "height must be from 1"),
        ({"height": 5000, "width": 5000}, ArgumentError, "over MAX_CELLS"),
        ({"height": 2, "width": 2, "holes": [(2, 0)]}, ArgumentError, "hole (2, 0) is off"),
        ({"height": 2, "width": 2, "holes": "ab"}, TypeError, "holes"),
        ({"height": 2, "width": 2, "holes": [(0, "0")]}, TypeError, "pair of ints"),
    ],
)
def test_board_bad_arguments(kwargs, error, words):
    with pytest.raises(error) as info:
        Board(**kwargs)
    assert words in str(info.value)


def test_place_says_which_cell_is_wrong():
    board = Board.square(4, (0, 0))
    with pytest.raises(IllegalMoveError, match=r"row 0, column 0 is a hole"):
        board.play(Tromino.at(0, 0, "se"))
    with pytest.raises(IllegalMoveError, match=r"3,2 nw: cell \(4, 2\) is off the board \(4 rows"):
        board.play(Tromino.at(3, 2, "nw"))
    placed = board.play(Tromino.at(1, 1, "nw"))
    with pytest.raises(IllegalMoveError, match=r"row 1, column 2 is already covered by 1,1 nw"):
        placed.place(Tromino.at(0, 1, "nw"))
    with pytest.raises(TypeError):
        board.play((1, 1, 0))  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        board.play("1,1 up")
    assert board.trominoes == frozenset()  # unchanged


def test_any_correct_covering_solves_the_board():
    # A 2x3 block has two tilings; either one solves it.
    board = Board(2, 3)
    first = board.play(Tromino.at(0, 0, "se")).place(Tromino.at(0, 1, "nw"))
    second = board.play(Tromino.at(0, 0, "ne")).place(Tromino.at(0, 1, "sw"))
    assert first.is_solved and second.is_solved and first != second


@given(st.data())
def test_place_with_arbitrary_coordinates_only_raises_clean_errors(data):
    board = data.draw(partial_boards(max_side=5))
    row = data.draw(st.integers(-3, 8))
    col = data.draw(st.integers(-3, 8))
    try:
        tromino = Tromino.at(row, col, data.draw(st.sampled_from([0, 1, 2, 3, "ne", 7, "x"])))
        result = board.play(tromino)
    except (IllegalMoveError, ValueError, TypeError):
        return
    assert tromino in result.trominoes


@given(st.data())
def test_random_games_keep_the_invariants(data):
    board = data.draw(boards(max_side=6, max_holes=3))
    placed = []
    while True:
        moves = list(board.legal_moves())
        assert bool(moves) == any(board.can_place(t) for t in moves)
        if not moves or data.draw(st.integers(0, 9)) == 0:
            break
        move = data.draw(st.sampled_from(moves))
        board = board.play(move)
        placed.append(move)
        covered = [cell for t in board.trominoes for cell in t.cells]
        assert len(covered) == len(set(covered)) == 3 * len(placed)
        assert not set(covered) & board.holes
        assert len(board.free_cells) + len(covered) == board.area
        assert board.is_solved == (not board.free_cells)
        assert Board.parse(str(board)) == board
    replay = board.cleared()
    for move in placed:
        replay = replay.place(move)
    assert replay == board


@given(partial_boards(max_side=6))
def test_board_round_trip_and_pickle(board):
    assert Board.parse(str(board)) == board
    assert eval(repr(board)) == board
    assert pickle.loads(pickle.dumps(board)) == board
    assert hash(Board.parse(str(board))) == hash(board)


@given(st.data())
def test_trominoes_strategies(data):
    board = data.draw(boards(max_side=5).filter(lambda b: b.height > 1 and b.width > 1))
    assert data.draw(trominoes(board)).row < board.height - 1
    if any(True for _ in board.legal_moves()):
        assert board.can_place(data.draw(legal_trominoes(board)))


def test_svg_is_xml():
    board = Board.square(4, (1, 1)).place(Tromino.at(0, 0, "se"))
    root = ET.fromstring(board.to_svg())
    assert root.tag.endswith("svg")
    assert board.to_svg() in board._repr_html_()
    assert isinstance(board.to_svg(), Svg) and "<title>" in board.to_svg()
    assert "<title>" in tile(Board.square(4, (0, 0))).to_svg()
    ET.fromstring(tile(Board.square(8, (0, 3))).to_svg(colours=3))


# -- fuzzing the parsers -------------------------------------------------------------------

_VALID_TEXTS = ["#a\naa", "aab\nabb", "#.\n..", str(tile(Board.square(4, (2, 1)))), "aa.\na.."]


@st.composite
def _mutated(draw):
    text = draw(st.sampled_from(_VALID_TEXTS))
    for _ in range(draw(st.integers(1, 3))):
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        kind = draw(st.sampled_from(["change", "drop", "double", "ragged", "huge"]))
        if kind == "change":
            char = draw(st.sampled_from([*"#.abcZ\n é9", draw(st.characters())]))
            text = text[:at] + char + text[at + 1 :]
        elif kind == "drop":
            text = text[:at] + text[at + 1 :]
        elif kind == "double":
            text = text[:at] + text[at] + text[at:]
        elif kind == "ragged":
            text += "\n" + "." * draw(st.integers(0, 6))
        else:
            text = text[:at] + str(10**30) + text[at:]
    return text


_TEXTS = st.one_of(st.text(max_size=40), st.text(alphabet="#.abc\n", max_size=40), _mutated())


@given(_TEXTS)
def test_board_parse_fuzz(text):
    try:
        board = Board.parse(text)
    except ParseError:
        return
    assert Board.parse(str(board)) == board


@given(_TEXTS)
def test_tiling_parse_fuzz(text):
    try:
        tiling = Tiling.parse(text)
    except ParseError:
        return
    assert Tiling.parse(str(tiling)) == tiling
    assert tiling.is_valid() == (not tiling.problems())


@given(st.one_of(st.text(max_size=20), st.from_regex(r"-?\d{1,40},-?\d{1,3} [nsewNSEW]{2}")))
def test_tromino_parse_fuzz(text):
    try:
        tromino = Tromino.parse(text)
    except ParseError:
        return
    assert Tromino.parse(str(tromino)) == tromino


def test_parse_messages_quote_the_input():
    with pytest.raises(ParseError, match=r"'\.\.x'"):
        Board.parse("...\n..x")
    with pytest.raises(ParseError, match=r"row 1 '\.b' has 2 cells"):
        Board.parse("..a\n.b")
    with pytest.raises(ParseError, match="marks 4 or more joined cells"):
        Tiling.parse("aa\naa")
    with pytest.raises(TypeError):
        Board.parse(None)  # type: ignore[arg-type]
