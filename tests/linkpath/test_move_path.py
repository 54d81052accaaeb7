"""The public move path: legal moves derived from the board played from, as a full rescan."""

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit.linkpath import Board, Pair, Rules
from puzzlekit.linkpath.paths import Grid
from puzzlekit.linkpath.strategies import boards, rules


def rescanned(board: Board) -> list[Pair]:
    """The legal moves of a fresh board of the same rows: a full scan, nothing inherited."""
    return list(Board(board.rows, board.rules).legal_moves())


def plain_cell_pairs(board: Board) -> set[tuple[int, int]]:
    """Every pair of matching tiles that links, by testing each one with a fresh grid."""
    tiles = board.tiles
    return {
        (a[0] * board.width + a[1], b[0] * board.width + b[1])
        for n, a in enumerate(tiles)
        for b in tiles[n + 1 :]
        if board.can_link(a, b)
    }


@settings(max_examples=60, deadline=None)
@given(boards(max_side=6, kinds=3, rules=rules(slide=True)), st.randoms(use_true_random=False))
def test_legal_moves_after_play_are_a_full_rescan(board, rng):
    for _ in range(6):
        legal = list(board.legal_moves())
        assert legal == rescanned(board)  # the same moves, in the same order
        assert set(board.cell_pairs()) == plain_cell_pairs(board)
        assert board.is_over == (not legal)
        if not legal:
            break
        board = board.play(rng.choice(legal))


@settings(max_examples=30, deadline=None)
@given(boards(max_side=8, kinds=2, rules=rules(gravity=False)), st.randoms(use_true_random=False))
def test_played_boards_equal_and_hash_as_parsed(board, rng):
    while board.legal_moves():
        board = board.play(rng.choice(list(board.legal_moves())))
        fresh = Board.parse(str(board))
        assert board == fresh and hash(board) == hash(fresh)
        assert board.rows == Grid(board.rows, outside=True, max_turns=2).rows()


def test_a_link_opened_by_a_removal_is_listed():
    board = Board.parse("abba", rules=Rules(outside=False))
    assert [str(pair) for pair in board.legal_moves()] == ["0,1 0,2"]
    after = board.play("0,1 0,2")
    assert [str(pair) for pair in after.legal_moves()] == ["0,0 0,3"]
    assert after.cell_pairs() == [(0, 3)]
    assert after.play("0,0 0,3").is_over
