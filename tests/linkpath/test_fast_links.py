"""The shortcuts of the link path, each against a reference written here: a search over
cells and directions that knows nothing of runs, masks or the link index."""

import collections
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit.linkpath import Board, Pair, Params, Rules, deal, match_key
from puzzlekit.linkpath.paths import Grid, LinkIndex, new_links
from puzzlekit.linkpath.strategies import boards, rules, solvable_boards

_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def fewest_turns(board: Board, a: tuple[int, int]) -> dict[tuple[int, int], int]:
    """The fewest turns of a line of empty cells from tile *a* to each tile it reaches:
    breadth first over ``(cell, direction)``, a turn costing one, the ring free when the
    rules say."""
    height, width = board.height, board.width

    def free(r: int, c: int) -> bool:
        if 0 <= r < height and 0 <= c < width:
            return not board.rows[r][c]
        return board.rules.outside and -1 <= r <= height and -1 <= c <= width

    def on_board(r: int, c: int) -> bool:
        return 0 <= r < height and 0 <= c < width

    turns: dict[tuple[int, int, int], int] = {}
    reached: dict[tuple[int, int], int] = {}
    queue: collections.deque[tuple[int, int, int, int]] = collections.deque([(0, *a, -1)])
    while queue:
        cost, r, c, d = queue.popleft()
        if d >= 0 and cost > turns[(r, c, d)]:
            continue
        for e, (dr, dc) in enumerate(_STEPS):
            if d >= 0 and e == d ^ 1:  # no going back along the line
                continue
            step = cost + (d >= 0 and e != d)  # the first step turns nowhere
            cell = (r + dr, c + dc)
            if on_board(*cell) and not free(*cell):  # a tile: the line ends there
                reached[cell] = min(reached.get(cell, 99), step)
            elif free(*cell) and turns.get((*cell, e), 99) > step:
                turns[(*cell, e)] = step
                (queue.appendleft if step == cost else queue.append)((step, *cell, e))
    reached.pop(a, None)
    return reached


def reference_pairs(board: Board) -> set[tuple[int, int]]:
    """Every pair of matching tiles within the rules' turns, as cell numbers."""
    found = set()
    for a in board.tiles:
        for b, turns in fewest_turns(board, a).items():
            same = match_key(board[a], board.rules) == match_key(board[b], board.rules)
            if a < b and same and turns <= board.rules.max_turns:
                found.add((a[0] * board.width + a[1], b[0] * board.width + b[1]))
    return found


@settings(max_examples=80, deadline=None)
@given(boards(max_side=7, kinds=3, rules=rules()))
def test_joined_is_the_reference(board):
    grid = Grid(
        board.rows, outside=board.rules.outside, max_turns=board.rules.max_turns
    )
    tiles = board.tiles
    for n, a in enumerate(tiles):
        reached = fewest_turns(board, a)
        for b in tiles[n + 1 :]:
            one = grid.reach(a[0] + 1, a[1] + 1)
            two = grid.reach(b[0] + 1, b[1] + 1)
            expected = reached.get(b, 99) <= board.rules.max_turns
            assert grid.joined(one, two) == expected, (a, b)
            assert (grid.link(one, two) is not None) == expected


@settings(max_examples=150, deadline=None)
@given(boards(max_side=9, kinds=4, rules=rules()))
def test_the_full_scan_is_the_reference(board):
    # Neighbours paired in one pass, then the open tiles of each kind against each other:
    # the reference pairs, in the order of Grid.pairs (kind by kind).
    grid = Grid(
        board.rows,
        outside=board.rules.outside,
        max_turns=board.rules.max_turns,
        groups=board.rules.groups,
    )
    index = LinkIndex.of(grid)
    assert numbered_pairs(index, board) == reference_pairs(board)
    assert index.pairs() == list(grid.pairs())
    assert index.tiles == {key: frozenset(group) for key, group in grid.tiles_by_kind().items()}


def numbered_pairs(index, board):
    """The pairs of *index* (padded indices) as pairs of cell numbers of *board*."""
    stride, width = board.width + 2, board.width
    return {
        ((a // stride - 1) * width + a % stride - 1, (b // stride - 1) * width + b % stride - 1)
        for a, b in index.pairs()
    }


def full_boards(max_side: int, kinds: int) -> st.SearchStrategy[Board]:
    """Boards with a tile in every cell (one or two rows or columns too), of any rules."""
    return st.integers(1, max_side).flatmap(
        lambda height: st.integers(1, max_side).flatmap(
            lambda width: st.builds(
                Board.from_rows,
                st.lists(
                    st.lists(st.integers(1, kinds), min_size=width, max_size=width),
                    min_size=height,
                    max_size=height,
                ),
                rules=rules(),
            )
        )
    )


@settings(max_examples=150, deadline=None)
@given(full_boards(max_side=8, kinds=5))
def test_the_scan_of_a_full_board_is_the_reference(board):
    # On a full board the links through the ring are found from the tiles' sides alone.
    grid = Grid(board.rows, outside=board.rules.outside, max_turns=board.rules.max_turns,
                groups=board.rules.groups)
    index = LinkIndex.of(grid)
    assert numbered_pairs(index, board) == reference_pairs(board)
    assert index.pairs() == list(grid.pairs())


def test_a_full_board_links_through_the_ring_on_one_side_only():
    # Beside the neighbours (5s, 8s): the 1s over the top row, the 3s (a corner's) beside the
    # right column, the 4s beside the left one; the 2s (top and bottom), the 6s and the 7s
    # (two sides meeting at a corner) would need three turns.
    board = Board.parse("1213\n4556\n7883\n4627")
    assert sorted(board.cell_pairs()) == [(0, 2), (3, 11), (4, 12), (5, 6), (9, 10)]


@settings(max_examples=60, deadline=None)
@given(boards(max_side=9, kinds=9, rules=rules()))
def test_match_keys_are_each_cells_match_key_by_the_rules(board):
    grid = Grid(board.rows, outside=board.rules.outside, max_turns=board.rules.max_turns,
                groups=board.rules.groups)
    keys = grid.match_keys()
    stride = board.width + 2
    assert len(keys) == len(grid.cells)
    for index, kind in enumerate(grid.cells):
        row, col = divmod(index, stride)
        on_board = 0 < row <= board.height and 0 < col <= board.width
        expected = match_key(board.rows[row - 1][col - 1], board.rules) if on_board else 0
        assert keys[index] == expected == grid.match_key(kind)
    keys[0] = -1  # the caller's own list
    assert grid.cells[0] == 0


@settings(max_examples=60, deadline=None)
@given(solvable_boards(max_side=7, rules=rules(slide=True)))
def test_a_deal_keeps_the_grid_it_was_built_on(dealt):
    # The deal's board is not checked again, and takes the grid the construction filled as
    # its own: that grid is the one its rows and rules give, and the board equals one built
    # from its rows.
    board, witness = dealt
    rules_ = board.rules
    fresh = Grid(board.rows, outside=rules_.outside, max_turns=rules_.max_turns,
                 gravity=rules_.gravity is not None, groups=rules_.groups, slide=rules_.slide)
    kept = board._grid
    for name in Grid.__slots__:
        assert getattr(kept, name) == getattr(fresh, name), name
    assert board == Board(board.rows, rules_) == Board.parse(str(board))
    assert all(type(pair) is Pair for pair in witness)
    for pair in witness:
        board = board.play(pair)
    assert board.is_solved


def test_a_deal_plays_as_the_board_of_its_text():
    for rules_ in (Rules(), Rules(gravity="down"), Rules(outside=False, groups=True)):
        dealt = deal(4, 6, 5, seed=3, rules=rules_)
        parsed = Board.parse(str(dealt))
        assert dealt == parsed and hash(dealt) == hash(parsed)
        assert list(dealt.legal_moves()) == list(parsed.legal_moves())
        move = next(iter(dealt.legal_moves()))
        assert dealt.play(move) == parsed.play(move)


@settings(max_examples=100, deadline=None)
@given(boards(max_side=9, kinds=6, rules=rules()), st.randoms(use_true_random=False))
def test_played_boards_list_the_reference_pairs(board, rng):
    # With gravity too: the tiles that fell are paired afresh, the rest kept or retested.
    while True:
        pairs = set(board.cell_pairs())
        assert pairs == reference_pairs(board)
        if rng.random() < 0.7:  # listed (the next listing is then derived from it) or not
            assert list(board.legal_moves()) == list(Board(board.rows, board.rules).legal_moves())
        gained = board.gained_cell_pairs()
        if gained is not None:
            assert set(gained) <= pairs
        if not pairs:
            break
        width = board.width
        a, b = rng.choice(sorted(pairs))
        board = board.play(((a // width, a % width), (b // width, b % width)))


_FALLING = st.builds(
    Rules,
    outside=st.booleans(),
    max_turns=st.integers(0, 2),
    gravity=st.just("down"),
    groups=st.booleans(),
)


@settings(max_examples=100, deadline=None)
@given(boards(max_side=8, kinds=4, rules=_FALLING), st.randoms(use_true_random=False))
def test_the_index_after_a_fall_is_a_full_scan(board, rng):
    # Each move's index, derived from the last (the tiles that fell paired afresh, walled
    # ones with their neighbours only; the pairs opened near the freed cells found with
    # the fallen ones left out), is the index a full scan of the grid gives, listing too.
    # The grid itself, its masks set as its columns settle, is the grid of its rows.
    switches = {
        "outside": board.rules.outside,
        "max_turns": board.rules.max_turns,
        "gravity": True,
        "groups": board.rules.groups,
    }
    grid = Grid(board.rows, **switches)
    index = LinkIndex.of(grid)
    while True:
        if rng.random() < 0.7:  # listed, so the next listing is derived from this one
            index.listing()
        pairs = index.pairs()
        if not pairs:
            break
        after = grid.copy()
        changes = after.remove(*rng.choice(pairs))
        rebuilt = Grid(after.rows(), **switches)
        assert (after.cells, after.rowm, after.colm) == (rebuilt.cells, rebuilt.rowm, rebuilt.colm)
        undone = after.copy()
        undone.undo(changes)
        assert (undone.cells, undone.rowm, undone.colm) == (grid.cells, grid.rowm, grid.colm)
        index = index.moved(grid, after, changes)
        fresh = LinkIndex.of(after)
        assert (index.kind_of, index.tiles, index.partners) == (
            fresh.kind_of, fresh.tiles, fresh.partners
        )
        assert list(index.listing()) == list(fresh.listing())
        grid = after


@settings(max_examples=150, deadline=None)
@given(boards(max_side=8, kinds=4, rules=rules(gravity=False)), st.randoms(use_true_random=False))
def test_new_links_are_the_reference_pairs_gained(board, rng):
    # Any tiles emptied, linked or not, one to four: what new_links names is exactly the
    # reference pairs after less those before (near and middle ends, stretches pruned).
    tiles = board.tiles
    if not tiles:
        return
    freed = rng.sample(tiles, min(len(tiles), rng.randint(1, 4)))
    after = Board(
        tuple(
            tuple(0 if (r, c) in freed else kind for c, kind in enumerate(row))
            for r, row in enumerate(board.rows)
        ),
        board.rules,
    )
    before = reference_pairs(board)
    stride, width = board.width + 2, board.width
    switches = {
        "outside": board.rules.outside,
        "max_turns": board.rules.max_turns,
        "groups": board.rules.groups,
    }
    grid = Grid(after.rows, **switches)
    index = LinkIndex.of(Grid(board.rows, **switches))
    padded = [(r + 1) * stride + c + 1 for r, c in freed]
    tiles_left = {
        kind: frozenset(group) - set(padded)
        for kind, group in index.tiles.items()
        if frozenset(group) - set(padded)
    }
    partners = {
        tile: linked - set(padded)
        for tile, linked in index.partners.items()
        if tile not in padded
    }
    found = new_links(grid, padded, index.kind_of, tiles_left, partners)
    numbered = {
        ((a // stride - 1) * width + a % stride - 1, (b // stride - 1) * width + b % stride - 1)
        for a, b in found
    }
    assert len(numbered) == len(found)
    assert all(a < b for a, b in found)
    assert numbered == reference_pairs(after) - before
    # Given the grid before, the stretches with a free line beside them there are not swept:
    # the same pairs.
    spared = new_links(grid, padded, index.kind_of, tiles_left, partners,
                       before=Grid(board.rows, **switches))
    assert sorted(spared) == sorted(found)


@pytest.mark.parametrize("transposed", [False, True])
def test_a_link_opened_on_a_middle_segment_alone_is_found(transposed):
    # The a's link down, along row 1 through the freed f and up: neither is seen from a
    # freed cell, only across the free stretch of f's row (or column, transposed).
    rows = ["aXYa", ".f..", "ZfWV"]
    if transposed:
        rows = ["".join(column) for column in zip(*rows, strict=True)]
    board = Board.parse("\n".join(rows), rules=Rules(outside=False))
    played = board.play("1,1 2,1" if not transposed else "1,1 1,2")
    assert sorted(played.cell_pairs()) == sorted(reference_pairs(played)) != []
    assert played.gained_cell_pairs() == sorted(reference_pairs(played))


def test_a_stretch_beside_a_line_free_before_holds_no_new_middle_link():
    # The b's go and their row is free; the row above was free before, so the a's below,
    # linked over it then, are linked as before: the stretch is not swept, nothing is missed.
    board = Board.parse("....\n.bb.\nacca")
    played = board.play("1,1 1,2")
    assert sorted(played.cell_pairs()) == sorted(reference_pairs(played))
    assert (2 * 4, 2 * 4 + 3) in played.cell_pairs()


def test_two_fallen_tiles_of_a_kind_are_paired_once():
    # The b's go: the a, c, a above fall one row and the a's link round the empty column;
    # both fell, so the pair is tested from one of them only.
    board = Board.parse("a.\nc.\na.\nbb", rules=Rules(gravity="down", outside=False))
    played = board.play("3,0 3,1")
    assert str(played).splitlines()[1:] == ["..", "a.", "c.", "a."]
    assert played.cell_pairs() == [(2, 6)]
    assert [str(pair) for pair in played.legal_moves()] == ["1,0 3,0"]


def test_a_board_not_played_has_no_gained_pairs():
    assert Board.parse("aa").gained_cell_pairs() is None
    falling = Board.parse("a.\nab\nab", rules=Rules(gravity="down"))
    assert falling.play("1,0 2,0").gained_cell_pairs() is None


gym = pytest.importorskip("gymnasium")


@settings(max_examples=40, deadline=None)
@given(
    boards(max_side=7, kinds=5, rules=rules()),
    st.integers(0, 2**31 - 1),
)
def test_env_arrays_are_those_of_a_fresh_board(board, seed):
    from puzzlekit.linkpath.gym import LinkpathEnv

    if board.height * board.width < 2:
        return
    params = Params(width=board.width, height=board.height, kinds=1, rules=board.rules)
    env = LinkpathEnv(params, generator=lambda _: board)
    rng = random.Random(seed)
    observation, info = env.reset(seed=seed)
    for _ in range(40):
        fresh = Board(env.state.rows, env.state.rules)
        assert observation.tolist() == [list(row) for row in fresh.rows]
        expected = {env.adapter.action(a, b) for a, b in reference_pairs(fresh)}
        assert set(info["action_mask"].nonzero()[0].tolist()) == expected
        legal = sorted(expected)
        if not legal:
            break
        # Now and then an action outside the mask (nothing changes) or a new start.
        roll = rng.random()
        if roll < 0.1:
            observation, info = env.reset(seed=rng.randrange(100))
            continue
        action = rng.randrange(env.adapter.action_count) if roll < 0.2 else rng.choice(legal)
        observation[0, 0] = 99  # the caller's arrays are its own
        info["action_mask"][:] = 0
        observation, _, _, _, info = env.step(action)
