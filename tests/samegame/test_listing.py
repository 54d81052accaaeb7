"""Layout.listing (every group with its canonical cell, from scratch or after a move) and
Layout.flood against a straightforward cell-by-cell flood fill, on random boards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit.samegame import Board, core
from puzzlekit.samegame.core import Change, Layout, Listing
from puzzlekit.samegame.strategies import boards

Cell = tuple[int, int]


def reference_groups(board: Board) -> list[list[Cell]]:
    """Every group of *board* (lone blocks too) as its ``(row, col)`` cells, by a plain
    depth-first flood fill over the rows."""
    rows = board.rows
    seen: set[Cell] = set()
    found = []
    for row in range(board.height):
        for col in range(board.width):
            colour = rows[row][col]
            if colour is None or (row, col) in seen:
                continue
            seen.add((row, col))
            group, stack = [], [(row, col)]
            while stack:
                r, c = stack.pop()
                group.append((r, c))
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if (
                        0 <= nr < board.height
                        and 0 <= nc < board.width
                        and (nr, nc) not in seen
                        and rows[nr][nc] == colour
                    ):
                        seen.add((nr, nc))
                        stack.append((nr, nc))
            found.append(sorted(group))
    return found


def expected_listing(board: Board, min_group: int) -> list[tuple[int, tuple[Cell, ...]]]:
    """The listing the plain flood fill gives: canonical cell (top-most, then left-most)
    as ``row * width + col`` and the group's cells, in reading order."""
    listing = []
    for group in reference_groups(board):
        if len(group) >= min_group:
            row, col = group[0]  # sorted (row, col): the top-most, then left-most cell
            listing.append((row * board.width + col, tuple(group)))
    return sorted(listing)


def shown(layout: Layout, listing: Listing) -> list[tuple[int, tuple[Cell, ...]]]:
    """A listing with each group as its cells."""
    return [(key, layout.cells(group)) for key, group, *_ in listing]


def layout_of(board: Board) -> Layout:
    return Layout(board.width, board.height, range(6))


def small_layout_of(board: Board) -> Layout:
    """A layout of the board's own colours: most boards here take the product path."""
    return Layout(board.width, board.height, board.colours or (0,))


big_boards = st.integers(1, 6).flatmap(
    lambda colours: boards(max_rows=20, max_cols=20, colours=colours)
)


@settings(max_examples=60, deadline=None)
@given(big_boards, st.integers(1, 4))
def test_listing_from_scratch_is_the_plain_flood_fill(board: Board, min_group: int) -> None:
    layout = layout_of(board)
    bits = layout.encode(board.columns)
    assert shown(layout, layout.listing(bits, min_group)) == expected_listing(board, min_group)


@pytest.mark.parametrize(
    ("layer_bits", "product_bits", "plane_flood_bits"),
    [
        (0, 0, 1 << 20),  # by columns
        (0, 0, 0),  # by columns, each group flooded and keyed in its own plane
        (1 << 20, 0, 1 << 20),  # by the zone, planes by shifts
        (1 << 20, 1 << 20, 1 << 20),  # by the zone, planes by a product
    ],
)
@settings(max_examples=40, deadline=None)
@given(board=big_boards, min_group=st.integers(1, 4), seed=st.integers(0, 2**32))
def test_listing_after_each_move_is_the_plain_flood_fill(
    board: Board,
    min_group: int,
    seed: int,
    layer_bits: int,
    product_bits: int,
    plane_flood_bits: int,
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(core, "_LAYER_BITS", layer_bits)
        patch.setattr(core, "_PRODUCT_BITS", product_bits)
        patch.setattr(core, "_PLANE_FLOOD_BITS", plane_flood_bits)
        replay_listing(board, min_group, seed)


def replay_listing(board: Board, min_group: int, seed: int) -> None:
    rng = random.Random(seed)
    layout = layout_of(board)
    bits = layout.encode(board.columns)
    listing = layout.listing(bits, min_group)
    while listing:
        key, group, *kept = rng.choice(listing)
        columns = {col for _, col in layout.cells(group)}
        # A short board's entries keep no columns: its listing after a move goes by masks.
        assert kept == ([] if layout._layers else [min(columns), max(columns)])
        assert group == layout.flood(bits, layout.block_at(bits, divmod(key, layout.width)))
        change = layout.change(bits, group, listing)
        assert layout.play(bits, group, listing) == (layout.remove(bits, group), change)
        bits = layout.remove(bits, group)
        assert change.playable == layout.playable(bits)
        listing = layout.listing(bits, min_group, change)
        after = Board(layout.decode(bits), board.height)
        assert shown(layout, listing) == expected_listing(after, min_group)
        assert listing == layout.listing(bits, min_group)


@settings(max_examples=40, deadline=None)
@given(big_boards)
def test_flood_of_every_block_is_its_group(board: Board) -> None:
    layout = layout_of(board)
    bits = layout.encode(board.columns)
    for group in reference_groups(board):
        for cell in group:
            assert layout.cells(layout.flood(bits, layout.block_at(bits, cell))) == tuple(group)


def move_at(board: Board, cell: Cell) -> tuple[Layout, int, Listing, int, Change]:
    """The layout of *board*, its packed form and listing, the group at *cell* and what
    removing that group changes."""
    layout = layout_of(board)
    bits = layout.encode(board.columns)
    listing = layout.listing(bits)
    group = layout.flood(bits, layout.block_at(bits, cell))
    return layout, bits, listing, group, layout.change(bits, group, listing)


def test_a_move_that_empties_columns_keeps_the_groups_right_of_them_shifted() -> None:
    layout, bits, listing, ones, change = move_at(Board.parse("5..550\n4..440\n311332"), (2, 1))
    assert [entry[0] for entry in listing] == [3, 5, 9, 13, 15]
    # The groups that meet columns 0 to 3, the group's and one either side, are flooded.
    assert (change.first, change.last, change.emptied, change.changed) == (1, 2, 2, 0)
    assert set(layout.cells(change.zone & layout.full)) == {
        (row, col) for row in range(3) for col in range(4)
    }
    bits = layout.remove(bits, ones)
    assert Board(layout.decode(bits), 3) == Board.parse("5550..\n4440..\n3332..")
    # The 0s, wholly right of the columns the move touched, are kept two columns left.
    after = layout.listing(bits, 2, change)
    assert shown(layout, after) == [
        (0, ((0, 0), (0, 1), (0, 2))),
        (3, ((0, 3), (1, 3))),
        (6, ((1, 0), (1, 1), (1, 2))),
        (12, ((2, 0), (2, 1), (2, 2))),
    ]
    key, group = listing[1]  # a short board: no columns in its entries
    assert after[1] == (key - 2, group >> 2 * layout.stride)


def test_a_move_high_up_floods_again_only_the_groups_near_its_blocks() -> None:
    layout, bits, listing, ones, change = move_at(Board.parse("11....\n230011\n223311"), (0, 0))
    assert change.emptied == 0
    # Changed: the two 1s that went, in the plane of the 1s.
    assert change.changed == ones
    assert set(layout.cells(change.changed)) == {(0, 0), (0, 1)}
    # Their neighbours too (in that plane): the cells below them and the one to the right.
    assert set(layout.cells(change.zone & layout.full)) == {(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)}
    later = layout.remove(bits, ones)
    after = layout.listing(later, 2, change)
    kept = [entry for entry in listing if not entry[1] & change.zone]
    # The 2s under the 1s, the 0s, the right 1s and the 3s: no 1 came beside the 2s.
    assert [entry[0] for entry in kept] == [6, 8, 10, 14]
    assert all(entry in after for entry in kept)
    assert shown(layout, after) == expected_listing(Board(layout.decode(later), 3), 2)


def test_a_block_that_falls_beside_its_colour_joins_that_group() -> None:
    layout, bits, listing, ones, change = move_at(Board.parse("32..\n12..\n133."), (2, 0))
    # The 3 on top falls two rows, beside the 3s; the 2s beside it are kept as they are.
    assert [entry[0] for entry in listing if not entry[1] & change.zone] == [1]
    later = layout.remove(bits, ones)
    assert Board(layout.decode(later), 3) == Board.parse(".2..\n.2..\n333.")
    assert shown(layout, layout.listing(later, 2, change)) == [
        (1, ((0, 1), (1, 1))),
        (8, ((2, 0), (2, 1), (2, 2))),
    ]


@pytest.mark.parametrize("product_bits", [0, 1 << 20])  # planes spread by shifts; by products
@settings(max_examples=60, deadline=None)
@given(board=big_boards, seed=st.integers(0, 2**32))
def test_play_by_layers_is_remove_and_change(board: Board, seed: int, product_bits: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(core, "_PRODUCT_BITS", product_bits)
        replay_layers(board, seed)


def replay_layers(board: Board, seed: int) -> None:
    rng = random.Random(seed)
    layout = small_layout_of(board)
    with pytest.MonkeyPatch.context() as patch:  # the same board on the runs of large boards
        patch.setattr(core, "_LAYER_BITS", 0)
        runs = small_layout_of(board)
    bits = layout.encode(board.columns)
    listing = layout.listing(bits, 1)
    while listing:
        group = rng.choice(listing)[1]
        if rng.random() < 0.2:  # any set of blocks, of several colours too
            group |= layout.random_block(bits, rng)
        expected = runs.remove(bits, group)
        assert layout.play(bits, group, listing) == (expected, layout.change(bits, group, listing))
        assert layout.remove(bits, group) == expected
        bits = layout.remove(bits, group)
        listing = layout.listing(bits, 1)


def test_the_key_of_a_wide_group_is_the_left_most_of_its_highest_blocks() -> None:
    # In the last plane; the highest block in a middle column, then two level with each other.
    for text, top in (("...1.\n.1.11\n11111", (0, 3)), (".1.1.\n11111", (0, 1))):
        board = Board.parse(text)
        layout = Layout(5, board.height, (0, 1))
        bits = layout.encode(board.columns)
        key, group = layout.entry(bits)
        assert (divmod(key, 5), group) == (top, bits)


@pytest.mark.parametrize("plane_flood_bits", [0, 1 << 20])  # tables of one plane, of all
@pytest.mark.parametrize("layer_bits", [0, 1 << 20])  # entries with their columns, without
@settings(max_examples=80, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.integers(1, 4), st.data())
def test_an_entry_is_the_top_left_block_and_the_columns_of_any_blocks(
    plane_flood_bits: int,
    layer_bits: int,
    width: int,
    height: int,
    planes: int,
    data: st.DataObject,
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(core, "_PLANE_FLOOD_BITS", plane_flood_bits)
        patch.setattr(core, "_LAYER_BITS", layer_bits)
        layout = Layout(width, height, range(planes))
    assert bool(layout._planes_at) == (layout._top > plane_flood_bits)
    plane = data.draw(st.integers(0, planes - 1))
    cells = data.draw(
        st.sets(st.tuples(st.integers(0, height - 1), st.integers(0, width - 1)), min_size=1)
    )
    blocks = sum(
        1 << (plane * layout.plane_bits + col * layout.stride + height - 1 - row)
        for row, col in cells
    )
    columns = [col for _, col in cells]
    assert layout.cells(blocks) == tuple(sorted(cells))
    key = min(row * width + col for row, col in cells)
    expected = (key, blocks) if layer_bits else (key, blocks, min(columns), max(columns))
    assert layout.entry(blocks) == expected
