"""Game: a proved loss ends the game; hints, undos and the redo line are counted and recorded."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import PUZZLES, Game, IllegalMoveError, ParseError, UnsolvableError, tromino

BOARD = tromino.Board.parse("......\n......")


def test_a_move_that_leaves_no_solution_loses_the_game_at_once():
    game = Game(BOARD, prove_lost=1000)
    game.play("0,0 nw")  # cell 0,0 can no longer be covered
    assert not game.legal_moves()
    assert game.position.legal_moves(), "moves remain on the board"
    assert game.outcome.reason == "lost" and str(game.outcome.move) == "0,0 nw"
    assert "move 1 (0,0 nw)" in game.outcome.detail and not game.clock.running
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.play("0,2 nw")
    game.undo()
    assert game.outcome is None and game.clock.running
    again = Game.from_record(_played(game, "0,0 nw").record())
    assert again.outcome.reason == "lost" and again.prove_lost == 1000


def _played(game, move):
    game.play(move)
    return game


def test_without_prove_lost_the_game_goes_on():
    game = Game(BOARD)
    game.play("0,0 nw")
    assert game.outcome is None and game.legal_moves()


def test_a_record_that_says_lost_is_checked():
    game = Game(BOARD, prove_lost=1000)
    game.play("0,0 nw")
    text = game.record().replace("Result: lost", "Result: *")
    with pytest.raises(ParseError, match="the moves give 'lost'"):
        Game.from_record(text)


def test_hints_and_undos_are_counted_and_read_back():
    game = Game(BOARD)
    game.play(game.hint())
    game.play(game.hint())
    game.undo()
    assert (game.hints_taken, game.undos) == (2, 1)
    again = Game.from_record(game.record())
    assert (again.hints_taken, again.undos) == (2, 1)
    assert again.redo_moves == game.redo_moves and len(again.redo_moves) == 1


@pytest.mark.parametrize(("header", "message"), [("Hints: -1", "not a count"),
                                                  ("Undos: 1e3", "not a count")])
def test_bad_counters_are_parse_errors(header, message):
    text = Game(BOARD).record().replace("Start:", header + "\nStart:")
    with pytest.raises(ParseError, match=message):
        Game.from_record(text)


def test_an_illegal_redo_line_is_a_parse_error():
    game = Game(BOARD)
    game.play("0,0 se")
    game.undo()
    text = game.record().replace("1. 0,0 se", "1. 1,5 sw")
    with pytest.raises(ParseError, match="redo move 1 '1,5 sw' is illegal"):
        Game.from_record(text)


@pytest.mark.parametrize("name", list(PUZZLES))
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**16), depth=st.integers(0, 6), undone=st.integers(0, 6))
def test_records_keep_the_redo_line_and_the_lost_outcome(name, seed, depth, undone):
    puzzle = PUZZLES[name]
    game = Game(puzzle.random_state(seed), prove_lost=300)
    for _ in range(depth):
        moves = list(game.legal_moves())
        if not moves:
            break
        game.play(moves[(seed + len(game.moves)) % len(moves)])
    for _ in range(min(undone, len(game.moves))):
        game.undo()
    again = Game.from_record(game.record())
    assert again.moves == game.moves and again.redo_moves == game.redo_moves
    assert again.outcome == game.outcome and again.undos == game.undos
    if game.outcome is not None and game.outcome.reason == "lost":
        with pytest.raises(UnsolvableError):
            game.position.hint(node_limit=300)
