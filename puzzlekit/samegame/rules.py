"""Scoring rules: the smallest group a move removes, what a move earns, and the end.

A rule set is a frozen :class:`Rules` value, and every
:class:`~puzzlekit.samegame.Board` carries one (:data:`STANDARD` by default).
A move removing ``n`` blocks scores :meth:`Rules.score_move`; once the game
is over (no group of ``min_group`` blocks is left) :meth:`Rules.score_end`
adds the clearing bonus or subtracts a penalty for the blocks left.

>>> STANDARD.score_move(5), STANDARD.score_end([]), STANDARD.score_end([0, 3])
(9, 1000, 0)
>>> str(CLICKOMANIA)
'min_group=2 offset=0 squared=no clear_bonus=0 end_penalty=none'
>>> Rules.parse("offset=0 squared=no clear_bonus=0") == CLICKOMANIA
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, TypeAlias

import attrs

from puzzlekit.errors import ArgumentError, ParseError, quoted
from puzzlekit.grid import check_int
from puzzlekit.settings import Reader, integer, one_of, read_settings, write_settings, yes_no

__all__ = [
    "CLEAR_THE_BOARD",
    "CLICKOMANIA",
    "MAX_POINTS",
    "RULE_SETS",
    "RULE_SETTINGS",
    "STANDARD",
    "EndPenalty",
    "Rules",
]

EndPenalty: TypeAlias = Literal["none", "per-colour", "total"]
"""What the end of an uncleared game costs:

- ``"none"``: nothing;
- ``"per-colour"``: ``(c - 2) ** 2`` for each colour with ``c > 2`` blocks left;
- ``"total"``: ``(left - 2) ** 2`` for the ``left > 2`` blocks left in all.
"""

_PENALTIES = ("none", "per-colour", "total")

MAX_POINTS = 10**9
"""The largest size of ``offset`` and ``clear_bonus`` (and of ``min_group``).

It keeps every rule set's text form short and every score a plain number.

>>> Rules(clear_bonus=10**10)
Traceback (most recent call last):
...
puzzlekit.errors.ArgumentError: clear_bonus must be from -1000000000 to 1000000000, not 10000000000
"""


def _check_int(minimum: int) -> Callable[[object, attrs.Attribute[int], object], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
        check_int(attribute.name, value, minimum=minimum, maximum=MAX_POINTS)

    return check


def _check_penalty(_instance: object, _attribute: object, value: object) -> None:
    if value not in _PENALTIES:
        raise ArgumentError(f"end_penalty must be one of {_PENALTIES}, not {value!r}")


def _check_bool(_instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{attribute.name} must be a bool, not {type(value).__name__}")


_FIELDS = ("min_group", "offset", "squared", "clear_bonus", "end_penalty")

RULE_SETTINGS: Mapping[str, Reader] = {
    "min_group": integer(1, MAX_POINTS),
    "offset": integer(-MAX_POINTS, MAX_POINTS),
    "squared": yes_no,
    "clear_bonus": integer(-MAX_POINTS, MAX_POINTS),
    "end_penalty": one_of(*_PENALTIES, none=None),
}
"""The reader of each :class:`Rules` field's ``key=value`` word, in the order ``str`` writes them.

>>> RULE_SETTINGS["end_penalty"]("total"), list(RULE_SETTINGS)[0]
('total', 'min_group')
"""


@attrs.frozen
class Rules:
    """A SameGame rule set: the smallest group a move may remove, and the scoring.

    A move removing ``n`` blocks scores ``(n - offset) ** 2`` when *squared*,
    else ``n - offset``. When the game is over, a cleared board earns
    *clear_bonus*; otherwise *end_penalty* may take points off. *min_group*
    is at least 1 (with 1 a lone block may be removed too, so every game ends
    cleared); the ints are at most :data:`MAX_POINTS` in size.

    >>> Rules()
    Rules(min_group=2, offset=2, squared=True, clear_bonus=1000, end_penalty='none')
    >>> Rules(offset=1, clear_bonus=0).score_move(4)
    9
    >>> Rules(min_group=0)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: min_group must be from 1 to 1000000000, not 0
    """

    min_group: int = attrs.field(default=2, validator=_check_int(1))
    """The fewest blocks a move may remove (2 in every usual game)."""
    offset: int = attrs.field(default=2, validator=_check_int(-MAX_POINTS))
    """Subtracted from the group size before squaring: 2 in the standard game."""
    squared: bool = attrs.field(default=True, validator=_check_bool)
    """Whether a move scores the square of ``n - offset`` (else ``n - offset`` itself)."""
    clear_bonus: int = attrs.field(default=1000, validator=_check_int(-MAX_POINTS))
    """Added once when the game ends with no block left."""
    end_penalty: EndPenalty = attrs.field(default="none", validator=_check_penalty)
    """Taken off once when the game ends with blocks left (see :data:`EndPenalty`)."""

    def __str__(self) -> str:
        return write_settings({field: getattr(self, field) for field in _FIELDS})

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read ``key=value`` words, as :func:`str` writes them; missing keys keep defaults.

        A named rule set's name (a key of :data:`RULE_SETS`) stands for its rules;
        the words are read by :func:`~puzzlekit.settings.read_settings` with
        :data:`RULE_SETTINGS` (a key given twice is refused).

        >>> Rules.parse("min_group=3").min_group
        3
        >>> Rules.parse("clickomania") == CLICKOMANIA
        True
        >>> Rules.parse("squared=maybe")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: rules 'squared=maybe': squared must be yes or no
        >>> Rules.parse("offset=1 offset=2")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: rules 'offset=1 offset=2': offset is set twice
        """
        if not isinstance(text, str):
            raise TypeError(f"rules text must be a str, not {type(text).__name__}")
        if text.strip() in RULE_SETS:
            return RULE_SETS[text.strip()]
        values: dict[str, Any] = read_settings(text, RULE_SETTINGS, what="rules")
        try:
            return cls(**values)
        except ArgumentError as error:
            raise ParseError(f"rules {quoted(text)}: {error}") from None

    def score_move(self, n: int) -> int:
        """The points for removing a group of *n* blocks.

        >>> STANDARD.score_move(2), STANDARD.score_move(12), CLICKOMANIA.score_move(12)
        (0, 100, 12)
        """
        points = n - self.offset
        return points * points if self.squared else points

    def score_end(self, left: Iterable[int]) -> int:
        """The bonus or penalty added once at the end, given the blocks left per colour.

        Colours with 0 blocks may be listed or left out.

        >>> STANDARD.score_end([0, 0]), STANDARD.score_end([1, 4])
        (1000, 0)
        >>> Rules(end_penalty="per-colour").score_end([1, 4, 5])
        -13
        >>> Rules(end_penalty="total").score_end([1, 4, 5])
        -64
        """
        counts = list(left)
        total = sum(counts)
        if total == 0:
            return self.clear_bonus
        if self.end_penalty == "per-colour":
            return -sum((count - 2) ** 2 for count in counts if count > 2)
        if self.end_penalty == "total" and total > 2:
            return -((total - 2) ** 2)
        return 0


STANDARD = Rules()
"""The rules of the SameGame literature and its standard test set: a move
scores ``(n - 2) ** 2``, clearing the board adds 1000, no penalty.

>>> STANDARD.score_move(7)
25
"""

CLEAR_THE_BOARD = Rules(offset=1, clear_bonus=0)
"""The scoring of the JavaScript game *Oczyść Planszę* ("clear the board") of
the design notes: a move scores ``(n - 1) ** 2``, no bonus, no penalty.

>>> CLEAR_THE_BOARD.score_move(3)
4
"""

CLICKOMANIA = Rules(offset=0, squared=False, clear_bonus=0)
"""Clickomania, where the aim is to leave as few blocks as possible: a move
scores the number of blocks it removes, so a game's score is the number of
blocks removed (the board's starting count minus the blocks left) and the
highest score leaves the fewest blocks.

>>> CLICKOMANIA.score_move(5), CLICKOMANIA.score_end([3])
(5, 0)
"""

RULE_SETS: Mapping[str, Rules] = {
    "standard": STANDARD,
    "clear-the-board": CLEAR_THE_BOARD,
    "clickomania": CLICKOMANIA,
}
"""The named rule sets, as :meth:`Rules.parse` and the params' ``rules=`` read them
(``PRESETS`` before 0.4.0; :data:`puzzlekit.samegame.PRESETS` now names params).

>>> sorted(RULE_SETS)
['clear-the-board', 'clickomania', 'standard']
"""
