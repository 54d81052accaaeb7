"""Graded levels: witnesses that clear, grades that hold, and grades that measure something.

Every level is checked through the public ``play`` (its witness clears the
board) and by the solver, which must clear the start on its own. That the
grades mean something is checked with playouts the grader never saw (another
seed, twice as many) and with the solver's nodes.
"""

import statistics
import time

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import PUZZLES, Level
from puzzlekit.errors import ArgumentError, LimitReached, UnsolvableError
from puzzlekit.linkpath import (
    GRADES,
    Board,
    Params,
    Rules,
    deal,
    deal_with_solution,
    generate,
    grade_of,
    params_of,
    solve,
    stuck_share,
)
from puzzlekit.linkpath.strategies import rules as any_rules

SMALL = Params(width=8, height=6, kinds=12)
"""A size where every grade is quick to reach."""


def check_level(level, grade):
    """The level clears through play, the solver agrees, and the grader gives *grade*."""
    assert isinstance(level, Level) and isinstance(level.start, Board)
    assert level.grade == grade == grade_of(level.start)
    assert level.start.is_valid() and not level.start.is_over
    assert level.replayed().is_solved
    assert len(level.witness) == len(level.start.tiles) // 2
    assert solve(level.start, node_limit=50_000).solved


@pytest.mark.parametrize("grade", GRADES)
def test_every_grade_makes_levels_that_clear(grade):
    level = generate(grade, SMALL, seed=2)
    check_level(level, grade)
    assert (level.start.height, level.start.width, len(level.start.counts())) == (6, 8, 12)


MASK = "..####..\n.######.\n########\n########\n.######.\n..####.."


@pytest.mark.parametrize(("rules", "layout"), [(Rules(gravity="down"), None), (Rules(), MASK)])
@pytest.mark.parametrize("grade", GRADES)
def test_levels_with_gravity_and_on_masks(rules, layout, grade):
    level = generate(grade, attrs.evolve(SMALL, rules=rules), layout=layout, seed=5)
    check_level(level, grade)
    assert level.start.rules == rules
    if layout is not None:
        marked = {
            (r, c) for r, row in enumerate(layout.split()) for c, x in enumerate(row) if x == "#"
        }
        assert set(level.start.tiles) == marked


@pytest.mark.parametrize(
    ("rules", "layout", "grade"),
    [
        (Rules(outside=False), "vertical", "easy"),
        (Rules(outside=False), "vertical", "medium"),
        (Rules(groups=True, max_turns=1), None, "easy"),
        (Rules(groups=True, max_turns=1), None, "medium"),
        (Rules(gravity="down", groups=True), None, "easy"),
    ],
)
def test_levels_with_groups_and_open_layouts(rules, layout, grade):
    # The looser the matching and the more open the board, the fewer ways a player has to
    # go wrong: with groups a hard deal is out of reach at this size (and a medium one
    # too, unless links are tight); hard deals on open layouts are rare.
    level = generate(grade, attrs.evolve(SMALL, rules=rules), layout=layout, seed=4)
    check_level(level, grade)
    assert level.start.rules == rules


def test_same_seed_same_level():
    for grade in ("easy", "hard"):
        level = generate(grade, SMALL, seed=9)
        assert generate(grade, SMALL, seed=9) == level
    assert generate("easy", SMALL, seed=9) != generate("easy", SMALL, seed=10)


def test_limits_stop_generation_quickly():
    started = time.perf_counter()
    for grade in GRADES:
        with pytest.raises(LimitReached, match="node limit"):
            generate(grade, node_limit=1)
        with pytest.raises(LimitReached, match="time limit"):
            generate(grade, time_limit=0)
    with pytest.raises(LimitReached, match="request to stop"):
        generate("hard", progress=lambda report: True)
    assert time.perf_counter() - started < 1
    # A 2 x 2 board has two pairs: a player can never go wrong, so it is never hard.
    with pytest.raises(LimitReached):
        generate("hard", Params(2, 2, 1), node_limit=20_000)


def test_bad_arguments():
    with pytest.raises(ArgumentError, match="no grade 'tough'"):
        generate("tough")
    with pytest.raises(TypeError):
        generate(2)
    with pytest.raises(ArgumentError, match="kinds must be from 1"):
        generate("easy", Params(kinds=0))
    with pytest.raises(ArgumentError, match="an odd number"):
        generate("easy", Params(3, 3, 2))
    with pytest.raises(ArgumentError):
        generate("easy", layout="sideways")
    with pytest.raises(ArgumentError, match="cannot be dealt"):
        generate("easy", Params(2, 2, 1), layout="#.\n.#")
    with pytest.raises(TypeError):
        generate("easy", "12x8 gravity=down")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        generate("easy", seed="7")
    with pytest.raises(TypeError):
        grade_of("ab\nab")
    with pytest.raises(UnsolvableError, match="odd number"):
        grade_of(Board.parse("ab\nbb"))
    with pytest.raises(UnsolvableError, match="proved"):
        grade_of(Board.parse("ab\nba"))
    with pytest.raises(ArgumentError):
        stuck_share(Board.parse("aa"), playouts=0)


def test_the_grade_bands_count_stuck_playouts():
    # Two tiles a kind and no gravity: no removal can spoil another, never stuck.
    assert grade_of(deal_with_solution(6, 8, 24, seed=1)[0]) == "easy"
    assert grade_of(Board.parse("..\n..")) == "easy"
    # Inside the board only: taking the top pair first leaves the crossed "ab/ba",
    # which never links again; taking the two a of the left column first clears the board.
    trap = Board.parse("aa\nab\nba", rules=Rules(outside=False))
    assert solve(trap).solved
    share = stuck_share(trap)
    assert 6 / 16 <= share < 1
    assert grade_of(trap) == "hard"


def test_the_registry_entry():
    puzzle = PUZZLES["linkpath"]
    assert puzzle.grades == GRADES == ("easy", "medium", "hard")
    assert puzzle.generate is generate and puzzle.grade is grade_of


def test_grades_grow_with_measured_effort():
    """Over a few levels per grade, effort the grader never measured grows with the grade."""
    stuck, nodes = {}, {}
    for grade in GRADES:
        levels = [generate(grade, SMALL, seed=seed) for seed in range(3)]
        stuck[grade] = statistics.mean(
            stuck_share(level.start, playouts=32, seed=1000 + n) for n, level in enumerate(levels)
        )
        nodes[grade] = statistics.mean(
            solve(level.start, node_limit=20_000).nodes for level in levels
        )
    assert stuck["easy"] < stuck["medium"] < stuck["hard"], stuck
    assert nodes["easy"] <= nodes["hard"], nodes


@settings(max_examples=25, deadline=None)
@given(
    height=st.integers(1, 6),
    width=st.integers(2, 6),
    rules=any_rules(),
    seed=st.integers(0, 2**32),
)
def test_two_tiles_a_kind_never_get_the_player_stuck(height, width, rules, seed):
    """Without gravity a removal only frees cells, so with two tiles a kind no move is wrong."""
    if (height * width) % 2:
        width += 1
    rules = Rules(outside=rules.outside, max_turns=rules.max_turns)
    board = deal_with_solution(height, width, height * width // 2, rules=rules, seed=seed)[0]
    assert stuck_share(board, playouts=4, seed=seed) == 0.0
    assert grade_of(board) == "easy"


@settings(max_examples=15, deadline=None)
@given(
    grade=st.sampled_from(GRADES),
    height=st.integers(2, 6),
    width=st.integers(2, 6),
    rules=any_rules(),
    seed=st.integers(0, 2**32),
)
def test_generated_levels_have_their_grade_or_stop_at_the_limit(grade, height, width, rules,
                                                                seed):
    if (height * width) % 2:
        height += 1
    kinds = max(1, height * width // 4)
    try:
        level = generate(grade, Params(width, height, kinds, rules), seed=seed, node_limit=5_000)
    except LimitReached:
        return
    check_level(level, grade)


# -- the traps of a deal --------------------------------------------------------------


def crossings(board):
    """2 x 2 squares whose diagonals hold two different kinds, one kind each."""
    rows = board.rows
    return sum(
        1
        for r in range(board.height - 1)
        for c in range(board.width - 1)
        if rows[r][c] == rows[r + 1][c + 1] != rows[r][c + 1] == rows[r + 1][c]
        and rows[r][c] and rows[r][c + 1]
    )


def test_traps_keep_the_witness_and_the_kinds():
    for seed in range(3):
        plain, _ = deal_with_solution(8, 12, 24, seed=seed)
        board, witness = deal_with_solution(8, 12, 24, seed=seed, traps=3)
        assert board.counts() == plain.counts() and board.tiles == plain.tiles
        assert crossings(board) >= 3
        assert Level(board, witness, "any").replayed().is_solved


def test_traps_make_deals_measurably_harder():
    """The knob moves the random player's failure rate: none without traps, some with."""
    def mean_share(traps):
        return statistics.mean(
            stuck_share(deal_with_solution(8, 12, 24, seed=seed, traps=traps)[0], seed=7)
            for seed in range(4)
        )

    assert mean_share(0) < mean_share(3) < mean_share(12)


def test_bad_traps():
    with pytest.raises(ArgumentError, match="traps must be from 0 to 3"):
        deal_with_solution(4, 6, 6, traps=4)
    with pytest.raises(TypeError):
        deal_with_solution(4, 6, 6, traps=1.5)
    with pytest.raises(ArgumentError, match="solvable=False"):
        deal(4, 6, 6, traps=1, solvable=False)


@settings(max_examples=30, deadline=None)
@given(
    height=st.integers(2, 7),
    width=st.integers(2, 7),
    rules=any_rules(),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_deals_with_traps_clear_by_their_witness(height, width, rules, seed, data):
    if (height * width) % 2:
        height += 1
    kinds = data.draw(st.integers(1, height * width // 2), label="kinds")
    traps = data.draw(st.integers(0, height * width // 8), label="traps")
    plain, _ = deal_with_solution(height, width, kinds, rules=rules, seed=seed)
    board, witness = deal_with_solution(height, width, kinds, rules=rules, seed=seed, traps=traps)
    assert board.counts() == plain.counts() and board.tiles == plain.tiles
    assert Level(board, witness, "any").replayed().is_solved


def test_the_random_player_slides_under_slide_rules():
    # Only slides can start this board: a player that never slid would always be stuck.
    crossed = Board.parse("ab.\nba.\n...", rules=Rules(slide=True))
    assert all(move.slide != (0, 0) for move in crossed.legal_moves())
    assert stuck_share(crossed) == 0.0
    level = generate("medium", Params.parse("8x6 kinds=12 slide=yes"), seed=1)
    assert level.replayed().is_solved and grade_of(level.start) == "medium"


def test_grading_keeps_its_limits():
    board = deal(30, 40, 60, seed=1)
    for limits in ({"node_limit": 100}, {"time_limit": 0}):
        with pytest.raises(LimitReached):
            grade_of(board, **limits)
        with pytest.raises(LimitReached):
            stuck_share(board, **limits)
    assert grade_of(board, node_limit=10**7) == grade_of(board)


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(GRADES), st.integers(0, 2**32))
def test_levels_keep_the_params_asked_for(grade, seed):
    params = Params.parse("8x6 kinds=12 outside=no")
    try:
        level = generate(grade, params, seed=seed, node_limit=50_000)
    except LimitReached:
        return
    assert params_of(level.start) == params
