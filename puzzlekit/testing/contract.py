"""The contract checker: does a :class:`~puzzlekit.PuzzleType` keep every promise?

OpenSpiel ships ``random_sim_test`` so that any game author can check a
game; this is the same for puzzlekit. :func:`check_puzzle` plays random
games from random starts of the puzzle's presets and checks, through the
puzzle's public surface only:

* the registry entry: presets, params round trips, ``params_of``;
* states and moves: text and pickle round trips, the move view, ``play``;
* solving: lines replay to their final state, scores agree, limits never give a
  wrong "impossible", hints keep a game winnable, seeds reproduce;
* games: undo, redo and records that read back;
* levels: every grade, seeds reproduce, limits and bad grades refused;
* the JSON form of :mod:`puzzlekit.serial` reads back.

Each check is a function of :data:`CHECKS`, so a test suite can run them one
by one (puzzlekit's own contract test runs every check over every registered
puzzle); a broken promise raises :class:`ContractError` saying which and where.

>>> from puzzlekit import PUZZLES
>>> check_puzzle(PUZZLES["tromino"], rounds=2)
"""

from __future__ import annotations

import contextlib
import pickle
import random
import time
from collections.abc import Callable
from typing import Any, Final

from puzzlekit.contract import Level, MoveView, PuzzleMove, PuzzleState, PuzzleType, SearchResult
from puzzlekit.errors import ArgumentError, IllegalMoveError, LimitReached, UnsolvableError
from puzzlekit.game import Game
from puzzlekit.params import PRESET_NAMES

__all__ = ["CHECKS", "Check", "ContractError", "check_puzzle"]

Check = Callable[[PuzzleType[Any, Any], random.Random, int], None]
"""A check: ``check(puzzle, rng, rounds)`` raises :class:`ContractError` at a broken promise."""

LIMIT_SLACK: Final = 0.5
"""Seconds a call may run past its time limit in these checks (a loaded machine's margin)."""


class ContractError(AssertionError):
    """A promise of the contract that a puzzle does not keep."""


def _expect(condition: object, message: str) -> None:
    if not condition:
        raise ContractError(message)


def _small_start(puzzle: PuzzleType[Any, Any], rng: random.Random) -> Any:
    preset = rng.choice(("small", "tiny"))
    return puzzle.random_state(rng.randrange(2**32), puzzle.presets[preset])


def _random_line(state: Any, rng: random.Random, most: int = 12) -> list[Any]:
    line = []
    for _ in range(rng.randrange(most + 1)):
        moves = list(state.legal_moves())
        if not moves:
            break
        move = rng.choice(moves)
        line.append(move)
        state = state.play(move)
    return line


def check_registry_entry(puzzle: PuzzleType[Any, Any], rng: random.Random, rounds: int) -> None:
    """The entry names its presets, whose params read back, and random starts have them."""
    for name in PRESET_NAMES:
        _expect(name in puzzle.presets, f"{puzzle.name}: no {name!r} preset")
    for name, params in puzzle.presets.items():
        text = str(params)
        _expect(puzzle.params.parse(text) == params, f"{puzzle.name}: preset {name} {text!r} "
                "does not read back")
        _expect(hash(params) == hash(puzzle.params.parse(text)), f"{puzzle.name}: params hash")
    for name in ("tiny", "small", "default"):
        params = puzzle.presets[name]
        seed = rng.randrange(2**32)
        state = puzzle.random_state(seed, params)
        _expect(isinstance(state, puzzle.state), f"{puzzle.name}: random_state's type")
        _expect(state == puzzle.random_state(seed, params), f"{puzzle.name}: random_state({seed})"
                " differs from itself")
        _expect(puzzle.params_of(state).size == params.size,
                f"{puzzle.name}: random_state({seed}, {params}) has size "
                f"{puzzle.params_of(state).size}")
    _expect(puzzle.state.parse(puzzle.example) is not None, f"{puzzle.name}: example")
    try:
        puzzle.params.parse("no such setting=1")
    except ArgumentError:
        pass  # ParseError is an ArgumentError's sibling: both are ValueErrors
    except ValueError:
        pass
    else:
        raise ContractError(f"{puzzle.name}: params.parse took 'no such setting=1'")


def check_states_and_moves(puzzle: PuzzleType[Any, Any], rng: random.Random, rounds: int) -> None:
    """Text and pickle round trips, the move view, and ``play`` by move or by text."""
    for _ in range(rounds):
        state = _small_start(puzzle, rng)
        for move in _random_line(state, rng):
            state = state.play(move)
        _expect(isinstance(state, PuzzleState), f"{puzzle.name}: not a PuzzleState")
        _expect(puzzle.state.parse(str(state)) == state, f"{puzzle.name}: {str(state)!r} does "
                "not read back")
        _expect(pickle.loads(pickle.dumps(state)) == state, f"{puzzle.name}: pickle")
        view = state.legal_moves()
        _expect(isinstance(view, MoveView), f"{puzzle.name}: legal_moves() is no MoveView")
        moves = list(view)
        _expect(len(view) == len(moves) == len(set(moves)), f"{puzzle.name}: move view length")
        _expect(bool(view) == bool(moves) == (not state.is_over), f"{puzzle.name}: is_over "
                f"disagrees with the moves of {str(state)!r}")
        _expect(not state.is_solved or state.is_over, f"{puzzle.name}: solved but not over")
        for move in moves[:10]:
            _expect(isinstance(move, PuzzleMove), f"{puzzle.name}: not a PuzzleMove")
            _expect(puzzle.move.parse(str(move)) == move, f"{puzzle.name}: move {move} does "
                    "not read back")
            _expect(move in view and str(move) in view, f"{puzzle.name}: {move} not in view")
            _expect(state.play(str(move)) == state.play(move), f"{puzzle.name}: play by text")
        _expect(object() not in view, f"{puzzle.name}: an object() is in the move view")
        try:
            state.play(object())
        except (TypeError, IllegalMoveError):
            pass
        else:
            raise ContractError(f"{puzzle.name}: play(object()) was accepted")
        other = _small_start(puzzle, rng)
        for move in list(other.legal_moves())[:10]:
            try:
                state.play(move)
            except IllegalMoveError:
                _expect(move not in view, f"{puzzle.name}: {move} in view but refused")
            else:
                _expect(move in view, f"{puzzle.name}: {move} played but not in view")


def _check_result(puzzle: PuzzleType[Any, Any], state: Any, result: Any) -> None:
    _expect(isinstance(result, SearchResult), f"{puzzle.name}: solve returned no SearchResult")
    _expect(result.start == state, f"{puzzle.name}: the result's start is not the state")
    _expect(result.replayed() == result.final, f"{puzzle.name}: the line does not replay")
    if puzzle.score is not None and result.score is not None:
        _expect(result.score == puzzle.score(state, result.moves), f"{puzzle.name}: score")
    if result.proved_unsolvable:
        _expect(result.complete and not result.final.is_solved, f"{puzzle.name}: a proof of "
                "no solution from an incomplete search")


def check_solving(puzzle: PuzzleType[Any, Any], rng: random.Random, rounds: int) -> None:
    """Complete searches on small starts, hints that keep the game winnable, seeds."""
    for _ in range(rounds):
        state = puzzle.random_state(rng.randrange(2**32), puzzle.presets["small"])
        seed = rng.randrange(2**32)
        result = puzzle.solve(state, **puzzle.seeding(seed))
        _check_result(puzzle, state, result)
        _expect(result.complete, f"{puzzle.name}: a small start {str(state)!r} did not solve "
                "completely without limits")
        if puzzle.seeded:
            again = puzzle.solve(state, seed=seed)
            _expect(again.moves == result.moves, f"{puzzle.name}: seed {seed} gave two lines")
        if state.is_over:
            _expect(puzzle.hint(state) is None, f"{puzzle.name}: a hint when the game is over")
            continue
        if result.solution is not None and result.score is None:
            hint = puzzle.hint(state)
            _expect(hint in state.legal_moves(), f"{puzzle.name}: an illegal hint {hint}")
            after = puzzle.solve(state.play(hint), **puzzle.seeding(seed))
            _expect(after.solution is not None, f"{puzzle.name}: hint {hint} lost the game")
        elif result.score is None:
            try:
                puzzle.hint(state)
            except UnsolvableError:
                pass
            else:
                raise ContractError(f"{puzzle.name}: a hint on a start proved unsolvable")
        else:
            _expect(puzzle.hint(state) in state.legal_moves(), f"{puzzle.name}: hint")
        if puzzle.count is not None:
            count = puzzle.count(state)
            _expect((count > 0) == result.solved, f"{puzzle.name}: count {count} disagrees "
                    "with solve")


def check_limits(puzzle: PuzzleType[Any, Any], rng: random.Random, rounds: int) -> None:
    """Limits never give a wrong "impossible"; calls return within their time limits."""
    for _ in range(rounds):
        state = puzzle.random_state(rng.randrange(2**32), puzzle.presets["small"])
        truth = puzzle.solve(state, **puzzle.seeding(1))
        nodes = rng.randrange(31)
        limited = puzzle.solve(state, node_limit=nodes, **puzzle.seeding(1))
        _check_result(puzzle, state, limited)
        if limited.proved_unsolvable:
            _expect(truth.proved_unsolvable, f"{puzzle.name}: node_limit={nodes} proved a "
                    "solvable start unsolvable")
        try:
            hint = puzzle.hint(state, node_limit=nodes)
        except LimitReached:
            continue
        except UnsolvableError:
            _expect(truth.proved_unsolvable, f"{puzzle.name}: a limited hint said unsolvable")
            continue
        _expect(hint is None or hint in state.legal_moves(), f"{puzzle.name}: limited hint")
    big = puzzle.random_state(rng.randrange(2**32), puzzle.presets["big"])
    # One call first, untimed: an engine may load or compile itself once, before any limit
    # counts (a compiled kernel's first use); the limits are about the searches after that.
    puzzle.solve(big, node_limit=1, **puzzle.seeding(1))
    for call in (
        lambda: puzzle.solve(big, time_limit=0.05, **puzzle.seeding(1)),
        lambda: puzzle.hint(big, time_limit=0.05),
    ):
        began = time.monotonic()
        with contextlib.suppress(LimitReached, UnsolvableError):
            call()
        spent = time.monotonic() - began
        _expect(spent <= 0.05 + LIMIT_SLACK, f"{puzzle.name}: a 0.05 s limit on the big "
                f"preset took {spent:.2f} s")
    _check_result(puzzle, big, puzzle.solve(big, node_limit=0, **puzzle.seeding(1)))


class _StepClock:
    """A clock the check moves by hand, so that records' times are known."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def check_games(puzzle: PuzzleType[Any, Any], rng: random.Random, rounds: int) -> None:
    """Undo, redo and game records that read back to the same game."""
    for _ in range(rounds):
        start = _small_start(puzzle, rng)
        clock = _StepClock()
        game: Game[Any, Any] = Game(start, time_source=clock)
        line = _random_line(start, rng)
        for move in line:
            before = game.position
            game.play(move)
            clock.now += 1.25
            _expect(game.undo() == move and game.position == before, f"{puzzle.name}: undo")
            _expect(game.redo() == move, f"{puzzle.name}: redo")
        _expect(game.moves == tuple(line), f"{puzzle.name}: the game's moves")
        if puzzle.score is not None:
            _expect(game.score == puzzle.score(start, line), f"{puzzle.name}: running score")
        again = Game.from_record(game.record(), time_source=clock)
        _expect(again.start == start and again.moves == game.moves, f"{puzzle.name}: record")
        _expect(again.position == game.position and again.outcome == game.outcome,
                f"{puzzle.name}: the record's position or outcome")
        undone = rng.randrange(len(line) + 1)
        for _ in range(undone):
            game.undo()
        _expect(game.redo_moves == tuple(line[len(line) - undone:]), f"{puzzle.name}: redo line")


def check_levels(puzzle: PuzzleType[Any, Any], rng: random.Random, rounds: int) -> None:
    """Every grade makes a level that its witness solves; seeds reproduce; limits hold."""
    _expect(len(puzzle.grades) > 0, f"{puzzle.name}: no grades")
    seed = rng.randrange(2**32)
    for grade in puzzle.grades:
        level = puzzle.generate(grade, seed=seed)
        _expect(isinstance(level, Level) and isinstance(level.start, puzzle.state),
                f"{puzzle.name}: generate({grade!r}) made no Level")
        _expect(level.grade == grade == puzzle.grade(level.start, time_limit=60),
                f"{puzzle.name}: a {grade!r} level graded {level.grade!r}")
        _expect(level.replayed().is_solved, f"{puzzle.name}: a {grade!r} witness does not solve")
        _expect(puzzle.generate(grade, seed=seed) == level, f"{puzzle.name}: seed {seed} made "
                f"two {grade!r} levels")
    for limits in ({"node_limit": 0}, {"time_limit": 0}):
        try:
            puzzle.generate(puzzle.grades[-1], seed=0, **limits)
        except LimitReached:
            pass
        else:
            raise ContractError(f"{puzzle.name}: generate with {limits} did not stop")
    for wrong, error in (("no such grade", ArgumentError), (1, TypeError), (None, TypeError)):
        try:
            puzzle.generate(wrong, seed=0)
        except error:
            pass
        else:
            raise ContractError(f"{puzzle.name}: generate({wrong!r}) raised no {error.__name__}")
    tiny = puzzle.presets["tiny"]
    began = time.monotonic()
    try:
        level = puzzle.generate(puzzle.grades[-1], tiny, seed=0)
        _expect(level.replayed().is_solved, f"{puzzle.name}: a tiny level's witness")
    except LimitReached:
        pass
    spent = time.monotonic() - began
    _expect(spent < 10, f"{puzzle.name}: the hardest grade on the tiny preset took {spent:.1f} s"
            " to make or give up")


def check_json(puzzle: PuzzleType[Any, Any], rng: random.Random, rounds: int) -> None:
    """The JSON form of states, results and levels reads back."""
    from puzzlekit.serial import dumps, from_json, to_json

    for _ in range(rounds):
        state = _small_start(puzzle, rng)
        document = to_json(state)
        _expect(document["puzzle"] == puzzle.name, f"{puzzle.name}: JSON names another puzzle")
        _expect(from_json(document) == state, f"{puzzle.name}: a state's JSON does not read back")
        result = puzzle.solve(state, node_limit=1000, **puzzle.seeding(1))
        _expect(from_json(to_json(result)) == result, f"{puzzle.name}: a result's JSON")
        dumps(to_json(result))
    level = puzzle.generate(puzzle.grades[0], puzzle.presets["small"], seed=1)
    _expect(from_json(to_json(level)) == level, f"{puzzle.name}: a level's JSON")


CHECKS: Final[tuple[Check, ...]] = (
    check_registry_entry,
    check_states_and_moves,
    check_solving,
    check_limits,
    check_games,
    check_levels,
    check_json,
)
"""Every check :func:`check_puzzle` runs, each ``check(puzzle, rng, rounds)``."""


def check_puzzle(puzzle: PuzzleType[Any, Any], *, seed: int = 0, rounds: int = 10) -> None:
    """Run every check of :data:`CHECKS` on *puzzle* with random draws from *seed*; raise
    :class:`ContractError` at the first broken promise. *rounds* random starts per check."""
    for check in CHECKS:
        check(puzzle, random.Random(f"{seed}:{check.__name__}"), rounds)
