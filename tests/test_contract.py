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

from puzzlekit import PUZZLES
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
