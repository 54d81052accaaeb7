"""Boards: text forms, bad input, views, pictures, screen picking, pickling."""

import contextlib
import pickle
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import SearchResult
from puzzlekit.errors import (
    ArgumentError,
    IllegalMoveError,
    LimitReached,
    ParseError,
    UnsolvableError,
)
from puzzlekit.linkpath import ALPHABET, Board, Pair, Path, Rules, deal, solve
from puzzlekit.linkpath.strategies import boards, cells, rules
from puzzlekit.svg import Svg

# -- text ---------------------------------------------------------------------------


@given(st.one_of(boards(rules=rules()), boards(kinds=100, max_side=3)))
def test_parse_str_round_trip(board):
    assert Board.parse(str(board)) == board
    assert eval(repr(board)) == board


@given(rules())
def test_rules_round_trip(rule):
    assert Rules.parse(str(rule)) == rule


def test_kinds_beyond_the_alphabet_use_numbers():
    board = Board.from_rows([[70, 0], [0, 70]])
    assert str(board) == "numbers:\n70  .\n . 70"
    assert Board.parse(str(board)) == board
    column = Board.from_rows([[70], [70]], rules=Rules(gravity="down"))
    assert Board.parse(str(column)) == column
    assert Board.parse("1 2\n2 1").rows == ((1, 2), (2, 1))
    assert Board.parse("numbers:\n12").rows == ((12,),)
    with pytest.raises(ParseError, match="takes nothing after"):
        Board.parse("numbers: yes\n12")


def test_alphabet_maps_kinds():
    board = Board.parse("1aZ")
    assert board.rows == ((1, 10, 61),)
    assert len(ALPHABET) == 61


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ab\nabc", "row 1 'abc' has 3 cells, expected 2"),
        ("ab\na#", "'#' at row 1, column 1"),
        ("a0", "'0' at row 0, column 1"),
        ("", "has no rows"),
        ("rules: gravity=up\nab", "gravity must be none or down"),
        ("rules: colour=red\nab", "unknown setting 'colour=red'"),
        ("1 2\n3 x", "'x' at row 1, column 1"),
        ("1 2\n3 012", "'012' at row 1, column 1"),
        ("a" * 201, "at most 200 per side"),
    ],
)
def test_bad_text_names_the_place(text, message):
    with pytest.raises(ParseError, match=message):
        Board.parse(text)


def test_rules_in_text_and_argument_must_agree():
    assert Board.parse("rules: gravity=down\nab", rules=Rules(gravity="down")).rules.gravity
    with pytest.raises(ParseError, match="differ"):
        Board.parse("rules: gravity=down\nab", rules=Rules())


@pytest.mark.parametrize(
    ("rows", "error", "message"),
    [
        ([[1, 2], [1]], ArgumentError, "row 1 has 1 cells"),
        ([[1, -2]], ArgumentError, "must be from 0 to 999999999, not -2"),
        ([[1, 10**9]], ArgumentError, "must be from 0 to 999999999, not 1000000000"),
        ([[2**63, 2**63]], ArgumentError, "must be from 0 to 999999999"),
        ([[1, "a"]], TypeError, "must be an int"),
        ([], ArgumentError, "at least one row"),
        ([[1] * 201], ArgumentError, "too large"),
        ([[1] * 10**6], ArgumentError, "too large"),
    ],
)
def test_from_rows_checks(rows, error, message):
    with pytest.raises(error, match=message):
        Board.from_rows(rows)


def test_wrong_types_at_the_boundary():
    with pytest.raises(TypeError):
        Board.parse(b"ab")
    with pytest.raises(TypeError):
        Board(((1, 1),), rules="default")
    with pytest.raises(TypeError):
        Rules(outside=1)
    with pytest.raises(ArgumentError):
        Rules(max_turns=3)
    with pytest.raises(ArgumentError):
        Rules(gravity="up")


_VALID = "ab.c\nc.ba\n1Z1Z"


@st.composite
def mutated(draw):
    text = draw(
        st.sampled_from(
            [_VALID, "rules: gravity=down\n" + _VALID, "12 70\n70 12", "numbers:\n12\n70"]
        )
    )
    position = draw(st.integers(0, len(text) - 1))
    action = draw(st.sampled_from(["change", "drop", "duplicate", "ragged", "huge"]))
    if action == "change":
        return text[:position] + draw(st.characters()) + text[position + 1 :]
    if action == "drop":
        return text[:position] + text[position + 1 :]
    if action == "duplicate":
        return text[:position] + text[position] + text[position:]
    if action == "ragged":
        return text + "\n" + draw(st.text(alphabet="ab.", max_size=6))
    return text.replace("12", "9" * draw(st.integers(5, 5000)))


@settings(max_examples=100)
@given(st.one_of(st.text(), mutated()))
def test_parse_fuzz_gives_a_board_or_a_parse_error(text):
    try:
        board = Board.parse(text)
    except ParseError:
        return
    assert Board.parse(str(board)) == board


# -- moves with any input -------------------------------------------------------------

_ANY = st.one_of(
    st.tuples(st.integers(-300, 300), st.integers(-300, 300)),
    st.tuples(st.integers(), st.integers()),
    st.none(),
    st.text(max_size=3),
    st.tuples(st.floats(), st.integers()),
    st.lists(st.integers(0, 3), max_size=3),
)


@settings(max_examples=60)
@given(boards(max_side=5), _ANY, _ANY)
def test_moves_with_arbitrary_cells_fail_cleanly(board, a, b):
    for action in (board.remove, board.find_path, board.can_link):
        with contextlib.suppress(IllegalMoveError, ArgumentError, TypeError):
            action(a, b)
    try:
        board.play((a, b))
    except (IllegalMoveError, ArgumentError, TypeError):
        assert (a, b) not in board.legal_moves()
    else:
        assert (a, b) in board.legal_moves()


@settings(max_examples=40)
@given(boards(max_side=5, rules=rules()), st.data())
def test_play_accepts_a_pair_its_text_and_cells_in_either_order(board, data):
    a, b = data.draw(cells(board)), data.draw(cells(board))
    forms = [
        Pair(a, b),
        Pair(b, a),
        str(Pair(a, b)),
        f"{b[0]},{b[1]} {a[0]},{a[1]}",
        (a, b),
        (b, a),
    ]
    try:
        expected = board.remove(a, b)
    except IllegalMoveError as error:
        for form in forms:
            assert form not in board.legal_moves()
            with pytest.raises(IllegalMoveError, match=re.escape(str(error))):
                board.play(form)
    else:
        for form in forms:
            assert form in board.legal_moves()
            assert board.play(form) == expected


def test_play_takes_one_move():
    board = Board.parse("a.a\nbxb")
    for m in board.legal_moves():  # the loop issue #12 reports
        assert board.play(m).legal_moves().count() == board.legal_moves().count() - 1
    with pytest.raises(TypeError):
        board.play((0, 0), (0, 2))
    with pytest.raises(TypeError, match="a move is a Pair"):
        board.play(5)
    with pytest.raises(ParseError):
        board.play("0,0")


@given(
    st.tuples(st.integers(0, 10**18 - 1), st.integers(0, 10**18 - 1)),
    st.tuples(st.integers(0, 10**18 - 1), st.integers(0, 10**18 - 1)),
)
def test_pair_text_round_trips_and_order_is_canonical(a, b):
    pair = Pair(a, b)
    assert Pair.parse(str(pair)) == pair == Pair(b, a) == Pair.of(str(Pair(b, a)))
    assert pair.a <= pair.b
    assert pickle.loads(pickle.dumps(pair, 0)) == pair


@pytest.mark.parametrize(
    ("a", "error"),
    [
        ((-1, 0), ArgumentError),
        ((10**18, 0), ArgumentError),
        ((0.5, 0), TypeError),
        ("0,0", TypeError),
    ],
)
def test_pair_refuses_cells_text_cannot_write(a, error):
    with pytest.raises(error):
        Pair(a, (0, 0))


def test_off_the_board_cells_are_illegal_moves_with_one_message():
    board = Board.parse("ab\nba")
    message = re.escape("cell (2, 0) is off the board (2 rows, 2 columns)")
    for action in (
        lambda: board.find_path((2, 0), (0, 0)),
        lambda: board.play("2,0 0,0"),
        lambda: board.play(((2, 0), (0, 0))),
        lambda: board.play(Pair((2, 0), (0, 0))),
        lambda: board[2, 0],
    ):
        with pytest.raises(IllegalMoveError, match=message):
            action()
    with pytest.raises(IllegalMoveError, match="off the board"):
        board.play(((-1, 0), (0, 0)))


def test_moves_view_is_like_a_collection():
    board = Board.parse("a.a\nb.b\ncxc")
    view = board.legal_moves()
    assert [str(pair) for pair in view] == ["0,0 0,2", "1,0 1,2", "2,0 2,2"]
    assert ((0, 0), (0, 2)) in view and ((0, 2), (0, 0)) in view  # either order
    assert "0,2 0,0" in view and Pair((0, 2), (0, 0)) in view
    assert ((2, 0), (2, 2)) in view  # round the bottom ring
    assert "nonsense" not in view and ((9, 9), (0, 0)) not in view and 7 not in view
    assert view.count() == len(view) == 3 and bool(view)
    assert not Board.parse("ab\nba").legal_moves()


def test_validity_reports_odd_kinds():
    board = Board.parse("aab\nbcc\nd..")
    assert not board.is_valid()
    assert board.problems() == ("kind 'd' has 1 tiles, an odd number",)
    result = solve(board)
    assert result.complete and result.proved_unsolvable and result.moves == ()


# -- screen picking, pictures, pickling --------------------------------------------------


def test_tile_at_point():
    board = Board.parse("ab\n.a")
    assert board.tile_at_point(10, 10, 40) == (0, 0)
    assert board.tile_at_point(40, 0, 40) == (0, 1)  # a border belongs to the next cell
    assert board.tile_at_point(79.9, 79.9, 40) == (1, 1)
    assert board.tile_at_point(10, 50, 40) is None  # empty cell
    assert board.tile_at_point(80, 10, 40) is None  # right of the board
    assert board.tile_at_point(-1, 10, 40) is None
    assert board.tile_at_point(115, 62, 40, origin=(30, 20)) is None
    assert board.tile_at_point(75, 62, 40, origin=(30, 20)) == (1, 1)
    with pytest.raises(ArgumentError, match="cell_size"):
        board.tile_at_point(1, 1, 0)
    with pytest.raises(TypeError):
        board.tile_at_point("1", 1, 40)
    with pytest.raises(TypeError, match="origin"):
        board.tile_at_point(1, 1, 40, origin=(0, 0, 0))


def test_text_picture_draws_links():
    board = Board.parse("a..\nx.a")
    assert board.to_text(path=board.find_path((0, 0), (1, 2))) == "a-+\nx.a"
    ring = Board.parse("axa").to_text(path=Board.parse("axa").find_path((0, 0), (0, 2)))
    assert ring.split("\n") == [" +-+", " axa", ""]
    assert Board.parse("ab").to_text() == "ab"


@given(boards(max_side=5))
def test_svg_parses(board):
    pair = next(iter(board.legal_moves()), None)
    path = board.find_path(pair.a, pair.b) if pair else None
    svg = board.to_svg(path=path)
    assert isinstance(svg, Svg) and svg._repr_svg_() == svg
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert root.find("{http://www.w3.org/2000/svg}title").text.startswith("Lianliankan board")
    assert len(root.findall("{http://www.w3.org/2000/svg}polyline")) == (path is not None)
    assert board.to_svg() in board._repr_html_()


@pytest.mark.parametrize(
    ("cell_size", "error"), [(1, ArgumentError), (10**400, ArgumentError), ("big", TypeError)]
)
def test_svg_options_are_checked(cell_size, error):
    with pytest.raises(error, match="cell_size"):
        Board.parse("ab").to_svg(cell_size=cell_size)


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_everything_pickles_after_a_link_query(protocol):
    board = deal(4, 4, 3, seed=1, rules=Rules(gravity="down"))
    board.legal_moves().count()  # fills the cached bitboard first
    assert board.can_link(*board.tiles[:2]) in (True, False)
    result = solve(board)
    hint = board.hint()
    path = board.find_path(hint.a, hint.b)
    for value in (board, result, path, board.rules, hint):
        copy = pickle.loads(pickle.dumps(value, protocol))
        assert copy == value
    copy = pickle.loads(pickle.dumps(board, protocol))
    assert list(copy.legal_moves()) == list(board.legal_moves())  # the cache is rebuilt
    assert isinstance(result, SearchResult)
    assert Path.parse(str(path)) == path


@pytest.mark.parametrize("text", ["0,0 1", "0,0 a,1", "0,0"])
def test_bad_path_text(text):
    with pytest.raises(ParseError):
        Path.parse(text)


def test_shuffle_refuses_impossible_requests():
    with pytest.raises(UnsolvableError, match="odd number"):
        Board.parse("aab").shuffle(seed=1, solvable=True)
    closed = Board.parse("a...\n....\n...a", rules=Rules(max_turns=0))
    with pytest.raises(LimitReached, match="without a legal move"):  # not proved: gave up
        closed.shuffle(seed=1)
    with pytest.raises(LimitReached, match="node limit"):
        closed.shuffle(seed=1, node_limit=5)
    assert Board.parse("..").shuffle(seed=1) == Board.parse("..")
