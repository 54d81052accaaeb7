"""Levels: the human-like grade, its agreement with the labelled challenges, and generate()."""

import math
from functools import cache
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import PUZZLES, ArgumentError, Level, LimitReached, UnsolvableError
from puzzlekit.limits import Budget
from puzzlekit.twist import (
    GRADES,
    PEG_BITS,
    SCORE_BANDS,
    Difficulty,
    State,
    challenges,
    count_solutions,
    difficulty,
    effort,
    find_solutions,
    generate,
    grade_of,
)
from puzzlekit.twist.grading import measure_difficulty
from puzzlekit.twist.pieces import HEIGHT, WIDTH
from puzzlekit.twist.strategies import solutions, states

STUDENT = ("student level 1", "student level 2", "student level 3")


def reference_chance(state: State) -> float:
    """The human-like player's chance to solve *state* guessing at random, through the
    public State API: forced placements first, else a guess at the first location
    (column by column) or piece with the fewest placements left."""
    missing = state.missing_pieces()
    if not missing:
        return 1.0
    ways: dict[tuple[str, frozenset[tuple[int, int]]], object] = {}
    for move in state.legal_moves():  # orientations covering the same cells are one way
        ways.setdefault((move.piece, frozenset(move.cells)), move)
    covered = {cell for piece in state.pieces for cell in piece.cells}
    choices = [
        [move for (_, cells), move in ways.items() if (row, col) in cells]
        for col in range(WIDTH)
        for row in range(HEIGHT)
        if (row, col) not in covered
    ] + [[move for (piece, _), move in ways.items() if piece == letter] for letter in missing]
    fewest = min(choices, key=len)
    if not fewest:
        return 0.0
    return sum(reference_chance(state.play(move)) for move in fewest) / len(fewest)


@st.composite
def nearly_solved(draw):
    """A solved board (with some pegs) with one to four pieces taken away, and perhaps one
    of them put back elsewhere (which often leaves no solution)."""
    solved = draw(solutions())
    gone = draw(st.lists(st.sampled_from(solved.pieces), min_size=1, max_size=4, unique=True))
    start = State(p for p in solved.placements if p not in gone)
    home = {frozenset(piece.cells) for piece in gone}
    elsewhere = [move for move in start.legal_moves() if frozenset(move.cells) not in home]
    if elsewhere and draw(st.booleans()):
        start = start.play(draw(st.sampled_from(elsewhere)))
    return start


@settings(max_examples=60, deadline=None)
@given(nearly_solved())
def test_the_chance_is_the_human_like_players_as_played_through_the_state(start):
    chance = reference_chance(start)
    if not chance:
        with pytest.raises(UnsolvableError, match="no solution"):
            grade_of(start)
        return
    found = difficulty(start)
    assert found.bits == pytest.approx(-math.log2(chance))
    assert found.forced + found.guesses == len(start.missing_pieces())
    assert (found.pegs, found.pieces) == (len(start.pegs), len(start.pieces))


@settings(max_examples=15, deadline=None)
@given(states(solvable=True))
def test_any_solvable_start_is_graded_along_a_way_to_a_solution(start):
    found = difficulty(start)
    assert found.forced + found.guesses == len(start.missing_pieces())
    assert found.bits >= 0
    if len(find_solutions(start, max_solutions=2).solutions) == 1:
        assert found.bits >= found.guesses  # each guess had two placements at least


def test_a_unique_start_takes_one_bit_a_halving():
    found = difficulty(State.parse("k3D0k5D0l6C0"))  # booklet 98, one solution
    assert found.bits >= found.guesses
    assert 2**found.bits == pytest.approx(round(2**found.bits))  # a product of branchings
    assert (found.pegs, found.pieces, found.forced + found.guesses) == (3, 0, 8)
    assert found.score == pytest.approx(found.bits + PEG_BITS * 4)


def test_score_bands_cover_every_score_once():
    bounds = [SCORE_BANDS[grade] for grade in GRADES]
    assert bounds[0][0] == -math.inf and bounds[-1][1] == math.inf
    assert all(low[1] == high[0] for low, high in pairwise(bounds))
    for grade in GRADES:
        low, high = SCORE_BANDS[grade]
        for score in (high, math.nextafter(low, math.inf)):
            if math.isfinite(score):
                pegs = 7 - math.ceil(score / PEG_BITS)  # any split of the score will do
                bits = score - PEG_BITS * (7 - pegs)
                assert Difficulty(pegs, 0, 0, 0, bits).grade == grade


def test_broken_and_unsolvable_starts():
    with pytest.raises(UnsolvableError, match="breaks a rule"):
        grade_of(State.parse("a7A7b7A0"))
    with pytest.raises(UnsolvableError, match="no solution"):
        grade_of(State.parse("a1A0b1C0"))
    with pytest.raises(TypeError):
        grade_of("f3C4i6B0")  # type: ignore[arg-type]
    solved = challenges()[0].solution
    assert difficulty(solved) == Difficulty(6, 8, 0, 0, 0.0)


@cache
def graded():
    """Each shipped challenge with its label and its difficulty."""
    return [(item, difficulty(item.start)) for item in challenges()]


def test_the_booklet_labels_agree_on_8_of_10():
    booklet = [(item, found) for item, found in graded() if item.name.startswith("booklet-")]
    differ = [item.name for item, found in booklet if found.grade != item.level.lower()]
    # 2 and 49 are shipped as pegs only, without the pieces the booklet gives.
    assert len(booklet) == 10 and differ == ["booklet-2", "booklet-49"]


def kendall(scores, levels):
    """Kendall's tau over the pairs of different level (ties in score count nothing)."""
    pairs = [(i, j) for i in range(len(scores)) for j in range(i) if levels[i] != levels[j]]
    agree = sum(
        ((scores[i] > scores[j]) - (scores[i] < scores[j])) * (1 if levels[i] > levels[j] else -1)
        for i, j in pairs
    )
    return agree / len(pairs)


def test_the_grade_grows_with_the_student_level():
    rows = [(item, found) for item, found in graded() if item.level in STUDENT]
    assert len(rows) == 90
    levels = [STUDENT.index(item.level) for item, _ in rows]
    grades = [GRADES.index(found.grade) for _, found in rows]
    means = [
        sum(g for g, level in zip(grades, levels, strict=True) if level == wanted)
        / levels.count(wanted)
        for wanted in range(3)
    ]
    assert [round(mean, 2) for mean in means] == [1.71, 2.8, 3.68]  # measured
    assert kendall([found.score for _, found in rows], levels) > 0.82
    assert kendall([effort(item.start) for item, _ in rows], levels) < 0.54  # the old measure


@pytest.mark.parametrize("grade", GRADES)
def test_every_grade_gives_unique_levels_whose_witness_solves_them(grade):
    for seed in range(3):
        level = generate(grade, seed=seed)
        assert isinstance(level, Level) and level.grade == grade
        start = level.start
        assert count_solutions(start) == 1 and not start.is_solved
        assert grade_of(start) == grade
        assert len(start.pieces) <= (grade == "starter")
        assert sorted(move.piece for move in level.witness) == list(start.missing_pieces())
        state = start
        for move in level.witness:
            assert move in state.legal_moves()
            state = state.play(move)
        assert state.is_solved and state == level.replayed()
        assert generate(grade, seed=seed) == level


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(GRADES), st.integers(0, 2**64))
def test_levels_from_any_seed(grade, seed):
    level = generate(grade, seed=seed)
    assert level.replayed().is_solved and count_solutions(level.start) == 1
    assert grade_of(level.start) == grade


def test_grades_grow_with_the_solver_effort():
    means = []
    for grade in GRADES:
        efforts = [effort(generate(grade, seed=seed).start) for seed in range(4)]
        means.append(sum(efforts) / len(efforts))
    assert means == sorted(means) and len(set(means)) == len(means)
    assert means[-1] > 5 * means[0]


def test_harder_grades_give_fewer_pegs():
    def pegs(grade):
        return sum(len(generate(grade, seed=seed).start.pegs) for seed in range(4))

    assert pegs("starter") > pegs("expert") > pegs("wizard")


def test_registered_for_every_puzzle_code():
    puzzle = PUZZLES["twist"]
    assert puzzle.grades == GRADES and puzzle.generate is generate and puzzle.grade is grade_of


def test_bad_grades():
    with pytest.raises(ArgumentError, match="starter"):
        generate("easy")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        generate(1)  # type: ignore[arg-type]


def test_limits_stop_generation_and_grading():
    with pytest.raises(LimitReached, match="generate stopped by its node limit"):
        generate("wizard", seed=1, node_limit=1)
    with pytest.raises(LimitReached):
        generate("wizard", seed=1, node_limit=0)
    with pytest.raises(LimitReached):
        generate("wizard", seed=1, time_limit=0)
    with pytest.raises(LimitReached, match="difficulty"):
        difficulty(State(), node_limit=10)
    with pytest.raises(LimitReached):
        grade_of(State.parse("k3D0k5D0l6C0"), time_limit=0)
    with pytest.raises(LimitReached, match="effort"):
        effort(State(), node_limit=10)
    asked = []
    with pytest.raises(LimitReached, match="a request to stop"):
        generate("wizard", seed=1, progress=lambda report: asked.append(report) or True)
    assert asked


@given(states(solvable=True), st.integers(0, 400))
@settings(max_examples=25)
def test_measure_difficulty_is_difficulty_within_a_shared_budget(start, nodes):
    try:
        expected = difficulty(start, node_limit=nodes)
    except LimitReached:
        expected = None
    budget = Budget(node_limit=nodes)
    assert measure_difficulty(start, budget) == expected
    assert budget.exhausted == (expected is None)
    assert measure_difficulty(start, Budget()) == difficulty(start)
