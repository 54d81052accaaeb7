"""Links, solving and dealing, checked against an independent oracle written here.

The oracle knows nothing of the library's runs and bitmasks: it enumerates
every route of at most three segments cell by cell, and replays removals
with its own gravity.
"""

import collections
import functools
import itertools
import re
import time

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from puzzlekit.errors import ArgumentError, IllegalMoveError, ParseError
from puzzlekit.limits import make_rng
from puzzlekit.linkpath import Board, Path, Rules, deal, deal_with_solution, solve
from puzzlekit.linkpath.strategies import boards, moves, rules, solvable_boards

# -- the oracle -----------------------------------------------------------------------


def _free(rows, rules, cell):
    height, width = len(rows), len(rows[0])
    r, c = cell
    if 0 <= r < height and 0 <= c < width:
        return rows[r][c] == 0
    return rules.outside and -1 <= r <= height and -1 <= c <= width


def _segment_cells(p, q):
    """Cells from p to q inclusive."""
    (r1, c1), (r2, c2) = p, q
    if r1 == r2:
        step = 1 if c2 >= c1 else -1
        return [(r1, c) for c in range(c1, c2 + step, step)]
    step = 1 if r2 >= r1 else -1
    return [(r, c1) for r in range(r1, r2 + step, step)]


def _route_ok(rows, rules, points):
    for p, q in itertools.pairwise(points):
        if p == q or (p[0] != q[0] and p[1] != q[1]):
            return False
    for p, q, s in zip(points, points[1:], points[2:], strict=False):
        if (p[0] == q[0]) == (q[0] == s[0]):
            return False  # not a real turn
    if len(points) - 2 > rules.max_turns:
        return False
    seen = []
    for p, q in itertools.pairwise(points):
        seen.extend(_segment_cells(p, q))
    inner = [cell for cell in seen if cell not in (points[0], points[-1])]
    if len(set(seen)) != len(set(inner)) + 2:
        return False  # passes over an end again
    return all(_free(rows, rules, cell) for cell in inner)


def _length(points):
    return sum(abs(p[0] - q[0]) + abs(p[1] - q[1]) for p, q in itertools.pairwise(points))


def oracle_path(board, a, b):
    """The canonical link by brute force: every route of 1-3 segments."""
    rows, rules = board.rows, board.rules
    if a == b or not board[a] or not board[b]:
        return None
    group = (lambda kind: (kind - 1) // 4) if rules.groups else (lambda kind: kind)
    if group(board[a]) != group(board[b]):
        return None
    height, width = board.height, board.width
    lines = range(-1, max(height, width) + 1)

    def aligned(cell):
        return [(cell[0], c) for c in lines if -1 <= c <= width] + [
            (r, cell[1]) for r in lines if -1 <= r <= height
        ]

    candidates = [[a, b]]
    candidates += [[a, p, b] for p in aligned(a)]
    candidates += [[a, p, q, b] for p in aligned(a) for q in aligned(b)]
    valid = [points for points in candidates if _route_ok(rows, rules, points)]
    if not valid:
        return None
    best = min(valid, key=lambda pts: (_length(pts), len(pts), sorted(pts[1:-1])))
    return tuple(best)


def oracle_remove(board, a, b):
    """Independent removal: checks the move with the oracle, applies gravity by hand."""
    assert oracle_path(board, a, b) is not None, f"illegal move {a} {b} on\n{board}"
    rows = [list(row) for row in board.rows]
    rows[a[0]][a[1]] = rows[b[0]][b[1]] = 0
    if board.rules.gravity == "down":
        for c in {a[1], b[1]}:
            column = [rows[r][c] for r in range(board.height) if rows[r][c]]
            column = [0] * (board.height - len(column)) + column
            for r in range(board.height):
                rows[r][c] = column[r]
    return Board.from_rows(rows, rules=board.rules)


def replay(board, sequence):
    """Play pairs (or two-cell tuples) through the oracle."""
    for move in sequence:
        a, b = (move.a, move.b) if hasattr(move, "a") else move
        board = oracle_remove(board, a, b)
    return board


def cells_of(view):
    return [(pair.a, pair.b) for pair in view]


# -- links --------------------------------------------------------------------------


@settings(max_examples=40)
@given(boards(max_side=6, kinds=3, rules=rules(gravity=False)))
def test_find_path_agrees_with_brute_force(board):
    tiles = board.tiles
    for a, b in itertools.islice(itertools.combinations(tiles, 2), 40):
        found = board.find_path(a, b)
        expected = oracle_path(board, a, b)
        assert (found.points if found else None) == expected, (a, b)
        assert board.can_link(a, b) == (expected is not None)


@settings(max_examples=40)
@given(boards(max_side=7, kinds=2))
def test_paths_are_valid(board):
    for a, b in cells_of(board.legal_moves()):
        path = board.find_path(a, b)
        assert path.points[0] == a and path.points[-1] == b
        assert path.turns <= board.rules.max_turns
        assert _route_ok(board.rows, board.rules, list(path.points))
        assert path.length == _length(path.points)
        assert board.find_path(b, a).points == path.points[::-1]


@pytest.mark.parametrize(
    ("text", "a", "b", "points"),
    [
        ("aa", (0, 0), (0, 1), ((0, 0), (0, 1))),  # neighbours
        ("a\na", (0, 0), (1, 0), ((0, 0), (1, 0))),
        ("a.a", (0, 0), (0, 2), ((0, 0), (0, 2))),
        ("axa", (0, 0), (0, 2), ((0, 0), (-1, 0), (-1, 2), (0, 2))),  # over the top ring
        ("bxb\naxa", (1, 0), (1, 2), ((1, 0), (2, 0), (2, 2), (1, 2))),  # under, the bottom ring
        ("ax\nxa", (0, 0), (1, 1), None),  # crossed, a 3-turn route would be needed
        ("a..\n...\n..a", (0, 0), (2, 2), ((0, 0), (0, 2), (2, 2))),  # smaller corner wins
        ("a.x\nx..\nx.a", (0, 0), (2, 2), ((0, 0), (0, 1), (2, 1), (2, 2))),
        ("xxxx\nxaax", (1, 1), (1, 2), ((1, 1), (1, 2))),
    ],
)
def test_links_by_example(text, a, b, points):
    path = Board.parse(text).find_path(a, b)
    assert (path.points if path else None) == points
    assert oracle_path(Board.parse(text), a, b) == points


def test_corners_of_a_full_board_link_round_the_ring():
    board = Board.parse("abca\ndefg\ndhig")
    assert board.find_path((0, 0), (0, 3)).points == ((0, 0), (-1, 0), (-1, 3), (0, 3))
    assert board.find_path((1, 0), (2, 0)).points == ((1, 0), (2, 0))
    assert board.find_path((1, 3), (2, 3)).turns == 0
    closed = Board.parse("abca\ndefg\ndhig", rules=Rules(outside=False))
    assert closed.find_path((0, 0), (0, 3)) is None


def test_opposite_corners_need_three_turns_on_a_full_board():
    board = Board.parse("abcd\nefgh\nijka")
    assert board.find_path((0, 0), (2, 3)) is None
    emptied = Board.parse("a...\n....\n...a")
    assert emptied.find_path((0, 0), (2, 3)).points == ((0, 0), (0, 3), (2, 3))


def test_a_blocked_row_forces_the_way_round():
    board = Board.parse("a...a\nxxxxx\n.....")
    assert board.find_path((0, 0), (0, 4)).length == 4
    blocked = Board.parse("a.x.a\nxxxxx\n.....")
    assert blocked.find_path((0, 0), (0, 4)).points == ((0, 0), (-1, 0), (-1, 4), (0, 4))


def test_turn_limits():
    board = Board.parse("a.\n.a")
    assert board.find_path((0, 0), (1, 1)).turns == 1
    assert Board.parse("a.\n.a", rules=Rules(max_turns=0)).find_path((0, 0), (1, 1)) is None
    assert Board.parse("axa", rules=Rules(max_turns=1)).find_path((0, 0), (0, 2)) is None


def test_ties_go_to_fewer_turns_then_smaller_corners():
    # one corner and two corners give the same length: the corner wins
    assert Board.parse("a..\n...\n..a").find_path((0, 0), (2, 2)).turns == 1
    # above and below are as long: the smaller row wins, even in the ring
    assert Board.parse("a.x.a\n.....").find_path((0, 0), (0, 4)).points[1] == (-1, 0)
    assert Board.parse(".....\na.x.a\n.....").find_path((1, 0), (1, 4)).points[1] == (0, 0)
    # a shorter way round below beats a longer one above
    board = Board.parse("..x..\n..x..\na.x.a\n.....")
    assert board.find_path((2, 0), (2, 4)).points[1] == (3, 0)


# -- moves and pairs ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "reason"),
    [
        ((0, 0), (0, 0), "with itself"),
        ((0, 0), (0, 1), "different kinds"),
        ((0, 0), (1, 1), "is empty"),
        ((0, 0), (1, 2), "no link between (0, 0) and (1, 2) within 0 turns inside"),
    ],
)
def test_illegal_moves_say_why(a, b, reason):
    board = Board.parse("abb\na.a\nbxa", rules=Rules(outside=False, max_turns=0))
    with pytest.raises(IllegalMoveError, match=re.escape(reason)):
        board.remove(a, b)


def test_legal_moves_do_not_skip_a_kind_with_many_tiles():
    # ten tiles of one kind, only the last two linkable: KShisen stops after 4 tries
    board = Board.parse("axbxcxdxexa\nyyyyyyyyyyy\naxaxaxaxaxa")
    found = cells_of(board.legal_moves())
    brute = [(a, b) for a, b in itertools.combinations(board.tiles, 2) if oracle_path(board, a, b)]
    assert found == sorted(brute, key=lambda ab: (board[ab[0]], ab))


@settings(max_examples=40)
@given(boards(max_side=6, kinds=3, rules=rules()))
def test_legal_moves_are_every_linkable_pair_once(board):
    view = board.legal_moves()
    found = cells_of(view)
    assert len(found) == len(set(found))
    brute = {(a, b) for a, b in itertools.combinations(board.tiles, 2) if oracle_path(board, a, b)}
    assert set(found) == brute
    assert board.is_stuck == (not brute and bool(board.tiles))
    assert board.is_over == (not brute) == (not view)
    assert view.count() == len(view) == len(brute)
    for a, b in itertools.islice(itertools.combinations(board.tiles, 2), 30):
        assert ((a, b) in view) == ((b, a) in view) == ((a, b) in brute)


@settings(max_examples=30)
@given(st.data())
def test_random_games_keep_invariants(data):
    board, _ = data.draw(solvable_boards(max_side=6, rules=rules()))
    while board.legal_moves():
        pair = data.draw(moves(board))
        after = board.play(pair)
        assert after == oracle_remove(board, pair.a, pair.b)
        assert len(after.tiles) == len(board.tiles) - 2
        assert after.is_valid()  # even counts per kind (per group of four with groups)
        assert Board.parse(str(after)) == after
        board = after
    assert board.is_over and (board.is_solved or board.is_stuck)


# -- the solver ----------------------------------------------------------------------


@settings(max_examples=30)
@given(solvable_boards(max_side=6, rules=rules()))
def test_solve_clears_solvable_deals(board_and_witness):
    board, witness = board_and_witness
    assert replay(board, witness).is_solved
    result = solve(board)
    assert result.complete and result.solved and result.final.is_solved
    assert replay(board, result.moves) == result.final == result.replayed()


def _clearable(board, seen=None):
    """Exhaustive search through the oracle, for tiny boards."""
    if board.is_solved:
        return True
    seen = set() if seen is None else seen
    if board in seen:
        return False
    seen.add(board)
    return any(
        _clearable(oracle_remove(board, a, b), seen)
        for a, b in itertools.combinations(board.tiles, 2)
        if oracle_path(board, a, b)
    )


@settings(max_examples=40)
@given(boards(max_side=4, kinds=3, rules=rules()))
def test_solve_is_exact_on_small_boards(board):
    result = solve(board)
    assert result.complete
    assert replay(board, result.moves) == result.final
    assert (
        result.solved == (board.is_valid() and _clearable(board)) == (not result.proved_unsolvable)
    )


@settings(max_examples=30)
@given(boards(max_side=4, kinds=2, rules=rules(gravity=False)))
def test_solve_is_exact_with_many_tiles_a_kind(board):
    # Tiles that never move: the links kept up to date and kinds cleared whole, checked
    # against exhaustive search where kinds have up to 8 tiles.
    result = solve(board)
    assert result.complete
    assert replay(board, result.moves) == result.final
    assert result.solved == (board.is_valid() and _clearable(board))


@settings(max_examples=15)
@given(solvable_boards(max_side=12, kinds=4, rules=rules(gravity=False)))
def test_solve_clears_deals_with_large_kinds(board_and_witness):
    board, _ = board_and_witness
    result = solve(board)
    assert result.complete and result.solved
    assert replay(board, result.moves).is_solved


@pytest.mark.parametrize("size", [24, 40])
def test_solve_clears_large_solvable_deals(size):
    board, _ = deal_with_solution(size, size, size * size // 12, seed=1)
    result = solve(board, node_limit=20_000)
    assert result.solved
    for pair in result.moves:  # through the public play (the oracle is too slow here)
        board = board.play(pair)
    assert board.is_solved


def test_node_limit_on_a_large_deal():
    board, _ = deal_with_solution(60, 60, 300, seed=2)
    result = solve(board, node_limit=100)
    assert not result.complete and result.nodes <= 101
    assert result.replayed() == result.final


def test_crossed_pairs_are_proved_unsolvable():
    assert solve(Board.parse("ab\nba")).proved_unsolvable
    assert solve(Board.parse("abc\nbca\ncab"), node_limit=10_000).proved_unsolvable


def test_limits_stop_the_search_and_say_so():
    board = deal(10, 10, 12, seed=4, rules=Rules(max_turns=1, gravity="down"))
    stopped = solve(board, node_limit=5)
    assert not stopped.complete and not stopped.proved_unsolvable
    assert replay(board, stopped.moves) == stopped.final  # the partial line is legal


@pytest.mark.parametrize("rules_", [Rules(), Rules(gravity="down")])
def test_time_limit_on_the_largest_board(rules_):
    rng = make_rng(9)
    tiles = [1 + n % 50 for n in range(200 * 100)] * 2
    rng.shuffle(tiles)
    board = Board.from_rows([tiles[r * 200 : (r + 1) * 200] for r in range(200)], rules=rules_)
    started, cpu = time.perf_counter(), time.process_time()
    result = solve(board, time_limit=1)
    # The search's own overshoot in CPU time; the wall clock only catches a hang (other
    # processes on a busy machine stretch the time between two checks of the clock).
    assert time.process_time() - cpu < 1.5
    assert time.perf_counter() - started < 3
    assert not result.complete


# -- deals ---------------------------------------------------------------------------


@settings(max_examples=30)
@given(solvable_boards(max_side=8, kinds=10, rules=rules()))
def test_deals_come_with_a_witness(board_and_witness):
    board, witness = board_and_witness
    assert not any(0 in row for row in board.rows)
    assert board.is_valid()
    assert len(witness) * 2 == board.height * board.width
    assert replay(board, witness).is_solved


@pytest.mark.parametrize("rules_", [Rules(), Rules(gravity="down"), Rules(outside=False)])
def test_full_size_deals(rules_):
    board, witness = deal_with_solution(16, 30, 42, seed=7, rules=rules_)
    cleared = board
    for pair in witness:  # the library's own removal, checked against the oracle above
        cleared = cleared.play(pair)
    assert cleared.is_solved
    counts = board.counts()
    assert len(counts) == 42 and max(counts.values()) - min(counts.values()) <= 2


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 12),
    st.integers(1, 6),
    rules(gravity=False),
    st.integers(0, 2**32 - 1),
)
def test_deals_of_swapped_dominoes_are_cleared_by_the_oracle(height, half_width, rules_, seed):
    # Most pairs of these sizes come from two dominoes side by side (linked through
    # their near ends, whose turns the rules must allow): the oracle checks each link.
    board, witness = deal_with_solution(height, 2 * half_width, height * half_width, seed=seed,
                                        rules=rules_)
    assert replay(board, witness).is_solved


def test_deals_keep_few_side_by_side_pairs():
    shapes = collections.Counter()
    for seed in range(30):
        _, witness = deal_with_solution(8, 12, 24, seed=seed)
        shapes.update(
            tuple(sorted((abs(p.a[0] - p.b[0]), abs(p.a[1] - p.b[1])))) for p in witness
        )
    pairs = sum(shapes.values())
    assert shapes[0, 1] < pairs / 3  # neighbours are only the fallback
    assert shapes[0, 3] > pairs / 10  # straight pairs, not only L and Z shapes


def test_deals_are_deterministic_and_check_sizes():
    assert deal(6, 6, 5, seed=2) == deal(6, 6, 5, seed=2)
    assert deal(6, 6, 5, seed=2) != deal(6, 6, 5, seed=3)
    with pytest.raises(ArgumentError, match="9 cells, an odd number"):
        deal(3, 3, 2)
    with pytest.raises(ArgumentError, match="kinds must be from 1 to 2"):
        deal(2, 2, 3)
    with pytest.raises(ArgumentError, match="height must be from"):
        deal(0, 4, 1)
    with pytest.raises(ArgumentError, match="width must be from 1 to 200"):
        deal(2, 10**9, 1)
    with pytest.raises(TypeError, match="width must be an int"):
        deal(2, "4", 1)
    with pytest.raises(TypeError, match="seed must be an int"):
        deal(2, 4, 1, seed="x")


@settings(max_examples=30)
@given(solvable_boards(max_side=6, rules=rules()), st.integers(0, 1000), st.booleans())
def test_shuffle_keeps_tiles_and_gives_a_move(board_and_witness, seed, solvable):
    board, witness = board_and_witness
    for pair in witness[: len(witness) // 2]:
        board = board.play(pair)
    shuffled = board.shuffle(seed=seed, solvable=solvable)
    assert shuffled.counts() == board.counts()
    assert set(shuffled.tiles) == set(board.tiles)
    assert shuffled.is_solved or shuffled.legal_moves()
    assert shuffled == board.shuffle(seed=seed, solvable=solvable)
    if solvable:
        assert solve(shuffled).solved


def test_path_objects_check_their_points():
    with pytest.raises(ArgumentError, match="not on one line"):
        Path(((0, 0), (1, 1)))
    with pytest.raises(ArgumentError, match="not a corner"):
        Path(((0, 0), (0, 1), (0, 3)))
    with pytest.raises(TypeError):
        Path(((0, 0),))


def test_dead_kinds_are_pruned_soundly():
    # the crossed pairs stay dead whatever is removed around them
    assert solve(Board.parse("ab..cc\nba..dd\nef..ef")).proved_unsolvable
    # with straight links only, a kind whose tiles share no line can never go
    straight = Rules(max_turns=0)
    assert solve(Board.parse("a.b\n.ba", rules=straight)).proved_unsolvable
    assert solve(Board.parse("a.a\nb.b", rules=straight)).solved


def test_gravity_safe_moves_respect_floating_tiles():
    # the top 'a' pair is on top of its columns, but 'c' floats over a gap:
    # the search must still find the order that works, and prove the rest
    rules_ = Rules(gravity="down")
    for text in ["c.\n.b\nab\nca", "ab\nc.\nba\nc.", "a.a\nbcb\ncdd"]:
        board = Board.parse(text, rules=rules_)
        result = solve(board)
        assert result.complete and result.solved == _clearable(board)
        assert replay(board, result.moves) == result.final


# -- layouts (issue #18) ---------------------------------------------------------------


@st.composite
def masks(draw, max_side=6):
    """Layout masks: of dominoes dropped at random, of settled columns, or of any cells."""
    height, width = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    style = draw(st.sampled_from(["dominoes", "columns", "any"]))
    grid = [["."] * width for _ in range(height)]
    if style == "dominoes":
        for r, c in itertools.product(range(height), range(width)):
            step = draw(st.sampled_from([None, (0, 1), (1, 0), (0, 1)]))
            if not step or r + step[0] >= height or c + step[1] >= width:
                continue
            if grid[r][c] == grid[r + step[0]][c + step[1]] == ".":
                grid[r][c] = grid[r + step[0]][c + step[1]] = "#"
    elif style == "columns":
        for c in range(width):
            for r in range(height - draw(st.integers(0, height)), height):
                grid[r][c] = "#"
    else:
        for r, c in itertools.product(range(height), range(width)):
            grid[r][c] = draw(st.sampled_from("#."))
    return height, width, "\n".join("".join(row) for row in grid)


@functools.cache
def _dominoes(cells):
    """Whether the frozenset *cells* can be paired off by neighbours: plain search, no library."""
    if not cells:
        return True
    first = min(cells)
    r, c = first
    return any(
        other in cells and _dominoes(cells - {first, other}) for other in ((r, c + 1), (r + 1, c))
    )


@settings(max_examples=100, deadline=None)
@given(masks(), st.integers(1, 4), rules(), st.integers(0, 2**32))
def test_deals_on_any_layout_are_cleared_by_the_oracle(mask, kinds, rules_, seed):
    height, width, text = mask
    cells = [
        (r, c)
        for r, row in enumerate(text.split("\n"))
        for c, mark in enumerate(row)
        if mark == "#"
    ]
    sized = bool(cells) and len(cells) % 2 == 0 and kinds <= len(cells) // 2
    settled = not any(r + 1 < height and (r + 1, c) not in cells for r, c in cells)
    tiled = sized and _dominoes(frozenset(cells))
    try:
        board, witness = deal_with_solution(
            height, width, kinds, seed=seed, rules=rules_, layout=text
        )
    except ArgumentError:
        # refused only when impossible: gravity also builds some boards without a tiling
        assert not tiled or (rules_.gravity is not None and not settled)
        event("refused")
        return
    event("dealt")
    assert sized and (settled if rules_.gravity else tiled)
    assert list(board.tiles) == cells and board.rules == rules_
    assert len(board.counts()) == kinds and board.is_valid()
    assert replay(board, witness).is_solved  # the oracle, not the library, replays it
    assert solve(board).solved
    again = deal_with_solution(height, width, kinds, seed=seed, rules=rules_, layout=text)
    assert again == (board, witness)


@pytest.mark.parametrize("layout", ["vertical", "horizontal", "full"])
def test_named_layouts(layout):
    board, witness = deal_with_solution(9, 8, 10, seed=4, layout=layout)
    empty_columns = {c for c in range(8) if all(board[r, c] == 0 for r in range(9))}
    empty_rows = {r for r in range(9) if not any(board.rows[r])}
    assert empty_columns == ({2, 5} if layout == "vertical" else set())
    assert empty_rows == ({2, 5, 8} if layout == "horizontal" else set())
    assert replay(board, witness).is_solved
    assert deal(9, 8, 10, seed=4, layout=layout, solvable=False).tiles == board.tiles


def test_bad_layouts():
    with pytest.raises(ArgumentError, match="layout must be one of"):
        deal(4, 4, 2, layout="diagonal")
    with pytest.raises(TypeError, match="layout must be a str"):
        deal(4, 4, 2, layout=3)
    with pytest.raises(ArgumentError, match="the layout is 1 x 2, the board 4 x 4"):
        deal(4, 4, 2, layout="##")
    with pytest.raises(ParseError, match="layout has 'x'"):
        deal(1, 2, 1, layout="#x")
    with pytest.raises(ArgumentError, match="rest on another"):
        deal(6, 4, 2, layout="horizontal", rules=Rules(gravity="down"))
    with pytest.raises(ArgumentError, match="paired off by neighbours"):
        deal(2, 2, 1, layout="#.\n.#")
    with pytest.raises(ArgumentError, match="odd number or none"):
        deal(2, 2, 1, layout="..\n..")


# -- groups of four (issue #18) --------------------------------------------------------


def test_groups_of_four_match_across_kinds():
    groups = Rules(groups=True)
    board = Board.parse("1.2\n5.9", rules=groups)
    assert board.can_link((0, 0), (0, 2))  # kinds 1 and 2: one group
    assert not board.can_link((1, 0), (1, 2))  # kinds 5 and 9: two groups
    assert not Board.parse("1.2").can_link((0, 0), (0, 2))  # by kind without the switch
    with pytest.raises(IllegalMoveError, match="different groups of four"):
        board.play("1,0 1,2")
    crossed = Board.parse("12\n34", rules=groups)
    result = solve(crossed)
    assert result.solved and replay(crossed, result.moves).is_solved
    assert solve(Board.parse("12\n34")).proved_unsolvable
    assert Board.parse(str(crossed)) == crossed and "groups=yes" in str(crossed)
    assert not Board.parse("12\n3.", rules=groups).is_valid()


def test_deals_with_groups_are_cleared_by_the_oracle():
    board, witness = deal_with_solution(6, 8, 12, seed=3, rules=Rules(groups=True))
    assert replay(board, witness).is_solved and solve(board).solved
