"""SameGame params: a board's size, its colours and its rules, as one value.

Written ``WIDTHxHEIGHT`` then the settings that differ from the defaults
(:mod:`puzzlekit.params`): ``colours=N`` (3 by default), ``rules=NAME`` for a
named rule set of :data:`~puzzlekit.samegame.RULE_SETS`, and any
:class:`~puzzlekit.samegame.Rules` field as its own key (``min_group=3``),
which changes the named set (standard by default).

>>> params = Params.parse("15x10 colours=4 rules=clickomania")
>>> params.size, params.colours, params.rules == RULE_SETS["clickomania"]
((15, 10), 4, True)
>>> str(Params(width=12, height=8, rules=Rules(min_group=3)))
'12x8 min_group=3'
>>> Params.parse(str(PRESETS["big"])) == PRESETS["big"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from puzzlekit.errors import ArgumentError, ParseError, quoted
from puzzlekit.grid import check_int
from puzzlekit.params import or_default, read_params, write_params
from puzzlekit.samegame.board import MAX_COLOURS, MAX_SIDE, Board
from puzzlekit.samegame.rules import RULE_SETS, RULE_SETTINGS, STANDARD, Rules
from puzzlekit.settings import Reader, integer, one_of

__all__ = ["PRESETS", "Params", "params_of", "params_or_default"]

_DEFAULT_COLOURS = 3
_READERS: Mapping[str, Reader] = {
    "colours": integer(1, MAX_COLOURS),
    "rules": one_of(*RULE_SETS, none=None),
    **RULE_SETTINGS,
}


def _check_side(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    check_int(attribute.name, value, minimum=1, maximum=MAX_SIDE)


def _check_colours(_instance: object, _attribute: object, value: object) -> None:
    check_int("colours", value, minimum=1, maximum=MAX_COLOURS)


def _check_rules(_instance: object, _attribute: object, value: object) -> None:
    if not isinstance(value, Rules):
        raise TypeError(f"rules must be a samegame Rules, not {type(value).__name__}")


@attrs.frozen
class Params:
    """The size, colours and rules of a SameGame board: what a random start or a level has.

    Sides are from 1 to :data:`~puzzlekit.samegame.MAX_SIDE`, colours from 1
    to :data:`~puzzlekit.samegame.MAX_COLOURS` (a board of *colours* colours
    uses colours ``0`` to ``colours - 1``).

    >>> Params()
    Params(width=10, height=10, colours=3, rules=Rules(min_group=2, offset=2, squared=True, \
clear_bonus=1000, end_penalty='none'))
    >>> Params(width=0)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: width must be from 1 to 1000, not 0
    """

    width: int = attrs.field(default=10, validator=_check_side)
    """The number of columns."""
    height: int = attrs.field(default=10, validator=_check_side)
    """The number of rows."""
    colours: int = attrs.field(default=_DEFAULT_COLOURS, validator=_check_colours)
    """How many colours the blocks are drawn from."""
    rules: Rules = attrs.field(default=STANDARD, validator=_check_rules)
    """The rules the boards are played by."""

    @property
    def size(self) -> tuple[int, int]:
        """``(width, height)``.

        >>> Params(width=15, height=10).size
        (15, 10)
        """
        return self.width, self.height

    @classmethod
    def parse(cls, text: str) -> Params:
        """Read params as ``str`` writes them; a size or setting left out keeps its default.

        >>> Params.parse("20x15 colours=5 min_group=3").rules.min_group
        3
        >>> Params.parse("10x10 colours=99")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: samegame params '10x10 colours=99': colours must be a \
whole number from 1 to 62
        """
        size, read = read_params(text, readers=_READERS, what="samegame params")
        values: dict[str, Any] = read
        width, height = size or (cls().width, cls().height)
        colours = values.pop("colours", _DEFAULT_COLOURS)
        base = RULE_SETS[values.pop("rules", "standard")]
        try:
            return cls(width, height, colours, attrs.evolve(base, **values))
        except ArgumentError as error:
            raise ParseError(f"samegame params {quoted(text)}: {error}") from None

    def __str__(self) -> str:
        settings: dict[str, Any] = {}
        if self.colours != _DEFAULT_COLOURS:
            settings["colours"] = self.colours
        names = [name for name, rules in RULE_SETS.items() if rules == self.rules]
        if names and self.rules != STANDARD:
            settings["rules"] = names[0]
        elif not names:
            differ = attrs.asdict(self.rules)
            settings |= {
                key: value for key, value in differ.items() if value != getattr(STANDARD, key)
            }
        return write_params(self.size, settings)


PRESETS: Mapping[str, Params] = {
    "default": Params(),
    "small": Params(width=5, height=5),
    "tiny": Params(width=4, height=4),
    "big": Params(width=15, height=15, colours=5),
    "standard": Params(width=15, height=15, colours=5),
}
"""Named params: ``default`` (10 x 10, 3 colours), ``small`` (5 x 5: solved completely in
a fraction of a second), ``tiny`` (4 x 4), ``big`` and ``standard`` (15 x 15 of 5 colours,
the shape of the standard test set, where a search needs its limits).

>>> {name: str(params) for name, params in PRESETS.items()}
{'default': '10x10', 'small': '5x5', 'tiny': '4x4', 'big': '15x15 colours=5', \
'standard': '15x15 colours=5'}
"""


def params_of(board: Board) -> Params:
    """The params of *board*: its size, its rules and the colours up to its highest one.

    >>> str(params_of(Board.parse("rules: clickomania\\n0120\\n3311")))
    '4x2 colours=4 rules=clickomania'
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a samegame Board, not {type(board).__name__}")
    return Params(board.width, board.height, max(board.colours, default=0) + 1, board.rules)


def params_or_default(params: Params | None) -> Params:
    """*params*, or the ``default`` preset for ``None``; a :class:`TypeError` for anything
    but a :class:`Params`.

    >>> params_or_default(None) == PRESETS["default"]
    True
    >>> params_or_default("10x10")
    Traceback (most recent call last):
    ...
    TypeError: params must be samegame params or None, not str (read text with Params.parse)
    """
    return or_default(params, PRESETS, Params, "samegame")
