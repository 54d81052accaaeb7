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
>>> {'linkpath', 'samegame', 'tromino', 'twist'} <= set(puzzlekit.PUZZLES)
True
"""

from __future__ import annotations

import importlib
from types import ModuleType

__version__ = "0.4.0"

from puzzlekit.contract import (
    FreshMoves,
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
from puzzlekit.registry import PUZZLES, register

__all__ = [
    "PUZZLES",
    "ArgumentError",
    "Clock",
    "FreshMoves",
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
    "read_records",
    "register",
]


def __getattr__(name: str) -> ModuleType:
    # A registered puzzle's package loads on first use (``puzzlekit.twist``), so
    # ``import puzzlekit`` does not import every engine.
    if name in PUZZLES:
        from puzzlekit.registry import package_of

        return importlib.import_module(package_of(PUZZLES[name]))
    raise AttributeError(f"module 'puzzlekit' has no attribute {name!r}")
