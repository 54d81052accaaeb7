"""Game, Clock and game records: the parts that do not depend on which puzzle is played.

The contract test (tests/test_contract.py) runs the same properties over
every registered puzzle; these pin the rules with small tromino games.
"""

import io
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlekit import Clock, Game, IllegalMoveError, Outcome, ParseError, read_records, tromino

START = "...\n..."  # two trominoes: 0,0 se then 0,1 nw


class FakeTime:
    """A time source the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def new_game(**options):
    return Game(tromino.Board.parse(START), **options)


def test_undo_and_redo_at_any_depth_and_a_new_move_drops_the_redo_line():
    game = new_game()
    first, second = tromino.Tromino.parse("0,0 se"), tromino.Tromino.parse("0,1 nw")
    game.play(first)
    game.play("0,1 nw")
    assert game.outcome == Outcome("solved", "the puzzle is solved") and game.is_over
    assert game.undo() == second and game.undo() == first
    assert game.position == game.start and game.redo_moves == (first, second)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()
    assert game.redo() == first
    game.play(first.parse("0,1 nw"))  # the same move as the redo line's: still drops it
    assert game.redo_moves == ()
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        game.redo()


def test_an_illegal_move_leaves_the_game_as_it_was():
    game = new_game()
    game.play("0,0 se")
    with pytest.raises(IllegalMoveError):
        game.play("0,0 se")
    assert len(game.moves) == 1 and len(game.positions) == 2


def test_no_move_after_the_game_is_over():
    game = new_game()
    game.resign()
    assert game.outcome.reason == "resigned" and not game.legal_moves()
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play("0,0 se")
    assert game.hint() is None


def test_the_clock_pauses_resumes_and_times_the_game_out():
    time = FakeTime()
    game = new_game(time_limit=10, time_source=time)
    time.now += 4
    game.clock.pause()
    time.now += 100
    assert game.clock.elapsed == 4 and game.outcome is None
    game.clock.resume()
    time.now += 6
    assert game.outcome.reason == "time out" and not game.legal_moves()
    time.now += 50
    assert game.clock.elapsed == 10  # the clock stopped with the game
    with pytest.raises(IllegalMoveError, match="time out"):
        game.play("0,0 se")


@given(st.lists(st.sampled_from(["pause", "resume", "wait"]), max_size=20),
       st.lists(st.floats(min_value=0, max_value=100), min_size=20, max_size=20))
def test_clock_elapsed_is_the_sum_of_the_running_stretches(actions, waits):
    time = FakeTime()
    clock = Clock(time_source=time)
    expected, running = 0.0, True
    for action, wait in zip(actions, waits, strict=False):
        if action == "pause":
            clock.pause()
            running = False
        elif action == "resume":
            clock.resume()
            running = True
        else:
            time.now += wait
            expected += wait if running else 0
    assert clock.elapsed == pytest.approx(expected)
    assert clock.running == running


def test_a_solved_game_stops_the_clock():
    time = FakeTime()
    game = new_game(time_source=time)
    game.play("0,0 se")
    time.now += 3
    game.play("0,1 nw")
    time.now += 30
    assert game.clock.elapsed == 3 and not game.clock.running


def test_records_round_trip_with_headers_clock_and_result():
    time = FakeTime()
    game = new_game(time_limit=60, time_source=time, headers={"Player": "Ada"})
    game.play("0,0 se")
    time.now += 12.5
    text = game.record(date="2026-12-01")
    assert text.splitlines()[:3] == ["Puzzle: tromino", "Date: 2026-12-01", "Result: *"]
    again = Game.from_record(text, time_source=time)
    assert again.moves == game.moves and again.headers == {"Player": "Ada"}
    assert again.clock.elapsed == pytest.approx(12.5) and again.clock.time_limit == 60
    assert again.record(date="2026-12-01") == text


def test_a_resigned_record_stays_resigned():
    game = new_game()
    game.resign()
    assert Game.from_record(game.record()).outcome.reason == "resigned"


def test_many_records_in_one_file_are_read_lazily():
    game = new_game()
    game.play("0,0 se")
    text = "\n\n".join([game.record()] * 3) + "\n\nPuzzle: nonsense\n"
    games = read_records(io.StringIO(text))
    assert [len(next(games).moves) for _ in range(3)] == [1, 1, 1]
    with pytest.raises(ParseError, match="unknown puzzle 'nonsense'"):
        next(games)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Start:\n    ...", "record at line 1: no 'Puzzle:' header"),
        ("Puzzle: tromino\nStart:\n    ..x", "start position"),
        ("Puzzle: tromino\nbad line", "record line 2: 'bad line' is not 'Key: value'"),
        ("Puzzle: tromino\nStart:\n    ...\n    ...\nMoves:\n    2. 0,0 se",
         "record line 6: expected move 1"),
        ("Puzzle: tromino\nStart:\n    ...\n    ...\nMoves:\n    1. 0,0 se\n    2. 0,0 se",
         "record line 7: move 2 '0,0 se' is illegal"),
        ("Puzzle: tromino\nStart:\n    ...\n    ...\nMoves:\n    1. 9,9 zz",
         "record line 6: move 1"),
        ("Puzzle: tromino\nResult: solved\nStart:\n    ...\n    ...",
         "says result 'solved', the moves give '\\*'"),
        ("Puzzle: tromino\nElapsed: soon\nStart:\n    ...\n    ...", "Elapsed 'soon'"),
        ("Puzzle: tromino\nPuzzle: tromino", "given twice"),
    ],
)
def test_bad_records_are_parse_errors_with_line_numbers(text, message):
    with pytest.raises(ParseError, match=message):
        Game.from_record(text)


@given(st.text(max_size=200))
def test_any_text_is_a_game_or_a_parse_error(text):
    try:
        games = list(read_records(text.splitlines()))
    except ParseError:
        return
    for game in games:
        assert isinstance(game, Game)


def test_a_saved_game_resumes_with_its_redo_line_and_clock():
    game = new_game(time_limit=100)
    game.play("0,0 se")
    game.undo()
    saved = pickle.loads(pickle.dumps(game))
    assert saved.redo_moves == game.redo_moves and saved.clock.time_limit == 100
    saved.redo()
    saved.play("0,1 nw")
    assert saved.outcome.reason == "solved"


def test_a_game_needs_a_registered_puzzle_state():
    with pytest.raises(TypeError, match="not the state type of a registered puzzle"):
        Game("...")
