"""Params: a puzzle's size and variant as one frozen value, written ``WxH key=value ...``.

Every puzzle in :data:`puzzlekit.PUZZLES` has a params type
(:attr:`~puzzlekit.PuzzleType.params`): a frozen value with ``parse`` and
``str`` that round-trip, checked on construction (a clear
:class:`~puzzlekit.ArgumentError`), and named presets
(:attr:`~puzzlekit.PuzzleType.presets`: at least :data:`PRESET_NAMES`).
``random_state(seed, params)`` and ``generate(grade, params, ...)`` take it,
and the command line reads it in one notation for every puzzle.

Sizes are written **width x height**, as Simon Tatham's presets and KShisen
write them: ``16x9`` is 16 columns and 9 rows. A size with any other shape
(``16,9``, ``16 by 9``, a bare ``16``, which does not say whether it is a
width or a square) is refused with the form to use.

>>> read_params("16x9 kinds=12", readers={"kinds": integer(1, 60)}, what="linkpath params")
((16, 9), {'kinds': 12})
>>> read_params("16", readers={}, what="tromino params")
Traceback (most recent call last):
...
puzzlekit.errors.ParseError: tromino params '16': the size '16' is not of the form WIDTHxHEIGHT ...
>>> write_params((16, 9), {"kinds": 12})
'16x9 kinds=12'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final, Protocol, Self, TypeVar, runtime_checkable

from puzzlekit.errors import ArgumentError, ParseError, quoted
from puzzlekit.settings import Reader, integer, read_settings, write_settings

__all__ = [
    "PRESET_NAMES",
    "PuzzleParams",
    "check_presets",
    "integer",
    "or_default",
    "parse_size",
    "read_params",
    "write_params",
]

PRESET_NAMES: Final = ("default", "small", "tiny", "big")
"""The presets every puzzle names: ``default`` (what a player gets), ``small`` (solves
completely in well under a second), ``tiny`` (the smallest worth playing) and ``big``
(for limit tests: large enough that a search needs its limits)."""

P = TypeVar("P")

_SIZE: Final = re.compile(r"([0-9]{1,9})[xX]([0-9]{1,9})")


@runtime_checkable
class PuzzleParams(Protocol):
    """A puzzle's size and variant: frozen, hashable, ``parse(str(p)) == p``."""

    @classmethod
    def parse(cls, text: str) -> Self: ...

    def __str__(self) -> str: ...

    @property
    def size(self) -> tuple[int, int]:
        """``(width, height)`` of the board."""
        ...


def parse_size(text: str) -> tuple[int, int]:
    """Read a size written ``WIDTHxHEIGHT`` and return ``(width, height)``.

    >>> parse_size("16x9")
    (16, 9)
    >>> parse_size("9,16")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: the size '9,16' is not of the form WIDTHxHEIGHT (e.g. 16x9: ...
    """
    if not isinstance(text, str):
        raise TypeError(f"a size is written as a str, not {type(text).__name__}")
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        raise ParseError(
            f"the size {quoted(text)} is not of the form WIDTHxHEIGHT "
            "(e.g. 16x9: 16 columns, 9 rows)"
        )
    return int(match[1]), int(match[2])


def read_params(
    text: str, *, readers: Mapping[str, Reader], what: str, sized: bool = True
) -> tuple[tuple[int, int] | None, dict[str, object]]:
    """The size (``None`` when *text* gives none) and the settings of a params text.

    A sized puzzle's text may start with ``WIDTHxHEIGHT``; the ``key=value``
    words that follow are read by :func:`~puzzlekit.settings.read_settings`
    with *readers*. An unsized puzzle (*sized* false) takes settings only.

    >>> read_params("colours=3", readers={"colours": integer(1, 9)}, what="params")
    (None, {'colours': 3})
    """
    if not isinstance(text, str):
        raise TypeError(f"{what} text must be a str, not {type(text).__name__}")
    words = text.split(maxsplit=1)
    size = None
    if sized and words and "=" not in words[0]:
        try:
            size = parse_size(words[0])
        except ParseError as error:
            raise ParseError(f"{what} {quoted(text)}: {error}") from None
        words = words[1:]
    return size, read_settings(" ".join(words), readers, what=what, within=text)


def write_params(size: tuple[int, int] | None, settings: Mapping[str, object]) -> str:
    """The text :func:`read_params` reads back: the size, then the settings.

    >>> write_params(None, {"colours": 3})
    'colours=3'
    """
    parts = [] if size is None else [f"{size[0]}x{size[1]}"]
    if settings:
        parts.append(write_settings(settings))
    return " ".join(parts)


def check_presets(presets: Mapping[str, Any], params: type[Any]) -> None:
    """Check that *presets* names every preset of :data:`PRESET_NAMES` with a *params* value.

    >>> check_presets({"default": 1}, int)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: the presets lack small, tiny, big
    """
    missing = [name for name in PRESET_NAMES if name not in presets]
    if missing:
        raise ArgumentError(f"the presets lack {', '.join(missing)}")
    for name, value in presets.items():
        if not isinstance(value, params):
            raise ArgumentError(f"preset {name!r} is not a {params.__name__}")


def or_default(params: object, presets: Mapping[str, P], kind: type[P], puzzle: str) -> P:
    """*params* when it is a *kind*, the ``default`` preset for ``None``, a :class:`TypeError`
    for anything else (each puzzle's ``params_or_default`` is this with its own presets).

    >>> or_default(None, {"default": 3}, int, "counting")
    3
    >>> or_default("8x8", {"default": 3}, int, "counting")
    Traceback (most recent call last):
    ...
    TypeError: params must be counting params or None, not str (read text with int.parse)
    """
    if params is None:
        return presets["default"]
    if not isinstance(params, kind):
        raise TypeError(
            f"params must be {puzzle} params or None, not {type(params).__name__} "
            f"(read text with {kind.__name__}.parse)"
        )
    return params
