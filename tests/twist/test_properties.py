"""Hypothesis properties: text round trips, fuzzed input, arbitrary moves, random games."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import IllegalMoveError, ParseError
from puzzlekit.twist import (
    SHAPES,
    Placement,
    State,
    find_solutions,
    is_placement_string_valid,
    is_placement_string_well_formed,
    is_placement_well_formed,
    viable_piece_placements,
)
from puzzlekit.twist import (
    solutions as solution_strings,
)
from puzzlekit.twist.strategies import moves, placements, solutions, states

CHALLENGE_1 = "f3C4i6B0j2B0j1C0k3C0l4B0l5C0"


@given(placements())
def test_every_placement_round_trips(placement):
    assert Placement.parse(str(placement)) == placement
    assert eval(repr(placement)) == placement
    assert is_placement_well_formed(str(placement))


@given(states())
def test_every_state_round_trips(state):
    assert State.parse(str(state)) == state
    assert eval(repr(state)) == state
    assert state.is_valid()
    assert is_placement_string_valid(str(state)) or str(state) == ""


@given(solutions())
def test_solved_states_round_trip_and_are_well_formed(state):
    text = str(state)
    assert State.parse(text) == state and state.is_solved
    assert is_placement_string_well_formed(text)


def mutations():
    base = st.sampled_from([CHALLENGE_1, "a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0", "c1A3k3C0", "j2B0"])
    position = st.integers(0, 60)
    char = st.characters()

    def change(text, i, c):
        i %= len(text)
        return text[:i] + c + text[i + 1 :]

    def drop(text, i):
        i %= len(text)
        return text[:i] + text[i + 1 :]

    def duplicate(text, i):
        i %= len(text)
        return text[:i] + text[i] + text[i:]

    return st.one_of(
        st.builds(change, base, position, char),
        st.builds(drop, base, position),
        st.builds(duplicate, base, position),
        st.builds(lambda t, n: t + str(n), base, st.integers(10**8, 10**30)),
        st.builds(lambda t: t + "\n" + t[:5], base),
        st.builds(lambda t: t.replace("A", "Å"), base),
    )


@given(st.one_of(st.text(), mutations()))
@settings(max_examples=200)
def test_parse_gives_a_round_tripping_state_or_a_parse_error(text):
    try:
        state = State.parse(text)
    except ParseError as error:
        assert repr(text.strip())[:20] in str(error) or repr(text)[:20] in str(error)
        assert not is_placement_string_well_formed(text)
        return
    assert State.parse(str(state)) == state


@given(st.one_of(st.text(), mutations()))
@settings(max_examples=100)
def test_predicates_never_raise_and_string_functions_raise_only_parse_error(text):
    for predicate in (
        is_placement_well_formed,
        is_placement_string_well_formed,
        is_placement_string_valid,
    ):
        assert predicate(text) in (True, False)
    try:
        viable_piece_placements(text)
    except ParseError:
        assert not is_placement_string_well_formed(text)


@pytest.mark.parametrize("value", [None, 3, b"a7A7", ["a7A7"]])
def test_predicates_refuse_non_strings_quietly(value):
    assert not is_placement_well_formed(value)
    assert not is_placement_string_well_formed(value)
    assert not is_placement_string_valid(value)
    with pytest.raises(TypeError):
        State.parse(value)


@given(
    st.one_of(st.text(max_size=3), st.sampled_from("abcdefghijklz")),
    st.one_of(st.integers(), st.floats(), st.none()),
    st.one_of(st.integers(), st.text(max_size=2)),
    st.one_of(st.integers(-3, 12), st.booleans()),
)
def test_moves_with_arbitrary_coordinates_raise_only_clear_errors(piece, col, row, orientation):
    state = State.parse(CHALLENGE_1)
    try:
        move = Placement(piece, col, row, orientation)
    except (TypeError, ValueError):
        return
    try:
        after = state.place(move)
    except IllegalMoveError as error:
        assert str(move) in str(error)
        return
    assert after.is_valid() and move in after.placements


@given(st.data())
@settings(max_examples=60)
def test_random_legal_games_keep_the_invariants(data):
    start = State.parse(data.draw(st.sampled_from(["", CHALLENGE_1, "i7D0j7A0k5B0l3A0"])))
    state, played = start, []
    while state.legal_moves():
        move = data.draw(moves(state))
        before = state
        state = state.place(move)
        played.append(move)
        assert state.is_valid()
        assert State.parse(str(state)) == state
        assert len(state.pieces) == len(before.pieces) + 1
        covered = [cell for piece in state.pieces for cell in piece.cells]
        assert len(covered) == len(set(covered))
    assert state.is_solved == (not state.missing_pieces())
    # Replaying the moves in another order reaches the same state.
    replay = start
    for move in data.draw(st.permutations(played)):
        replay = replay.place(move)
    assert replay == state


def test_many_random_games_end_solved_or_stuck_without_solution():
    rng = random.Random(5)
    for _ in range(100):
        state = State()
        while True:
            legal = list(state.legal_moves())
            if not legal:
                break
            state = state.place(rng.choice(legal))
        assert state.is_valid() and State.parse(str(state)) == state
        if not state.is_solved:
            assert state.missing_pieces()
            assert find_solutions(state).solutions == ()


@given(states(solvable=True))
@settings(max_examples=20)
def test_string_solutions_agree_with_the_object_api(start):
    if len(start.pieces) < 3:
        return
    expected = sorted("".join(map(str, s.pieces)) for s in find_solutions(start).solutions)
    assert solution_strings(str(start)) == expected


@given(placements())
def test_a_placement_s_loops_follow_its_shape(placement):
    loops = placement.loops
    assert [cell for cell, _ in loops] == list(placement.cells)
    assert set(placement.holes) <= set(placement.cells)
    assert len(set(placement.cells)) == len(placement.cells)
    if placement.is_peg:
        assert placement.cells == ((placement.row, placement.col),) and placement.orientation == 0
    else:
        shape = SHAPES[placement.piece]
        assert len(loops) == sum(row.count("X") + row.count("O") for row in shape)
        assert min(r for r, _ in placement.cells) == placement.row
        assert min(c for _, c in placement.cells) == placement.col
    on_board = all(0 <= r < 4 and 0 <= c < 8 for r, c in placement.cells)
    assert placement.is_on_board() == on_board
    assert (placement in State().legal_moves()) == (on_board and not placement.is_peg)
