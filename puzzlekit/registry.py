"""The registry of puzzles: :data:`PUZZLES`, read by the command line, the docs and the tests.

Each puzzle package defines ``PUZZLE``, a :class:`~puzzlekit.PuzzleType`; a
new puzzle is one folder plus one line in :data:`PUZZLE_MODULES`. Packages
are imported only when their entry is first read.

>>> from puzzlekit import PUZZLES
>>> list(PUZZLES)
['twist', 'tromino', 'linkpath', 'samegame']
>>> PUZZLES["samegame"].state.__name__
'Board'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from puzzlekit.contract import PuzzleType

__all__ = ["PUZZLES", "PUZZLE_MODULES", "puzzle_of"]

PUZZLE_MODULES: Mapping[str, str] = {
    "twist": "puzzlekit.twist",
    "tromino": "puzzlekit.tromino",
    "linkpath": "puzzlekit.linkpath",
    "samegame": "puzzlekit.samegame",
}
"""Each registered puzzle's name and the package that defines its ``PUZZLE``."""


class _Registry(Mapping[str, PuzzleType[Any, Any]]):
    """A read-only mapping that imports a puzzle's package on first use."""

    def __getitem__(self, name: str) -> PuzzleType[Any, Any]:
        if name not in PUZZLE_MODULES:
            known = ", ".join(PUZZLE_MODULES)
            raise KeyError(f"no puzzle named {name!r}; the puzzles are {known}")
        puzzle: PuzzleType[Any, Any] = importlib.import_module(PUZZLE_MODULES[name]).PUZZLE
        return puzzle

    def __iter__(self) -> Iterator[str]:
        return iter(PUZZLE_MODULES)

    def __len__(self) -> int:
        return len(PUZZLE_MODULES)

    def __repr__(self) -> str:
        return f"<PUZZLES {', '.join(PUZZLE_MODULES)}>"


PUZZLES: Mapping[str, PuzzleType[Any, Any]] = _Registry()
"""Every puzzle puzzlekit knows, by name, in the order the docs present them."""


def puzzle_of(state: object) -> PuzzleType[Any, Any]:
    """The registered puzzle whose state type *state* is.

    >>> from puzzlekit import tromino
    >>> puzzle_of(tromino.Board.parse("#..\\n...")).name
    'tromino'
    >>> puzzle_of("a string")
    Traceback (most recent call last):
    ...
    TypeError: str is not the state type of a registered puzzle
    """
    module = type(state).__module__
    for name, package in PUZZLE_MODULES.items():
        if module == package or module.startswith(package + "."):
            puzzle = PUZZLES[name]
            if isinstance(state, puzzle.state):
                return puzzle
    raise TypeError(f"{type(state).__name__} is not the state type of a registered puzzle")
