"""puzzlekit: typed, pure-Python puzzle engines with one shared contract.

Four puzzles, one surface: :mod:`puzzlekit.twist` (IQ-Twist),
:mod:`puzzlekit.tromino` (L-tromino tilings of deficient boards),
:mod:`puzzlekit.linkpath` (Lianliankan / Onet / Shisen-Sho) and
:mod:`puzzlekit.samegame` (SameGame / Clickomania), each registered in
:data:`PUZZLES` and each satisfying :class:`PuzzleState`. The engines are
imported on first use, so ``import puzzlekit`` stays light.

>>> import puzzlekit
>>> puzzlekit.ParseError.__mro__[1:3] == (puzzlekit.PuzzleError, ValueError)
True
>>> sorted(puzzlekit.PUZZLES)
['linkpath', 'samegame', 'tromino', 'twist']
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

__version__ = "0.3.0"

from puzzlekit.contract import (
    Level,
    Moves,
    MoveView,
    PuzzleMove,
    PuzzleState,
    PuzzleType,
    SearchResult,
)
from puzzlekit.errors import (
    ArgumentError,
    IllegalMoveError,
    LimitReached,
    ParseError,
    PuzzleError,
    UnsolvableError,
)
from puzzlekit.game import Clock, Game, Outcome, read_records
from puzzlekit.limits import Progress, ProgressCallback
from puzzlekit.registry import PUZZLE_MODULES, PUZZLES

if TYPE_CHECKING:
    from puzzlekit import linkpath, samegame, tromino, twist

__all__ = [
    "PUZZLES",
    "ArgumentError",
    "Clock",
    "Game",
    "IllegalMoveError",
    "Level",
    "LimitReached",
    "MoveView",
    "Moves",
    "Outcome",
    "ParseError",
    "Progress",
    "ProgressCallback",
    "PuzzleError",
    "PuzzleMove",
    "PuzzleState",
    "PuzzleType",
    "SearchResult",
    "UnsolvableError",
    "__version__",
    "linkpath",
    "read_records",
    "samegame",
    "tromino",
    "twist",
]


def __getattr__(name: str) -> ModuleType:
    # Engines load on first use: ``import puzzlekit.errors`` does not import all four.
    if name in PUZZLE_MODULES:
        return importlib.import_module(PUZZLE_MODULES[name])
    raise AttributeError(f"module 'puzzlekit' has no attribute {name!r}")
