"""Board: text, rows, groups, moves, and the properties every move keeps.

The properties compare Board.play with `reference_play` below, a deliberately
naive implementation on lists of rows written from the rules alone.
"""

import pickle
import random
import time
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit.errors import IllegalMoveError, ParseError
from puzzlekit.samegame import COLOUR_CHARS, Board, Group, Move, Rules, random_board, settle
from puzzlekit.samegame.strategies import boards, games, moves

# -- an independent reference -------------------------------------------------


def reference_group(rows, cell):
    """The cells of the group at *cell*, by breadth-first search over rows."""
    height, width = len(rows), len(rows[0])
    row, col = cell
    colour = rows[row][col]
    found = {cell}
    frontier = [cell]
    while frontier:
        row, col = frontier.pop()
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < height and 0 <= c < width and rows[r][c] == colour and (r, c) not in found:
                found.add((r, c))
                frontier.append((r, c))
    return found


def reference_play(rows, cell):
    """Remove the group at *cell*, drop blocks, close empty columns: rows in, rows out."""
    height, width = len(rows), len(rows[0])
    removed = reference_group(rows, cell)
    columns = []
    for col in range(width):
        kept = [rows[r][col] for r in range(height) if rows[r][col] is not None
                and (r, col) not in removed]
        if kept:
            columns.append([None] * (height - len(kept)) + kept)
    columns += [[None] * height] * (width - len(columns))
    return tuple(tuple(columns[c][r] for c in range(width)) for r in range(height))


def is_settled(rows):
    """No block over an empty cell, no empty column left of a non-empty one."""
    height, width = len(rows), len(rows[0])
    for col in range(width):
        column = [rows[r][col] for r in range(height)]
        blocks = [value is not None for value in column]
        if blocks != sorted(blocks):  # False (empty) cells must all come first (on top)
            return False
    bottoms = [rows[-1][c] is not None for c in range(width)]
    return bottoms == sorted(bottoms, reverse=True)


# -- text ---------------------------------------------------------------------


def test_parse_compact_and_numeric_forms_agree():
    compact = Board.parse("1..\n12.\n221")
    assert Board.parse("1 . .\n1 2 .\n2 2 1") == compact
    assert compact.rows == ((1, None, None), (1, 2, None), (2, 2, 1))
    assert str(compact) == "1..\n12.\n221"


def test_letters_name_colours_from_10():
    board = Board.parse("aZ\n9A")
    assert board.rows == ((10, 61), (9, 36))
    assert Board.parse("10 61\n9 36") == board
    assert str(board) == "aZ\n9A"
    assert COLOUR_CHARS[:12] == "0123456789ab"


def test_parse_ignores_margins_and_blank_lines():
    assert Board.parse("\n  12 \n  21\n\n") == Board.parse("12\n21")


def test_repr_rebuilds():
    board = Board.parse("a.\nb1")
    assert repr(board) == "Board.parse('a.\\nb1')"
    assert eval(repr(board)) == board


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1.\n.2", "block at row 0, column 0 floats over the empty cell at row 1, column 0"),
        ("1.\n..\n12", "block at row 0, column 0 floats over the empty cell at row 1, column 0"),
        (".1\n.2", "column 0 is empty but column 1 to its right is not"),
        ("1..\n1.2", "column 1 is empty but column 2 to its right is not"),
        ("1#\n11", "'#' at row 0, column 1"),
        ("12\n1", "row 1 '1' has 1 cells, expected 2"),
        ("1 2\n1", "row 1 has 1 entries, expected 2"),
        ("1 62", "'62' at row 0, column 1"),
        ("1 -1", "'-1' at row 0, column 1"),
        ("1 " + "9" * 5000, "at row 0, column 1"),
        ("1 ²", "'²' at row 0, column 1"),
        ("", "has no rows"),
        ("é1", "'é' at row 0, column 0"),
    ],
)
def test_parse_rejects_with_position(text, message):
    with pytest.raises(ParseError, match=message):
        Board.parse(text)


def test_parse_quotes_the_input_of_an_unreachable_board():
    with pytest.raises(ParseError, match=r"'1\.\\n\.2' cannot occur in a game"):
        Board.parse("1.\n.2")


def test_parse_refuses_non_text():
    with pytest.raises(TypeError, match="must be a str"):
        Board.parse(b"12")  # type: ignore[arg-type]


def test_settle_lets_blocks_fall_and_columns_close():
    assert settle("1.\n.2") == Board.parse("..\n12")
    assert settle(".1.\n.2.\n...") == Board.parse("...\n1..\n2..")
    assert settle([[None, 1], [None, None]]) == Board.parse("..\n1.")
    assert settle("12\n21") == Board.parse("12\n21")


# -- rows and constructor -----------------------------------------------------


def test_from_rows_builds_the_same_board_as_parse():
    assert Board.from_rows([[None, 2], [1, 2]]) == Board.parse(".2\n12")
    assert Board.from_rows(((0,),)).rows == ((0,),)


@pytest.mark.parametrize(
    ("rows", "error", "message"),
    [
        ([], ValueError, "at least one row"),
        ([[]], ValueError, "at least one column"),
        ([[1, 2], [1]], ValueError, "row 1 has 1 cells, expected 2"),
        ([[1], [None]], ValueError, "floats over the empty cell at row 1, column 0"),
        ([[None, 1]], ValueError, "column 0 is empty but column 1"),
        ([[62]], ValueError, "colour 62 at row 0, column 0 is outside 0-61"),
        ([[-1]], ValueError, "colour -1"),
        ([[True]], TypeError, "must be an int colour or None"),
        ([["1"]], TypeError, "must be an int colour or None"),
        (["12"], TypeError, "row 0 must be a sequence"),
        ("12", TypeError, "rows must be a sequence"),
        (None, TypeError, "rows must be a sequence"),
    ],
)
def test_from_rows_rejects(rows, error, message):
    with pytest.raises(error, match=message):
        Board.from_rows(rows)


@pytest.mark.parametrize(
    ("columns", "height", "error"),
    [
        (((1, 1, 1),), 2, ValueError),
        (((), (1,)), 2, ValueError),
        ((), 2, ValueError),
        (((1,),), 0, ValueError),
        ([(1,)], 1, TypeError),
        (((1.0,),), 1, TypeError),
        (((1,),), "1", TypeError),
        (((99,),), 1, ValueError),
    ],
)
def test_constructor_checks_its_fields(columns, height, error):
    with pytest.raises(error):
        Board(columns=columns, height=height)


def test_sizes_counts_and_colours():
    board = Board.parse("3..\n300\n311")
    assert (board.height, board.width, board.count) == (3, 3, 7)
    assert board.colours == (0, 1, 3)
    assert board.colour_counts() == {0: 2, 1: 2, 3: 3}
    assert board[0, 0] == 3 and board[0, 1] is None
    with pytest.raises(ValueError, match="off the board"):
        board[3, 0]


def test_boards_are_frozen_hashable_and_pickle():
    board = Board.parse("12\n21")
    with pytest.raises(AttributeError):
        board.height = 3  # type: ignore[misc]
    assert len({board, Board.parse("12\n21"), Board.parse("12\n22")}) == 2
    for value in (board, Move(1, 2), board.groups()[0]):
        assert pickle.loads(pickle.dumps(value)) == value


# -- moves and groups ---------------------------------------------------------


def test_move_notation():
    assert Move.parse("3,14") == Move(3, 14) and Move(3, 14).cell == (3, 14)
    assert str(Move(3, 14)) == "3,14"
    assert repr(Move(3, 14)) == "Move(row=3, col=14)"
    for text in ("3", "3,4,5", "-1,2", "a,b", ""):
        with pytest.raises(ParseError):
            Move.parse(text)
    with pytest.raises(TypeError):
        Move.parse(3)  # type: ignore[arg-type]


@given(st.integers(0, 10**9), st.integers(0, 10**9))
def test_move_text_round_trips(row, col):
    assert Move.parse(str(Move(row, col))) == Move(row, col)


@given(st.one_of(st.text(), st.builds(lambda a, b: f"{a},{b}", st.text(), st.text())))
def test_move_parse_fuzz_gives_a_move_or_a_parse_error(text):
    try:
        move = Move.parse(text)
    except ParseError:
        return
    assert Move.parse(str(move)) == move and min(move.cell) >= 0


def test_move_parse_refuses_odd_digits_and_huge_numbers():
    for text in ("²,1", "1,١", "9" * 5000 + ",1"):
        with pytest.raises(ParseError):
            Move.parse(text)


def test_groups_are_maximal_and_named_by_their_top_left_cell():
    board = Board.parse(".1.\n21.\n112")
    # 1s: (0,1), (1,1), (2,0), (2,1); 2s: (1,0) alone and (2,2) alone.
    assert board.groups() == (
        Group(1, ((0, 1), (1, 1), (2, 0), (2, 1))),
        Group(2, ((1, 0),)),
        Group(2, ((2, 2),)),
    )
    assert list(board.legal_moves()) == [Move(0, 1)]
    assert board.group_at((2, 0)) == board.groups()[0]
    assert board.group_at((0, 0)) is None


def test_group_reaching_around_a_corner():
    board = Board.parse("111\n121\n131\n141")
    (group,) = (g for g in board.groups() if g.colour == 1)
    assert group.size == 9 and group.cell == Move(0, 0)
    assert list(board.legal_moves()) == [Move(0, 0)]


def test_play_drops_blocks_and_closes_columns():
    board = Board.parse("3..\n12.\n221\n241")
    # Removing the 2s: (1,1), (2,0), (2,1), (3,0) leaves column 0 = 3 over 1,
    # column 1 = 4, column 2 = 1 over 1.
    assert board.play((2, 1)) == Board.parse("...\n...\n3.1\n141")
    # Removing the last 1 pair of column 2 leaves a shorter column 2.
    assert board.play((3, 2)) == Board.parse("3..\n12.\n22.\n24.")


def test_play_shifts_every_column_right_of_an_emptied_one():
    board = Board.parse("1234\n1234")
    assert board.play((0, 1)) == Board.parse("134.\n134.")
    assert board.play((0, 0)).play((1, 2)) == Board.parse("23..\n23..")


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ((0, 1), r"cell \(0, 1\) is empty"),
        ((1, 1), r"cell \(1, 1\) holds a lone block of colour 2"),
        ((2, 0), r"cell \(2, 0\) is off the board \(2 rows, 2 columns\)"),
        ((0, -1), r"cell \(0, -1\) is off the board"),
        ((10**30, 0), "off the board"),
    ],
)
def test_play_says_why_a_move_is_illegal(cell, message):
    with pytest.raises(IllegalMoveError, match=message):
        Board.parse("1.\n12").play(cell)


@pytest.mark.parametrize("cell", [None, (1,), (1, 2, 3), ("0", 0), (0.0, 0), b"0,0", (True, 0)])
def test_play_refuses_non_cells_with_type_error(cell):
    with pytest.raises(TypeError):
        Board.parse("11\n12").play(cell)


def test_play_takes_a_move_a_pair_or_text():
    board = Board.parse("11\n12")
    after = Board.parse("..\n2.")
    assert board.play(Move(1, 0)) == board.play((0, 1)) == board.play("0,0") == after
    assert board.play([1, 0]) == after


def test_min_group_comes_with_the_rules():
    board = Board.parse("11\n12").with_rules(Rules(min_group=3))
    assert board.play((0, 0)) == Board.parse("..\n2.").with_rules(Rules(min_group=3))
    strict = board.with_rules(Rules(min_group=4))
    with pytest.raises(IllegalMoveError, match=r"a group of 3 blocks .* 4 or more"):
        strict.play((0, 0))
    assert not strict.legal_moves() and strict.is_over
    assert not board.with_rules(Rules(min_group=1)).is_over


def test_over_and_cleared():
    assert Board.parse("12\n21").is_over and not Board.parse("12\n21").is_solved
    assert Board.parse("..\n..").is_over and Board.parse("..\n..").is_solved
    assert not Board.parse("1.\n1.").is_over


# -- large boards -------------------------------------------------------------


@pytest.mark.parametrize("size", [100, 1000])
def test_one_colour_board_clears_in_one_move(size):
    board = Board(columns=((0,) * size,) * size, height=size)
    started = time.perf_counter()
    after = board.play((size - 1, size // 2))
    assert after.is_solved and after.width == size and after.height == size
    assert time.perf_counter() - started < 3


def test_large_group_and_is_over_without_recursion():
    board = Board(columns=((0,) * 1000,) * 300, height=1000)
    assert board.group_at((0, 0)).size == 300_000
    assert list(board.legal_moves()) == [Move(0, 0)]
    assert not board.is_over


def test_snake_group_in_a_thin_maze():
    # A one-colour path winding row by row, right then left: far too deep for
    # a recursive flood fill, which would need one frame per cell.
    size = 199
    rows = [[1 if r % 2 == 0 else 0 for c in range(size)] for r in range(size)]
    for r in range(1, size, 2):
        rows[r][size - 1 if r % 4 == 1 else 0] = 1
    board = Board.from_rows(rows)
    group = board.group_at((0, 0))
    assert group.size == 100 * size + 99
    assert set(group.cells) == reference_group(board.rows, (0, 0))
    assert board.play((0, 0)).count == board.count - group.size


# -- properties ---------------------------------------------------------------


@given(boards())
def test_parse_str_round_trip(board):
    assert Board.parse(str(board)) == board
    assert Board.from_rows(board.rows) == board
    assert eval(repr(board)) == board
    numeric = "\n".join(" ".join("." if v is None else str(v) for v in row) for row in board.rows)
    assert Board.parse(numeric) == board


@given(boards())
def test_groups_partition_the_blocks_and_match_the_reference(board):
    found = board.groups()
    cells = [cell for group in found for cell in group.cells]
    assert len(cells) == len(set(cells)) == board.count
    rows = board.rows
    for group in found:
        assert set(group.cells) == reference_group(rows, group.cells[0])
        assert all(rows[r][c] == group.colour for r, c in group.cells)
        assert group.cells == tuple(sorted(group.cells))
        assert board.group_at(group.cells[-1]) == group
    for min_group in (1, 2, 3, 5):
        playable = [g.cell for g in found if g.size >= min_group]
        view = board.with_rules(Rules(min_group=min_group)).legal_moves()
        assert list(view) == playable and len(view) == view.count() == len(playable)
        assert bool(view) == bool(playable)
        assert board.with_rules(Rules(min_group=min_group)).is_over == (not playable)
    assert board.is_over == (not board.legal_moves())


@given(st.data())
def test_play_matches_the_reference_and_keeps_invariants(data):
    board = data.draw(boards(colours=3))
    if board.is_over:
        return
    move = data.draw(moves(board))
    group = board.group_at(move)
    after = board.play(move)
    assert after.rows == reference_play(board.rows, move.cell)
    assert after.count == board.count - group.size
    expected = Counter(board.colour_counts())
    expected[group.colour] -= group.size
    assert Counter(after.colour_counts()) == +expected
    assert is_settled(after.rows)
    assert (after.height, after.width) == (board.height, board.width)
    for cell in group.cells:
        assert board.play(cell) == after


@settings(max_examples=30)
@given(games(max_rows=6, max_cols=6))
def test_random_games_replay_and_round_trip(game):
    board, line = game
    for move in line:
        before = board
        board = board.play(move)
        assert Board.parse(str(board)) == board and is_settled(board.rows)
        assert board.count < before.count


def test_thousands_of_random_legal_moves_keep_the_invariants():
    rng = random.Random(2024)
    played = 0
    for game in range(400):
        board = random_board(rng.randint(2, 10), rng.randint(2, 10), rng.randint(2, 4), seed=game)
        while not board.is_over:
            group = rng.choice([g for g in board.groups() if g.size >= 2])
            after = board.play(rng.choice(group.cells))
            assert after.count == board.count - group.size
            assert is_settled(after.rows) and Board.parse(str(after)) == after
            board = after
            played += 1
    assert played > 2000


# -- hostile input ------------------------------------------------------------


def _mutations(text):
    return st.one_of(
        st.tuples(st.integers(0, max(len(text) - 1, 0)), st.characters()).map(
            lambda p: text[: p[0]] + p[1] + text[p[0] + 1 :]
        ),
        st.integers(0, max(len(text) - 1, 0)).map(lambda i: text[:i] + text[i + 1 :]),
        st.integers(0, max(len(text) - 1, 0)).map(lambda i: text[:i] + text[i] * 2 + text[i:]),
        st.sampled_from([text + "\n1", text + " 99999999999999999999", "x" + text, text + "é"]),
    )


@given(st.one_of(st.text(), boards().map(str).flatmap(_mutations)))
def test_parse_fuzz_gives_a_board_or_a_parse_error(text):
    try:
        board = Board.parse(text)
    except ParseError:
        return
    assert Board.parse(str(board)) == board


@given(boards(max_rows=4, max_cols=4), st.integers(-(2**70), 2**70), st.integers(-5, 10))
def test_play_with_arbitrary_coordinates_raises_only_illegal_move(board, row, col):
    try:
        after = board.play((row, col))
    except IllegalMoveError:
        return
    assert after.count < board.count


@given(boards(max_rows=3, max_cols=3), st.from_type(object))
def test_play_with_arbitrary_objects_raises_type_or_value_error(board, value):
    try:
        after = board.play(value)
    except (TypeError, ValueError):
        return
    assert isinstance(after, Board)
