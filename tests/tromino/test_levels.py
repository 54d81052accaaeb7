"""Random boards built tileable or untileable, the walkthrough's grade, and levels."""

import random
import time
from statistics import mean

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tromino.checks import assert_valid_tiling, naive_tileable

from puzzlekit import PUZZLES, ArgumentError, LimitReached, UnsolvableError
from puzzlekit.limits import Budget
from puzzlekit.tromino import (
    GRADES,
    PROVED_CELLS,
    Board,
    Params,
    Tiling,
    Tromino,
    default_holes,
    generate,
    grade_of,
    is_tileable,
    params_of,
    random_board,
    random_tiling,
    rectangle_tileable,
    untileable_reason,
    walkthrough,
)
from puzzlekit.tromino.levels import _walk
from puzzlekit.tromino.solver import search_tiling

SIDES = st.integers(1, 7)
SEEDS = st.integers(0, 2**32)


def replay(board, moves):
    for move in moves:
        board = board.play(move)
    return board


# -- random boards that can be tiled ---------------------------------------------------


@given(SIDES, SIDES, st.data(), SEEDS)
@settings(max_examples=60, deadline=None)
def test_tileable_boards_come_with_a_tiling(rows, cols, data, seed):
    holes = data.draw(st.integers(0, rows * cols), label="holes")
    impossible = (rows * cols - holes) % 3 or (min(rows, cols) == 1 and holes < rows * cols) or (
        holes == 0 and not rectangle_tileable(rows, cols))
    if impossible:
        with pytest.raises(ArgumentError):
            random_tiling(rows, cols, holes=holes, seed=seed)
        return
    tiling = random_tiling(rows, cols, holes=holes, seed=seed)
    board = tiling.board
    assert len(board.holes) == holes
    assert_valid_tiling(board, Tiling(board, tiling.codes))  # checked, not trusted
    assert random_board(rows, cols, holes=holes, seed=seed) == board
    assert replay(board, tiling.moves()).is_solved
    if rows * cols <= 36:
        assert naive_tileable(rows, cols, board.holes)


@pytest.mark.parametrize(("size", "holes"), [((64, 64), 301), ((40, 90), 30), ((31, 33), 600)])
def test_large_tileable_boards_replay(size, holes):
    tiling = random_tiling(*size, holes=holes, seed=2)
    assert len(tiling.board.holes) == holes
    assert_valid_tiling(tiling.board, Tiling(tiling.board, tiling.codes))
    assert replay(tiling.board, tiling.moves()).is_solved


def test_holes_are_spread_not_clumped():
    # Holes made from taken-away trominoes would sit in threes; drawn ones seldom touch.
    board = random_board(64, holes=301, seed=4)
    touching = sum(any((r + dr, c + dc) in board.holes for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                       if dr or dc) for r, c in board.holes)
    assert touching < 0.6 * len(board.holes)


def test_random_boards_are_fast_at_any_size():
    started = time.perf_counter()
    assert len(random_board(256, holes=4000, seed=1).holes) == 4000
    assert len(random_board(1024, holes=1, seed=1).holes) == 1
    assert time.perf_counter() - started < 15  # about 1.5 s; the machine may be busy


# -- random boards that cannot be tiled ------------------------------------------------


@given(SIDES, SIDES, st.data(), SEEDS)
@settings(max_examples=60, deadline=None)
def test_untileable_boards_are_proved_untileable(rows, cols, data, seed):
    cells = rows * cols
    holes = data.draw(st.integers(0, cells), label="holes")
    cells_left = [(r, c) for r in range(rows) for c in range(cols)]
    impossible = holes == cells or (
        holes == 0 and rectangle_tileable(rows, cols)) or (
        holes == 1 and cells % 3 == 1 and all(naive_tileable(rows, cols, {cell})
                                               for cell in cells_left))
    if impossible:
        with pytest.raises(ArgumentError):
            random_board(rows, cols, holes=holes, tileable=False, seed=seed)
        return
    board = random_board(rows, cols, holes=holes, tileable=False, seed=seed)
    assert len(board.holes) == holes
    assert not naive_tileable(rows, cols, board.holes)
    assert board == random_board(rows, cols, holes=holes, tileable=False, seed=seed)


def test_small_untileable_boards_show_nothing_at_a_glance():
    # Proved by the exact search: every region a multiple of 3, every cell coverable.
    for seed in range(4):
        board = random_board(8, holes=10, tileable=False, seed=seed)
        assert PROVED_CELLS >= 8 * 8 and untileable_reason(board) is None
        assert not naive_tileable(8, 8, board.holes)


@pytest.mark.parametrize(("size", "holes"), [(20, 100), (256, 4), (256, 1000)])
def test_large_untileable_boards_have_a_walled_off_pocket(size, holes):
    board = random_board(size, holes=holes, tileable=False, seed=3)
    assert len(board.holes) == holes
    assert "walled off" in str(untileable_reason(board))
    assert not is_tileable(board)


# -- random boards: arguments and limits -----------------------------------------------


def test_impossible_requests_say_why():
    with pytest.raises(ArgumentError, match="not a multiple of 3"):
        random_board(8, holes=3)
    with pytest.raises(ArgumentError, match="from 0 to 64"):
        random_board(8, holes=65)
    with pytest.raises(ArgumentError, match="5x3 rectangle cannot be tiled"):
        random_board(3, 5, holes=0)
    with pytest.raises(ArgumentError, match="one cell wide"):
        random_board(1, 6, holes=3)
    with pytest.raises(ArgumentError, match="can always be tiled"):
        random_board(6, holes=0, tileable=False)
    with pytest.raises(ArgumentError, match="every 8x8 board with one hole can be tiled"):
        random_board(8, holes=1, tileable=False)
    with pytest.raises(ArgumentError, match="nothing to cover"):
        random_board(4, holes=16, tileable=False)
    with pytest.raises(TypeError):
        random_board(4, holes=1, tileable="no")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        random_board(4, holes=1, seed="1")  # type: ignore[arg-type]


@pytest.mark.parametrize("tileable", [True, False])
def test_random_boards_keep_their_limits(tileable):
    with pytest.raises(LimitReached):
        random_board(64, holes=700, tileable=tileable, seed=1, node_limit=0)
    with pytest.raises(LimitReached):
        random_board(64, holes=700, tileable=tileable, seed=1, time_limit=0)
    with pytest.raises(LimitReached):
        random_board(8, holes=10, tileable=tileable, seed=1, node_limit=1)


# -- the walkthrough and the grade -----------------------------------------------------


def test_walkthrough_counts_forced_moves_deductions_guesses_and_traps():
    forced = walkthrough(Board.parse("#.\n.."))
    assert (forced.forced, forced.deduced, forced.guesses, forced.traps) == (1, 0, 0, 0)
    # Three holes in the corner of 5x6: the walkthrough runs into three traps.
    steps = walkthrough(Board.parse("......\n......\n......\n...#..\n##...."))
    assert (steps.forced, steps.deduced, steps.guesses, steps.traps) == (2, 4, 3, 3)
    assert steps.grade == "hard"
    assert walkthrough(Board(2, 6)).traps == 0  # every tromino that fits leads on


@given(st.integers(3, 7), st.integers(3, 7), st.data(), SEEDS)
@settings(max_examples=25, deadline=None)
def test_walkthroughs_tile_the_board_and_add_up(rows, cols, data, seed):
    cells = rows * cols
    holes = data.draw(st.sampled_from(range(cells % 3, cells // 3, 3)))
    if holes == 0 and not rectangle_tileable(rows, cols):
        holes = 3  # 3 by odd: no tiling without holes
    tiling = random_tiling(rows, cols, holes=holes, seed=seed)
    board = tiling.board
    steps = walkthrough(board)
    # The walk does not depend on the tiling it starts from (generate() hands it its own).
    assert _walk(board, Budget(), tiling.trominoes) == steps
    assert steps.forced + steps.deduced + steps.guesses == len(steps.moves)
    assert steps.traps == 0 or steps.guesses > 0
    assert_valid_tiling(board, Tiling.of(board, steps.moves))
    assert grade_of(board) == steps.grade == grade_of(board)
    # Half-way through, the rest is graded as a board of its own.
    halfway = replay(board, steps.moves[: len(steps.moves) // 2])
    assert grade_of(halfway) in GRADES


def test_grade_of_refuses_what_cannot_be_tiled_and_keeps_limits():
    with pytest.raises(UnsolvableError):
        grade_of(Board(2, 3, [(0, 1), (1, 1)]))
    with pytest.raises(UnsolvableError):
        grade_of(Board.square(4, (0, 0)).play(Tromino.at(0, 1, "sw")))
    with pytest.raises(LimitReached):
        grade_of(random_board(8, holes=10, seed=1), node_limit=1)
    with pytest.raises(TypeError):
        grade_of("#.\n..")  # type: ignore[arg-type]


# -- levels ------------------------------------------------------------------------------


@pytest.mark.parametrize("grade", GRADES)
@pytest.mark.parametrize(("height", "width"), [(6, 6), (8, 8), (7, 10)])
def test_levels_have_their_grade_and_a_tiling(grade, height, width):
    params = Params(width, height)
    level = generate(grade, params, seed=5)
    board = level.start
    assert (board.height, board.width, len(board.holes)) == (
        height, width, default_holes(height, width))
    assert params_of(board) == params
    assert level.grade == grade == grade_of(board)
    assert level.replayed().is_solved
    assert_valid_tiling(board, Tiling.of(board, level.witness))
    assert generate(grade, params, seed=5) == level


def test_grades_grow_with_the_search_effort():
    # Effort: nodes the exact search expands to tile the board, trying the trominoes
    # in random orders (8 orders a board, 10 levels a grade).
    def effort(board):
        nodes = 0
        for order in range(8):
            budget = Budget()
            search_tiling(board.height, board.width, board.holes, budget, random.Random(order))
            nodes += budget.nodes
        return nodes / 8

    efforts = [mean(effort(generate(grade, seed=seed).start) for seed in range(10))
               for grade in GRADES]
    assert efforts == sorted(efforts) and efforts[0] < efforts[-1]


def test_generate_checks_its_arguments_and_limits():
    with pytest.raises(ArgumentError, match="no grade"):
        generate("tough")
    with pytest.raises(ArgumentError, match="not a multiple of 3"):
        generate("easy", Params(8, 8, holes=3))
    with pytest.raises(TypeError, match=r"Params\.parse"):
        generate("easy", "8x8")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="nothing to tile"):
        generate("easy", Params(2, 2, holes=4))
    with pytest.raises(ArgumentError, match="one cell wide"):
        generate("easy", Params(5, 1))
    started = time.perf_counter()
    with pytest.raises(LimitReached):
        generate("hard", seed=1, node_limit=1)
    with pytest.raises(LimitReached):
        # 3x3 levels are never hard: the draws stop at the limit.
        generate("hard", Params(3, 3, holes=3), seed=1, node_limit=5000)
    assert time.perf_counter() - started < 10


def test_the_registry_makes_levels():
    puzzle = PUZZLES["tromino"]
    assert puzzle.grades == GRADES and puzzle.grade is grade_of
    level = puzzle.generate("easy", seed=2)
    assert level == generate("easy", seed=2) and puzzle.grade(level.start) == "easy"
