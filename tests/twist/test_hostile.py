"""Regressions from the hostile-input audits: every bad argument gets a clear error.

Wrong types are a TypeError, out-of-range values an ArgumentError, and
"no limit" spelled as a huge number or infinity really means no limit.
"""

import contextlib
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import ArgumentError, IllegalMoveError, ParseError, PuzzleError
from puzzlekit.twist import (
    Placement,
    State,
    challenge,
    count_solutions,
    difficulty,
    effort,
    find_solutions,
    generate,
    grade_of,
    hint,
    is_placement_string_valid,
    is_placement_string_well_formed,
    loops,
    random_state,
    solve,
)
from puzzlekit.twist.render import svg
from puzzlekit.twist.strategies import placements, states

CHALLENGE_1 = "f3C4i6B0j2B0j1C0k3C0l4B0l5C0"
HUGE = 10**400


def test_long_strings_are_refused_before_being_cut_up():
    # was: a 10 MB string was cut into 2.5 million chunks first (about a second)
    longest = "a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"
    assert is_placement_string_well_formed(longest)
    assert is_placement_string_valid(longest)
    assert not is_placement_string_well_formed(longest + "l6C0")  # more than 15 placements
    assert not is_placement_string_well_formed("a7A7" * 1_000_000)
    assert not is_placement_string_well_formed("")


@pytest.mark.parametrize(
    ("piece", "orientation", "error"),
    [
        ("a", 9, ArgumentError),  # was: KeyError
        ("a", -1, ArgumentError),
        ("a", HUGE, ArgumentError),
        ("i", 0, ArgumentError),
        ("ab", 0, ArgumentError),
        ("", 0, ArgumentError),
        (1, 0, TypeError),
        ("a", 1.0, TypeError),
        ("a", True, TypeError),
    ],
)
def test_loops_refuse_what_is_not_a_piece_and_orientation(piece, orientation, error):
    with pytest.raises(error):
        loops(piece, orientation)


@pytest.mark.parametrize("count", [-1, 0, -HUGE])
def test_max_solutions_must_be_positive(count):
    # was: max_solutions=-1 gave no solutions with complete=True
    with pytest.raises(ArgumentError, match="max_solutions must be at least 1"):
        find_solutions(State(), max_solutions=count)


@pytest.mark.parametrize("count", [1.5, "2", True])
def test_max_solutions_must_be_an_int(count):
    with pytest.raises(TypeError):
        find_solutions(State(), max_solutions=count)


def test_max_solutions_larger_than_any_count_is_fine():
    found = find_solutions(State.parse(CHALLENGE_1), max_solutions=HUGE)
    assert found.complete and len(found.solutions) == 1


@pytest.mark.parametrize(
    ("size", "error"),
    [(HUGE, ArgumentError), (10**6, ArgumentError), (7, ArgumentError), (-5, ArgumentError),
     (48.0, TypeError), (True, TypeError), ("48", TypeError)],
)
def test_cell_size_is_checked(size, error):
    # was: cell_size=10**400 raised OverflowError deep in the drawing
    with pytest.raises(error):
        State.parse(CHALLENGE_1).to_svg(cell_size=size)
    with pytest.raises(error):
        svg(State(), cell_size=size)


@pytest.mark.parametrize("unlimited", [HUGE, math.inf, None])
def test_huge_and_infinite_limits_mean_no_limit(unlimited):
    start = State.parse(CHALLENGE_1)
    for limit in ({"time_limit": unlimited}, {"node_limit": unlimited}):
        if limit.get("node_limit") == math.inf:
            continue  # node limits are ints
        assert solve(start, **limit).complete
        assert find_solutions(start, **limit).complete
        assert count_solutions(start, **limit) == 1
        assert hint(start, **limit) is not None
        assert effort(start, **limit) > 0
        assert count_solutions(start, **limit) == 1
        assert grade_of(start, **limit) == difficulty(start).grade
    assert generate("starter", seed=1, time_limit=unlimited) == generate("starter", seed=1)


@pytest.mark.parametrize(
    ("limit", "error"),
    [({"time_limit": -1}, ArgumentError), ({"time_limit": math.nan}, ArgumentError),
     ({"node_limit": -1}, ArgumentError), ({"node_limit": 2.5}, TypeError),
     ({"time_limit": "1"}, TypeError), ({"node_limit": True}, TypeError)],
)
def test_bad_limits_are_refused_everywhere(limit, error):
    start = State.parse(CHALLENGE_1)
    for call in (solve, find_solutions, count_solutions, hint, effort, difficulty, grade_of):
        with pytest.raises(error):
            call(start, **limit)
    with pytest.raises(error):
        generate("junior", seed=1, **limit)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [({"piece": "a", "col": HUGE, "row": 0}, ArgumentError),
     ({"piece": "a", "col": 0, "row": -HUGE}, ArgumentError),
     ({"piece": "z", "col": 0, "row": 0}, ArgumentError),
     ({"piece": "a" * 10_000, "col": 0, "row": 0}, ArgumentError),
     ({"piece": None, "col": 0, "row": 0}, TypeError)],
)
def test_placement_fields_out_of_range(kwargs, error):
    with pytest.raises(error) as raised:
        Placement(**kwargs)
    assert len(str(raised.value)) < 200


@pytest.mark.parametrize(("number", "error"), [(0, ArgumentError), (HUGE, ArgumentError),
                                               ("1", TypeError), (True, TypeError)])
def test_challenge_numbers(number, error):
    with pytest.raises(error):
        challenge(number)


@pytest.mark.parametrize(("grade", "seed", "error"), [("easy", 1, ArgumentError),
                                                      (3, 1, TypeError),
                                                      ("junior", 1.5, TypeError),
                                                      ("junior", "1", TypeError)])
def test_generate_arguments(grade, seed, error):
    with pytest.raises(error):
        generate(grade, seed=seed)


def test_seed_none_means_fresh_randomness():
    assert len({str(random_state(None)) for _ in range(6)}) > 1
    assert len({str(generate("starter").start) for _ in range(3)}) > 1


def test_state_constructor_refuses_surplus_placements_as_argument_errors():
    with pytest.raises(ArgumentError, match="twice"):
        State([Placement.parse("a7A7"), Placement.parse("a1A0")])


OBJECTS = st.one_of(
    st.none(), st.integers(), st.floats(), st.text(max_size=6), st.binary(max_size=4),
    st.tuples(st.text(max_size=2), st.integers()), placements().map(str),
    placements().map(lambda p: str(p).upper()), placements().map(lambda p: f" {p}"),
    placements(),
)


@settings(max_examples=60)
@given(states(), OBJECTS)
def test_in_agrees_with_play_for_anything(state, move):
    try:
        state.play(move)
    except (IllegalMoveError, ParseError, TypeError):
        assert move not in state.legal_moves()
    else:
        assert move in state.legal_moves()


@settings(max_examples=60)
@given(states(), OBJECTS)
def test_queries_raise_only_clear_errors(state, thing):
    for call in (lambda: state.remove(thing), lambda: state.piece(thing),
                 lambda: solve(thing), lambda: hint(thing)):
        with contextlib.suppress(PuzzleError, TypeError):
            call()
