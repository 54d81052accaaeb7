"""The packed board of puzzlekit.samegame.core against the public Board."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit.samegame import Board, core, random_board, settle
from puzzlekit.samegame.core import Layout
from puzzlekit.samegame.strategies import boards


def layout_of(board: Board) -> Layout:
    return Layout(board.width, board.height, range(4))


def group_cells(layout: Layout, bits: int, min_group: int) -> set[tuple[tuple[int, int], ...]]:
    return {layout.cells(group) for group in layout.groups(bits, min_group)}


def public_groups(board: Board, min_group: int) -> set[tuple[tuple[int, int], ...]]:
    return {tuple(sorted(g.cells)) for g in board.groups() if g.size >= min_group}


@given(boards(colours=4))
def test_encode_decode_round_trip(board: Board) -> None:
    layout = layout_of(board)
    bits = layout.encode(board.columns)
    assert layout.decode(bits) == board.columns
    assert bits & ~layout.full == 0
    assert layout.counts(bits) == [board.colour_counts().get(c, 0) for c in range(4)]


@given(boards(colours=4), st.integers(1, 4))
def test_same_groups_as_the_board(board: Board, min_group: int) -> None:
    layout = layout_of(board)
    bits = layout.encode(board.columns)
    assert group_cells(layout, bits, min_group) == public_groups(board, min_group)
    assert (layout.playable(bits) != 0) == (not board.is_over)


@settings(max_examples=30)
@given(boards(colours=3, max_rows=7, max_cols=7), st.randoms(use_true_random=False))
def test_every_move_matches_the_board(board: Board, rng: random.Random) -> None:
    layout = Layout(board.width, board.height, range(3))
    bits = layout.encode(board.columns)
    while True:
        groups = layout.groups(bits)
        assert {layout.cells(g) for g in groups} == public_groups(board, 2)
        if not groups:
            break
        group = rng.choice(groups)
        cell = rng.choice(layout.cells(group))
        assert layout.flood(bits, layout.block_at(bits, cell)) == group
        board, removed = board.play_counted(cell)
        assert removed == group.bit_count()
        bits = layout.remove(bits, group)
        assert layout.decode(bits) == board.columns


def test_standard_boards_play_out_alike() -> None:
    rng = random.Random(3)
    for _ in range(5):
        board = random_board(15, 15, 5, seed=rng.randrange(1000))
        layout = Layout(15, 15, range(5))
        bits = layout.encode(board.columns)
        while groups := layout.groups(bits):
            group = rng.choice(groups)
            board = board.play(layout.cells(group)[0])
            bits = layout.remove(bits, group)
            assert layout.decode(bits) == board.columns
        assert board.is_over


@given(boards(colours=2, min_rows=2, min_cols=2), st.randoms(use_true_random=False))
def test_random_block_picks_a_block_of_the_mask(board: Board, rng: random.Random) -> None:
    layout = Layout(board.width, board.height, range(2))
    seeds = layout.playable(layout.encode(board.columns))
    if seeds:
        block = layout.random_block(seeds, rng)
        assert block.bit_count() == 1 and block & seeds


def test_random_block_is_uniform() -> None:
    rng = random.Random(1)
    mask = 0b1011001
    hits = {1: 0, 8: 0, 16: 0, 64: 0}
    for _ in range(4000):
        hits[Layout.random_block(Layout(1, 1, (0,)), mask, rng)] += 1
    assert all(800 < n < 1200 for n in hits.values())


def test_colours_other_than_0_to_k() -> None:
    layout = Layout(2, 2, (9, 4))
    columns = ((9, 4), (4,))
    bits = layout.encode(columns)
    assert layout.decode(bits) == columns
    assert layout.counts(bits) == [1, 2]


@pytest.mark.parametrize(
    ("columns", "message"),
    [
        (((1,),), "columns must be 2 columns of at most 2"),
        (((1, 1, 1), ()), "columns must be 2 columns of at most 2"),
        (((5, 5), (5,)), r"colours \{5\} are not among"),
    ],
)
def test_encode_refuses_wrong_columns(columns: tuple[tuple[int, ...], ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Layout(2, 2, (0, 1)).encode(columns)


def test_layout_sizes() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        Layout(3, 0, (0,))
    layout = Layout(100, 100, (0,))
    bits = layout.encode(((0,) * 100,) * 100)
    assert layout.decode(layout.remove(bits, bits)) == ((),) * 100


@settings(max_examples=40)
@given(boards(colours=3, max_rows=7, max_cols=7), st.randoms(use_true_random=False))
def test_masks_computed_on_demand_move_like_the_tables(
    board: Board, rng: random.Random
) -> None:
    tables = Layout(board.width, board.height, range(3))
    saved, core._TABLE_BITS = core._TABLE_BITS, 0  # what a huge board gets
    try:
        lazy = Layout(board.width, board.height, range(3))
    finally:
        core._TABLE_BITS = saved
    assert not lazy._tables and tables._tables and lazy.full == tables.full
    bits = tables.encode(board.columns)
    while groups := tables.groups(bits):
        # Listing keys from the table of keys by bit and computed from the masks agree.
        assert lazy.listing(bits, 1) == tables.listing(bits, 1)
        group = rng.choice(groups)
        after = tables.remove(bits, group)
        assert lazy.remove(bits, group) == after
        bits = after


def test_a_huge_layout_takes_little_memory_and_time() -> None:
    started = time.perf_counter()
    layout = Layout(1000, 1000, range(5))
    board = random_board(1000, 1000, 5, seed=1)
    bits = layout.encode(board.columns)
    assert layout.decode(bits) == board.columns
    group = next(layout.iter_groups(bits))  # all of them would take gigabytes
    assert layout.decode(layout.remove(bits, group)) == board.play(
        layout.cells(group)[0]).columns
    assert not layout._tables
    assert time.perf_counter() - started < 5


def test_block_at_off_board_or_empty_is_zero() -> None:
    layout = Layout(2, 2, (0,))
    bits = layout.encode(((0,), ()))
    assert layout.block_at(bits, (1, 0)) == 1
    assert layout.block_at(bits, (0, 0)) == 0
    assert layout.block_at(bits, (-1, 0)) == 0
    assert layout.block_at(bits, (1, 2)) == 0


@given(boards(colours=3), st.data())
def test_remove_any_set_of_blocks_matches_settling(board: Board, data: st.DataObject) -> None:
    layout = Layout(board.width, board.height, range(3))
    bits = layout.encode(board.columns)
    blocks = layout.indices(bits)
    chosen = data.draw(st.sets(st.sampled_from(blocks)) if blocks else st.just(set()))
    removed = sum(1 << index for index in chosen)
    cells = {layout.cell(index) for index in chosen}
    rows = [
        [None if (r, c) in cells else colour for c, colour in enumerate(row)]
        for r, row in enumerate(board.rows)
    ]
    assert layout.decode(layout.remove(bits, removed)) == settle(rows).columns


@given(boards(colours=2, min_rows=2, min_cols=2), st.randoms(use_true_random=False))
def test_any_block_picks_a_block_of_the_mask(board: Board, rng: random.Random) -> None:
    layout = Layout(board.width, board.height, range(2))
    bits = layout.encode(board.columns)
    if bits:
        block = layout.any_block(bits, rng)
        assert block.bit_count() == 1 and block & bits
