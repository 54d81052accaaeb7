"""The solver: legal lines scored right (checked by an independent replay), proved
optima checked by an independent exhaustive search, limits, progress, Ctrl-C, seeds."""

from __future__ import annotations

import math
import pickle
import time
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import PUZZLES, ArgumentError, LimitReached, Progress, SearchResult
from puzzlekit.samegame import (
    CLICKOMANIA,
    PRESETS,
    RULE_SETS,
    STANDARD,
    Board,
    Move,
    Rules,
    play_sequence,
    random_board,
    random_state,
)
from puzzlekit.samegame.solver import hint, solve
from puzzlekit.samegame.strategies import boards, rules, states

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


def replay(board: Board, moves: tuple[Move, ...]) -> int:
    """Score *moves* from *board* independently of the library's move code; fail if illegal."""
    rules = board.rules
    columns = columns_of(board)
    score = 0
    for row, col in (move.cell for move in moves):
        height = board.height - 1 - row
        assert 0 <= col < len(columns) and 0 <= height < len(columns[col]), (row, col)
        group = group_of(columns, col, height)
        assert len(group) >= rules.min_group
        score += rules.score_move(len(group))
        columns = without(columns, group)
    return score + (end_score(columns, rules) if is_over(columns, rules.min_group) else 0)


def best_possible(board: Board) -> tuple[int, bool]:
    """The optimal score and whether some line clears the board, by exhaustive search."""
    rules = board.rules

    @cache
    def best(columns: Columns) -> tuple[int, bool]:
        moves = [g for g in all_groups(columns) if len(g) >= rules.min_group]
        if not moves:
            return end_score(columns, rules), not any(columns)
        found = [best(without(columns, g)) for g in moves]
        score = max(rules.score_move(len(g)) + f[0] for g, f in zip(moves, found, strict=True))
        return score, any(f[1] for f in found)

    return best(columns_of(board))


def check(result: SearchResult[Board, Move]) -> None:
    """Everything a result promises, checked without the solver's own move code."""
    assert result.replayed() == result.final
    assert replay(result.start, result.moves) == result.score
    assert play_sequence(result.start, result.moves) == (result.final, result.score)
    assert result.final.rules == result.start.rules


@settings(max_examples=40)
@given(boards(max_rows=6, max_cols=6, colours=3), rules(), st.integers(0, 3))
def test_result_replays_to_its_score(board: Board, rule_set: Rules, seed: int) -> None:
    check(solve(board.with_rules(rule_set), node_limit=300, seed=seed))


@settings(max_examples=60)
@given(boards(max_rows=3, max_cols=4, colours=3), rules())
def test_complete_search_is_optimal(board: Board, rule_set: Rules) -> None:
    board = board.with_rules(rule_set)
    result = solve(board, node_limit=50_000, engine="python")  # the beam: it finishes
    check(result)
    assert result.complete
    optimum, clearable = best_possible(board)
    assert result.score == optimum
    assert result.proved_unsolvable == (not clearable)


@settings(max_examples=40)
@given(states())
def test_states_solve_completely_and_optimally(state: Board) -> None:
    result = solve(state, engine="python")
    check(result)
    assert result.complete and (result.score, not result.proved_unsolvable) == best_possible(state)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_optimum_on_many_small_random_boards(name: str) -> None:
    # The transposition merge once kept the first path to a position, not the best:
    # 0.1-0.35% of such boards came out a few points short with complete=True.
    for seed in range(150):
        board = random_board(3, 5, 2 + seed % 2, seed=seed, rules=RULE_SETS[name])
        result = solve(board, engine="python")
        assert result.complete and result.score == best_possible(board)[0], seed


def test_the_board_that_scored_1027_scores_1037() -> None:
    board = Board.parse("01011\n00100\n11010")
    result = solve(board, engine="python")
    check(result)
    assert (result.score, result.complete, result.solved) == (1037, True, True)


def test_standard_board_replays() -> None:
    board = random_board(15, 15, 5, seed=11)
    result = solve(board, node_limit=20_000, seed=2)
    check(result)
    assert result.score > 500 and not result.complete and not result.proved_unsolvable


def test_same_seed_same_result() -> None:
    board = random_board(10, 10, 4, seed=5)
    first = solve(board, node_limit=5000, seed=7)
    assert solve(board, node_limit=5000, seed=7) == first
    assert first.nodes <= 5000 + 100


def test_finished_boards_have_an_empty_line() -> None:
    stuck = solve(Board.parse("12\n21"))
    assert (stuck.moves, stuck.score, stuck.complete, stuck.proved_unsolvable) == (
        (), 0, True, True)
    cleared = solve(Board.parse("..\n.."))
    assert (cleared.moves, cleared.score, cleared.complete, cleared.solved) == (
        (), 1000, True, True)
    assert solve(Board.parse("1").with_rules(Rules(end_penalty="total"))).score == 0


def test_partial_work_is_kept() -> None:
    start = random_state(4, PRESETS["small"])
    board = start.play(next(iter(start.legal_moves())))
    result = solve(board)
    check(result)
    assert result.start == board


def test_progress_reports_the_best_score_and_can_stop_the_search() -> None:
    seen: list[Progress] = []
    board = random_board(15, 15, 5, seed=1)
    result = solve(board, time_limit=0.6, progress=lambda report: seen.append(report))
    check(result)
    assert seen and all(report.time_limit == 0.6 for report in seen)
    best = [report.best for report in seen if report.best is not None]
    assert best == sorted(best) and best[-1] <= result.score
    started = time.perf_counter()
    stopped = solve(board, progress=lambda report: report.seconds > 0.2)
    check(stopped)
    assert not stopped.complete and stopped.moves and time.perf_counter() - started < 1.5


def test_ctrl_c_returns_the_best_line_so_far() -> None:
    def interrupt(report: Progress) -> None:
        if report.seconds > 0.2:
            raise KeyboardInterrupt

    started = time.perf_counter()
    result = solve(random_board(15, 15, 5, seed=2), time_limit=30, progress=interrupt)
    check(result)
    assert not result.complete and result.score > 0 and time.perf_counter() - started < 2


def test_result_pickles() -> None:
    result = solve(Board.parse("112\n221").with_rules(CLICKOMANIA), node_limit=500)
    assert pickle.loads(pickle.dumps(result)) == result


@pytest.mark.parametrize(
    ("board", "time_limit"),
    [
        (Board.from_rows([[0] * 100] * 100), 1),
        (random_board(20, 20, 5, seed=3), 1),
        (random_board(300, 300, 5, seed=1), 0.01),
        (random_board(1000, 1000, 5, seed=1), 0.5),
        (Board(((1, 1),), 1000), 0.5),
    ],
    ids=["100x100-one-colour", "20x20-random", "300x300", "1000x1000", "tall"],
)
def test_time_limit_is_honoured_with_a_real_line(board: Board, time_limit: float) -> None:
    started = time.perf_counter()
    result = solve(board, time_limit=time_limit)
    assert time.perf_counter() - started < time_limit + 1.0  # a loaded machine: generous
    assert result.moves and result.replayed() == result.final


@pytest.mark.parametrize("limit", [math.inf, 1e308, 10**400])
def test_huge_time_limits_mean_no_limit(limit: float, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUZZLEKIT_ENGINE", "python")  # the beam finishes; NRPA runs on
    board = random_state(2, PRESETS["small"])
    result = solve(board, time_limit=limit)
    check(result)
    assert result.complete
    assert board.hint(time_limit=limit) in board.legal_moves()


def test_a_zero_limit_still_gives_the_first_move(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUZZLEKIT_ENGINE", "python")  # the beam: NRPA always plays a whole line
    board = random_board(8, 8, 3, seed=4)
    for result in (solve(board, node_limit=0), solve(board, time_limit=0)):
        check(result)
        assert len(result.moves) >= 1 and not result.complete
    # A hint is the first move of a whole line: one move is only a guess, so it refuses.
    for limits in ({"node_limit": 0}, {"time_limit": 0}):
        with pytest.raises(LimitReached, match="samegame hint stopped by a limit"):
            hint(board, **limits)  # type: ignore[arg-type]
        with pytest.raises(LimitReached):
            board.hint(**limits)  # type: ignore[arg-type]
    # A first move that ends the game is a whole line: no search is needed.
    assert hint(Board.parse("11"), node_limit=0) == Move(0, 0)


def test_hint_under_a_limit_is_the_first_move_of_a_whole_line() -> None:
    board = random_board(15, 15, 5, seed=2)
    move = hint(board, node_limit=2000)
    assert move in board.legal_moves()
    assert PUZZLES["samegame"].hint is hint and board.hint(node_limit=2000) == move


def test_hint_is_the_first_move_of_an_optimal_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUZZLEKIT_ENGINE", "python")  # the beam, which proves its line best
    for seed in range(20):
        board = random_board(3, 4, 3, seed=seed)
        move = board.hint()
        if board.is_over:
            assert move is None
            continue
        assert move in board.legal_moves()
        after, removed = board.play_counted(move)
        assert STANDARD.score_move(removed) + best_possible(after)[0] == best_possible(board)[0]


def test_bad_arguments() -> None:
    board = Board.parse("11")
    with pytest.raises(TypeError, match="board must be a Board"):
        solve("11")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="node_limit"):
        solve(board, node_limit=1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="time_limit"):
        solve(board, time_limit=-1)
    with pytest.raises(ArgumentError, match="time_limit"):
        solve(board, time_limit=math.nan)
    with pytest.raises(TypeError, match="seed"):
        solve(board, seed="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="progress"):
        solve(board, progress=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        board.hint(node_limit=-1)


def test_the_seed_none_is_fresh_and_an_int_reproduces() -> None:
    board = random_board(10, 10, 4, seed=3)
    same = {solve(board, node_limit=3000, seed=7).moves for _ in range(2)}
    fresh = {solve(board, node_limit=3000).moves for _ in range(4)}
    assert len(same) == 1 and len(fresh) > 1
    assert PUZZLES["samegame"].seeded
    assert solve(board, node_limit=300, seed=7, worker=3) == solve(
        board, node_limit=300, seed=7, worker=3
    )
    with pytest.raises(ArgumentError, match="worker"):
        solve(board, worker=-1)
    with pytest.raises(TypeError):
        solve(board, jobs=2)  # type: ignore[call-arg]  # the portfolio is generic now
