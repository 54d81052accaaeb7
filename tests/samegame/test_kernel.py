"""The compiled kernel (extra ``fast``) checked move for move against the public ``Board``:
groups, removal, gravity, column shift, score, game end, every rule switch; and the NRPA
playouts and adaptation it runs. Skipped without numba."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

from puzzlekit.samegame import (
    Board,
    Rules,
    kernel,
    play_sequence,
)
from puzzlekit.samegame.strategies import boards, rules

np = pytest.importorskip("numpy")  # numba brings it: after numba's check, never fails

CLASSES = kernel.CLASSES


def group_cells(board: Board) -> list[tuple[tuple[int, int], ...]]:
    return sorted(group.cells for group in board.groups())


def expected_moves(board: Board, mirror: kernel.KernelBoard) -> list[tuple[tuple[int, int], int]]:
    """The moves as the kernel lists them: each group's first cell in column order (left
    column first, bottom up) with its policy code, in that order."""
    colours = max(1, len(mirror.colours))  # the palette of the start, as the kernel keeps it
    found = []
    for group in board.groups():
        if group.size >= board.rules.min_group:
            first = min(group.cells, key=lambda cell: (cell[1], -cell[0]))
            colour = mirror.colours.index(group.colour)
            size_class = sum(group.size > bound for bound in kernel.SIZE_CLASS_BOUNDS)
            code = (mirror.index(first) * colours + colour) * CLASSES + size_class
            found.append((first, code))
    return sorted(found, key=lambda move: mirror.index(move[0]))


def tabu_moves(
    board: Board, mirror: kernel.KernelBoard, tabu: int
) -> list[tuple[tuple[int, int], int]]:
    """The selective tabu rule on :func:`expected_moves`: a group of colour *tabu* only when it
    is the whole colour, or when nothing else is left."""
    moves = expected_moves(board, mirror)
    if tabu < 0:
        return moves
    colour = mirror.colours[tabu]
    left = board.colour_counts().get(colour, 0)
    allowed = []
    for cell, code in moves:
        group = board.group_at(cell)
        assert group is not None
        if group.colour != colour or group.size == left:
            allowed.append((cell, code))
    return allowed or moves


@settings(max_examples=60)
@given(boards(max_rows=9, max_cols=9, colours=5), rules(), st.data())
def test_every_move_matches_the_board(board: Board, rule_set: Rules, data: st.DataObject) -> None:
    board = board.with_rules(rule_set)
    mirror = kernel.KernelBoard(board)
    while True:
        assert mirror.groups() == group_cells(board)
        assert mirror.moves() == expected_moves(board, mirror)
        assert mirror.is_over() == board.is_over
        assert mirror.end_score() == rule_set.score_end(board.colour_counts().values())
        moves = list(board.legal_moves())
        if not moves:
            break
        group = board.group_at(data.draw(st.sampled_from(moves)))
        assert group is not None
        cell = data.draw(st.sampled_from(group.cells))  # any cell of the group names it
        board, removed = board.play_counted(cell)
        tabu = data.draw(st.integers(-1, len(mirror.colours) - 1))
        assert mirror.play(cell, tabu) == removed
        assert mirror.board().columns == board.columns
        assert mirror.offered() == tabu_moves(board, mirror, tabu)  # listed while updating
        assert int(mirror.rules.move_scores[removed]) == rule_set.score_move(removed)


def kernel_playout(board: Board, tabu: int, policy: np.ndarray, seed: int, max_moves: int):
    start = kernel.KernelBoard(board)
    s = start.scratch
    r = start.rules
    line = np.empty(board.count + 1, dtype=np.int32)
    score, made, finished = kernel.playout(
        start.grid, start.used, start.stride, len(start.colours), r.min_group, r.move_scores,
        r.clear_bonus, r.end_rule, r.size_class, CLASSES, tabu, np.exp(policy),
        np.array([seed * 2 + 1], dtype=np.uint64), max_moves, line,
        s.grid, s.heights, s.mark, s.queue, s.groups, s.picks, s.chances, s.counts,
    )
    moves = [start.cell(int(index)) for index in line[: int(made)]]
    return int(score), moves, bool(finished), start


@settings(max_examples=60)
@given(
    boards(min_rows=1, max_rows=8, min_cols=1, max_cols=8, colours=4), rules(),
    st.integers(-1, 3), st.integers(0, 2**32), st.integers(0, 40), st.integers(1, 64),
)
def test_playouts_replay_to_their_score(
    board: Board, rule_set: Rules, tabu: int, seed: int, max_moves: int, table: int
) -> None:
    board = board.with_rules(rule_set)
    tabu = min(tabu, len(board.colours) - 1)
    policy = np.random.default_rng(seed).normal(size=table)
    score, moves, finished, _ = kernel_playout(board, tabu, policy, seed, max_moves)
    final, replayed = play_sequence(board, moves)  # raises on an illegal move
    assert replayed == score
    assert finished == final.is_over and len(moves) <= max_moves
    assert finished or len(moves) == max_moves


@settings(max_examples=40)
@given(boards(max_rows=7, max_cols=7, colours=3), st.integers(0, 2), st.integers(0, 2**32))
def test_playouts_keep_the_tabu_colour_whole(board: Board, tabu: int, seed: int) -> None:
    tabu = min(tabu, len(board.colours) - 1)
    _, moves, _, start = kernel_playout(board, tabu, np.zeros(8), seed, 10**6)
    colour = start.colours[tabu] if board.colours else None
    for move in moves:
        group = board.group_at(move)
        assert group is not None
        others = [g for g in board.groups() if g.size >= 2 and g.colour != colour]
        if group.colour == colour and others:
            assert group.size == board.colour_counts()[colour]  # the whole colour at once
        board = board.play(move)


@settings(max_examples=40)
@given(boards(min_rows=2, max_rows=7, min_cols=2, max_cols=7, colours=3), st.integers(0, 99))
def test_adapt_moves_weight_towards_the_line(board: Board, seed: int) -> None:
    policy = np.random.default_rng(seed).normal(size=32)
    _, moves, _, start = kernel_playout(board, -1, policy, seed, 10**6)
    if not moves:
        return
    s = start.scratch
    r = start.rules
    cells = np.array([start.index(move) for move in moves], dtype=np.int32)
    codes, offsets, chosen, touched = kernel.line_choices(
        start.grid, start.used, start.stride, len(start.colours), r.min_group, r.size_class,
        CLASSES, -1, 32, cells, len(cells),
        s.grid, s.heights, s.mark, s.queue, s.groups, s.picks, s.chances, s.counts,
    )
    assert sorted(set(codes) | set(chosen)) == touched.tolist()
    assert len(offsets) == len(moves) + 1 and offsets[1] == len(list(board.legal_moves()))
    before = policy.copy()
    weights = np.exp(policy)
    kernel.adapt(policy, weights, 1.0, codes, offsets, chosen, touched, len(moves))
    assert weights == pytest.approx(np.exp(policy))  # the exponentials kept beside the policy
    # Each step takes weight alpha from its moves in proportion and gives alpha back.
    assert policy.sum() == pytest.approx(before.sum())
    first = codes[offsets[0] : offsets[1]]

    def odds(weights: np.ndarray) -> float:
        return float(np.exp(weights[chosen[0]]) / np.exp(weights[first]).sum())

    if len(moves) == 1:
        assert odds(policy) >= odds(before) - 1e-12


def test_encode_and_cells_round_trip() -> None:
    board = Board.parse("1..\n12.\n221")
    start = kernel.KernelBoard(board)
    for row in range(3):
        for col in range(3):
            assert start.cell(start.index((row, col))) == (row, col)
    assert start.board().columns == board.columns
    assert start.used == 3


@settings(max_examples=30)
@given(
    boards(min_rows=2, max_rows=7, min_cols=2, max_cols=7, colours=3), rules(),
    st.integers(-1, 2), st.integers(0, 2**32), st.integers(1, 6),
)
def test_level_one_plays_the_playouts_of_playout(
    board: Board, rule_set: Rules, tabu: int, seed: int, iterations: int
) -> None:
    board = board.with_rules(rule_set)
    tabu = min(tabu, len(board.colours) - 1)
    start = kernel.KernelBoard(board)
    s = start.scratch
    r = start.rules
    colours = len(s.counts)
    policy = np.stack((np.zeros(start.table), np.ones(start.table)))
    lines = np.empty((2, board.count + 1), dtype=np.int32)
    state = np.array([seed * 2 + 1], dtype=np.uint64)
    # alpha 0: the policy stays uniform, so the playouts are those of playout() in a row.
    score, length, made, finished = kernel.level_one(
        start.grid, start.used, start.stride, colours, r.min_group, r.move_scores,
        r.clear_bonus, r.end_rule, r.size_class, CLASSES, tabu, policy, 0.0, iterations,
        state, 10**9, lines[0], lines[1], s.grid, s.heights, s.mark, s.queue, s.groups,
        s.picks, s.chances, s.counts,
    )
    assert finished  # room for every playout
    state = np.array([seed * 2 + 1], dtype=np.uint64)
    scores = []
    for _ in range(iterations):
        got, _, _ = kernel.playout(
            start.grid, start.used, start.stride, colours, r.min_group, r.move_scores,
            r.clear_bonus, r.end_rule, r.size_class, CLASSES, tabu, policy[1], state, 10**9,
            lines[1], s.grid, s.heights, s.mark, s.queue, s.groups, s.picks, s.chances,
            s.counts,
        )
        scores.append(int(got))
    assert score == max(scores) and made >= length
    moves = [start.cell(int(index)) for index in lines[0][: int(length)]]
    assert play_sequence(board, moves)[1] == score
