"""The solver, checked by a validator written here from the rules alone."""

import pickle
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit.testing.twist import solutions, states
from puzzlekit.twist import (
    SearchResult,
    State,
    challenges,
    count_solutions,
    hint,
    search,
    solve,
    viable_piece_placements,
)

# The rules as the spec states them, independent of puzzlekit.twist.pieces.
SHAPES = {
    "a": ["OXO", "..X"], "b": ["XX.", ".OX"], "c": ["XOXX"], "d": ["XXX", ".OO"],
    "e": ["XO", ".O"], "f": ["XXO", ".O."], "g": ["O..", "OXX", ".O."], "h": ["OXX"],
}  # fmt: skip
COLOUR = dict(zip("abcdefghijkl", "rrbbggyyrbgy", strict=True))
PEGS = {"i": 1, "j": 2, "k": 2, "l": 2}


def oriented(piece, orientation):
    """{(dx, dy): hole} of the piece: flip top to bottom for 4-7, then turn clockwise."""
    loops = {
        (x, y): char == "O"
        for y, row in enumerate(SHAPES[piece])
        for x, char in enumerate(row)
        if char != "."
    }
    if orientation >= 4:
        loops = {(x, -y): hole for (x, y), hole in loops.items()}
    for _ in range(orientation % 4):
        loops = {(-y, x): hole for (x, y), hole in loops.items()}  # clockwise, y down
    min_x = min(x for x, _ in loops)
    min_y = min(y for _, y in loops)
    return {(x - min_x, y - min_y): hole for (x, y), hole in loops.items()}


def decode(text):
    """The loops {(x, y): (piece, hole)} and pegs {(x, y): peg} of a placement string."""
    loops, pegs = {}, {}
    for i in range(0, len(text), 4):
        letter, column, row, orientation = text[i : i + 4]
        x0, y0 = int(column) - 1, "ABCD".index(row)
        if letter in PEGS:
            assert (x0, y0) not in pegs
            pegs[(x0, y0)] = letter
            continue
        for (dx, dy), hole in oriented(letter, int(orientation)).items():
            assert (x0 + dx, y0 + dy) not in loops
            loops[(x0 + dx, y0 + dy)] = (letter, hole)
    return loops, pegs


def assert_solution_of(solution, start):
    """A solution covers all 32 locations with the 8 pieces and fits every peg."""
    loops, pegs = decode(str(solution))
    assert set(loops) == {(x, y) for x in range(8) for y in range(4)}
    assert sorted({piece for piece, _ in loops.values()}) == list("abcdefgh")
    for cell, peg in pegs.items():
        piece, hole = loops[cell]
        assert hole and COLOUR[piece] == COLOUR[peg]
    start_loops, start_pegs = decode(str(start))
    assert start_pegs == pegs
    for cell, (piece, _) in start_loops.items():
        assert loops[cell][0] == piece


def test_independent_orientations_agree_on_the_spec_example():
    # Challenge 1 in the spec: the f placed as f3C4 and as f3C2 covers the same cells.
    assert set(oriented("f", 4)) == set(oriented("f", 2))
    assert oriented("c", 0) == oriented("c", 4)


def test_every_challenge_solution_passes_the_independent_check():
    for item in challenges():
        found = solve(item.start)
        assert found is not None
        assert_solution_of(found, item.start)


def test_footprints_of_the_empty_board_counted_independently():
    footprints = set()
    for piece in SHAPES:
        for orientation in range(8):
            shape = oriented(piece, orientation)
            width = 1 + max(x for x, _ in shape)
            height = 1 + max(y for _, y in shape)
            for x in range(9 - width):
                for y in range(5 - height):
                    footprints.add((piece, frozenset((x + dx, y + dy) for dx, dy in shape)))
    assert len(viable_piece_placements("") or ()) == len(footprints)


@given(states(solvable=True))
@settings(max_examples=40)
def test_solutions_of_solvable_states_pass_the_independent_check(start):
    result = search(start, max_solutions=3)
    assert result.complete and result.solutions
    for solution in result.solutions:
        assert solution.is_solved
        assert_solution_of(solution, start)
        assert solution.canonical() == solution


@given(states())
@settings(max_examples=40)
def test_solutions_of_any_valid_state_pass_the_check(start):
    result = search(start, max_solutions=2)
    assert result.complete
    for solution in result.solutions:
        assert_solution_of(solution, start)


@given(states(solvable=True), st.randoms(use_true_random=False))
@settings(max_examples=30)
def test_solutions_do_not_depend_on_the_order_of_the_start(start, rng):
    shuffled = [str(p) for p in start.placements]
    rng.shuffle(shuffled)
    again = State.parse("".join(shuffled))
    assert again == start
    first = search(again, max_solutions=20).solutions
    assert first == search(start, max_solutions=20).solutions
    reverse = State.parse("".join(reversed(shuffled)))
    assert search(reverse, max_solutions=20).solutions == first


@given(solutions())
def test_canonical_form_is_idempotent_and_keeps_cells(solved):
    canonical = solved.canonical()
    assert canonical.canonical() == canonical
    assert canonical.is_solved
    assert [set(p.cells) for p in canonical.pieces] == [set(p.cells) for p in solved.pieces]


@given(solutions())
@settings(max_examples=30)
def test_a_solved_board_minus_pieces_solves_back(solved):
    start = State(p for p in solved.placements if p.is_peg or p.piece in "aceg")
    assert solved.canonical() in search(start).solutions


def test_hint_leads_to_a_solution():
    state = challenges()[9].start
    while not state.is_solved:
        move = hint(state)
        assert move is not None and move in state.legal_moves()
        state = state.place(move)
    assert hint(state) is None
    assert hint(State.parse("a7A7b7A0")) is None


def test_no_solution_and_invalid_starts():
    assert solve(State.parse("a7A7b7A0")) is None
    assert count_solutions(State.parse("a7A7b7A0")) == 0
    impossible = State.parse("a1A0b1C0")
    assert search(impossible) == SearchResult((), True, search(impossible).nodes)
    with pytest.raises(TypeError):
        solve("f3C4")  # type: ignore[arg-type]


def test_limits_stop_the_search_and_say_so():
    stopped = search(State(), node_limit=50)
    assert not stopped.complete and stopped.nodes <= 51
    started = time.perf_counter()
    timed = search(State(), time_limit=1)
    assert time.perf_counter() - started < 1.5
    assert len(timed.solutions) <= 5992
    with pytest.raises(ValueError):
        search(State(), node_limit=-1)
    with pytest.raises(TypeError):
        search(State(), max_solutions="3")  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(3))
def test_starts_without_pegs_never_hang(seed):
    rng = random.Random(seed)
    state = State()
    for _ in range(2):
        moves = list(state.legal_moves())
        state = state.place(rng.choice(moves))
    started = time.perf_counter()
    result = search(state, time_limit=1)
    assert time.perf_counter() - started < 1.5
    assert result.complete
    for solution in result.solutions[:20]:
        assert_solution_of(solution, state)


def test_results_pickle():
    result = search(challenges()[0].start)
    assert pickle.loads(pickle.dumps(result)) == result
