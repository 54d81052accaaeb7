"""The solver, checked by a validator written here from the rules alone."""

import pickle
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import LimitReached, SearchResult, UnsolvableError
from puzzlekit.limits import Budget
from puzzlekit.twist import (
    PUZZLE,
    Solutions,
    State,
    challenges,
    count_solutions,
    find_solutions,
    hint,
    random_state,
    solve,
    viable_piece_placements,
)
from puzzlekit.twist.solver import (
    completion,
    has_one_solution,
    iter_solutions,
    solution_count,
    tilings,
)
from puzzlekit.twist.strategies import solutions, states

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


def independent_solutions(text):
    """Every solution of a start as a set of (piece, cells), by first-empty-cell backtracking
    on the shapes above: each piece once, no overlap, each peg in a hole of its colour."""
    loops, pegs = decode(text)
    placed = {piece for piece, _ in loops.values()}
    fixed = frozenset(
        (piece, frozenset(cell for cell, (other, _) in loops.items() if other == piece))
        for piece in placed
    )
    by_first = {}
    for piece in sorted(set(SHAPES) - placed):
        seen = set()
        for orientation in range(8):
            shape = oriented(piece, orientation)
            for x0 in range(8 - max(x for x, _ in shape)):
                for y0 in range(4 - max(y for _, y in shape)):
                    cells = {(x0 + dx, y0 + dy): hole for (dx, dy), hole in shape.items()}
                    if any(cell in loops for cell in cells):
                        continue
                    if any(
                        cell in pegs and not (hole and COLOUR[pegs[cell]] == COLOUR[piece])
                        for cell, hole in cells.items()
                    ):
                        continue
                    key = frozenset(cells)
                    if key not in seen:
                        seen.add(key)
                        first = min(cells, key=lambda c: (c[0], c[1]))
                        by_first.setdefault(first, []).append((piece, key))
    order = [(x, y) for x in range(8) for y in range(4)]
    found = set()

    def fill(covered, used, chosen):
        empty = next((cell for cell in order if cell not in covered), None)
        if empty is None:
            found.add(fixed | frozenset(chosen))
            return
        for piece, cells in by_first.get(empty, ()):
            if piece not in used and not cells & covered:
                fill(covered | cells, used | {piece}, [*chosen, (piece, cells)])

    fill(frozenset(loops), frozenset(placed), [])
    return found


def footprints_of(solution):
    loops, _ = decode(str(solution))
    return frozenset(
        (piece, frozenset(cell for cell, (other, _) in loops.items() if other == piece))
        for piece in {piece for piece, _ in loops.values()}
    )


@st.composite
def partial_starts(draw):
    """1-3 pegs and 0-2 pieces of a solved board, or pegs and pieces dropped at random."""
    solved = draw(solutions().filter(lambda state: state.pegs))
    pieces = draw(st.lists(st.sampled_from(solved.pieces), unique=True, max_size=2))
    pegs = draw(st.lists(st.sampled_from(solved.pegs), unique=True, min_size=1, max_size=3))
    return State((*pieces, *pegs))


@given(st.one_of(partial_starts(), states()))
@settings(max_examples=25, deadline=None)
def test_the_table_and_the_search_list_the_independent_solutions(start):
    expected = independent_solutions(str(start))
    table = find_solutions(start)
    searched = find_solutions(start, node_limit=10**9)
    assert table.complete and searched.complete
    assert len(table.solutions) == len(set(table.solutions)) == len(expected)
    assert set(table.solutions) == set(searched.solutions)
    assert {footprints_of(solution) for solution in table.solutions} == expected
    assert count_solutions(start) == count_solutions(start, node_limit=10**9) == len(expected)


def test_the_table_answers_without_search_and_the_limits_still_search():
    assert find_solutions(State()).nodes == 0 and count_solutions(State()) == 5992
    assert find_solutions(State(), node_limit=10**9).nodes > 0


def test_independent_orientations_agree_on_the_spec_example():
    # Challenge 1 in the spec: the f placed as f3C4 and as f3C2 covers the same cells.
    assert set(oriented("f", 4)) == set(oriented("f", 2))
    assert oriented("c", 0) == oriented("c", 4)


def test_every_challenge_solution_passes_the_independent_check():
    for item in challenges():
        result = solve(item.start)
        assert result.complete and result.solved
        assert_solution_of(result.final, item.start)
        assert result.final.canonical() == item.solution


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
    result = find_solutions(start, max_solutions=3)
    assert result.complete and result.solutions
    for solution in result.solutions:
        assert solution.is_solved
        assert_solution_of(solution, start)
        assert solution.canonical() == solution


@given(states())
@settings(max_examples=40)
def test_solutions_of_any_valid_state_pass_the_check(start):
    result = find_solutions(start, max_solutions=2)
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
    first = find_solutions(again, max_solutions=20).solutions
    assert first == find_solutions(start, max_solutions=20).solutions
    reverse = State.parse("".join(reversed(shuffled)))
    assert find_solutions(reverse, max_solutions=20).solutions == first


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
    assert solved.canonical() in find_solutions(start).solutions


def test_hint_leads_to_a_solution():
    state = challenges()[9].start
    while not state.is_solved:
        move = hint(state)
        assert move is not None and move in state.legal_moves()
        assert state.hint() == move
        state = state.place(move)
    assert state.is_over and hint(state) is None


def test_hint_tells_no_solution_from_a_limit():
    with pytest.raises(UnsolvableError, match="a1A0b1C0 has no solution"):
        hint(State.parse("a1A0b1C0"))
    with pytest.raises(UnsolvableError):
        hint(State.parse("a7A7b7A0"))  # breaks a rule, though pieces still fit
    # was: None, as for "no solution" (issue #12)
    with pytest.raises(LimitReached, match="hint stopped by its node limit"):
        hint(State.parse("i6B0j2B0"), node_limit=1)
    with pytest.raises(LimitReached, match="time limit"):
        hint(State.parse("i6B0j2B0"), time_limit=0)
    stuck = State.parse("a7A7b6A7c1A3d2A6e2C3f3C2g4A7i6D0")
    assert stuck.is_over and not stuck.is_solved and hint(stuck) is None


def test_solve_returns_the_placements_added_and_keeps_the_start():
    start = challenges()[0].start  # f3C4, whose canonical form is f3C2
    result = solve(start)
    assert isinstance(result, SearchResult)
    assert result.start == start and result.complete and result.solved
    assert [move.piece for move in result.moves] == list("abcdegh")
    assert result.final.piece("f") == start.piece("f")
    assert result.replayed() == result.final
    assert result.final.canonical() == challenges()[0].solution
    assert result.solution == result.final and not result.proved_unsolvable
    done = solve(result.final)
    assert done.moves == () and done.final == result.final and done.complete


def test_no_solution_and_invalid_starts():
    for text in ("a7A7b7A0", "a1A0b1C0"):
        result = solve(State.parse(text))
        assert result.complete and result.proved_unsolvable and result.moves == ()
        assert result.final == result.start
        assert count_solutions(State.parse(text)) == 0
    impossible = State.parse("a1A0b1C0")
    assert find_solutions(impossible) == Solutions((), True, find_solutions(impossible).nodes)
    with pytest.raises(TypeError):
        solve("f3C4")  # type: ignore[arg-type]


def test_limits_stop_the_search_and_say_so():
    stopped = find_solutions(State(), node_limit=50)
    assert not stopped.complete and stopped.nodes <= 51
    started = time.perf_counter()
    timed = find_solutions(State(), time_limit=0.05)
    assert time.perf_counter() - started < 1
    assert len(timed.solutions) <= 5992
    limited = solve(State.parse("i6B0j2B0"), node_limit=1)
    assert not limited.complete and not limited.proved_unsolvable and limited.moves == ()
    assert limited.replayed() == limited.final == limited.start
    with pytest.raises(LimitReached):
        count_solutions(State(), node_limit=10)
    with pytest.raises(ValueError):
        find_solutions(State(), node_limit=-1)
    with pytest.raises(TypeError):
        find_solutions(State(), max_solutions="3")  # type: ignore[arg-type]


def test_a_progress_callback_sees_the_search_and_may_stop_it():
    reports = []
    found = find_solutions(State(), progress=lambda report: reports.append(report) or True)
    assert not found.complete and reports and reports[0].nodes >= 0
    result = solve(State(), progress=lambda report: True)
    assert not result.complete


def test_ctrl_c_ends_a_search_and_reaches_the_caller_of_a_count():
    def interrupt(report):
        raise KeyboardInterrupt

    found = find_solutions(State(), progress=interrupt)
    assert not found.complete and len(found.solutions) < 5992
    result = solve(State(), progress=interrupt)
    assert not result.complete and result.replayed() == result.final
    with pytest.raises(KeyboardInterrupt):
        count_solutions(State(), progress=interrupt)


@given(states())
@settings(max_examples=40)
def test_count_and_find_and_solve_agree(start):
    found = find_solutions(start, max_solutions=50)
    assert found.complete
    result = solve(start)
    assert result.complete and result.replayed() == result.final
    assert result.solved == bool(found.solutions)
    if result.solved:
        assert set(start.placements) <= set(result.final.placements)
    if len(found.solutions) < 50:
        # The whole list (the table's order is not the search's, so only then).
        assert result.final.canonical() in found.solutions or not result.solved
        assert count_solutions(start) == len(found.solutions)
    if start.is_over:
        assert hint(start) is None
    elif result.solved:
        move = hint(start)
        assert move in start.legal_moves() and solve(start.play(move)).solved
    else:
        with pytest.raises(UnsolvableError):
            hint(start)


@pytest.mark.parametrize("seed", range(3))
def test_starts_without_pegs_never_hang(seed):
    rng = random.Random(seed)
    state = State()
    for _ in range(2):
        moves = list(state.legal_moves())
        state = state.place(rng.choice(moves))
    started = time.perf_counter()
    result = find_solutions(state, time_limit=1)
    assert time.perf_counter() - started < 1.5
    assert result.complete and count_solutions(state) == len(result.solutions)
    for solution in result.solutions[:20]:
        assert_solution_of(solution, state)


def test_results_pickle():
    found = find_solutions(challenges()[0].start)
    assert pickle.loads(pickle.dumps(found)) == found
    result = solve(challenges()[0].start)
    assert pickle.loads(pickle.dumps(result)) == result


@given(st.integers(0, 2**32 - 1), st.integers(0, 40))
@settings(max_examples=30)
def test_random_states_solve_and_limits_never_claim_impossible(seed, nodes):
    start = random_state(seed)
    assert random_state(seed) == start and PUZZLE.random_state(seed) == start
    truth = solve(start)
    assert truth.complete and truth.solved and truth.replayed() == truth.final
    assert_solution_of(truth.final.canonical(), start)
    limited = solve(start, node_limit=nodes)
    assert limited.replayed() == limited.final
    assert not limited.proved_unsolvable
    if limited.complete:
        assert limited.solved and limited.moves == truth.moves
    try:
        move = hint(start, node_limit=nodes)
    except LimitReached:
        return
    assert move in start.legal_moves() and solve(start.play(move)).solved


def test_the_registry_entry():
    assert PUZZLE.name == "twist" and PUZZLE.state is State and PUZZLE.solve is solve
    assert PUZZLE.move.parse("a7A7") == State.parse("a7A7").pieces[0]


def test_tilings_are_the_solutions_of_the_empty_board_in_every_orientation():
    canonical = {State(choices[0] for choices in tiling) for tiling in tilings()}
    assert canonical == set(find_solutions(State()).solutions)
    assert len(canonical) == len(tilings()) == 5992
    for tiling in tilings()[::599]:
        for choices in tiling:
            assert len({frozenset(choice.cells) for choice in choices}) == 1
            orientations = [choice.orientation for choice in choices]
            assert orientations == sorted(set(orientations))


@given(solutions(pegs=False), st.randoms(use_true_random=False))
@settings(max_examples=20)
def test_any_orientation_of_each_tiling_piece_is_a_solution(solved, rng):
    tiling = next(t for t in tilings() if State(c[0] for c in t) == solved.canonical())
    assert_solution_of(State(rng.choice(choices) for choices in tiling), State())


@given(states())
@settings(max_examples=25)
def test_the_budget_forms_agree_with_the_forms_with_limits(start):
    budget = Budget()
    listed = tuple(iter_solutions(start, budget))
    assert listed == find_solutions(start, node_limit=10**9).solutions
    assert not budget.exhausted
    assert sorted(map(str, listed)) == sorted(map(str, find_solutions(start).solutions))
    count = count_solutions(start)
    assert solution_count(start, Budget()) == count
    assert has_one_solution(start, Budget()) == (count == 1)
    assert completion(start, Budget()) == (solve(start).moves or None)


@given(states(), st.integers(0, 300))
@settings(max_examples=25)
def test_the_budget_forms_stop_when_the_budget_does(start, nodes):
    try:
        count = count_solutions(start, node_limit=nodes)
    except LimitReached:
        count = None
    budget = Budget(node_limit=nodes)
    found = solution_count(start, budget)
    assert budget.exhausted == (count is None)
    if count is not None:
        assert found == count
    budget = Budget(node_limit=nodes)
    moves = completion(start, budget)
    if budget.exhausted:
        assert moves is None
    else:
        assert moves == (solve(start).moves or None)


def test_a_time_limit_of_a_second_reads_the_table_and_a_node_limit_searches():
    start = State.parse("f3C4i6B0")
    table = find_solutions(start, time_limit=5)
    searched = find_solutions(start, node_limit=10**6)
    assert table.nodes == 0 and searched.nodes > 0
    assert table.complete and searched.complete
    assert set(table.solutions) == set(searched.solutions) != set()
    assert count_solutions(start, time_limit=5) == len(searched.solutions)
