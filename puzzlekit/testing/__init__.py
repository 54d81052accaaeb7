"""Testing tools for code built on puzzlekit, and for new puzzles.

* :func:`check_puzzle` (:mod:`puzzlekit.testing.contract`): the contract
  checker for any :class:`~puzzlekit.PuzzleType`, as OpenSpiel's
  ``random_sim_test`` is for its games. A new puzzle's test suite needs one line::

      def test_my_puzzle_keeps_the_contract():
          check_puzzle(PUZZLE)

* Hypothesis strategies for each registered puzzle's states, moves and params
  (needs `hypothesis <https://hypothesis.readthedocs.io>`_: ``pip install -e
  '.[testing]'`` in a clone): each puzzle names its module
  (:attr:`~puzzlekit.PuzzleType.strategies`), and ``puzzlekit.testing.NAME``
  is that module, for any registered puzzle ``NAME``:

>>> from puzzlekit.testing import samegame
>>> {"states", "moves", "params"} <= set(samegame.__all__)
True
"""

import importlib
from types import ModuleType

from puzzlekit.registry import PUZZLES
from puzzlekit.testing.contract import CHECKS, ContractError, check_puzzle

__all__ = ["CHECKS", "ContractError", "check_puzzle", "strategies"]


def strategies(puzzle: str) -> ModuleType:
    """The module of hypothesis strategies of the puzzle named *puzzle*.

    >>> strategies("tromino").__name__
    'puzzlekit.tromino.strategies'
    """
    module = PUZZLES[puzzle].strategies
    if module is None:
        raise KeyError(f"{puzzle} names no module of hypothesis strategies")
    return importlib.import_module(module)


def __getattr__(name: str) -> ModuleType:
    # ``from puzzlekit.testing import twist``: each puzzle's strategies, found in the registry.
    if name in PUZZLES:
        return strategies(name)
    raise AttributeError(f"module 'puzzlekit.testing' has no attribute {name!r}")
