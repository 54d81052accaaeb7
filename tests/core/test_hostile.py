"""Hostile input to games: long games on big boards, any headers, any timings, games over
at their start. Whatever ``record()`` writes reads back to an equal game; the sweep
(tests/test_sweep.py) runs the same classes with many more examples."""

import functools
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import ArgumentError, Game, linkpath, samegame, tromino


class FakeTime:
    """A time source the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def replayed(game):
    return functools.reduce(lambda position, move: position.play(move), game.moves, game.start)


def test_a_long_game_on_a_big_board_keeps_little_memory_and_reads_back():
    # was: every position kept; 128x128 took 807 MB to play and 1.6 GB to read back
    board = tromino.Board.square(64, (0, 0))
    line = tromino.tile(board).moves()
    tracemalloc.start()
    try:
        game = Game(board)
        for move in line:
            game.play(move)
        again = Game.from_record(game.record(date="2026-12-01"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # All 1365 positions would be 1365 boards of up to 1365 trominoes: about 90 MB.
    assert peak < 15_000_000
    assert again.outcome == game.outcome and again.position == game.position
    assert again.record(date="2026-12-01") == game.record(date="2026-12-01")
    assert game.positions == tuple(
        functools.reduce(lambda line, move: [*line, line[-1].play(move)], game.moves, [board])
    )


STEPS = st.lists(st.tuples(st.sampled_from(["play", "undo", "redo"]), st.integers(1, 400)),
                 max_size=8)


@settings(max_examples=25, deadline=None)
@given(steps=STEPS)
def test_any_play_undo_redo_walk_of_a_long_game_stays_on_its_moves(steps):
    board = tromino.Board(2, 1200)  # 800 moves: checkpoints are thinned out on the way
    line = tromino.tile(board).moves()
    game = Game(board)
    for kind, count in steps:
        for _ in range(count):
            if kind == "play" and len(game.moves) < len(line):
                game.play(line[len(game.moves)])
            elif kind == "undo" and game.moves:
                game.undo()
            elif kind == "redo" and game.redo_moves:
                game.redo()
        assert game.position == replayed(game)
        assert game.moves == tuple(line[: len(game.moves)])


@pytest.mark.parametrize(
    ("key", "value"),
    [("Note", "two\nlines"), ("Note", "a\rb"), ("Note", "a\u2028b"), ("Note", "a\x85b"),
     ("Note", "a\x0cb"), ("Note", "a\x1eb"), ("Note", " lead"), ("Note", "trail "),
     ("Note", "\x1fx"), ("Key:Colon", "v"), ("", "v"), ("Two\nLines", "v"), (" Key", "v"),
     *((reserved, "v") for reserved in
       ("Puzzle", "Date", "Result", "Score", "Elapsed", "TimeLimit", "Start", "Moves"))],
)
def test_headers_that_would_not_read_back_are_refused(key, value):
    start = tromino.Board.parse("...\n...")
    with pytest.raises(ArgumentError, match="header"):
        Game(start, headers={key: value})
    game = Game(start)
    game.headers[key] = value  # the dict is the caller's to change: record() checks it too
    with pytest.raises(ArgumentError, match="header"):
        game.record()


@pytest.mark.parametrize("headers", [{1: "a"}, {"a": 1}, ["Player", "Ada"]])
def test_headers_of_the_wrong_type_are_a_type_error(headers):
    with pytest.raises(TypeError, match="header"):
        Game(tromino.Board.parse("...\n..."), headers=headers)


@given(headers=st.dictionaries(st.text(max_size=12), st.text(max_size=12), max_size=4))
def test_any_headers_are_refused_or_read_back_equal(headers):
    time = FakeTime()
    try:
        game = Game(tromino.Board.parse("...\n..."), headers=headers, time_source=time)
    except ArgumentError:
        return
    text = game.record(date="2026-12-01")
    again = Game.from_record(text, time_source=time)
    assert again.headers == headers and again.record(date="2026-12-01") == text


@pytest.mark.parametrize(("limit", "played_at"), [(1.0004, 1.0), (1.0004, 1.0004),
                                                  (1.0004, 1.00039), (1.0, 0.9996)])
def test_games_timed_close_to_their_limit_read_back_with_their_outcome(limit, played_at):
    # was: Elapsed written to 3 decimals, so the outcome read back changed
    time = FakeTime()
    game = Game(tromino.Board.parse("...\n..."), time_limit=limit, time_source=time)
    game.play("0,0 se")
    time.now += played_at
    text = game.record(date="2026-12-01")
    again = Game.from_record(text, time_source=time)
    assert again.outcome == game.outcome and again.clock.elapsed == game.clock.elapsed
    assert again.record(date="2026-12-01") == text


@given(
    limit=st.none() | st.floats(0, 1e6),
    waits=st.lists(st.floats(0, 1e6), min_size=1, max_size=4),
    resign=st.booleans(),
)
def test_any_timings_read_back_to_an_equal_game(limit, waits, resign):
    time = FakeTime()
    game = Game(tromino.Board.parse("......\n......"), time_limit=limit, time_source=time)
    for wait, move in zip(waits, ["0,0 se", "0,1 nw", "0,3 se"], strict=False):
        time.now += wait
        if game.is_over:
            break
        game.play(move)
    time.now += waits[-1]
    if resign:
        game.resign()
    text = game.record(date="2026-12-01")
    again = Game.from_record(text, time_source=time)
    assert again.outcome == game.outcome and again.moves == game.moves
    assert again.clock.elapsed == game.clock.elapsed
    assert again.clock.running == game.clock.running
    assert again.record(date="2026-12-01") == text


@pytest.mark.parametrize(
    "start",
    [samegame.Board.parse("12\n21"), tromino.Board.parse(".."), tromino.Board.parse("#"),
     linkpath.Board.parse("ab")],
    ids=["samegame-stuck", "tromino-stuck", "tromino-solved", "linkpath-stuck"],
)
def test_a_game_over_at_its_start_has_its_clock_stopped(start):
    time = FakeTime()
    game = Game(start, time_source=time, time_limit=5)
    time.now += 60
    assert game.is_over and not game.clock.running and game.clock.elapsed == 0
    again = Game.from_record(game.record(), time_source=time)
    assert again.outcome == game.outcome and not again.clock.running
