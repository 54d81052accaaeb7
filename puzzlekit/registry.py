"""The registry of puzzles: :data:`PUZZLES`, the one place the mid-end learns of a puzzle.

A puzzle is a :class:`~puzzlekit.PuzzleType`, registered through the
entry-point group :data:`ENTRY_POINT_GROUP` of its distribution's metadata,
as pytest plugins and Gymnasium environments are; puzzlekit's own four are
registered the same way. In a third-party ``pyproject.toml``::

    [project.entry-points."puzzlekit.puzzles"]
    mypuzzle = "mypuzzle:PUZZLE"

Entry points are read on the first look at :data:`PUZZLES`, and a puzzle's
package is imported only when its entry is first read. :func:`register`
adds a puzzle at run time (a notebook's own puzzle, say).

>>> from puzzlekit import PUZZLES
>>> list(PUZZLES)[:4]
['linkpath', 'samegame', 'tromino', 'twist']
>>> PUZZLES["samegame"].state.__name__
'Board'
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator, Mapping
from typing import Any, Final

from puzzlekit.contract import PuzzleType
from puzzlekit.errors import ArgumentError

__all__ = ["ENTRY_POINT_GROUP", "PUZZLES", "package_of", "puzzle_of", "register"]

ENTRY_POINT_GROUP: Final = "puzzlekit.puzzles"
"""The entry-point group a distribution registers its puzzles in: ``NAME = "module:PUZZLE"``."""

_OWN_DISTRIBUTION = "puzzlekit-engines"


class _Registry(Mapping[str, PuzzleType[Any, Any]]):
    """A read-only mapping of names to puzzles, loading each entry point on first use.

    puzzlekit's own puzzles come first, then the others, each by name.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._targets: dict[str, str] | None = None
        self._loaded: dict[str, PuzzleType[Any, Any]] = {}

    def _entries(self) -> dict[str, str]:
        with self._lock:
            if self._targets is None:
                self._targets = _discover()
            return self._targets

    def __getitem__(self, name: str) -> PuzzleType[Any, Any]:
        entries = self._entries()
        if name not in entries:
            known = ", ".join(entries) or "none"
            raise KeyError(f"no puzzle named {name!r}; the puzzles are {known}")
        if name not in self._loaded:
            module, _, attribute = entries[name].partition(":")
            puzzle = getattr(importlib.import_module(module), attribute or "PUZZLE")
            if not isinstance(puzzle, PuzzleType) or puzzle.name != name:
                raise TypeError(
                    f"entry point {name!r} ({entries[name]}) is not the PuzzleType named {name!r}"
                )
            self._loaded[name] = puzzle
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries())

    def __len__(self) -> int:
        return len(self._entries())

    def __contains__(self, name: object) -> bool:
        return name in self._entries()

    def __repr__(self) -> str:
        return f"<PUZZLES {', '.join(self._entries())}>"

    def add(self, puzzle: PuzzleType[Any, Any], target: str) -> None:
        entries = self._entries()
        with self._lock:
            if puzzle.name in entries and entries[puzzle.name] != target:
                raise ArgumentError(f"a puzzle named {puzzle.name!r} is registered already")
            entries[puzzle.name] = target
            self._loaded[puzzle.name] = puzzle


def _discover() -> dict[str, str]:
    import importlib.metadata  # here: reading the metadata costs more than the rest of the import

    own: dict[str, str] = {}
    others: dict[str, str] = {}
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        distribution = entry.dist.name if entry.dist is not None else ""
        chosen = own if distribution == _OWN_DISTRIBUTION else others
        if entry.name in own or entry.name in others:
            continue  # the same distribution seen twice on the path: the first one wins
        chosen[entry.name] = entry.value
    return dict(sorted(own.items())) | dict(sorted(others.items()))


PUZZLES: Mapping[str, PuzzleType[Any, Any]] = _Registry()
"""Every puzzle puzzlekit knows, by name: its own four first, then those other
distributions register, each in alphabetical order."""


def register(puzzle: PuzzleType[Any, Any]) -> None:
    """Add *puzzle* to :data:`PUZZLES` for this process (entry points do it for good).

    An :class:`~puzzlekit.ArgumentError` when another puzzle has its name.

    >>> register(PUZZLES["tromino"])  # registering the same puzzle again is harmless
    """
    if not isinstance(puzzle, PuzzleType):
        raise TypeError(f"register takes a PuzzleType, not {type(puzzle).__name__}")
    target = f"{package_of(puzzle)}:{puzzle.name}"
    registry = PUZZLES
    assert isinstance(registry, _Registry)
    known = registry._entries().get(puzzle.name)
    if known is not None and registry[puzzle.name] is puzzle:
        return
    registry.add(puzzle, target)


def package_of(puzzle: PuzzleType[Any, Any]) -> str:
    """The package that defines *puzzle*'s state type: where the puzzle's folder is.

    >>> package_of(PUZZLES["twist"])
    'puzzlekit.twist'
    """
    module = puzzle.state.__module__
    top = module.rsplit(".", 1)[0] if "." in module else module
    parent = importlib.import_module(top)
    # A state defined in the package's __init__ lives in the package itself.
    return top if hasattr(parent, "__path__") else module


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
    registry = PUZZLES
    assert isinstance(registry, _Registry)
    for name, target in registry._entries().items():
        package = target.partition(":")[0].rsplit(".", 1)[0] if name not in registry._loaded else ""
        # Only a puzzle whose package could define the state's type is imported to look.
        if name in registry._loaded or module.startswith(package):
            puzzle = PUZZLES[name]
            if type(state) is puzzle.state:
                return puzzle
    raise TypeError(f"{type(state).__name__} is not the state type of a registered puzzle")
