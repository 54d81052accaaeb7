"""Link-matching params: a deal's size, its number of kinds and its rules, as one value.

Written ``WIDTHxHEIGHT`` then the settings that differ from the defaults
(:mod:`puzzlekit.params`): ``kinds=N`` (24 by default) and the switches of
:class:`~puzzlekit.linkpath.Rules` as :meth:`Rules.parse` reads them
(``gravity=down``, ``outside=no``, ``max_turns=1``, ``groups=yes``,
``slide=yes``).

>>> params = Params.parse("16x9 kinds=12 gravity=down")
>>> params.size, params.kinds, params.rules.gravity
((16, 9), 12, 'down')
>>> str(Params(width=8, height=6, kinds=12, rules=Rules(slide=True)))
'8x6 kinds=12 max_turns=1 slide=yes'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from puzzlekit.errors import ArgumentError, ParseError, quoted
from puzzlekit.grid import check_int
from puzzlekit.linkpath.board import MAX_SIDE, RULE_SETTINGS, Board, Rules
from puzzlekit.params import or_default, read_params, write_params
from puzzlekit.settings import Reader, integer

__all__ = ["MAX_KINDS", "PRESETS", "Params", "params_of", "params_or_default"]

MAX_KINDS = MAX_SIDE * MAX_SIDE
"""The most kinds params may name: one a cell of the largest board.

>>> MAX_KINDS
40000
"""

_DEFAULT_KINDS = 24
_READERS: Mapping[str, Reader] = {"kinds": integer(1, MAX_KINDS), **RULE_SETTINGS}
_RULE_KEYS = tuple(RULE_SETTINGS)


def _check_side(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    check_int(attribute.name, value, minimum=1, maximum=MAX_SIDE)


def _check_kinds(_instance: object, _attribute: object, value: object) -> None:
    check_int("kinds", value, minimum=1, maximum=MAX_KINDS)


def _check_rules(_instance: object, _attribute: object, value: object) -> None:
    if not isinstance(value, Rules):
        raise TypeError(f"rules must be a linkpath Rules, not {type(value).__name__}")


@attrs.frozen
class Params:
    """The size, kinds and rules of a deal: what a random start or a level has.

    Sides are from 1 to :data:`~puzzlekit.linkpath.MAX_SIDE`. A deal fills
    every cell with pairs, so :func:`~puzzlekit.linkpath.random_state` and
    :func:`~puzzlekit.linkpath.generate` also need an even number of cells
    and at most one kind a pair (an :class:`~puzzlekit.ArgumentError` there).

    >>> Params()
    Params(width=12, height=8, kinds=24, rules=Rules(outside=True, max_turns=2, gravity=None, \
groups=False))
    >>> Params(width=201)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: width must be from 1 to 200, not 201
    """

    width: int = attrs.field(default=12, validator=_check_side)
    """The number of columns."""
    height: int = attrs.field(default=8, validator=_check_side)
    """The number of rows."""
    kinds: int = attrs.field(default=_DEFAULT_KINDS, validator=_check_kinds)
    """How many kinds of tile the deal has."""
    rules: Rules = attrs.field(factory=Rules, validator=_check_rules)
    """The rules the deal is played by."""

    @property
    def size(self) -> tuple[int, int]:
        """``(width, height)``.

        >>> Params(width=16, height=9).size
        (16, 9)
        """
        return self.width, self.height

    @classmethod
    def parse(cls, text: str) -> Params:
        """Read params as ``str`` writes them; a size or setting left out keeps its default.

        >>> Params.parse("6x4 kinds=6 outside=no").rules.outside
        False
        >>> Params.parse("6x4 kinds=6 kinds=3")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: linkpath params '6x4 kinds=6 kinds=3': kinds is set twice
        """
        size, read = read_params(text, readers=_READERS, what="linkpath params")
        values: dict[str, Any] = read
        width, height = size or (cls().width, cls().height)
        kinds = values.pop("kinds", _DEFAULT_KINDS)
        try:
            return cls(width, height, kinds, Rules(**values))
        except ArgumentError as error:
            raise ParseError(f"linkpath params {quoted(text)}: {error}") from None

    def __str__(self) -> str:
        settings: dict[str, Any] = {}
        if self.kinds != _DEFAULT_KINDS:
            settings["kinds"] = self.kinds
        plain = Rules()
        settings |= {
            key: getattr(self.rules, key)
            for key in _RULE_KEYS
            if getattr(self.rules, key) != getattr(plain, key)
        }
        return write_params(self.size, settings)


PRESETS: Mapping[str, Params] = {
    "default": Params(),
    "small": Params(width=6, height=4, kinds=6),
    "tiny": Params(width=4, height=3, kinds=3),
    "big": Params(width=30, height=16, kinds=36),
    "kshisen": Params(width=18, height=8, kinds=36, rules=Rules(gravity="down")),
}
"""Named params: ``default`` (12 x 8 of 24 kinds, four tiles a kind as in a Mahjong set),
``small`` (6 x 4 of 6 kinds, solved in milliseconds), ``tiny`` (4 x 3 of 3 kinds),
``big`` (30 x 16 of 36 kinds) and ``kshisen`` (18 x 8 of 36 kinds, tiles falling down).

>>> {name: str(params) for name, params in PRESETS.items()}
{'default': '12x8', 'small': '6x4 kinds=6', 'tiny': '4x3 kinds=3', 'big': '30x16 kinds=36', \
'kshisen': '18x8 kinds=36 gravity=down'}
"""


def params_of(board: Board) -> Params:
    """The params of *board*: its size, its rules and the number of kinds it holds.

    >>> str(params_of(Board.parse("rules: gravity=down\\nab\\nba")))
    '2x2 kinds=2 gravity=down'
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a linkpath Board, not {type(board).__name__}")
    return Params(board.width, board.height, max(1, len(board.counts())), board.rules)


def params_or_default(params: Params | None) -> Params:
    """*params*, or the ``default`` preset for ``None``; a :class:`TypeError` for anything
    but a :class:`Params`.

    >>> params_or_default(None) == PRESETS["default"]
    True
    >>> params_or_default("12x8")
    Traceback (most recent call last):
    ...
    TypeError: params must be linkpath params or None, not str (read text with Params.parse)
    """
    return or_default(params, PRESETS, Params, "linkpath")
