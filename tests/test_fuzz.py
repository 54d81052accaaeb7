"""Hostile input for :mod:`puzzlekit.twist`, :mod:`puzzlekit.tromino` and :mod:`puzzlekit.linkpath`.

Every ``parse`` fed arbitrary text, or valid text with a character changed,
dropped or duplicated, rows made ragged, huge numbers or odd characters put
in, gives a value that round-trips or a :class:`~puzzlekit.ParseError` with a
short message, nothing else. Every move or query taking cells or placements,
given arbitrary objects, gives a result or an ``IllegalMoveError``,
``ValueError`` or ``TypeError``, never another exception.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import IllegalMoveError, ParseError
from puzzlekit.linkpath import Board as LinkBoard
from puzzlekit.linkpath import Path, Rules
from puzzlekit.testing import linkpath as link_st
from puzzlekit.testing import tromino as tromino_st
from puzzlekit.testing import twist as twist_st
from puzzlekit.tromino import Board as TrominoBoard
from puzzlekit.tromino import Tiling, Tromino, golomb_owner
from puzzlekit.twist import (
    Placement,
    State,
    is_placement_string_valid,
    is_placement_string_well_formed,
    is_placement_well_formed,
    solutions,
    viable_piece_placements,
)

MOVE_ERRORS = (IllegalMoveError, ValueError, TypeError)
"""What a move or query may raise on bad arguments (ParseError is a ValueError)."""

LONGEST_MESSAGE = 400
"""Messages quote input through ``puzzlekit.errors.quoted``, so they stay this short."""

# -- text ----------------------------------------------------------------------------------

ODD_CHARACTERS = (
    "0123456789,-.#=:_ \t\n\r\x00\x0b\x0c\x1c\x85\u2028\u00a0"
    "aAbhijklxXzZ"
    "\u00e9\u0663\u00b2\uff21\U0001f600"  # e acute, Arabic-Indic 3, superscript 2, wide A, emoji
)
"""Characters that stress the readers: separators, digits that are not ASCII, line breaks."""

HUGE_NUMBERS = ("9" * 25, "-" + "9" * 25, "1" * 5000, "99999999999999999999,0", "0" * 40)


@st.composite
def mutated(draw: st.DrawFn, valid: st.SearchStrategy[str]) -> str:
    """Valid text after one to three edits: a character changed, dropped, duplicated or
    inserted, a row lengthened or cut (ragged rows), a huge number put in, a line repeated."""
    text = draw(valid)
    for _ in range(draw(st.integers(1, 3))):
        edit = draw(
            st.sampled_from(["change", "drop", "duplicate", "insert", "ragged", "huge", "repeat"])
        )
        at = draw(st.integers(0, max(len(text) - 1, 0)))
        char = draw(st.sampled_from(ODD_CHARACTERS) | st.characters())
        if edit == "change" and text:
            text = text[:at] + char + text[at + 1 :]
        elif edit == "drop":
            text = text[:at] + text[at + 1 :]
        elif edit == "duplicate":
            text = text[:at] + text[at : at + 1] + text[at:]
        elif edit == "insert":
            text = text[:at] + char + text[at:]
        elif edit == "huge":
            text = text[:at] + draw(st.sampled_from(HUGE_NUMBERS)) + text[at:]
        else:
            lines = text.split("\n")
            row = draw(st.integers(0, len(lines) - 1))
            if edit == "ragged":
                lines[row] = lines[row][:-1] if draw(st.booleans()) else lines[row] + char
            else:
                lines.insert(row, lines[row])
            text = "\n".join(lines)
    return text


def texts(valid: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Valid text, mutated valid text, or arbitrary text."""
    return st.one_of(valid, mutated(valid), mutated(valid), st.text(max_size=40))


def round_trips_or_parse_error(parse: Callable[[str], Any], text: str) -> None:
    """*parse* gives a value with ``parse(str(value)) == value``, or a short ParseError."""
    try:
        value = parse(text)
    except ParseError as error:
        assert len(str(error)) < LONGEST_MESSAGE, str(error)[:200]
        return
    assert parse(str(value)) == value


# valid text of each kind
TWIST_PLACEMENTS = twist_st.placements().map(str)
TWIST_STATES = twist_st.states().map(str)
TROMINO_BOARDS = tromino_st.partial_boards(max_side=5).map(str)
TROMINO_TILINGS = tromino_st.tilings(max_side=6).map(str)
TROMINOES = st.builds(
    Tromino.at, st.integers(0, 99), st.integers(0, 99), st.integers(0, 3)
).map(str)
LINK_RULES = link_st.rules().map(str)
LINK_BOARDS = st.one_of(
    link_st.boards(max_side=5, rules=link_st.rules()),
    # large kinds: the rows-of-numbers form
    st.builds(
        lambda board, big: LinkBoard.from_rows(
            [[big if kind == 1 else kind for kind in row] for row in board.rows],
            rules=board.rules,
        ),
        link_st.boards(max_side=4),
        st.integers(62, 10**9 - 1),
    ),
).map(str)


@st.composite
def link_paths(draw: st.DrawFn) -> Path:
    """Paths of one to three segments, each turning from the last."""
    point = (draw(st.integers(-1, 9)), draw(st.integers(-1, 9)))
    points = [point]
    for turn in range(draw(st.integers(1, 3))):
        step = draw(st.integers(1, 5)) * draw(st.sampled_from([-1, 1]))
        row, col = points[-1]
        points.append((row + step, col) if turn % 2 else (row, col + step))
    return Path(tuple(points))


LINK_PATHS = link_paths().map(str)

PARSERS: list[tuple[str, Callable[[str], Any], st.SearchStrategy[str]]] = [
    ("twist.Placement", Placement.parse, TWIST_PLACEMENTS),
    ("twist.State", State.parse, TWIST_STATES),
    ("tromino.Board", TrominoBoard.parse, TROMINO_BOARDS),
    ("tromino.Tiling", Tiling.parse, TROMINO_TILINGS),
    ("tromino.Tromino", Tromino.parse, TROMINOES),
    ("linkpath.Board", LinkBoard.parse, LINK_BOARDS),
    ("linkpath.Rules", Rules.parse, LINK_RULES),
    ("linkpath.Path", Path.parse, LINK_PATHS),
]


@pytest.mark.parametrize(("parse", "valid"), [p[1:] for p in PARSERS], ids=[p[0] for p in PARSERS])
def test_parse_round_trips_or_raises_parse_error(
    parse: Callable[[str], Any], valid: st.SearchStrategy[str]
) -> None:
    @given(texts(valid))
    def check(text: str) -> None:
        round_trips_or_parse_error(parse, text)

    check()


@given(texts(st.one_of(TWIST_STATES, TWIST_PLACEMENTS)))
def test_twist_predicates_answer_bools(text: str) -> None:
    well_formed = is_placement_string_well_formed(text)
    valid = is_placement_string_valid(text)
    assert type(is_placement_well_formed(text)) is bool
    assert type(well_formed) is bool and type(valid) is bool
    assert not valid or well_formed
    if well_formed:
        State.parse(text)  # well formed means readable


@given(st.one_of(st.none(), st.integers(), st.binary(), st.lists(st.text(max_size=4))))
def test_twist_predicates_refuse_non_strings(value: object) -> None:
    for predicate in (
        is_placement_well_formed,
        is_placement_string_well_formed,
        is_placement_string_valid,
    ):
        assert predicate(value) is False  # type: ignore[arg-type]


@settings(max_examples=30)
@given(texts(twist_st.states(solvable=True).map(str)))
def test_twist_string_api_parses_or_raises_parse_error(text: str) -> None:
    try:
        state = State.parse(text)
    except ParseError:
        for function in (viable_piece_placements, solutions):
            with pytest.raises(ParseError):
                function(text)
        return
    viable = viable_piece_placements(text)
    assert viable is None or all(is_placement_well_formed(p) for p in viable)
    if len(state.pieces) >= 4:  # fewer pieces leave thousands of solutions: too slow here
        found = solutions(text)
        assert all(is_placement_string_valid(s) and len(s) == 32 for s in found)


# -- moves and queries ---------------------------------------------------------------------

INTS = st.one_of(
    st.integers(-3, 12),
    st.integers(),
    st.sampled_from([2**31, 2**63, -(2**63), 10**30, 10**400]),
    st.just(5000).map(lambda digits: 10**digits),  # too long for str(): 4300 digits at most
)
ATOMS = st.one_of(
    INTS,
    st.floats(),  # NaN and infinities included
    st.booleans(),
    st.none(),
    st.text(max_size=6),
    st.binary(max_size=3),
)
OBJECTS = st.recursive(
    ATOMS,
    lambda inner: st.one_of(
        st.tuples(inner),
        st.tuples(inner, inner),
        st.tuples(inner, inner, inner),
        st.lists(inner, max_size=3),
    ),
    max_leaves=6,
)
CELLS = st.one_of(st.tuples(INTS, INTS), OBJECTS)
"""Mostly pairs of ints (off the board, huge, negative), then anything at all."""


def only_move_errors(call: Callable[[], Any]) -> Any:
    """Run *call*: its result, or ``None`` when it raised one of :data:`MOVE_ERRORS`."""
    try:
        return call()
    except MOVE_ERRORS:
        return None


@given(
    twist_st.states(),
    st.one_of(OBJECTS, TWIST_PLACEMENTS, mutated(TWIST_PLACEMENTS), twist_st.placements()),
    st.one_of(OBJECTS, st.sampled_from("abcdefghijklm")),
)
def test_twist_moves_raise_only_move_errors(state: State, placement: Any, piece: Any) -> None:
    placed = only_move_errors(lambda: state.place(placement))
    assert placed is None or isinstance(placed, State)
    removed = only_move_errors(lambda: state.remove(piece))
    assert removed is None or isinstance(removed, State)
    assert type(placement in state.legal_moves()) is bool


@given(OBJECTS, OBJECTS, OBJECTS, OBJECTS)
def test_twist_placement_constructor_checks_types(
    piece: Any, col: Any, row: Any, orientation: Any
) -> None:
    only_move_errors(lambda: Placement(piece, col, row, orientation))


@given(tromino_st.partial_boards(max_side=5), CELLS, OBJECTS, st.tuples(INTS, INTS, INTS))
def test_tromino_moves_raise_only_move_errors(
    board: TrominoBoard, cell: Any, thing: Any, corner: tuple[int, int, int]
) -> None:
    tromino = only_move_errors(lambda: Tromino.at(*corner))
    for move in (thing, tromino):
        placed = only_move_errors(lambda move=move: board.place(move))
        assert placed is None or isinstance(placed, TrominoBoard)
    only_move_errors(lambda: Tromino.at(cell, thing, corner[2]))
    only_move_errors(lambda: Tromino(thing))
    owner = only_move_errors(lambda: board.owner(cell))
    assert owner is None or isinstance(owner, Tromino)


@given(tromino_st.tilings(max_side=6), CELLS)
def test_tromino_tiling_owner_raises_only_move_errors(tiling: Tiling, cell: Any) -> None:
    owner = only_move_errors(lambda: tiling.owner(cell))
    assert owner is None or 0 <= owner < len(tiling)


POWERS_OF_TWO = st.one_of(st.integers(0, 70), st.just(5000)).map(lambda k: 2**k)


@given(st.one_of(POWERS_OF_TWO, OBJECTS), CELLS, CELLS)
def test_golomb_owner_raises_only_move_errors(n: Any, hole: Any, cell: Any) -> None:
    owner = only_move_errors(lambda: golomb_owner(n, hole, cell))
    assert owner is None or type(owner) is int


NUMBERS = st.one_of(INTS, st.floats(), OBJECTS)


@given(link_st.boards(max_side=5, rules=link_st.rules()), CELLS, CELLS)
def test_linkpath_moves_raise_only_move_errors(board: LinkBoard, a: Any, b: Any) -> None:
    path = only_move_errors(lambda: board.find_path(a, b))
    assert path is None or isinstance(path, Path)
    linked = only_move_errors(lambda: board.can_link(a, b))
    assert linked is None or type(linked) is bool
    after = only_move_errors(lambda: board.remove(a, b))
    assert after is None or isinstance(after, LinkBoard)
    played = only_move_errors(lambda: board.play((a, b)))
    assert played == after
    assert ((a, b) in board.legal_moves()) is (played is not None)
    only_move_errors(lambda: board[a])


@given(
    link_st.boards(max_side=5),
    NUMBERS,
    NUMBERS,
    NUMBERS,
    st.one_of(OBJECTS, st.tuples(NUMBERS, NUMBERS)),
)
def test_linkpath_tile_at_point_raises_only_move_errors(
    board: LinkBoard, x: Any, y: Any, cell_size: Any, origin: Any
) -> None:
    cell = only_move_errors(lambda: board.tile_at_point(x, y, cell_size, origin))
    assert cell is None or board[cell]


@given(link_st.boards(max_side=5), st.one_of(link_paths(), OBJECTS))
def test_linkpath_pictures_refuse_paths_off_the_board(board: LinkBoard, path: Any) -> None:
    text = only_move_errors(lambda: board.to_text(path=path))
    assert text is None or isinstance(text, str)
    svg = only_move_errors(lambda: board.to_svg(path=path))
    assert svg is None or svg.startswith("<svg")


# -- very long input -----------------------------------------------------------------------

LONG_TEXTS = {
    "letters": "x" * 1_000_000,
    "dots": "." * 1_000_000 + "\n.",
    "placements": "a7A7" * 250_000,
    "pegs": "j2B0" * 250_000,
    "cell": "1" * 1_000_000 + ",2 ne",
    "points": "0,0 " * 250_000,
    "rules": "outside=" + "y" * 1_000_000,
    "headers": "numbers:\n" * 100_000 + "1 1",
    "rows": "ab\n" * 300_000,
}


@pytest.mark.parametrize("parse", [p[1] for p in PARSERS], ids=[p[0] for p in PARSERS])
def test_long_text_gets_a_short_parse_error(parse: Callable[[str], Any]) -> None:
    for text in LONG_TEXTS.values():
        with pytest.raises(ParseError) as error:
            parse(text)
        assert len(str(error.value)) < LONGEST_MESSAGE


def test_long_text_is_not_well_formed() -> None:
    for text in LONG_TEXTS.values():
        assert is_placement_string_well_formed(text) is False
        assert is_placement_string_valid(text) is False
