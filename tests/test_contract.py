"""The shared contract, checked for every registered puzzle by the library's own checker.

Each check of :data:`puzzlekit.testing.CHECKS` runs once per entry of
``puzzlekit.PUZZLES``: a puzzle that registers (the tests' own Lights Out
does, from outside the package) is checked here with no line of this file
naming it.
"""

from __future__ import annotations

import random
import types

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlekit import PUZZLES
from puzzlekit.contract import FreshMoves, Moves
from puzzlekit.testing import CHECKS, ContractError, check_puzzle
from puzzlekit.testing.contract import check_registry_entry

NAMES = list(PUZZLES)


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
@pytest.mark.parametrize("name", NAMES)
def test_every_puzzle_keeps_the_contract(name, check):
    check(PUZZLES[name], random.Random(f"contract:{name}"), 6)


@pytest.mark.parametrize("name", NAMES)
def test_the_checker_finds_a_broken_promise(name):
    puzzle = PUZZLES[name]
    wrong = types.SimpleNamespace(size=(-1, -1))
    broken = attrs.evolve(puzzle, params_of=lambda state: wrong)
    with pytest.raises(ContractError, match="has size"):
        check_registry_entry(broken, random.Random(0), 1)


def test_check_puzzle_runs_every_check():
    seen = []
    for check in CHECKS:
        seen.append(check.__name__)
    assert len(set(seen)) == len(CHECKS) >= 7
    check_puzzle(PUZZLES[NAMES[-1]], rounds=1)


def test_a_fresh_moves_view_keeps_the_list_made_for_it():
    made = []

    def generate():
        made.append([1, 2, 3])
        return made[-1]

    view = FreshMoves(generate, lambda move: False)
    listed = list(view)
    assert (listed, len(view), len(made)) == ([1, 2, 3], 3, 1)
    listed.append(4)  # list(view) is a copy: the view's own list is never handed out
    assert list(view) == [1, 2, 3]


def test_a_moves_view_copies_what_is_not_fresh():
    kept = [1, 2]
    view = Moves(lambda: kept, lambda move: False)
    assert list(view) == [1, 2]
    kept.append(3)  # the generator's list changes later: the view does not
    assert (list(view), len(view)) == ([1, 2], 2)


@given(st.lists(st.integers()), st.sampled_from([Moves, FreshMoves]))
def test_a_fresh_moves_view_answers_as_one_that_copies(moves, kind):
    """Whether the list is kept or copied, the view lists, counts and tests alike; a fresh
    view over a generator that makes no list copies it as a plain one does."""
    made = kind(lambda: list(moves), moves.__contains__)
    streamed = FreshMoves(lambda: iter(moves), moves.__contains__)
    for view in (made, streamed):
        assert (len(view), list(view), bool(view)) == (len(moves), moves, bool(moves))
        assert all(move in view for move in moves)
