"""SameGame against the shared contract: the protocols, the move view, hints, results."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import PUZZLES, IllegalMoveError, MoveView, PuzzleMove, PuzzleState
from puzzlekit.samegame import Board, Move, Rules, solve
from puzzlekit.samegame.strategies import boards, rules, states


def accepts(board: Board, move: object) -> bool:
    try:
        board.play(move)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return True


def forms(row: int, col: int) -> list[object]:
    """Every form of a cell that play takes, and some it does not."""
    forms: list[object] = [(row, col), [row, col], f"{row},{col}", f" {row} , {col} "]
    if row >= 0 and col >= 0:
        forms.append(Move(row, col))
    return forms


def test_the_registry_entry() -> None:
    puzzle = PUZZLES["samegame"]
    assert (puzzle.name, puzzle.state, puzzle.move, puzzle.solve) == (
        "samegame", Board, Move, solve)
    state = puzzle.random_state(7, puzzle.presets["small"])
    assert isinstance(state, PuzzleState) and isinstance(state.legal_moves(), MoveView)
    assert isinstance(Move(0, 0), PuzzleMove)


@settings(max_examples=60)
@given(boards(max_rows=4, max_cols=4, colours=3), rules())
def test_in_legal_moves_agrees_with_play_in_every_form(board: Board, rule_set: Rules) -> None:
    board = board.with_rules(rule_set)
    view = board.legal_moves()
    listed = list(view)
    assert len(view) == view.count() == len(listed) == len(set(listed))
    assert bool(view) == bool(listed) == (not board.is_over)
    for row in range(-1, board.height + 1):
        for col in range(-1, board.width + 1):
            for move in forms(row, col):
                assert (move in view) == accepts(board, move), move
    for move in listed:
        assert move in view and board.play(move) == board.play(str(move))
        group = board.group_at(move)
        assert group is not None and group.cell == move  # canonical: the top-left cell
        assert all(cell in view for cell in group.cells)  # every cell of the group too


@given(st.from_type(object) | st.text() | st.tuples(st.integers(), st.integers()))
def test_in_legal_moves_never_raises(value: object) -> None:
    view = Board.parse("11\n21").legal_moves()
    assert (value in view) == accepts(Board.parse("11\n21"), value)


@settings(max_examples=30)
@given(states())
def test_states_keep_the_contract(state: Board) -> None:
    assert Board.parse(str(state)) == state
    assert pickle.loads(pickle.dumps(state)) == state
    hint = state.hint()
    assert (hint is None) == state.is_over
    if hint is not None:
        assert hint in state.legal_moves()
    result = solve(state)
    # The beam finishes on these small boards; NRPA (PUZZLEKIT_ENGINE=numba) never does.
    assert result.complete == (result.engine == "python")
    assert result.replayed() == result.final
    assert pickle.loads(pickle.dumps(result)) == result
    assert not (result.solved and result.proved_unsolvable)


def test_play_takes_one_move_only() -> None:
    board = Board.parse("11\n21")
    with pytest.raises(TypeError):
        board.play((0, 0), min_group=3)  # type: ignore[call-arg]
    with pytest.raises(IllegalMoveError):
        board.play((1, 0))  # a lone block
    assert board.is_solved is False and board.play("0,0").is_over
