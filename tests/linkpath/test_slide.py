"""KShisen's "tiles can slide" variant, ``Rules(slide=True)``, against an oracle written here.

The oracle follows KShisen's own description (src/board.cpp: canSlideTiles,
performSlide, findSimplePath) cell by cell, on lists, with none of the
library's masks: a tile pushes the tiles side by side next to it toward the
other tile's row or column, by the distance to it, when that many empty
cells lie beyond them before the next tile or the board's edge; the two
tiles are then linked with one turn and removed. Links have at most two
segments, slides or not.
"""

import itertools
import pickle
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit.errors import ArgumentError, IllegalMoveError, ParseError
from puzzlekit.linkpath import Board, Pair, Path, Rules, deal, deal_with_solution, solve

SLIDE = Rules(slide=True)

# -- the oracle -----------------------------------------------------------------------


def _key(kind, rules):
    return (kind + 3) // 4 if rules.groups else kind


def _clear(rows, p, q):
    """Whether the cells strictly between p and q, on one line, are all empty."""
    (r1, c1), (r2, c2) = p, q
    if r1 == r2:
        return all(rows[r1][c] == 0 for c in range(min(c1, c2) + 1, max(c1, c2)))
    return all(rows[r][c1] == 0 for r in range(min(r1, r2) + 1, max(r1, r2)))


def _plain_link(rows, p, q):
    """A link of at most two segments between tiles p and q (never off the board)."""
    if p[0] == q[0] or p[1] == q[1]:
        return _clear(rows, p, q)
    for corner in ((p[0], q[1]), (q[0], p[1])):
        if rows[corner[0]][corner[1]] == 0 and _clear(rows, p, corner) and _clear(rows, corner, q):
            return True
    return False


def _settled(rows):
    """Every column's tiles dropped to its bottom, in order."""
    height = len(rows)
    result = [list(row) for row in rows]
    for c in range(len(rows[0])):
        tiles = [rows[r][c] for r in range(height) if rows[r][c]]
        column = [0] * (height - len(tiles)) + tiles
        for r in range(height):
            result[r][c] = column[r]
    return result


def _oracle(board):
    """Every legal move as its text, with the rows after it (gravity: boards start settled)."""
    rows = [list(row) for row in board.rows]
    height, width = len(rows), len(rows[0])
    tiles = [(r, c) for r in range(height) for c in range(width) if rows[r][c]]
    result = {}

    def finish(after, p, q):
        after[p[0]][p[1]] = after[q[0]][q[1]] = 0
        return _settled(after) if board.rules.gravity else after

    for p, q in itertools.permutations(tiles, 2):
        if _key(rows[p[0]][p[1]], board.rules) != _key(rows[q[0]][q[1]], board.rules):
            continue
        if p < q and _plain_link(rows, p, q):
            result[f"{p[0]},{p[1]} {q[0]},{q[1]}"] = finish([list(row) for row in rows], p, q)
        if p[0] == q[0] or p[1] == q[1]:
            continue  # KShisen: tiles on one line never slide
        for corner in ((p[0], q[1]), (q[0], p[1])):
            dr = (corner[0] > p[0]) - (corner[0] < p[0])
            dc = (corner[1] > p[1]) - (corner[1] < p[1])
            distance = abs(corner[0] - p[0]) + abs(corner[1] - p[1])
            run, cell = [], (p[0] + dr, p[1] + dc)
            while 0 <= cell[0] < height and 0 <= cell[1] < width and rows[cell[0]][cell[1]]:
                run.append(cell)
                cell = (cell[0] + dr, cell[1] + dc)
            room = 0
            while 0 <= cell[0] < height and 0 <= cell[1] < width and not rows[cell[0]][cell[1]]:
                room += 1
                cell = (cell[0] + dr, cell[1] + dc)
            if not run or room == 0 or distance > room or not _clear(rows, corner, q):
                continue
            after = [list(row) for row in rows]
            for r, c in reversed(run):
                after[r + dr * distance][c + dc * distance] = after[r][c]
                after[r][c] = 0
            a, b = min(p, q), max(p, q)
            text = f"{a[0]},{a[1]} {b[0]},{b[1]} slide={dr * distance},{dc * distance}"
            result[text] = finish(after, p, q)
    return result


def _oracle_solvable(board):
    """Whether some line of the oracle's moves clears the board (exhaustive, small boards)."""
    seen = set()
    stack = [board]
    while stack:
        current = stack.pop()
        if current.is_solved:
            return True
        for rows in _oracle(current).values():
            after = Board.from_rows(rows, rules=current.rules)
            if after.rows not in seen:
                seen.add(after.rows)
                stack.append(after)
    return False


# -- strategies -----------------------------------------------------------------------

slide_rules = st.builds(
    Rules,
    outside=st.booleans(),
    gravity=st.sampled_from([None, "down"]),
    groups=st.booleans(),
    slide=st.just(True),
)


@st.composite
def slide_boards(draw, max_side=6, kinds=4):
    """Boards of any density under slide rules; settled when the rules have gravity."""
    rules = draw(slide_rules)
    height, width = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    tenths = draw(st.sampled_from([3, 5, 7, 9]))
    kind_count = draw(st.integers(1, kinds))
    cell = st.builds(
        lambda roll, kind: kind if roll < tenths else 0,
        st.integers(0, 9),
        st.integers(1, kind_count),
    )
    row = st.lists(cell, min_size=width, max_size=width)
    rows = draw(st.lists(row, min_size=height, max_size=height))
    return Board.from_rows(_settled(rows) if rules.gravity else rows, rules=rules)


def _pusher_and_other(pair):
    other = pair.b if pair.pusher == pair.a else pair.a
    return pair.pusher, other


# -- rules ----------------------------------------------------------------------------


def test_slide_rules_link_with_two_segments_at_most():
    assert SLIDE.max_turns == 1
    assert Rules(slide=True, max_turns=1) == SLIDE
    assert Rules().slide is False and Rules().max_turns == 2
    for turns in (0, 2):
        with pytest.raises(ArgumentError, match="slide=True needs max_turns=1"):
            Rules(slide=True, max_turns=turns)
    with pytest.raises(TypeError, match="slide must be a bool"):
        Rules(slide=1)
    assert str(SLIDE) == "outside=yes max_turns=1 gravity=none slide=yes"
    assert repr(Rules()) == "Rules(outside=True, max_turns=2, gravity=None, groups=False)"
    assert eval(repr(SLIDE)) == SLIDE


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("slide=yes max_turns=2", "slide=True needs max_turns=1"),
        ("max_turns=0 slide=yes", "slide=True needs max_turns=1"),
        ("slide=maybe", "slide must be yes or no"),
    ],
)
def test_contradictory_rules_text_is_a_parse_error(text, message):
    with pytest.raises(ParseError, match=message):
        Rules.parse(text)


@given(slide_rules | st.builds(Rules, max_turns=st.integers(0, 2), groups=st.booleans()))
def test_rules_text_round_trips(rules):
    assert Rules.parse(str(rules)) == rules
    assert Board.parse(str(Board.parse("aa", rules=rules))).rules == rules


# -- moves ----------------------------------------------------------------------------


def test_plain_pairs_keep_their_text_and_repr():
    pair = Pair((1, 3), (0, 0))
    assert str(pair) == "0,0 1,3" and repr(pair) == "Pair(a=(0, 0), b=(1, 3))"
    assert pair.slide == (0, 0) and pair.pusher is None
    assert Pair((0, 0), (1, 3), (0, 0)) == pair


@pytest.mark.parametrize(
    ("slide", "pusher"), [((0, 3), (0, 0)), ((1, 0), (0, 0)), ((0, -3), (1, 3)), ((-1, 0), (1, 3))]
)
def test_the_slide_names_the_pusher(slide, pusher):
    pair = Pair((1, 3), (0, 0), slide=slide)
    assert pair.pusher == pusher and pair.slide == slide
    assert Pair.parse(str(pair)) == pair and str(pair).endswith(f"slide={slide[0]},{slide[1]}")
    assert pair != Pair((0, 0), (1, 3)) and len({pair, Pair((0, 0), (1, 3))}) == 2
    assert sorted([Pair((0, 1), (0, 2)), pair]) == [pair, Pair((0, 1), (0, 2))]  # cells first


def test_bad_slides_are_refused():
    with pytest.raises(ArgumentError, match="share a line"):
        Pair((0, 0), (0, 3), slide=(0, 3))
    with pytest.raises(ArgumentError, match="one of"):
        Pair((0, 0), (2, 3), slide=(0, 2))
    with pytest.raises(TypeError, match="a slide is a"):
        Pair((0, 0), (2, 3), slide=(0, "3"))
    for text in ("0,0 2,3 slide=0,2", "0,0 2,3 slid=0,3", "0,0 2,3 slide=0", "0,0 2,3 slide=a,3",
                 "0,0 2,3 slide=0,3 x"):
        with pytest.raises(ParseError):
            Pair.parse(text)


@given(
    st.tuples(st.integers(0, 50), st.integers(0, 50)),
    st.tuples(st.integers(0, 50), st.integers(0, 50)),
    st.integers(0, 4),
)
def test_pair_text_round_trips(a, b, which):
    rows, cols = b[0] - a[0], b[1] - a[1]
    offsets = [(0, 0), (rows, 0), (0, cols), (-rows, 0), (0, -cols)]
    if a[0] == b[0] or a[1] == b[1]:
        offsets = [(0, 0)]
    pair = Pair(a, b, offsets[which % len(offsets)])
    assert Pair.parse(str(pair)) == pair and Pair.of(str(pair)) == pair
    assert eval(repr(pair)) == pair


# -- examples of play -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move", "after"),
    [
        # a row slide to the right: the a at 0,0 pushes b and c three cells on
        ("abc...\n...a..", "0,0 1,3 slide=0,3", "....bc\n......"),
        # to the left, the pusher on the right
        ("...cba\n..a...", "0,5 1,2 slide=0,-3", "cb....\n......"),
        # a column slide down, a run of two
        ("a.\nb.\nca\n..\n..", "0,0 2,1 slide=2,0", "..\n..\n..\nb.\nc."),
        # and up, the pusher below
        ("..\n..\n.a\nc.\nb.\na.", "2,1 5,0 slide=-3,0", "c.\nb.\n..\n..\n..\n.."),
    ],
)
def test_a_slide_moves_the_run_then_removes_the_pair(text, move, after):
    board = Board.parse(text, rules=SLIDE)
    assert move in board.legal_moves() and move in [str(m) for m in board.legal_moves()]
    assert board.play(move) == Board.parse(after, rules=SLIDE)
    pusher, other = _pusher_and_other(Pair.parse(move))
    link = board.link(move)
    assert link.points[0] == pusher and link.points[-1] == other and link.turns == 1
    # the link runs through the cells the run left, on the board once it has slid
    slid = board.to_text(move=move).splitlines()
    assert all(slid[r][c] in "-|+" for r, c in link.cells()[1:-1])


def test_a_slide_stops_at_the_next_tile_not_just_the_edge():
    board = Board.parse("ab..x\n...a.", rules=SLIDE)
    assert "0,0 1,3 slide=0,3" not in board.legal_moves()  # room for two cells, not three
    with pytest.raises(IllegalMoveError, match="can slide 2 cells, not 3"):
        board.play("0,0 1,3 slide=0,3")
    assert Board.parse("ab...\n...a.", rules=SLIDE).play("0,0 1,3 slide=0,3") == Board.parse(
        "....b\n.....", rules=SLIDE
    )


def test_no_slide_into_a_full_line():
    board = Board.parse("abcd\n.a..", rules=SLIDE)
    assert not any(move.pusher for move in board.legal_moves())
    with pytest.raises(IllegalMoveError, match="reach the edge of the board"):
        board.play("0,0 1,1 slide=0,1")


def test_only_the_tiles_next_to_the_pusher_move():
    board = Board.parse("a.b..\n..a..", rules=SLIDE)  # a gap next to the pusher: no run
    with pytest.raises(IllegalMoveError, match="no tile beside it"):
        board.play("0,0 1,2 slide=0,2")
    with pytest.raises(IllegalMoveError, match="blocked"):
        Board.parse("ab..\n.x..\n....\n.a..", rules=SLIDE).play("0,0 3,1 slide=0,1")


def test_slides_need_the_slide_rule():
    board = Board.parse("ab.\n.a.")
    assert all(move.pusher is None for move in board.legal_moves())
    assert "0,0 1,1 slide=0,1" not in board.legal_moves()
    with pytest.raises(IllegalMoveError, match=r"Rules\.slide is off"):
        board.play("0,0 1,1 slide=0,1")


def test_with_slides_plain_links_have_two_segments_at_most():
    board = Board.parse("axa", rules=SLIDE)  # around the x would take three segments
    assert board.is_stuck and not board.legal_moves()
    assert not Board.parse("axa").is_stuck


def test_crossed_pairs_are_not_over_when_tiles_can_slide():
    text = "ab.\nba.\n..."
    assert Board.parse(text, rules=Rules(max_turns=1)).is_stuck
    board = Board.parse(text, rules=SLIDE)
    assert not board.is_over and all(move.pusher for move in board.legal_moves())
    hint = board.hint()
    assert hint is not None and hint.pusher is not None
    assert board.play(hint).play(board.play(hint).hint()).is_solved
    result = solve(board)
    assert result.solved and result.moves[0].pusher is not None


def test_with_gravity_the_columns_a_row_slide_touched_settle():
    rules = Rules(slide=True, gravity="down")
    board = Board.parse("ab...\nxy...\nxy.a.", rules=rules)
    # b slides over empty column 4 and falls to its bottom
    assert board.play("0,0 2,3 slide=0,3") == Board.parse(".....\nxy...\nxy..b", rules=rules)


def test_pictures_of_a_slide():
    board = Board.parse("abc...\n...a..", rules=SLIDE)
    assert board.to_text(move="0,0 1,3 slide=0,3") == "a--+bc\n...a.."
    svg = board.to_svg(move="0,0 1,3 slide=0,3")
    assert svg.count('class="slide"') == 2 and svg.count('class="link"') == 1
    with pytest.raises(ArgumentError, match="not both"):
        board.to_text(move="0,0 1,3 slide=0,3", path=Path(((0, 0), (0, 3))))
    with pytest.raises(IllegalMoveError):
        board.to_svg(move="0,0 1,3 slide=1,0")  # nothing below the a to push


# -- properties -----------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(slide_boards())
def test_legal_moves_are_the_oracles_and_play_as_it_says(board):
    expected = _oracle(board)
    view = board.legal_moves()
    listed = [str(move) for move in view]
    assert len(listed) == len(set(listed)) == len(view)
    assert set(listed) == set(expected)
    assert board.is_over == (not expected)
    for move in view:
        assert move in view and str(move) in view
        assert Pair.parse(str(move)) == move
        assert board.play(move).rows == tuple(map(tuple, expected[str(move)]))


@settings(max_examples=80, deadline=None)
@given(slide_boards(), st.data())
def test_in_agrees_with_play_for_any_pair(board, data):
    cell = st.tuples(st.integers(0, board.height - 1), st.integers(0, board.width - 1))
    a, b = data.draw(cell), data.draw(cell)
    rows, cols = b[0] - a[0], b[1] - a[1]
    offsets = [(0, 0)]
    if rows and cols:
        offsets += [(rows, 0), (0, cols), (-rows, 0), (0, -cols)]
    pair = Pair(a, b, data.draw(st.sampled_from(offsets)))
    try:
        board.play(pair)
    except IllegalMoveError:
        accepted = False
    else:
        accepted = True
    assert (pair in board.legal_moves()) == accepted == (str(pair) in _oracle(board))
    plain = Board.from_rows(board.rows, rules=Rules(max_turns=1))  # the same board, no slides
    if pair.pusher is not None:
        assert pair not in plain.legal_moves()


@settings(max_examples=60, deadline=None)
@given(slide_boards())
def test_a_slide_moves_its_run_and_removes_two_tiles(board):
    before = board.rows
    for move in board.legal_moves():
        after = board.play(move).rows
        counts, left = board.counts(), board.play(move).counts()
        for kind in (board[move.a], board[move.b]):
            counts[kind] -= 1
        assert {k: n for k, n in counts.items() if n} == left
        if move.pusher is None or board.rules.gravity:
            continue
        pusher, other = _pusher_and_other(move)
        distance = max(map(abs, move.slide))
        step = (move.slide[0] // distance, move.slide[1] // distance)
        run = []
        cell = (pusher[0] + step[0], pusher[1] + step[1])
        while 0 <= cell[0] < board.height and 0 <= cell[1] < board.width and board[cell]:
            run.append(cell)
            cell = (cell[0] + step[0], cell[1] + step[1])
        moved = {(r + move.slide[0], c + move.slide[1]): before[r][c] for r, c in run}
        assert run and (pusher[0] + move.slide[0], pusher[1] + move.slide[1]) not in moved
        for r in range(board.height):
            for c in range(board.width):
                if (r, c) in moved:
                    assert after[r][c] == moved[r, c]
                elif (r, c) in (pusher, other, *run):
                    assert after[r][c] == 0
                else:
                    assert after[r][c] == before[r][c]


@settings(max_examples=60, deadline=None)
@given(slide_boards(max_side=4, kinds=3))
def test_solver_results_replay_and_agree_with_an_exhaustive_search(board):
    result = solve(board, node_limit=20_000)
    assert result.complete
    replay = board
    for move in result.moves:
        assert move in replay.legal_moves()
        replay = replay.play(move)
    assert replay == result.final
    assert result.solved == _oracle_solvable(board)
    if result.moves and result.solved:
        assert board.hint() == result.moves[0]


@settings(max_examples=40, deadline=None)
@given(
    slide_rules,
    st.sampled_from([(2, 3), (4, 4), (4, 6), (6, 6), (6, 8)]),
    st.integers(1, 12),
    st.integers(0, 2**32 - 1),
)
def test_deals_under_slide_rules_are_solvable_by_construction(rules, size, kinds, seed):
    height, width = size
    board, witness = deal_with_solution(height, width, min(kinds, height * width // 2),
                                        seed=seed, rules=rules)
    assert board.rules == rules
    replay = board
    for move in witness:
        replay = replay.play(move)
    assert replay.is_solved
    result = solve(board, node_limit=50_000)
    assert result.solved
    hint = board.hint(node_limit=50_000)
    assert hint in board.legal_moves() and solve(board.play(hint), node_limit=50_000).solved


def test_deal_takes_slide_rules():
    board = deal(6, 8, 12, seed=4, rules=SLIDE)
    assert board.rules == SLIDE and solve(board).solved


def test_slide_moves_rules_and_boards_pickle():
    board = Board.parse("ab.\nba.", rules=Rules(slide=True, gravity="down"))
    move = Pair.parse("0,0 1,1 slide=0,1")
    for value in (board, move, board.rules, board.play(move)):
        assert pickle.loads(pickle.dumps(value)) == value


def test_the_solver_stops_on_time_on_a_large_sliding_board():
    rng = random.Random(3)
    rows = [[1 if rng.random() < 0.5 else 0 for _ in range(200)] for _ in range(200)]
    rows[0][0] = (sum(map(sum, rows)) - rows[0][0]) % 2  # an even number of tiles: no quick proof
    board = Board.from_rows(rows, rules=SLIDE)
    started = time.perf_counter()
    result = solve(board, time_limit=0.2)
    assert not result.complete and time.perf_counter() - started < 2
