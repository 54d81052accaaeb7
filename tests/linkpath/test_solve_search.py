"""The solver's search (restarts in shuffled orders, boards proved dead kept across them),
checked against exhaustive search through the public moves and replayed through
``Board.play``.
"""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit.linkpath import Board, Rules, deal_with_solution, match_key, solve, solver
from puzzlekit.linkpath.paths import Grid
from puzzlekit.linkpath.strategies import boards, rules, solvable_boards


def _replay(board, moves):
    """Play *moves* through the public move path, each checked legal by it."""
    for pair in moves:
        assert pair in list(board.legal_moves()), f"{pair} is not legal on\n{board}"
        board = board.play(pair)
    return board


def _clearable(board, seen):
    """Whether *board* can be cleared, by trying every public move (tiny boards only)."""
    if board.is_solved:
        return True
    key = str(board)
    if key in seen:
        return False
    seen.add(key)
    return any(_clearable(board.play(pair), seen) for pair in board.legal_moves())


@pytest.fixture
def restart_often(monkeypatch):
    """Restarts every node or so (a unit of one node), so every search restarts many times."""
    monkeypatch.setattr(solver, "_RESTART_NODES", -(10**9))


def _check_exact(board):
    result = solve(board)
    assert result.complete
    assert _replay(board, result.moves) == result.final
    clearable = board.is_valid() and _clearable(board, set())
    assert result.solved == clearable == (not result.proved_unsolvable)


@settings(max_examples=60, deadline=None)
@given(boards(max_side=4, kinds=3, rules=rules(slide=True)))
def test_solve_is_exact_with_restarts(board):
    # The boards proved dead in one run are kept for the next: a wrong one would make a
    # clearable board look stuck. Checked with a restart every few nodes.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "_RESTART_NODES", -(10**9))
        _check_exact(board)


@settings(max_examples=40, deadline=None)
@given(boards(max_side=4, kinds=3, rules=rules(slide=True)))
def test_solve_is_exact_on_small_boards_of_every_rule_set(board):
    _check_exact(board)


@settings(max_examples=30, deadline=None)
@given(solvable_boards(max_side=6, rules=rules(slide=True)))
def test_solutions_replay_to_an_empty_board(board_and_witness):
    board, _ = board_and_witness
    result = solve(board)
    assert result.solved and result.complete
    assert _replay(board, result.moves).is_solved


@settings(max_examples=20, deadline=None)
@given(solvable_boards(max_side=8, rules=rules(slide=True)), st.integers(0, 30))
def test_restarting_searches_clear_deals(board_and_witness, played):
    board, witness = board_and_witness
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "_RESTART_NODES", -(10**9))
        for pair in witness[:played]:
            board = board.play(pair)
        result = solve(board)
    assert result.solved
    assert _replay(board, result.moves).is_solved


@pytest.mark.parametrize(
    "rules_",
    [Rules(max_turns=1), Rules(slide=True)],
    ids=["one turn", "slide"],
)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_scarce_links_deals_of_16_x_30_clear(rules_, seed):
    # Plain depth-first search ended in a dead end it could not leave on these
    # (one turn: seeds 0-2; slide: seed 9 of the benchmark is like them).
    board, _ = deal_with_solution(16, 30, 42, seed=seed, rules=rules_)
    result = solve(board, node_limit=200_000)
    assert result.solved
    assert _replay(board, result.moves).is_solved


def test_a_restart_keeps_the_longest_line_when_stopped(restart_often):
    board, _ = deal_with_solution(8, 8, 6, seed=3, rules=Rules(max_turns=1))
    result = solve(board, node_limit=40)
    assert not result.complete
    assert _replay(board, result.moves) == result.final
    assert len(result.moves) >= 1


def test_stuck_board_is_proved_with_restarts(restart_often):
    board = Board.parse("rules: max_turns=1\nabc\nbca\ncab")
    result = solve(board, node_limit=100_000)
    assert result.proved_unsolvable
    assert _replay(board, result.moves) == result.final


@st.composite
def one_line_boards(draw):
    """Boards whose tiles all lie in the bottom row (so gravity moves none), links of one turn
    at most: the tiles must pair off as nested brackets."""
    width = draw(st.integers(2, 8))
    height = draw(st.integers(1, 3))
    row = draw(st.lists(st.integers(0, 3), min_size=width, max_size=width))
    rows = [[0] * width for _ in range(height - 1)] + [row]
    chosen = draw(
        st.sampled_from(
            [
                Rules(max_turns=1, gravity="down"),
                Rules(max_turns=0, gravity="down", outside=False),
                Rules(slide=True, gravity="down"),
                Rules(slide=True),
            ]
        )
    )
    return Board.from_rows(rows, rules=chosen)


@settings(max_examples=60, deadline=None)
@given(one_line_boards())
def test_one_line_endings_are_exact(board):
    _check_exact(board)


def test_crossed_brackets_in_the_bottom_row_are_stuck():
    board = Board.parse("rules: max_turns=1 gravity=down\n....\nabab")
    assert solve(board).proved_unsolvable
    assert solve(Board.parse("rules: max_turns=1 gravity=down\n....\nabba")).solved


ONE_TURN_GRAVITY = [
    Rules(max_turns=1, gravity="down"),
    Rules(max_turns=1, gravity="down", outside=False),
    Rules(max_turns=0, gravity="down"),
    Rules(max_turns=0, gravity="down", outside=False),
    Rules(slide=True, gravity="down"),
    Rules(slide=True, gravity="down", groups=True),
]
"""Rule sets with gravity and links of one turn at most (the bottom-row cut's and the
settled links' reach)."""


@st.composite
def low_boards(draw):
    """Small boards with gravity and links of one turn at most, their tiles mostly in the
    bottom rows (some floating over gaps): kinds often lie all in the bottom row, where the
    solver cuts a line whose tiles there cannot pair off as nested brackets."""
    width = draw(st.integers(2, 6))
    height = draw(st.integers(2, 3))
    upper = st.sampled_from((0, 0, 1, 2, 3, 4))  # rows above the bottom one: half empty
    rows = [
        draw(st.lists(upper if r < height - 1 else st.integers(1, 4), min_size=width,
                      max_size=width))
        for r in range(height)
    ]
    for kind in (1, 2, 3, 4):  # an even number of each kind, or the board is refused at once
        cells_of = [(r, c) for r, row in enumerate(rows) for c, k in enumerate(row) if k == kind]
        if len(cells_of) % 2:
            r, c = cells_of[0]
            rows[r][c] = 0
    return Board.from_rows(rows, rules=draw(st.sampled_from(ONE_TURN_GRAVITY)))


@settings(max_examples=300, deadline=None)
@given(low_boards())
def test_the_bottom_row_cut_never_refuses_a_clearable_board(board):
    _check_exact(board)


@pytest.mark.parametrize(
    ("text", "clearable"),
    [
        ("..cc\nabab", False),  # a and b cross below, and the c's cannot help them
        (".a.a\nabab", True),  # the upper a's take the lower one each, then b b
        ("b..b\nabab", True),  # the upper b's take the lower one each, then a a
    ],
)
def test_kinds_all_in_the_bottom_row_must_nest(text, clearable):
    board = Board.parse("rules: slide=yes gravity=down\n" + text)
    result = solve(board)
    assert result.complete and result.solved == clearable
    assert result.solved == _clearable(board, set())


@pytest.mark.parametrize(
    ("text", "clearable"),
    [
        ("b......\nababcbc", False),  # one upper b takes one lower b: a, b and c still cross
        ("......b\nababcbc", False),
        ("b......\nabbacbc", True),
    ],
)
def test_a_kind_with_fewer_tiles_above_than_below_pairs_off_the_rest_below(text, clearable):
    board = Board.parse("rules: slide=yes gravity=down\n" + text)
    result = solve(board)
    assert result.complete and result.solved == clearable == _clearable(board, set())
    if not clearable:  # refused before any move
        assert result.moves == ()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(ONE_TURN_GRAVITY), st.sampled_from([(3, 6), (4, 6), (5, 8)]),
       st.integers(0, 2**32 - 1), st.data())
def test_no_board_along_a_witness_line_is_proved_stuck(rules_, size, seed, data):
    # Each board a deal's witness passes through can be cleared: the solver's cuts must
    # never refuse one (kinds of four tiles or more, so some lie both below and above).
    height, width = size
    board, witness = deal_with_solution(height, width, height * width // 6, seed=seed,
                                        rules=rules_)
    for pair in witness[: data.draw(st.integers(0, len(witness)))]:
        board = board.play(pair)
    result = solve(board, node_limit=20_000)
    assert not result.proved_unsolvable
    assert _replay(board, result.moves) == result.final


def test_one_turn_gravity_deal_clears():
    board, _ = deal_with_solution(10, 12, 12, seed=4, rules=Rules(slide=True, gravity="down"))
    result = solve(board, node_limit=100_000)
    assert result.solved
    assert _replay(board, result.moves).is_solved


@st.composite
def settled_boards(draw):
    """Small boards with gravity and links of one turn at most, their columns settled."""
    width = draw(st.integers(1, 7))
    height = draw(st.integers(1, 6))
    counts = draw(st.lists(st.integers(0, height), min_size=width, max_size=width))
    kinds = st.integers(1, draw(st.integers(1, 8)))
    rows = [[0] * width for _ in range(height)]
    for c, count in enumerate(counts):
        for r in range(height - count, height):
            rows[r][c] = draw(kinds)
    return Board.from_rows(rows, rules=draw(st.sampled_from(ONE_TURN_GRAVITY)))


@settings(max_examples=300, deadline=None)
@given(settled_boards())
def test_links_read_off_settled_columns_are_every_link(board):
    rules_ = board.rules
    grid = Grid(board.rows, outside=rules_.outside, max_turns=rules_.max_turns, gravity=True,
                groups=rules_.groups, slide=rules_.slide)
    stride = board.width + 2
    expected: dict[int, list[tuple[int, int]]] = {}
    for a, b in itertools.combinations(board.tiles, 2):  # reading order: a before b
        key = match_key(board[a], rules_)
        if key == match_key(board[b], rules_) and board.can_link(a, b):
            pair = ((a[0] + 1) * stride + a[1] + 1, (b[0] + 1) * stride + b[1] + 1)
            expected.setdefault(key, []).append(pair)
    assert grid.settled_links() == expected


@settings(max_examples=200, deadline=None)
@given(settled_boards(), st.data())
def test_links_read_again_after_moves_are_the_links_read_whole(board, data):
    rules_ = board.rules
    grid = Grid(board.rows, outside=rules_.outside, max_turns=rules_.max_turns, gravity=True,
                groups=rules_.groups, slide=rules_.slide)
    links = grid.settled_links()
    line = []
    while moves := sorted(grid.moves()):
        move = data.draw(st.sampled_from(moves))
        changes = grid.remove(*move)
        line.append((links, changes))
        links = grid.settled_links()
        assert grid.settled_links(since=line[-1]) == links, move
    for before, changes in reversed(line):  # taken back: read again the other way
        grid.undo(changes)
        assert grid.settled_links(since=(links, changes)) == before
        links = before


def test_links_are_not_read_off_columns_with_a_gap_or_with_two_turns():
    grid = Grid(((1,), (0,), (1,)), outside=True, max_turns=1, gravity=True)
    assert grid.settled_links() is None
    settled = Grid(((0,), (1,), (1,)), outside=True, max_turns=1, gravity=True)
    assert settled.settled_links() == {1: [(7, 10)]}  # padded: rows 2 and 3
    two_turns = Grid(((0,), (1,), (1,)), outside=True, max_turns=2, gravity=True)
    assert two_turns.settled_links() is None  # links over the top are not read off rows
