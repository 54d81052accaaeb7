"""The solver: legal lines scored right (checked by an independent replay), limits, seeds."""

from __future__ import annotations

import pickle
import time
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit.samegame import (
    CLICKOMANIA,
    STANDARD,
    Board,
    Rules,
    play_sequence,
    random_board,
)
from puzzlekit.samegame.solver import Solution, solve
from puzzlekit.testing.samegame import boards, rules

Columns = tuple[tuple[int, ...], ...]


def columns_of(board: Board) -> Columns:
    """The board as columns, bottom block first (read from its rows, not its internals)."""
    rows = board.rows
    return tuple(
        tuple(rows[r][c] for r in reversed(range(board.height)) if rows[r][c] is not None)
        for c in range(board.width)
    )


def group_of(columns: Columns, col: int, height: int) -> set[tuple[int, int]]:
    """The cells (column, height from the bottom) joined to (col, height): a plain flood fill."""
    colour = columns[col][height]
    found = {(col, height)}
    todo = [(col, height)]
    while todo:
        c, h = todo.pop()
        for nc, nh in ((c + 1, h), (c - 1, h), (c, h + 1), (c, h - 1)):
            if (
                0 <= nc < len(columns)
                and 0 <= nh < len(columns[nc])
                and columns[nc][nh] == colour
                and (nc, nh) not in found
            ):
                found.add((nc, nh))
                todo.append((nc, nh))
    return found


def all_groups(columns: Columns) -> list[set[tuple[int, int]]]:
    seen: set[tuple[int, int]] = set()
    groups = []
    for c, column in enumerate(columns):
        for h in range(len(column)):
            if (c, h) not in seen:
                group = group_of(columns, c, h)
                seen |= group
                groups.append(group)
    return groups


def without(columns: Columns, group: set[tuple[int, int]]) -> Columns:
    kept = [
        tuple(colour for h, colour in enumerate(column) if (c, h) not in group)
        for c, column in enumerate(columns)
    ]
    return tuple(column for column in kept if column) + ((),) * (len(columns) - len(
        [column for column in kept if column]))


def is_over(columns: Columns, min_group: int) -> bool:
    return all(len(group) < min_group for group in all_groups(columns))


def end_score(columns: Columns, rules: Rules) -> int:
    counts: dict[int, int] = {}
    for column in columns:
        for colour in column:
            counts[colour] = counts.get(colour, 0) + 1
    return rules.score_end(list(counts.values()))


def replay(board: Board, moves: tuple[tuple[int, int], ...], rules: Rules) -> int:
    """Score *moves* from *board* independently of the library's move code; fail if illegal."""
    columns = columns_of(board)
    score = 0
    for row, col in moves:
        height = board.height - 1 - row
        assert 0 <= col < len(columns) and 0 <= height < len(columns[col]), (row, col)
        group = group_of(columns, col, height)
        assert len(group) >= rules.min_group
        score += rules.score_move(len(group))
        columns = without(columns, group)
    return score + (end_score(columns, rules) if is_over(columns, rules.min_group) else 0)


def best_possible(board: Board, rules: Rules) -> int:
    """The optimal score by exhaustive search (tiny boards only)."""

    @cache
    def best(columns: Columns) -> int:
        moves = [g for g in all_groups(columns) if len(g) >= rules.min_group]
        if not moves:
            return end_score(columns, rules)
        return max(rules.score_move(len(g)) + best(without(columns, g)) for g in moves)

    return best(columns_of(board))


@settings(max_examples=40)
@given(boards(max_rows=6, max_cols=6, colours=3), rules(), st.integers(0, 3))
def test_solution_replays_to_its_score(board: Board, rules: Rules, seed: int) -> None:
    solution = solve(board, rules, node_limit=300, seed=seed)
    assert replay(board, solution.moves, rules) == solution.score
    assert play_sequence(board, solution.moves, rules)[1] == solution.score


@settings(max_examples=25)
@given(boards(max_rows=3, max_cols=3, colours=3), rules())
def test_complete_search_is_optimal(board: Board, rules: Rules) -> None:
    solution = solve(board, rules, node_limit=20_000)
    assert solution.complete
    assert solution.score == best_possible(board, rules)


def test_standard_board_replays() -> None:
    board = random_board(15, 15, 5, seed=11)
    solution = solve(board, node_limit=20_000, seed=2)
    assert replay(board, solution.moves, STANDARD) == solution.score
    assert solution.score > 500
    assert not solution.complete


def test_same_seed_same_solution() -> None:
    board = random_board(10, 10, 4, seed=5)
    first = solve(board, node_limit=5000, seed=7)
    assert solve(board, node_limit=5000, seed=7) == first
    assert first.nodes <= 5000 + 100


def test_finished_board_has_an_empty_line() -> None:
    assert solve(Board.parse("12\n21")) == Solution((), 0, True, 0)
    cleared = solve(Board.parse("..\n.."))
    assert (cleared.moves, cleared.score, cleared.complete) == ((), 1000, True)
    left = solve(Board.parse("1"), Rules(end_penalty="total"))
    assert left.score == 0


def test_progress_reports_improvements() -> None:
    seen: list[tuple[int, float]] = []
    board = random_board(8, 8, 3, seed=1)
    solution = solve(board, node_limit=3000, progress=lambda s, t: seen.append((s, t)))
    scores = [score for score, _ in seen]
    assert scores == sorted(scores) and scores[-1] == solution.score
    assert all(t >= 0 for _, t in seen)


def test_solution_pickles() -> None:
    solution = solve(Board.parse("112\n221"), CLICKOMANIA, node_limit=500)
    assert pickle.loads(pickle.dumps(solution)) == solution


@pytest.mark.parametrize(
    "board",
    [Board.from_rows([[0] * 100] * 100), random_board(20, 20, 5, seed=3)],
    ids=["100x100-one-colour", "20x20-random"],
)
def test_time_limit_is_honoured(board: Board) -> None:
    started = time.perf_counter()
    solution = solve(board, time_limit=1)
    assert time.perf_counter() - started < 1.5
    assert replay(board, solution.moves, STANDARD) == solution.score


def test_bad_arguments() -> None:
    board = Board.parse("11")
    with pytest.raises(TypeError, match="board must be a Board"):
        solve("11")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules must be a Rules"):
        solve(board, "standard")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="node_limit"):
        solve(board, node_limit=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="time_limit"):
        solve(board, time_limit=-1)
    with pytest.raises(TypeError, match="seed"):
        solve(board, seed="1")  # type: ignore[arg-type]
