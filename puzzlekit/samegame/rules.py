"""Scoring rules: what a move earns and what the end of the game adds or takes.

A rule set is a frozen :class:`Rules` value. A move removing ``n`` blocks
scores :meth:`Rules.score_move`; once the game is over (no group of
``min_group`` blocks is left) :meth:`Rules.score_end` adds the clearing bonus
or subtracts a penalty for the blocks left.

>>> STANDARD.score_move(5), STANDARD.score_end([]), STANDARD.score_end([0, 3])
(9, 1000, 0)
>>> board = Board.parse("122\\n112")
>>> play_sequence(board, [(0, 0), (1, 0)])
(Board.parse('...\\n...'), 1002)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Literal, TypeAlias

import attrs

from puzzlekit.errors import IllegalMoveError
from puzzlekit.grid import Cell, check_int
from puzzlekit.samegame.board import Board

__all__ = [
    "CLEAR_THE_BOARD",
    "CLICKOMANIA",
    "PRESETS",
    "STANDARD",
    "EndPenalty",
    "Rules",
    "play_sequence",
]

EndPenalty: TypeAlias = Literal["none", "per-colour", "total"]
"""What the end of an uncleared game costs:

- ``"none"``: nothing;
- ``"per-colour"``: ``(c - 2) ** 2`` for each colour with ``c > 2`` blocks left;
- ``"total"``: ``(left - 2) ** 2`` for the ``left > 2`` blocks left in all.
"""

_PENALTIES = ("none", "per-colour", "total")


def _check_int(minimum: int | None) -> Callable[[object, attrs.Attribute[int], object], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
        check_int(attribute.name, value, minimum=minimum)

    return check


def _check_penalty(_instance: object, _attribute: object, value: object) -> None:
    if value not in _PENALTIES:
        raise ValueError(f"end_penalty must be one of {_PENALTIES}, not {value!r}")


def _check_bool(_instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{attribute.name} must be a bool, not {type(value).__name__}")


@attrs.frozen
class Rules:
    """A SameGame rule set: the smallest group a move may remove, and the scoring.

    A move removing ``n`` blocks scores ``(n - offset) ** 2`` when *squared*,
    else ``n - offset``. When the game is over, a cleared board earns
    *clear_bonus*; otherwise *end_penalty* may take points off.

    >>> Rules()
    Rules(min_group=2, offset=2, squared=True, clear_bonus=1000, end_penalty='none')
    >>> Rules(offset=1, clear_bonus=0).score_move(4)
    9
    >>> Rules(min_group=0)
    Traceback (most recent call last):
    ...
    ValueError: min_group must be at least 1, not 0
    """

    min_group: int = attrs.field(default=2, validator=_check_int(1))
    """The fewest blocks a move may remove (2 in every usual game)."""
    offset: int = attrs.field(default=2, validator=_check_int(None))
    """Subtracted from the group size before squaring: 2 in the standard game."""
    squared: bool = attrs.field(default=True, validator=_check_bool)
    """Whether a move scores the square of ``n - offset`` (else ``n - offset`` itself)."""
    clear_bonus: int = attrs.field(default=1000, validator=_check_int(None))
    """Added once when the game ends with no block left."""
    end_penalty: EndPenalty = attrs.field(default="none", validator=_check_penalty)
    """Taken off once when the game ends with blocks left (see :data:`EndPenalty`)."""

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

    def is_over(self, board: Board) -> bool:
        """Whether no group of :attr:`min_group` or more blocks is left on *board*.

        >>> Rules(min_group=3).is_over(Board.parse("11"))
        True
        """
        return not board.has_moves(min_group=self.min_group)

    def final_score(self, board: Board) -> int:
        """:meth:`score_end` of *board* when the game is over on it, else 0.

        >>> STANDARD.final_score(Board.parse("..")), STANDARD.final_score(Board.parse("11"))
        (1000, 0)
        """
        if not self.is_over(board):
            return 0
        return self.score_end(board.colour_counts().values())


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

PRESETS: dict[str, Rules] = {
    "standard": STANDARD,
    "clear-the-board": CLEAR_THE_BOARD,
    "clickomania": CLICKOMANIA,
}
"""The preset rule sets by name, as the command line's ``--rules`` takes them.

>>> sorted(PRESETS)
['clear-the-board', 'clickomania', 'standard']
"""


def play_sequence(
    board: Board, moves: Iterable[Cell], rules: Rules = STANDARD
) -> tuple[Board, int]:
    """Play *moves* from *board* and return the final board and the total score.

    Each move is any cell of the group to remove. The total is the sum of
    :meth:`Rules.score_move` over the moves, plus :meth:`Rules.score_end`
    exactly when the final board is over under *rules* (no group of
    ``rules.min_group`` blocks is left), whether or not the moves made it so:
    an empty sequence on a finished board scores its end score. A line that
    stops while moves remain earns no end score.

    Raises :class:`~puzzlekit.IllegalMoveError` naming the first illegal move
    (counted from 0).

    >>> board = Board.parse("12\\n12")
    >>> play_sequence(board, [(0, 0)])
    (Board.parse('2.\\n2.'), 0)
    >>> play_sequence(board, [(0, 0), (0, 1)])
    Traceback (most recent call last):
    ...
    puzzlekit.errors.IllegalMoveError: move 1 (0, 1): cell (0, 1) is empty
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, not {type(board).__name__}")
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    score = 0
    for number, move in enumerate(moves):
        try:
            board, removed = board.play_counted(move, min_group=rules.min_group)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"move {number} {tuple(move)}: {error}") from error
        score += rules.score_move(removed)
    return board, score + rules.final_score(board)
