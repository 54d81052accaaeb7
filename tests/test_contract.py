"""The shared contract, checked the same way for every registered puzzle.

Each test runs once per entry of ``puzzlekit.PUZZLES``: a fifth puzzle is
checked here as soon as it registers.
"""

from __future__ import annotations

import importlib
import pickle
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import (
    PUZZLE_MODULES,
    PUZZLES,
    ArgumentError,
    Game,
    IllegalMoveError,
    Level,
    LimitReached,
    MoveView,
    PuzzleMove,
    PuzzleState,
    SearchResult,
    UnsolvableError,
)

NAMES = list(PUZZLES)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def states(name: str) -> st.SearchStrategy[Any]:
    module = importlib.import_module(PUZZLES[name].strategies)
    strategy: st.SearchStrategy[Any] = module.states()
    return strategy


def random_line(state: Any, data: st.DataObject, most: int = 12) -> list[Any]:
    """Random legal moves from *state*, drawn by hypothesis."""
    line = []
    for _ in range(most):
        moves = list(state.legal_moves())
        if not moves or not data.draw(st.booleans(), label="go on"):
            break
        move = data.draw(st.sampled_from(moves), label="move")
        line.append(move)
        state = state.play(move)
    return line


def check_result(puzzle: Any, state: Any, result: Any) -> None:
    assert isinstance(result, SearchResult)
    assert result.start == state
    assert result.replayed() == result.final
    assert all(isinstance(move, puzzle.move) for move in result.moves)
    if puzzle.score is not None and result.score is not None:
        assert result.score == puzzle.score(state, result.moves)
    if result.proved_unsolvable:
        assert result.complete and not result.final.is_solved
    if result.solution is not None:
        assert result.final.is_solved


@pytest.mark.parametrize("name", NAMES)
def test_the_registry_entry_is_complete(name):
    puzzle = PUZZLES[name]
    assert puzzle.name == name
    state = puzzle.random_state(0)
    assert isinstance(state, puzzle.state)
    assert puzzle.random_state(7) == puzzle.random_state(7)
    assert hasattr(importlib.import_module(puzzle.cli), "register")


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_states_satisfy_the_protocol_and_round_trip(name, data):
    puzzle = PUZZLES[name]
    state = data.draw(states(name), label="state")
    assert isinstance(state, PuzzleState)
    assert puzzle.state.parse(str(state)) == state
    assert pickle.loads(pickle.dumps(state)) == state
    view = state.legal_moves()
    assert isinstance(view, MoveView)
    moves = list(view)
    assert len(view) == len(moves) == len(set(moves))
    assert bool(view) == bool(moves) == (not state.is_over)
    if state.is_solved:
        assert state.is_over
    for move in moves[:20]:
        assert isinstance(move, PuzzleMove)
        assert puzzle.move.parse(str(move)) == move
        assert move in view and str(move) in view
        assert state.play(str(move)) == state.play(move)


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_in_legal_moves_agrees_with_play(name, data):
    puzzle = PUZZLES[name]
    state = data.draw(states(name), label="state")
    other = puzzle.random_state(data.draw(seeds, label="other seed"))
    view = state.legal_moves()
    candidates = [*list(other.legal_moves())[:15], *list(view)[:5]]
    for move in candidates:
        for form in (move, str(move)):
            try:
                state.play(form)
            except IllegalMoveError:
                assert form not in view
            else:
                assert form in view
    assert object() not in view
    with pytest.raises((TypeError, IllegalMoveError)):
        state.play(object())


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=25)
@given(seed=seeds)
def test_solve_results_replay_and_hints_keep_the_position_solvable(name, seed):
    puzzle = PUZZLES[name]
    state = puzzle.random_state(seed)
    result = puzzle.solve(state)
    check_result(puzzle, state, result)
    assert result.complete
    assert pickle.loads(pickle.dumps(result)) == result
    if state.is_over:
        assert state.hint() is None
        return
    if result.solution is not None:
        hint = state.hint()
        assert hint in state.legal_moves()
        assert puzzle.solve(state.play(hint)).solution is not None
    elif result.score is None:
        with pytest.raises(UnsolvableError):
            state.hint()
    else:
        assert state.hint() in state.legal_moves()


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=25)
@given(seed=seeds, nodes=st.integers(min_value=0, max_value=30))
def test_limits_never_give_a_wrong_impossible(name, seed, nodes):
    puzzle = PUZZLES[name]
    state = puzzle.random_state(seed)
    truth = puzzle.solve(state)
    limited = puzzle.solve(state, node_limit=nodes)
    check_result(puzzle, state, limited)
    if limited.complete:
        assert limited.proved_unsolvable == truth.proved_unsolvable
        assert limited.solved == truth.solved
    if limited.proved_unsolvable:
        assert truth.proved_unsolvable
    assert not puzzle.solve(state, time_limit=0).proved_unsolvable or truth.proved_unsolvable
    try:
        hint = state.hint(node_limit=nodes)
    except LimitReached:
        return
    except UnsolvableError:
        assert truth.proved_unsolvable
        return
    if hint is None:
        assert state.is_over
    else:
        assert hint in state.legal_moves()
        if truth.solution is not None and truth.score is None:
            assert puzzle.solve(state.play(hint)).solution is not None


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_a_game_undoes_redoes_and_records_every_puzzle(name, data):
    puzzle = PUZZLES[name]
    start = puzzle.random_state(data.draw(seeds, label="seed"))
    now = [0.0]
    game = Game(start, time_source=lambda: now[0])
    line = random_line(start, data)
    for move in line:
        before = game.position
        game.play(move)
        now[0] += 1.5
        assert game.undo() == move and game.position == before
        assert game.redo() == move
    assert game.moves == tuple(line)
    if puzzle.score is not None:
        assert game.score == puzzle.score(start, line)
    again = Game.from_record(game.record(), time_source=lambda: now[0])
    assert again.start == start and again.moves == game.moves
    assert again.position == game.position and again.score == game.score
    assert again.outcome == game.outcome
    assert again.clock.elapsed == pytest.approx(game.clock.elapsed, abs=1e-3)
    undone = data.draw(st.integers(min_value=0, max_value=len(line)), label="undo")
    for _ in range(undone):
        game.undo()
    assert game.moves == tuple(line[: len(line) - undone])
    assert game.redo_moves == tuple(line[len(line) - undone :])
    replayed = start
    for move in game.moves:
        replayed = replayed.play(move)
    assert game.position == replayed


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=20)
@given(data=st.data())
def test_a_saved_game_resumes_exactly(name, data):
    start = PUZZLES[name].random_state(data.draw(seeds, label="seed"))
    game = Game(start, time_limit=3600)
    line = random_line(start, data)
    for move in line:
        game.play(move)
    undone = data.draw(st.integers(min_value=0, max_value=len(line)), label="undo")
    for _ in range(undone):
        game.undo()
    before = game.clock.elapsed  # read before saving: the saved clock goes on from later
    saved = pickle.loads(pickle.dumps(game))
    assert saved.start == game.start and saved.moves == game.moves
    assert saved.position == game.position and saved.redo_moves == game.redo_moves
    assert saved.clock.time_limit == 3600 and saved.clock.elapsed >= before
    while saved.redo_moves:
        saved.redo()
    assert saved.moves == tuple(line)


@pytest.mark.parametrize("name", NAMES)
def test_a_demonstration_replays_the_solver_line(name):
    puzzle = PUZZLES[name]
    result = puzzle.solve(puzzle.random_state(3))
    demo = Game.demonstration(result)
    while demo.redo_moves:
        demo.redo()
    assert demo.position == result.final


@pytest.mark.parametrize("name", NAMES)
def test_every_puzzle_makes_levels_of_every_grade(name):
    puzzle = PUZZLES[name]
    assert puzzle.grades
    for grade in puzzle.grades:
        level = puzzle.generate(grade, seed=11)
        assert isinstance(level, Level) and isinstance(level.start, puzzle.state)
        assert level.grade == grade == puzzle.grade(level.start)
        assert all(isinstance(move, puzzle.move) for move in level.witness)
        assert level.replayed().is_solved
        assert not level.start.is_solved
        assert puzzle.generate(grade, seed=11) == level


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=10, deadline=None)
@given(seed=seeds, data=st.data())
def test_levels_are_playable_from_any_seed(name, seed, data):
    puzzle = PUZZLES[name]
    grade = data.draw(st.sampled_from(puzzle.grades), label="grade")
    level = puzzle.generate(grade, seed=seed)
    assert level.grade == grade
    state = level.start
    for move in level.witness:
        assert move in state.legal_moves()
        state = state.play(move)
    assert state.is_solved


@pytest.mark.parametrize("name", NAMES)
def test_level_generators_keep_their_limits_and_check_the_grade(name):
    puzzle = PUZZLES[name]
    with pytest.raises(LimitReached):
        puzzle.generate(puzzle.grades[-1], seed=0, node_limit=0)
    with pytest.raises(LimitReached):
        puzzle.generate(puzzle.grades[-1], seed=0, time_limit=0)
    with pytest.raises(ArgumentError, match="no grade"):
        puzzle.generate("no such grade", seed=0)
    start = puzzle.generate(puzzle.grades[-1], seed=0).start
    with pytest.raises(LimitReached):
        puzzle.grade(start, node_limit=0)
    assert puzzle.grade(start, time_limit=60) == puzzle.grades[-1]
    with pytest.raises(TypeError):
        puzzle.generate(1, seed=0)


@pytest.mark.parametrize("name", NAMES)
def test_a_grade_out_of_reach_of_a_tiny_board_gives_up_soon(name):
    module = importlib.import_module(PUZZLE_MODULES[name])
    tiny = {
        "tromino": {"height": 2, "width": 3, "holes": 0},
        "linkpath": {"height": 2, "width": 2, "kinds": 1},
        "samegame": {"height": 2, "width": 2, "colours": 2},
    }
    if name not in tiny:
        pytest.skip("one board size, which reaches every grade")
    with pytest.raises(LimitReached, match="node limit") as stopped:
        module.generate(PUZZLES[name].grades[-1], seed=0, **tiny[name])
    spent = int(re.search(r"after (\d+) nodes", str(stopped.value)).group(1))
    assert spent <= 100_000  # the default budget shrinks with the board
