"""Levels: every board is full, cleared by its witness, graded as asked; seeds and limits hold.

The grades are checked against measures the grade does not use: the
score solver ``solve`` (another objective and schedule) and the clearing
search with other seeds.
"""

from __future__ import annotations

import statistics
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from samegame.test_solver import best_possible

from puzzlekit import PUZZLES, ArgumentError, Level, LimitReached, UnsolvableError
from puzzlekit.samegame import (
    CLICKOMANIA,
    GRADES,
    RULE_SETS,
    STANDARD,
    Board,
    Move,
    Params,
    Rules,
    clearable_board,
    clearing_line,
    generate,
    grade_of,
    random_board,
    solve,
)
from puzzlekit.samegame.levels import EASY_EFFORT, HARD_EFFORT, SEARCHED_COLOURS


def sized(height: int, width: int, colours: int = 3, rules: Rules = STANDARD) -> Params:
    """The params of a *height* x *width* board (the tests' old order of the sizes)."""
    return Params(width=width, height=height, colours=colours, rules=rules)


def check_level(level: Level[Board, Move], height: int, width: int, colours: int,
                rules: Rules) -> None:
    """A full board of the asked shape, colours and rules, cleared by its witness through play."""
    board = level.start
    assert (board.height, board.width, board.count) == (height, width, height * width)
    assert set(board.colours) <= set(range(colours)) and board.rules == rules
    assert level.grade in GRADES
    for move in level.witness:
        assert move in board.legal_moves()
        board = board.play(move)
    assert board.is_solved and level.replayed() == board


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 6), st.integers(2, 6), st.integers(1, 6), st.sampled_from(sorted(RULE_SETS)),
    st.integers(0, 2**32),
)
def test_clearable_boards_of_every_small_shape(
    height: int, width: int, colours: int, rules: str, seed: int
) -> None:
    level = clearable_board(sized(height, width, colours, RULE_SETS[rules]), seed=seed)
    check_level(level, height, width, colours, RULE_SETS[rules])
    assert level.start.rules == RULE_SETS[rules]
    assert grade_of(level.start) == level.grade


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(GRADES), st.integers(2, 6), st.integers(2, 6), st.integers(1, 6),
    st.integers(1, 3), st.integers(0, 2**32),
)
def test_levels_have_the_grade_asked_for(
    grade: str, height: int, width: int, colours: int, min_group: int, seed: int
) -> None:
    rules = Rules(min_group=min_group)
    try:
        level = generate(grade, sized(height, width, colours, rules), seed=seed, node_limit=1_500)
    except LimitReached:
        return  # some grades are rare on small boards (a 2 x 2 board is never hard)
    check_level(level, height, width, colours, rules)
    assert level.grade == grade == grade_of(level.start)
    if height * width <= 12:  # the exhaustive search agrees that the board can be cleared
        assert best_possible(level.start)[1]


@pytest.mark.parametrize("grade", GRADES)
def test_default_levels_of_every_grade(grade: str) -> None:
    for seed in range(3):
        level = generate(grade, seed=seed)
        check_level(level, 10, 10, 3, Rules())
        assert level.grade == grade == grade_of(level.start)


@pytest.mark.parametrize(("height", "width", "colours", "grade"), [
    (30, 30, 2, "easy"), (20, 20, 2, "medium"), (30, 30, 3, "medium"), (20, 20, 3, "hard"),
    (30, 30, 5, "hard"), (12, 12, 4, "easy"),
])
def test_large_levels(height: int, width: int, colours: int, grade: str) -> None:
    level = generate(grade, sized(height, width, colours), seed=1)
    check_level(level, height, width, colours, Rules())
    assert level.grade == grade


def test_the_same_seed_gives_the_same_level() -> None:
    for colours in (3, 5):
        params = sized(10, 10, colours)
        first = generate("medium", params, seed=42)
        assert generate("medium", params, seed=42) == first
        assert generate("medium", params, seed=42, node_limit=10**7) == first
        assert generate("medium", params, seed=42, time_limit=60) == first
        assert generate("medium", params, seed=43) != first
        assert clearable_board(params, seed=42) == clearable_board(params, seed=42)
    assert len({generate("easy").start for _ in range(4)}) > 1  # seed=None: fresh


@pytest.mark.parametrize(("side", "colours"), [(8, 3), (6, 4)])
def test_grades_grow_with_the_effort_of_other_searches(side: int, colours: int) -> None:
    """Over a few levels per grade (random boards with 3 colours, built ones with 4), the
    score solver fails more often and the clearing search with other seeds needs more
    nodes, from easy to hard."""
    cells = side * side
    failures, efforts = [], []
    for grade in GRADES:
        boards = [generate(grade, sized(side, side, colours), seed=seed).start
                  for seed in range(6)]
        failures.append(statistics.mean(
            not solve(board, node_limit=2 * cells, seed=seed).solved
            for board in boards for seed in (1, 2)))
        efforts.append(statistics.mean(
            min(clearing_line(board, node_limit=64 * cells, seed=seed).nodes, 64 * cells) / cells
            for board in boards for seed in (3, 4, 5)))  # the grade uses seeds 0 to 2
    assert failures == sorted(failures) and failures[0] < failures[-1], failures
    assert efforts == sorted(efforts) and efforts[0] < efforts[-1], efforts


def test_grade_of_reads_the_clearing_effort() -> None:
    board = random_board(10, 10, 3, seed=3)
    nodes = clearing_line(board).nodes
    expected = ("easy" if nodes <= EASY_EFFORT * 100 else
                "medium" if nodes <= HARD_EFFORT * 100 else "hard")
    assert grade_of(board) == expected
    assert grade_of(Board.parse("11")) == "easy"
    assert grade_of(Board.parse("..\n..")) == "easy"  # already cleared
    with pytest.raises(UnsolvableError):
        grade_of(Board.parse("12\n21"))
    with pytest.raises(UnsolvableError):
        grade_of(Board.parse("1121"))
    with pytest.raises(LimitReached, match="grade_of"):
        grade_of(random_board(10, 10, 3, seed=1), node_limit=1)
    with pytest.raises(LimitReached):
        grade_of(random_board(30, 30, 3, seed=1), time_limit=0)
    with pytest.raises(TypeError):
        grade_of("11")  # type: ignore[arg-type]


def test_the_registry_makes_and_grades_levels() -> None:
    puzzle = PUZZLES["samegame"]
    assert puzzle.grades == GRADES and puzzle.grade is grade_of and puzzle.generate is generate
    assert SEARCHED_COLOURS == 3
    level = clearable_board(sized(4, 4, 3, CLICKOMANIA), seed=3)
    assert level.start.rules == CLICKOMANIA and level.replayed().is_solved


def test_limits_and_arguments() -> None:
    started = time.perf_counter()
    for colours in (2, 3, 5):
        with pytest.raises(LimitReached):
            generate("hard", sized(10, 10, colours), seed=1, node_limit=1)
        with pytest.raises(LimitReached):  # a hard board takes more search than this
            generate("hard", sized(10, 10, colours), seed=1, node_limit=int(HARD_EFFORT * 100))
        with pytest.raises(LimitReached):
            clearable_board(sized(20, 20, colours), seed=1, time_limit=0)
    assert time.perf_counter() - started < 2
    with pytest.raises(LimitReached, match=r"samegame\.generate"):
        generate("hard", sized(2, 2, 2), seed=1)  # no 2 x 2 board is hard
    with pytest.raises(ArgumentError, match="no 2 x 1 board can be cleared with min_group 3"):
        clearable_board(sized(1, 2, 3, Rules(min_group=3)))
    with pytest.raises(ArgumentError, match="no grade"):
        generate("tough")
    with pytest.raises(TypeError):
        generate(2)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="height must be from 1 to 1000"):
        generate("easy", sized(1001, 1))
    with pytest.raises(ArgumentError, match="colours"):
        clearable_board(sized(2, 2, 63))
    with pytest.raises(TypeError, match="params must be samegame params"):
        clearable_board("2x2")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules must be a samegame Rules"):
        sized(2, 2, 3, "standard")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        generate("easy", seed="1")  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 3), st.integers(1, 4), st.integers(1, 3), st.integers(1, 3),
       st.integers(0, 2**32))
def test_the_clearing_search_agrees_with_exhaustive_search(
    height: int, width: int, colours: int, min_group: int, seed: int
) -> None:
    board = random_board(height, width, colours, seed=seed, rules=Rules(min_group=min_group))
    result = clearing_line(board, node_limit=50_000)
    clearable = best_possible(board)[1]
    assert result.complete or result.solved
    assert result.solved == clearable == (not result.proved_unsolvable)
    assert result.replayed() == result.final and result.score is None
    if result.solved:
        assert result.final.count == 0 and result.nodes <= 50_000


def test_the_clearing_search_stops_at_its_limits() -> None:
    board = random_board(30, 30, 3, seed=1)
    assert not clearing_line(board, node_limit=10).solved
    assert not clearing_line(board, time_limit=0).solved
    assert clearing_line(Board.parse("..")).solved
    assert clearing_line(board, seed=5) == clearing_line(board, seed=5)
    with pytest.raises(TypeError):
        clearing_line("11")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        clearing_line(board, node_limit=-1)


@pytest.mark.parametrize("shape", [(40, 1, 3), (200, 1, 3), (1, 200, 3), (40, 2, 3), (3, 40, 2)])
def test_narrow_boards_with_few_colours_are_cleared(shape):
    # Random single columns can rarely be cleared: such shapes are built backwards too.
    height, width, colours = shape
    level = clearable_board(sized(height, width, colours), seed=2)
    assert (level.start.height, level.start.width) == (height, width)
    assert level.replayed().is_solved


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(GRADES), st.integers(0, 2**32))
def test_levels_keep_the_params_asked_for(grade: str, seed: int) -> None:
    params = Params.parse("6x5 colours=3 rules=clickomania")
    try:
        level = generate(grade, params, seed=seed, node_limit=20_000)
    except LimitReached:
        return
    found = PUZZLES["samegame"].params_of(level.start)
    # Size and rules are kept; a level uses at most the colours asked for.
    assert found.size == params.size and found.rules == params.rules
    assert found.colours <= params.colours
