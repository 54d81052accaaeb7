"""Placements and states: text forms, rules, moves, canonical form, pictures."""

import pickle
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import ArgumentError, IllegalMoveError, ParseError
from puzzlekit.twist import LegalMoves, Placement, State
from puzzlekit.twist.board import letter_count_problem, placement_problem
from puzzlekit.twist.strategies import states

CHALLENGE_1 = "f3C4i6B0j2B0j1C0k3C0l4B0l5C0"
SOLVED_1 = "a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"


def test_placement_fields_and_text():
    p = Placement.parse("f3C4")
    assert (p.piece, p.col, p.row, p.orientation) == ("f", 2, 2, 4)
    assert str(p) == "f3C4" and p.location == "3C" and p.colour == "green"
    assert eval(repr(p)) == p
    assert hash(p) == hash(Placement("f", 2, 2, 4))


def test_piece_cells_follow_the_orientation_rules():
    # a0 is OXO/..X; a1 turns it a quarter clockwise; a4 flips it top to bottom.
    assert Placement.parse("a1A0").loops == (
        ((0, 0), True),
        ((0, 1), False),
        ((0, 2), True),
        ((1, 2), False),
    )
    assert set(Placement.parse("a1A1").cells) == {(0, 1), (1, 1), (2, 0), (2, 1)}
    assert set(Placement.parse("a1A4").cells) == {(0, 2), (1, 0), (1, 1), (1, 2)}
    assert Placement.parse("g1A0").holes == ((0, 0), (1, 0), (2, 1))
    assert Placement.parse("k3C0").cells == ((2, 2),)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a9A0", "'9' at character 2; expected a column 1-8"),
        ("m1A0", "'m' at character 1"),
        ("a1E0", "'E' at character 3; expected a row A-D"),
        ("a1A8", "'8' at character 4; expected an orientation 0-7"),
        ("i1A3", "'3' at character 4; expected orientation 0"),
        ("a1A", "has 3 characters"),
    ],
)
def test_placement_parse_errors_say_which_character(text, message):
    with pytest.raises(ParseError, match=message) as error:
        Placement.parse(text)
    assert repr(text) in str(error.value)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"piece": "z", "col": 0, "row": 0}, ValueError),
        ({"piece": 3, "col": 0, "row": 0}, TypeError),
        ({"piece": "a", "col": 8, "row": 0}, ValueError),
        ({"piece": "a", "col": -1, "row": 0}, ValueError),
        ({"piece": "a", "col": 0, "row": 4}, ValueError),
        ({"piece": "a", "col": 0, "row": 0, "orientation": 8}, ValueError),
        ({"piece": "j", "col": 0, "row": 0, "orientation": 1}, ValueError),
        ({"piece": "a", "col": 1.0, "row": 0}, TypeError),
        ({"piece": "a", "col": True, "row": 0}, TypeError),
    ],
)
def test_placement_refuses_bad_fields(kwargs, error):
    with pytest.raises(error):
        Placement(**kwargs)


def test_state_parse_normalises_order_and_round_trips():
    state = State.parse("l5C0j1C0f3C4i6B0k3C0l4B0j2B0")
    assert str(state) == "f3C4i6B0j2B0j1C0k3C0l4B0l5C0"
    assert State.parse(str(state)) == state
    assert eval(repr(state)) == state
    assert State.parse("") == State() and repr(State()) == "State()"
    assert State.parse("  f3C4\n") == State.parse("f3C4")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a7A7c9A3", r"placement 2 'c9A3' of 'a7A7c9A3' has '9' at character 2"),
        ("a7A7b6A", r"placement 2 'b6A' of 'a7A7b6A' has 3 characters"),
        ("a7A7a1A0", "'a' appears twice"),
        ("j1A0j2A0j3A0", "'j' appears 3 times"),
        ("a7A7 b6A7", r"placement 2 ' b6A'"),
    ],
)
def test_state_parse_errors_name_the_placement(text, message):
    with pytest.raises(ParseError, match=message):
        State.parse(text)


def test_huge_input_fails_fast_with_a_short_message():
    with pytest.raises(ParseError, match=r"placement 2 'a7A7' of 'a7A7.*\(4000000 characters\)"):
        State.parse("a7A7" * 1_000_000)
    with pytest.raises(ParseError, match="has 100000 characters"):
        Placement.parse("x" * 100_000)


def test_state_constructor_checks_types_and_counts():
    with pytest.raises(TypeError):
        State("a7A7")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        State([1])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="twice"):
        State([Placement.parse("a7A7"), Placement.parse("a1A0")])


@pytest.mark.parametrize(
    ("start", "move", "message"),
    [
        ("", "a8A0", r"loop at 9A: cell \(0, 8\) is off the board \(4 rows, 8 columns\)"),
        ("c1A0", "e3A0", "overlaps piece c at 3A"),
        (CHALLENGE_1, "c2B0", "peg j at 2B under a filled loop"),
        (CHALLENGE_1, "e1B0", r"peg j \(blue\) at 2B under a hole of green piece e"),
        (CHALLENGE_1, "f1A0", "piece f is already on the board"),
        (CHALLENGE_1, "j5A0", "pegs are set by the challenge"),
    ],
)
def test_place_names_the_clash(start, move, message):
    with pytest.raises(IllegalMoveError, match=message):
        State.parse(start).place(move)


def test_place_then_remove_and_solved():
    state = State.parse(CHALLENGE_1)
    for move in ["a7A7", "b6A7", "c1A3", "d2A6", "e2C3", "g4A7", "h6D0"]:
        assert move in state.legal_moves()
        state = state.place(move)
    assert state.is_solved and not state.legal_moves() and len(state.legal_moves()) == 0
    assert state.remove("a").missing_pieces() == "a"
    with pytest.raises(IllegalMoveError):
        state.remove("i")


def test_problems_list_every_broken_rule():
    state = State.parse("a7A7b7A0i8B0k1A0c1A3")
    assert state.problems() == (
        "b7A0 overlaps piece a at 7A",
        "b7A0 overlaps piece a at 8A",
        "b7A0 overlaps piece a at 8B",
        "b7A0 loop at 9B: cell (1, 8) is off the board (4 rows, 8 columns)",
        "i8B0 peg i at 8B under a filled loop",
        "k1A0 peg k at 1A under a filled loop",
    )
    assert not state.is_valid() and not state.is_solved
    assert State.parse("j1A0k1A0").problems() == ("k1A0 peg k at 1A on peg j",)


def test_legal_moves_view():
    moves = State.parse(CHALLENGE_1).legal_moves()
    assert isinstance(moves, LegalMoves) and bool(moves)
    listed = list(moves)
    assert len(listed) == len(moves) == moves.count() == len(set(listed))
    assert all(move in moves for move in listed)
    assert "f1A0" not in moves and "zzzz" not in moves and 3 not in moves
    assert "j1A0" not in moves


def test_canonical_keeps_the_lowest_orientation_legal_with_the_pegs():
    assert str(State.parse(CHALLENGE_1).canonical().piece("f")) == "f3C2"
    # c0 and c4 are the same piece; c2 covers the same cells but its hole is elsewhere.
    assert str(State.parse("c1A4").canonical()) == "c1A0"
    assert str(State.parse("c1A2").canonical()) == "c1A0"
    assert str(State.parse("c1A2j3A0").canonical()) == "c1A2j3A0"
    assert str(State.parse("c1A6j3A0").canonical()) == "c1A2j3A0"


def test_grid_and_svg():
    state = State.parse(SOLVED_1)
    assert state.grid().splitlines() == ["cdddgbaa", "cddggbba", "ceefggba", "cefffhhh"]
    assert State.parse("k3C0").grid().splitlines()[2] == "..k....."
    root = ET.fromstring(state.to_svg())
    assert root.tag.endswith("svg")
    assert state.to_svg() in state._repr_html_()
    classes = [element.get("class", "") for element in root.iter()]
    assert sum("peg " in c for c in classes) == 6
    assert sum(c.startswith("piece ") for c in classes) == 32
    with pytest.raises(ValueError):
        state.to_svg(cell_size=2)
    assert root.find("{http://www.w3.org/2000/svg}title").text == f"IQ-Twist {SOLVED_1}"


def test_pickling():
    state = State.parse(CHALLENGE_1)
    assert pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps(state.placements[0])) == state.placements[0]


def test_states_are_frozen():
    state = State.parse(CHALLENGE_1)
    with pytest.raises(AttributeError):
        state.placements = ()  # type: ignore[misc]


ALL_PLACEMENTS = [
    Placement(piece, col, row, orientation)
    for piece in "abcdefgh"
    for col in range(8)
    for row in range(4)
    for orientation in range(8)
]


@settings(max_examples=15)
@given(states())
def test_legal_moves_are_exactly_what_play_accepts(state):
    accepted = set()
    for placement in ALL_PLACEMENTS:
        try:
            after = state.play(placement)
        except IllegalMoveError:
            assert placement not in state.legal_moves()
            assert str(placement) not in state.legal_moves()
            continue
        accepted.add(placement)
        assert after.is_valid() or not state.is_valid()
        assert state.play(str(placement)) == after
    view = state.legal_moves()
    assert set(view) == accepted and len(view) == len(accepted) == view.count()
    assert all(move in view and str(move) in view for move in accepted)
    assert bool(view) == bool(accepted) == (not state.is_over)


def test_legal_moves_ignore_loops_hanging_off_the_board():
    # was: a loop off the right edge counted as the first cell of the next row
    state = State.parse("a8A0")
    assert not state.is_valid()
    assert state.play("h1B0").piece("h") == Placement.parse("h1B0")
    assert "h1B0" in state.legal_moves()
    assert Placement.parse("h1B0") in set(state.legal_moves())


@given(st.text(alphabet="abcdijklm0123789ABDE", max_size=5))
@settings(max_examples=60)
def test_placement_problem_is_none_exactly_when_the_text_parses(text):
    problem = placement_problem(text)
    try:
        parsed = Placement.parse(text)
    except ParseError as error:
        assert problem is not None and problem in str(error)
    else:
        assert problem is None and str(parsed) == text


@given(st.lists(st.sampled_from(["a7A7", "a1A0", "i6B0", "j2B0", "j1C0", "j3C0"]), max_size=5))
@settings(max_examples=40)
def test_letter_count_problem_is_none_exactly_when_the_placements_make_a_state(texts):
    placements = [Placement.parse(text) for text in texts]
    problem = letter_count_problem(placements)
    try:
        State(placements)
    except ArgumentError as error:
        assert problem is not None and problem in str(error)
    else:
        assert problem is None
