"""Rules, links, moves and boards of Lianliankan / Onet / Shisen-Sho.

Coordinates are ``(row, col)``, 0-based from the top left. A link may pass
through the ring of empty cells one step outside the board (when
``Rules.outside`` allows it); ring cells have row ``-1`` or ``height`` and
column ``-1`` or ``width``, so a link across the top of a 2 x 3 board has
corners ``(-1, c)``. A move is a :class:`Pair` of cells whose tiles are
linked and removed. Under ``Rules(slide=True)`` (KShisen's "tiles can
slide") a pair may first push tiles along a line: its :attr:`Pair.slide`
says how far.

>>> board = Board.parse('''
... ab.
... xba
... ''')
>>> board.find_path((0, 0), (1, 2))
Path(points=((0, 0), (-1, 0), (-1, 2), (1, 2)))
>>> [str(pair) for pair in board.legal_moves()]
['0,0 1,2', '0,1 1,1']
>>> print(board.to_text(path=board.find_path((0, 0), (1, 2))))
 +-+
 ab|
 xba
<BLANKLINE>
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import attrs

from puzzlekit.contract import Moves
from puzzlekit.display import Displayed
from puzzlekit.errors import ArgumentError, IllegalMoveError, ParseError, quoted
from puzzlekit.grid import (
    MAX_COORDINATE,
    NUMBERS_HEADER,
    RULES_HEADER,
    Cell,
    as_cell,
    check_characters,
    check_int,
    check_on_board,
    parse_cell,
    parse_grid,
    parse_token_grid,
    read_headers,
    where,
)
from puzzlekit.limits import ProgressCallback
from puzzlekit.linkpath.paths import Grid, LinkIndex, Move
from puzzlekit.settings import Reader, integer, one_of, read_settings, write_settings, yes_no

if TYPE_CHECKING:
    from puzzlekit.contract import SearchResult
    from puzzlekit.svg import Svg

__all__ = [
    "ALPHABET",
    "MAX_KIND",
    "MAX_SIDE",
    "RULE_SETTINGS",
    "Board",
    "Gravity",
    "Pair",
    "Path",
    "Rules",
    "kind_label",
    "match_key",
]

Gravity: TypeAlias = Literal["down"]
"""Where tiles fall after a removal: ``"down"`` as in KShisen (or no gravity: ``None``)."""

ALPHABET = "123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The characters of kinds 1 to 61 in the text form (``.`` is an empty cell).

>>> ALPHABET.index("a") + 1
10
"""

MAX_SIDE = 200
"""The most rows, and the most columns, a board may have (checked before any allocation)."""

MAX_KIND = 999_999_999
"""The largest kind a board may hold: nine digits, as the text form writes numbers."""

_GRAVITIES = (None, "down")

RULE_SETTINGS: Mapping[str, Reader] = {
    "outside": yes_no,
    "max_turns": integer(0, 2),
    "gravity": one_of("none", "down"),
    "groups": yes_no,
    "slide": yes_no,
}
"""The reader of each :class:`Rules` switch's ``key=value`` word.

>>> RULE_SETTINGS["gravity"]("none") is None, RULE_SETTINGS["max_turns"]("1")
(True, 1)
"""


def _check_bool(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{attribute.name} must be a bool, not {value!r}")


def _check_turns(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"max_turns must be an int, not {value!r}")
    if not 0 <= value <= 2:
        raise ArgumentError(f"max_turns must be 0, 1 or 2, not {value!r}")


def _check_gravity(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value not in _GRAVITIES:
        raise ArgumentError(f"gravity must be one of {_GRAVITIES!r}, not {value!r}")


@attrs.frozen(init=False, repr=False)
class Rules:
    """The rule switches of a game; a board carries its rules.

    >>> Rules()
    Rules(outside=True, max_turns=2, gravity=None, groups=False)
    >>> str(Rules(gravity="down"))
    'outside=yes max_turns=2 gravity=down'
    >>> str(Rules(groups=True))
    'outside=yes max_turns=2 gravity=none groups=yes'
    >>> Rules.parse('gravity=down outside=no') == Rules(outside=False, gravity="down")
    True
    >>> Rules(slide=True)  # KShisen's "tiles can slide": links of two segments at most
    Rules(outside=True, max_turns=1, gravity=None, groups=False, slide=True)
    >>> Rules(slide=True, max_turns=2)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: slide=True needs max_turns=1 (links of two segments, ...
    """

    outside: bool = attrs.field(validator=_check_bool)
    """Whether links may run through the ring of cells just outside the board."""
    max_turns: int = attrs.field(validator=_check_turns)
    """The most turns a link may take: 0, 1 or 2 (a link has at most three segments).

    Defaults to 2, or to 1 with :attr:`slide` (the only value it allows)."""
    gravity: Gravity | None = attrs.field(validator=_check_gravity)
    """``"down"``: after a removal the tiles above each emptied cell fall.

    As in KShisen, the column of each removed tile settles: all its tiles
    drop to the bottom, keeping their order (closing any gap in it)."""
    groups: bool = attrs.field(validator=_check_bool)
    """Whether tiles match by *group of four* kinds (1-4, 5-8, ...) rather than by kind.

    Mahjong's four flowers (and its four seasons) are four different tiles
    of which any two match; KShisen's "Chinese style" switch decides whether
    that grouping applies. With ``groups=True`` every run of four kinds is
    such a group: any two tiles of the same group of four may be linked and
    removed, and a board can be cleared only if each group has an even number
    of tiles. See :func:`match_key`."""
    slide: bool = attrs.field(validator=_check_bool)
    """Whether a move may first slide tiles, as KShisen's "tiles can slide" switch.

    Links then have at most two segments (``max_turns=1``, so they never
    leave the board and :attr:`outside` changes nothing), and besides the
    plain removals a tile may *push*: the tiles side by side next to it in
    its row (or column) move on along that line, all together, just far
    enough to free the cell in the other tile's column (row), provided that
    many empty cells lie beyond them on the board; the two tiles are then
    linked through that cell with one turn and removed (the pushed tiles
    stay where they went). The pushing tile itself does not move. Such a
    move is a :class:`Pair` with a :attr:`~Pair.slide`. With gravity, every
    column the move touched settles afterwards."""

    def __init__(
        self,
        outside: bool = True,
        max_turns: int | None = None,
        gravity: Gravity | None = None,
        groups: bool = False,
        slide: bool = False,
    ) -> None:
        if max_turns is None:
            max_turns = 1 if slide is True else 2
        self.__attrs_init__(outside, max_turns, gravity, groups, slide)
        if slide and max_turns != 1:
            raise ArgumentError(
                f"slide=True needs max_turns=1 (links of two segments, as in KShisen), "
                f"not {max_turns}"
            )

    def __repr__(self) -> str:
        # The slide switch is shown only when on, so the other rules keep their old repr.
        return (
            f"Rules(outside={self.outside!r}, max_turns={self.max_turns!r}, "
            f"gravity={self.gravity!r}, groups={self.groups!r}"
            + (", slide=True)" if self.slide else ")")
        )

    def __str__(self) -> str:
        # groups and slide are written only when on, so the other rules keep their old text.
        values = {"outside": self.outside, "max_turns": self.max_turns, "gravity": self.gravity}
        values |= {key: True for key in ("groups", "slide") if getattr(self, key)}
        return write_settings(values)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read ``key=value`` words, as :func:`str` writes them; missing keys keep defaults.

        The words are read by :func:`~puzzlekit.settings.read_settings` with
        :data:`~puzzlekit.linkpath.board.RULE_SETTINGS`.

        >>> Rules.parse("max_turns=1 groups=yes")
        Rules(outside=True, max_turns=1, gravity=None, groups=True)
        >>> Rules.parse("slide=yes") == Rules(slide=True)
        True
        >>> Rules.parse("gravity=up")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: rules 'gravity=up': gravity must be none or down
        >>> Rules.parse("outside=no outside=yes")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: rules 'outside=no outside=yes': outside is set twice
        """
        if not isinstance(text, str):
            raise TypeError(f"rules text must be a str, not {type(text).__name__}")
        values: dict[str, Any] = read_settings(text, RULE_SETTINGS, what="rules")
        try:
            return cls(**values)
        except ArgumentError as error:  # switches that contradict each other
            raise ParseError(f"rules {quoted(text)}: {error}") from None


_MOST_POINTS = 4
"""A link has at most two turns: two ends and two corners."""


def _check_points(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, tuple) or len(value) < 2:
        raise TypeError(f"a path is a tuple of at least two points, not {value!r}")
    if len(value) > _MOST_POINTS:
        raise ArgumentError(
            f"a path has at most {_MOST_POINTS} points (two turns), not {len(value)}"
        )
    for point in value:
        if as_cell(point) != point:
            raise TypeError(f"path points must be tuples, not {point!r}")
    for p, q in itertools.pairwise(value):
        if p == q or (p[0] != q[0] and p[1] != q[1]):
            raise ArgumentError(f"path points {p} and {q} are not on one line")
    for p, q, s in zip(value, value[1:], value[2:], strict=False):
        if (p[0] == q[0]) == (q[0] == s[0]):
            raise ArgumentError(f"path point {q} is not a corner")


@attrs.frozen
class Path:
    """A link: its two ends and the corners between them, in order.

    Ring cells have coordinates -1, ``height`` or ``width``.

    >>> path = Path(((0, 0), (-1, 0), (-1, 3), (0, 3)))
    >>> path.turns, path.length
    (2, 5)
    >>> str(path)
    '0,0 -1,0 -1,3 0,3'
    >>> Path.parse(str(path)) == path
    True
    """

    points: tuple[Cell, ...] = attrs.field(validator=_check_points)
    """The ends and corners, from the first tile to the second."""

    @property
    def turns(self) -> int:
        """How many times the link turns (its corners).

        >>> Path(((2, 0), (2, 5))).turns
        0
        """
        return len(self.points) - 2

    @property
    def length(self) -> int:
        """The sum of the segment lengths, in cells.

        >>> Path(((0, 0), (0, 2), (3, 2))).length
        5
        """
        return sum(abs(p[0] - q[0]) + abs(p[1] - q[1]) for p, q in itertools.pairwise(self.points))

    def cells(self) -> tuple[Cell, ...]:
        """Every cell the link passes, ends included, in order.

        >>> Path(((0, 0), (0, 2), (1, 2))).cells()
        ((0, 0), (0, 1), (0, 2), (1, 2))
        """
        result = [self.points[0]]
        for (r1, c1), (r2, c2) in itertools.pairwise(self.points):
            step = (int(r2 > r1) - int(r2 < r1), int(c2 > c1) - int(c2 < c1))
            for n in range(1, abs(r2 - r1) + abs(c2 - c1) + 1):
                result.append((r1 + n * step[0], c1 + n * step[1]))
        return tuple(result)

    def __str__(self) -> str:
        return " ".join(f"{r},{c}" for r, c in self.points)

    @classmethod
    def parse(cls, text: str) -> Path:
        """Read points written ``R,C`` separated by spaces.

        >>> Path.parse("0,0 0,4")
        Path(points=((0, 0), (0, 4)))
        >>> Path.parse("0,0 1,1")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: path '0,0 1,1': path points (0, 0) and (1, 1) are not on ...
        """
        if not isinstance(text, str):
            raise TypeError(f"path text must be a str, not {type(text).__name__}")
        words = text.split(maxsplit=_MOST_POINTS)
        if len(words) > _MOST_POINTS:
            # Checked before reading the points, so that a long text fails at once.
            raise ParseError(
                f"path {quoted(text)} has more than {_MOST_POINTS} points (a link turns twice)"
            )
        points = []
        for word in words:
            parts = word.split(",")
            if len(parts) != 2 or not all(_is_int(part) for part in parts):
                raise ParseError(f"path {quoted(text)}: {quoted(word)} is not of the form ROW,COL")
            points.append((int(parts[0]), int(parts[1])))
        try:
            return cls(tuple(points))
        except (TypeError, ValueError) as error:
            raise ParseError(f"path {quoted(text)}: {error}") from None


def _pair_cell(value: object) -> Cell:
    row, col = as_cell(value)
    for name, number in (("row", row), ("column", col)):
        check_int(f"a pair's {name}", number, minimum=0, maximum=MAX_COORDINATE)
    return row, col


_NO_SLIDE = (0, 0)

_SLIDE = "slide="
"""Starts the third word of a sliding pair's text."""


def _slide_offset(value: object, a: Cell, b: Cell) -> tuple[int, int]:
    """Check that *value* is no slide, or a slide of a pair *a* < *b*: see :attr:`Pair.slide`."""
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(
        type(number) is int for number in value
    ):
        offset = (value[0], value[1])
    else:
        raise TypeError(f"a slide is a (rows, columns) pair of ints, not {value!r}")
    if offset == _NO_SLIDE:
        return offset
    if a[0] == b[0] or a[1] == b[1]:
        raise ArgumentError(
            f"cells {a} and {b} share a line: a slide links tiles in different rows and columns"
        )
    rows, cols = b[0] - a[0], b[1] - a[1]
    allowed = ((rows, 0), (0, cols), (-rows, 0), (0, -cols))
    if offset not in allowed:
        raise ArgumentError(
            f"a slide of cells {a} and {b} is one of {', '.join(map(str, allowed))}, "
            f"not {offset}"
        )
    return offset


@attrs.frozen(init=False, order=True, repr=False)
class Pair:
    """A move: the two cells whose tiles are linked and removed, ``a`` before ``b``.

    The cells are kept in reading order (``a < b``), so a pair given either
    way round is the same move. The text form is ``R1,C1 R2,C2``. Rows and
    columns are ints from 0 (a pair can name cells off a given board;
    :meth:`Board.play` refuses them). Under ``Rules(slide=True)`` a move may
    push tiles first: its :attr:`slide` is then not ``(0, 0)`` and its text
    ends with ``slide=DR,DC``.

    >>> pair = Pair((1, 3), (0, 0))
    >>> pair
    Pair(a=(0, 0), b=(1, 3))
    >>> str(pair), Pair.parse(str(pair)) == pair
    ('0,0 1,3', True)
    >>> Pair.parse("1,3 0,0") == pair == Pair.of(((0, 0), (1, 3)))
    True
    >>> sliding = Pair((0, 0), (1, 3), slide=(0, 3))
    >>> str(sliding), sliding.pusher, Pair.parse(str(sliding)) == sliding != pair
    ('0,0 1,3 slide=0,3', (0, 0), True)
    """

    a: Cell
    """The first cell in reading order."""
    b: Cell
    """The second cell in reading order."""
    slide: tuple[int, int]
    """How far the pushed tiles move, ``(rows, columns)``: ``(0, 0)`` for a plain removal.

    The tiles side by side next to the pushing tile move by this offset, so
    that the link turns where the first of them was. A pair ``a``, ``b`` can
    slide by ``(0, b_col - a_col)`` (``a`` pushes along its row toward
    ``b``'s column), ``(b_row - a_row, 0)`` (``a`` pushes along its column),
    or the opposite of either (``b`` pushes toward ``a``). See
    :attr:`Rules.slide`."""

    def __init__(self, a: Cell, b: Cell, slide: tuple[int, int] = _NO_SLIDE) -> None:
        first, second = _pair_cell(a), _pair_cell(b)
        first, second = min(first, second), max(first, second)
        self.__attrs_init__(first, second, _slide_offset(slide, first, second))

    @property
    def pusher(self) -> Cell | None:
        """The cell whose neighbours slide (``a`` or ``b``), or ``None`` for a plain removal.

        >>> Pair((0, 0), (2, 3), slide=(-2, 0)).pusher
        (2, 3)
        """
        if self.slide == _NO_SLIDE:
            return None
        toward_b = (self.b[0] - self.a[0], 0), (0, self.b[1] - self.a[1])
        return self.a if self.slide in toward_b else self.b

    @classmethod
    def of(cls, move: object) -> Pair:
        """A pair from any form :meth:`Board.play` takes: a pair, its text, or two cells.

        >>> Pair.of("0,2 0,0"), Pair.of([(0, 2), (0, 0)])
        (Pair(a=(0, 0), b=(0, 2)), Pair(a=(0, 0), b=(0, 2)))
        >>> Pair.of(3)
        Traceback (most recent call last):
        ...
        TypeError: a move is a Pair, its text 'R1,C1 R2,C2' or two (row, col) cells, not int
        """
        if isinstance(move, Pair):
            return move
        if isinstance(move, str):
            return cls.parse(move)
        if isinstance(move, (tuple, list)) and len(move) == 2:
            return cls(move[0], move[1])
        raise TypeError(
            "a move is a Pair, its text 'R1,C1 R2,C2' or two (row, col) cells, "
            f"not {type(move).__name__}"
        )

    @classmethod
    def parse(cls, text: str) -> Pair:
        """Read ``R1,C1 R2,C2`` (0-based cells, in either order), maybe then ``slide=DR,DC``.

        >>> Pair.parse(" 2,0  0,1 ")
        Pair(a=(0, 1), b=(2, 0))
        >>> Pair.parse("2,0 0,1 slide=-2,0")
        Pair(a=(0, 1), b=(2, 0), slide=(-2, 0))
        >>> Pair.parse("0,0")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: pair '0,0' is not of the form 'R1,C1 R2,C2' ...
        """
        if not isinstance(text, str):
            raise TypeError(f"pair text must be a str, not {type(text).__name__}")
        words = text.split(maxsplit=3)
        if len(words) not in (2, 3):
            raise ParseError(
                f"pair {quoted(text)} is not of the form 'R1,C1 R2,C2' "
                f"or 'R1,C1 R2,C2 {_SLIDE}DR,DC'"
            )
        a, b = parse_cell(words[0]), parse_cell(words[1])
        if len(words) == 2:
            return cls(a, b)
        parts = words[2].removeprefix(_SLIDE).split(",")
        if (
            not words[2].startswith(_SLIDE)
            or len(parts) != 2
            or not all(_is_int(part) for part in parts)
        ):
            raise ParseError(f"pair {quoted(text)}: {quoted(words[2])} is not '{_SLIDE}DR,DC'")
        try:
            return cls(a, b, (int(parts[0]), int(parts[1])))
        except ArgumentError as error:
            raise ParseError(f"pair {quoted(text)}: {error}") from None

    def __str__(self) -> str:
        text = f"{self.a[0]},{self.a[1]} {self.b[0]},{self.b[1]}"
        if self.slide == _NO_SLIDE:
            return text
        return f"{text} {_SLIDE}{self.slide[0]},{self.slide[1]}"

    def __repr__(self) -> str:
        # A plain pair keeps the repr it had before slides existed.
        shown = "" if self.slide == _NO_SLIDE else f", slide={self.slide!r}"
        return f"Pair(a={self.a!r}, b={self.b!r}{shown})"


def pair_of_move(move: Move, stride: int) -> Pair:
    """The :class:`Pair` of a grid move ``(i, j, shift)`` on a grid of *stride* (see paths).

    The grid has a ring of empty cells around the board, so cell ``(r, c)`` is
    ``(r + 1) * stride + c + 1``.

    >>> pair_of_move((5, 6, 0), 4)
    Pair(a=(0, 0), b=(0, 1))
    """
    i, j, shift = move
    kept = plain_pairs(stride)
    pair = kept.get(i << 16 | j) if not shift else None
    if pair is not None:
        return pair
    one, two = (i // stride - 1, i % stride - 1), (j // stride - 1, j % stride - 1)
    if shift or i > j:
        return Pair(one, two, (0, shift) if -stride < shift < stride else (shift // stride, 0))
    pair = Pair.__new__(Pair)  # cells of a grid, in order: nothing to check (the hot path)
    pair.__attrs_init__(one, two, _NO_SLIDE)
    if sum(map(len, _PLAIN_PAIRS.values())) >= _MOST_KEPT_PAIRS:
        for pairs in _PLAIN_PAIRS.values():
            pairs.clear()
    kept[i << 16 | j] = pair
    return pair


def plain_pairs(stride: int) -> dict[int, Pair]:
    """The plain pairs :func:`pair_of_move` made on grids of *stride*, by padded indices
    ``(i, j)`` packed as ``i << 16 | j`` (as
    :meth:`~puzzlekit.linkpath.paths.LinkIndex.listing` has them): pairs are values, so a
    listing reuses them rather than building each again (frozen attrs objects are slow),
    looking them up in one map call.

    >>> pair = pair_of_move((5, 6, 0), 4)
    >>> plain_pairs(4)[5 << 16 | 6] is pair
    True
    """
    kept = _PLAIN_PAIRS.get(stride)
    if kept is None:
        kept = _PLAIN_PAIRS[stride] = {}
    return kept


def pairs_of_codes(codes: Sequence[int], stride: int) -> tuple[Pair, ...]:
    """The plain :class:`Pair` of each pair of padded indices ``(i, j)``, ``i < j``, packed as
    ``i << 16 | j`` (see :func:`plain_pairs`), in order, on a grid of *stride*.

    >>> pairs_of_codes([5 << 16 | 6, 5 << 16 | 9], 4)
    (Pair(a=(0, 0), b=(0, 1)), Pair(a=(0, 0), b=(1, 0)))
    """
    try:  # each pair made before: looked up in one call (the hot path)
        return tuple(map(plain_pairs(stride).__getitem__, codes))
    except KeyError:
        return tuple(pair_of_move((code >> 16, code & 0xFFFF, 0), stride) for code in codes)


_PLAIN_PAIRS: dict[int, dict[int, Pair]] = {}
"""What :func:`plain_pairs` gives, by stride."""

_MOST_KEPT_PAIRS = 1 << 16


def _is_int(text: str) -> bool:
    digits = text[1:] if text.startswith("-") else text
    return digits.isascii() and digits.isdigit() and len(digits) <= 9


def _check_rows(instance: object, attribute: attrs.Attribute[Any], rows: object) -> None:
    if not isinstance(rows, tuple) or not all(isinstance(row, tuple) for row in rows):
        raise TypeError("board rows must be a tuple of tuples of ints (use Board.from_rows)")
    if not rows or not rows[0]:
        raise ArgumentError("a board needs at least one row and one column")
    if len(rows) > MAX_SIDE or len(rows[0]) > MAX_SIDE:
        raise ArgumentError(
            f"a board of {len(rows)} x {len(rows[0])} is too large; at most {MAX_SIDE} per side"
        )
    width = len(rows[0])
    for r, row in enumerate(rows):
        if len(row) != width:
            raise ArgumentError(f"board row {r} has {len(row)} cells, expected {width} like row 0")
        for c, kind in enumerate(row):
            if isinstance(kind, bool) or not isinstance(kind, int):
                raise TypeError(f"the kind at {where(r, c)} must be an int, not {kind!r}")
            if not 0 <= kind <= MAX_KIND:
                raise ArgumentError(
                    f"the kind at {where(r, c)} must be from 0 to {MAX_KIND}, "
                    f"not {kind if kind.bit_length() < 64 else 'a huge int'}"
                )


def _check_rules(instance: object, attribute: attrs.Attribute[Any], rules: object) -> None:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")


def kind_label(kind: int) -> str:
    """How a kind is written: ``.`` for empty, its :data:`ALPHABET` letter, or its number.

    >>> kind_label(0), kind_label(10), kind_label(70)
    ('.', 'a', '70')
    >>> kind_label(-1)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: kind must be from 0 to 999999999, not -1
    """
    check_int("kind", kind, minimum=0, maximum=MAX_KIND)
    if not kind:
        return "."
    return ALPHABET[kind - 1] if kind <= len(ALPHABET) else str(kind)


def match_key(kind: int, rules: Rules) -> int:
    """What a tile of *kind* matches on: the kind itself, or with ``rules.groups`` its group.

    Two tiles can be linked only when their keys are equal. Groups of four
    are numbered from 1: kinds 1-4 are group 1, kinds 5-8 group 2, and so on.

    >>> match_key(6, Rules()), match_key(6, Rules(groups=True)), match_key(8, Rules(groups=True))
    (6, 2, 2)
    """
    return (kind + 3) // 4 if rules.groups else kind


@attrs.frozen(repr=False)
class Board(Displayed):
    """A board of tiles: ``rows`` of kinds (0 empty) and the ``rules`` of play.

    ``str(board)`` writes one character per cell (``.`` empty, kinds 1-61 as
    :data:`ALPHABET`), after a ``rules:`` line when the rules are not the
    defaults. Boards with larger kinds are written as rows of numbers
    separated by spaces, after a ``numbers:`` line (``parse`` also takes rows
    of numbers without it).

    >>> board = Board.from_rows([[1, 0, 2], [2, 0, 1]])
    >>> print(board)
    1.2
    2.1
    >>> board
    Board.parse('1.2\\n2.1')
    >>> Board.parse(str(board)) == board
    True
    """

    rows: tuple[tuple[int, ...], ...] = attrs.field(validator=_check_rows)
    """The kinds, row by row from the top; 0 is an empty cell."""
    rules: Rules = attrs.field(factory=Rules, validator=_check_rules)
    """The rules links and removals follow."""

    # -- building and text -----------------------------------------------------

    @classmethod
    def from_rows(cls, rows: Iterable[Iterable[int]], *, rules: Rules | None = None) -> Board:
        """Build a board from rows of ints, 0 for empty; kinds up to :data:`MAX_KIND`.

        At most one row and one cell past :data:`MAX_SIDE` are read, so an
        endless iterable fails at once.

        >>> Board.from_rows([[70, 70]]).rows
        ((70, 70),)
        """
        cut = MAX_SIDE + 1
        table = tuple(tuple(itertools.islice(row, cut)) for row in itertools.islice(rows, cut))
        return cls(table, Rules() if rules is None else rules)

    @classmethod
    def parse(cls, text: str, *, rules: Rules | None = None) -> Board:
        """Read a board as :func:`str` writes it; *rules* apply when the text names none.

        >>> Board.parse("ab\\nba", rules=Rules(gravity="down")).rules.gravity
        'down'
        >>> Board.parse("rules: max_turns=1\\nab\\nba").rules.max_turns
        1
        >>> Board.parse("a0\\n0a")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: board has '0' at row 0, column 1; expected one of '.123...XYZ'
        """
        if not isinstance(text, str):
            raise TypeError(f"board text must be a str, not {type(text).__name__}")
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        body, rules, numbers = read_headers(text, rules, Rules.parse)
        lines = body.splitlines()
        numbers = numbers or any(len(line.split(maxsplit=1)) > 1 for line in lines)
        # The size first, so that a huge text fails before it is read cell by cell.
        sizes = [
            len(line.split(maxsplit=MAX_SIDE)) if numbers else len(line.strip()) for line in lines
        ]
        height = sum(1 for size in sizes if size)
        width = max(sizes, default=0)
        if height > MAX_SIDE or width > MAX_SIDE:
            raise ParseError(
                f"board text {quoted(text)} has {height} x {width} cells; "
                f"at most {MAX_SIDE} per side"
            )
        rows: tuple[tuple[str, ...], ...] = (
            parse_token_grid(body) if numbers else tuple(map(tuple, parse_grid(body)))
        )
        if numbers:
            kinds = tuple(
                tuple(_token_kind(token, r, c) for c, token in enumerate(row))
                for r, row in enumerate(rows)
            )
        else:
            check_characters(tuple("".join(row) for row in rows), "." + ALPHABET)
            kinds = tuple(tuple(ALPHABET.find(char) + 1 for char in row) for row in rows)
        return cls(kinds, Rules() if rules is None else rules)

    def __str__(self) -> str:
        header = "" if self.rules == Rules() else f"{RULES_HEADER} {self.rules}\n"
        if max(max(row) for row in self.rows) <= len(ALPHABET):
            lines = ["".join(kind_label(kind) for kind in row) for row in self.rows]
        else:
            header += NUMBERS_HEADER + "\n"
            width = len(str(max(max(row) for row in self.rows)))
            lines = [" ".join(str(k or ".").rjust(width) for k in row) for row in self.rows]
        return header + "\n".join(lines)

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"

    # -- cells -------------------------------------------------------------------

    @property
    def height(self) -> int:
        """The number of rows.

        >>> Board.parse("ab\\nba\\n..").height
        3
        """
        return len(self.rows)

    @property
    def width(self) -> int:
        """The number of columns.

        >>> Board.parse("ab\\nba\\n..").width
        2
        """
        return len(self.rows[0])

    def __getitem__(self, cell: Cell) -> int:
        """The kind at *cell* (0 when empty).

        >>> Board.parse("a.")[0, 0], Board.parse("a.")[0, 1]
        (10, 0)
        """
        r, c = self._cell(cell)
        return self.rows[r][c]

    def _cell(self, value: object) -> Cell:
        return check_on_board(value, self.height, self.width)

    @property
    def tiles(self) -> tuple[Cell, ...]:
        """The occupied cells in reading order.

        >>> Board.parse("a.\\n.a").tiles
        ((0, 0), (1, 1))
        """
        return tuple(
            (r, c) for r, row in enumerate(self.rows) for c, kind in enumerate(row) if kind
        )

    def counts(self) -> dict[int, int]:
        """How many tiles of each kind remain, by kind.

        >>> Board.parse("aab\\nb.a").counts()
        {10: 3, 11: 2}
        """
        result: dict[int, int] = {}
        for row in self.rows:
            for kind in row:
                if kind:
                    result[kind] = result.get(kind, 0) + 1
        return dict(sorted(result.items()))

    def problems(self) -> tuple[str, ...]:
        """What stops the board from being cleared outright: kinds with odd counts.

        With ``rules.groups`` the counts are per group of four kinds.

        >>> Board.parse("aab\\nb.a").problems()
        ("kind 'a' has 3 tiles, an odd number",)
        >>> Board.parse("rules: groups=yes\\n12\\n3.\\n56").problems()
        ("group of kinds '1'-'4' has 3 tiles, an odd number",)
        """
        if not self.rules.groups:
            return tuple(
                f"kind {kind_label(kind)!r} has {n} tiles, an odd number"
                for kind, n in self.counts().items()
                if n % 2
            )
        groups: dict[int, int] = {}
        for kind, n in self.counts().items():
            groups[match_key(kind, self.rules)] = groups.get(match_key(kind, self.rules), 0) + n
        return tuple(
            f"group of kinds {kind_label(4 * group - 3)!r}-{kind_label(min(4 * group, MAX_KIND))!r}"
            f" has {n} tiles, an odd number"
            for group, n in groups.items()
            if n % 2
        )

    def is_valid(self) -> bool:
        """Whether every kind (every group, with ``rules.groups``) has an even number of tiles.

        >>> Board.parse("ab\\nba").is_valid()
        True
        """
        return not self.problems()

    # -- links -------------------------------------------------------------------

    @functools.cached_property
    def _grid(self) -> Grid:
        # Built on first use and kept: attrs' pickling leaves it out (not a field).
        return Grid(
            self.rows,
            outside=self.rules.outside,
            max_turns=self.rules.max_turns,
            gravity=self.rules.gravity is not None,
            groups=self.rules.groups,
            slide=self.rules.slide,
        )

    def find_path(self, a: Cell, b: Cell) -> Path | None:
        """The canonical link between the tiles at *a* and *b*, or ``None``.

        Canonical: the shortest (sum of segment lengths), then the one with
        fewer turns, then the one with the smallest corners in ``(row, col)``
        order. ``None`` when the cells are the same, empty, of kinds that do
        not match (:func:`match_key`), or not linked within ``rules.max_turns`` turns.

        >>> board = Board.parse("a.\\nxa")
        >>> board.find_path((0, 0), (1, 1)).points
        ((0, 0), (0, 1), (1, 1))
        >>> Board.parse("axa").find_path((0, 0), (0, 2)).points
        ((0, 0), (-1, 0), (-1, 2), (0, 2))
        """
        a, b = self._cell(a), self._cell(b)
        ka, kb = self.rows[a[0]][a[1]], self.rows[b[0]][b[1]]
        if a == b or not ka or not kb or match_key(ka, self.rules) != match_key(kb, self.rules):
            return None
        found = self._grid.route(a[0] + 1, a[1] + 1, b[0] + 1, b[1] + 1)
        if found is None:
            return None
        corners = tuple((r - 1, c - 1) for r, c in found[1])
        return Path((a, *corners, b))

    def link(self, move: Pair | str | tuple[Cell, Cell]) -> Path:
        """The link a legal *move* draws (a :class:`Pair`, its text, or two cells).

        For a plain pair it is :meth:`find_path`. For a slide it runs from
        the pusher to the cell where the first pushed tile was, then turns to
        the other tile: a link on the board as it is once the tiles have
        slid. Raises :class:`~puzzlekit.IllegalMoveError` when :meth:`play`
        would refuse *move*.

        >>> board = Board.parse("ab.\\n.a.", rules=Rules(slide=True))
        >>> board.link("0,0 1,1"), board.link("0,0 1,1 slide=0,1")
        (Path(points=((0, 0), (1, 0), (1, 1))), Path(points=((0, 0), (0, 1), (1, 1))))
        """
        i, j, shift = self._legal(*self._move_cells(move))
        pair = pair_of_move((i, j, shift), self.width + 2)
        pusher = pair.pusher
        if pusher is None:
            path = self.find_path(pair.a, pair.b)
            assert path is not None  # the pair is legal
            return path
        other = pair.b if pusher == pair.a else pair.a
        corner = (pusher[0] + pair.slide[0], pusher[1] + pair.slide[1])
        return Path((pusher, corner, other))

    def can_link(self, a: Cell, b: Cell) -> bool:
        """Whether *a* and *b* hold equal tiles that can be linked now.

        >>> Board.parse("axa").can_link((0, 0), (0, 2))
        True
        >>> Board.parse("axa", rules=Rules(outside=False)).can_link((0, 0), (0, 2))
        False
        """
        return self.why_not(self._cell(a), self._cell(b)) is None

    def why_not(self, a: Cell, b: Cell) -> str | None:
        """Why the tiles at cells *a* and *b* cannot be removed as a pair now, or ``None``
        when they can.

        >>> board = Board.parse("ab\\nab")
        >>> board.why_not((0, 0), (1, 0)) is None, board.why_not((0, 0), (0, 1))
        (True, "cells (0, 0) and (0, 1) hold different kinds ('a' and 'b')")
        """
        reason = self._why_not_match(a, b)
        if reason is not None:
            return reason
        if not self._grid.linked(self._index(a), self._index(b)):
            ring = "" if self.rules.outside else " inside the board"
            turns = self.rules.max_turns
            return f"no link between {a} and {b} within {turns} turn{'s' * (turns != 1)}{ring}"
        return None

    def _why_not_match(self, a: Cell, b: Cell) -> str | None:
        """Why the tiles at *a* and *b* could never be linked, whatever the lines; or ``None``."""
        if a == b:
            return f"cell {a} cannot be linked with itself"
        ka, kb = self.rows[a[0]][a[1]], self.rows[b[0]][b[1]]
        for cell, kind in ((a, ka), (b, kb)):
            if not kind:
                return f"cell {cell} is empty"
        if match_key(ka, self.rules) != match_key(kb, self.rules):
            apart = "groups of four" if self.rules.groups else "kinds"
            return (
                f"cells {a} and {b} hold different {apart} "
                f"({kind_label(ka)!r} and {kind_label(kb)!r})"
            )
        return None

    def _index(self, cell: Cell) -> int:
        """The padded index of a board cell in :attr:`_grid`."""
        return (cell[0] + 1) * (self.width + 2) + cell[1] + 1

    # -- moves -------------------------------------------------------------------

    def remove(self, a: Cell, b: Cell) -> Board:
        """The board after linking and removing the tiles at cells *a* and *b*.

        With ``rules.gravity == "down"`` the tiles above each emptied cell
        fall. Raises :class:`~puzzlekit.IllegalMoveError` saying why when the
        pair cannot be removed (also for a cell off the board).

        >>> print(Board.parse("ba\\nab\\ncc", rules=Rules(gravity="down")).remove((2, 0), (2, 1)))
        rules: outside=yes max_turns=2 gravity=down
        ..
        ba
        ab
        >>> Board.parse("ab\\nba").remove((0, 0), (0, 1))
        Traceback (most recent call last):
        ...
        puzzlekit.errors.IllegalMoveError: cells (0, 0) and (0, 1) hold different kinds ...
        """
        return self._removed(self._legal(a, b))

    def play(self, move: Pair | str | tuple[Cell, Cell]) -> Board:
        """The board after the move *move*: a :class:`Pair`, its text, or two cells.

        The two cells may come in either order. Raises
        :class:`~puzzlekit.IllegalMoveError` when the pair cannot be removed.
        Under ``Rules(slide=True)`` a pair with a :attr:`~Pair.slide` first
        pushes tiles (see :attr:`Rules.slide`).

        >>> board = Board.parse("ab.ab")
        >>> after = board.play(Pair((0, 0), (0, 3)))
        >>> after == board.play("0,3 0,0") == board.play(((0, 3), (0, 0)))
        True
        >>> board.play("0,0 0,3")
        Board.parse('.b..b')
        >>> sliding = Board.parse("ab.\\n.a.", rules=Rules(slide=True))
        >>> print(sliding.play("0,0 1,1 slide=0,1"))  # the a at 0,0 pushes the b right
        rules: outside=yes max_turns=1 gravity=none slide=yes
        ..b
        ...
        """
        if type(move) is Pair and move.slide == _NO_SLIDE and not self.rules.slide:
            # A plain pair's cells are checked ints, a before b: on the board if b's row
            # and both columns are; then a listed pair needs no other check (the hot path).
            (r1, c1), (r2, c2) = move.a, move.b
            width = len(self.rows[0])
            if r2 < len(self.rows) and c1 < width and c2 < width:
                i, j = (r1 + 1) * (width + 2) + c1 + 1, (r2 + 1) * (width + 2) + c2 + 1
                if j in self._links.partners.get(i, ()):
                    return self._removed((i, j, 0))
        return self._removed(self._legal(*self._move_cells(move)))

    def _removed(self, move: Move) -> Board:
        """The board after the grid move *move* (checked by :meth:`_legal`).

        The new board keeps the grid played on; without slides it also gets
        its links from this board's (only pairs near the freed cells, and with
        gravity those of the tiles that fell and near the cells they filled,
        are tested), so a line of play never rescans the whole board.
        """
        grid = self._grid.copy()
        stride = grid.stride
        if self._fixed:  # only the two cells change, and the rows they are in
            i, j = move[0], move[1]
            grid.empty(i, j)
            rows = self._rows_after(grid, {i // stride, j // stride})
            board = built_board(rows, self.rules, grid)
            links = self._links.after(grid, i, j, self._grid)
        else:
            changes = grid.remove(*move)
            board = built_board(
                self._rows_after(grid, {index // stride for index, _ in changes}), self.rules, grid
            )
            if self.rules.slide:
                return board
            links = self._links.moved(self._grid, grid, changes)
        object.__setattr__(board, "_links", links)
        if links.ordered is not None:  # moves listed here: likely asked there too
            object.__setattr__(board, "_legal_pairs", board._listed_pairs(links))
        return board

    def _rows_after(self, grid: Grid, changed: set[int]) -> tuple[tuple[int, ...], ...]:
        """This board's rows, those of the padded rows *changed* read again off *grid* (this
        board's grid once they changed): the other rows are shared, not built again."""
        rows = list(self.rows)
        cells, stride = grid.cells, grid.stride
        for row in changed:
            start = row * stride + 1  # the row's first board cell
            rows[row - 1] = tuple(cells[start : start + stride - 2])
        return tuple(rows)

    @property
    def _fixed(self) -> bool:
        """Whether tiles never move under the rules (no gravity, no slide)."""
        return self.rules.gravity is None and not self.rules.slide

    @functools.cached_property
    def _links(self) -> LinkIndex:
        # Built by a full scan on first use, or given by the board played from.
        return LinkIndex.of(self._grid)

    @functools.cached_property
    def _legal_pairs(self) -> tuple[Pair, ...]:
        if not self.rules.slide:  # every move is a linked pair
            return self._listed_pairs(self._links)
        stride = self.width + 2
        return tuple(pair_of_move(move, stride) for move in self._grid.moves())

    def _listed_pairs(self, links: LinkIndex) -> tuple[Pair, ...]:
        """The :class:`Pair` of each pair *links* lists, in its order."""
        return pairs_of_codes(links.listing(), len(self.rows[0]) + 2)

    def cell_pairs(self) -> list[tuple[int, int]]:
        """The legal plain removals (no slide) as pairs of cell numbers ``a < b``, where
        cell ``(row, col)`` is number ``row * width + col``, in no set order: what an
        action mask needs, without building a :class:`Pair` each.

        >>> sorted(Board.parse("aba\\nb.a").cell_pairs())
        [(0, 2), (1, 3), (2, 5)]
        """
        if not self.rules.slide:
            pairs: Iterable[tuple[int, int]] = (
                (i, j) for i, linked in self._links.partners.items() for j in linked if i < j
            )
        else:
            pairs = (move[:2] for move in self._grid.moves() if not move[2])
        return self._numbered(pairs)

    def _numbered(self, pairs: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
        """Pairs of padded indices as pairs of cell numbers (``row * width + col``)."""
        stride, width = self.width + 2, self.width
        return [
            ((i // stride - 1) * width + i % stride - 1, (j // stride - 1) * width + j % stride - 1)
            for i, j in pairs
        ]

    def gained_cell_pairs(self) -> list[tuple[int, int]] | None:
        """The pairs of :meth:`cell_pairs` that did not link on the board this one was played
        from, or ``None`` when it was not made by :meth:`play` or tiles move under its rules
        (gravity, slides): then only a full :meth:`cell_pairs` tells. Besides these, the pairs of
        the last move's two cells are gone; every other pair is as it was.

        >>> board = Board.parse("abba", rules=Rules(outside=False))
        >>> board.gained_cell_pairs() is None, board.play("0,1 0,2").gained_cell_pairs()
        (True, [(0, 3)])
        """
        if not self._fixed:
            return None
        gained = self._links.gained
        return None if gained is None else self._numbered(gained)

    def _move_cells(self, move: object) -> tuple[object, object, tuple[int, int]]:
        if isinstance(move, (tuple, list)) and len(move) == 2:
            # Not through Pair: off-board cells of the tuple form get the one off-board error.
            return move[0], move[1], _NO_SLIDE
        pair = Pair.of(move)
        return pair.a, pair.b, pair.slide

    def _legal(self, a: object, b: object, slide: tuple[int, int] = _NO_SLIDE) -> Move:
        """The grid move; :class:`~puzzlekit.IllegalMoveError` saying why it is not legal.

        *slide* is the offset of a :class:`Pair`, checked against its cells.
        """
        first, second = sorted((self._cell(a), self._cell(b)))  # either order: one message
        if slide == _NO_SLIDE:
            i, j = self._index(first), self._index(second)
            if not self.rules.slide and j in self._links.partners.get(i, ()):
                return i, j, 0  # a listed pair (the index is exact): no link query
            reason = self.why_not(first, second)
            if reason is not None:
                raise IllegalMoveError(reason)
            return self._index(first), self._index(second), 0
        pair = Pair(first, second, slide)
        pusher = pair.pusher
        assert pusher is not None  # a slide has a pusher
        other = second if pusher == first else first
        i, j = self._index(pusher), self._index(other)
        shift = slide[1] if slide[0] == 0 else slide[0] * (self.width + 2)
        reason = self._why_not_match(first, second)
        if reason is None and not self.rules.slide:
            reason = "tiles cannot slide under these rules (Rules.slide is off)"
        if reason is None:
            why = self._grid.why_not_slide(i, j, shift)
            corner = (pusher[0] + slide[0], pusher[1] + slide[1])
            reason = None if why is None else f"{pusher} cannot push to link at {corner}: {why}"
        if reason is not None:
            raise IllegalMoveError(reason)
        return i, j, shift

    def legal_moves(self) -> Moves[Pair]:
        """Every :class:`Pair` that can be removed now, each once, grouped by kind.

        Under ``Rules(slide=True)`` each kind's plain pairs come first, then
        its slides.

        A lazy view: iterate it, ``len(view)``, ``view.count()``,
        ``bool(view)``, and ``move in view``, true exactly when :meth:`play`
        accepts *move* (in any form it takes, cells in either order).

        >>> moves = Board.parse("aba\\nb.a").legal_moves()
        >>> [str(pair) for pair in moves]
        ['0,0 0,2', '0,2 1,2', '0,1 1,0']
        >>> len(moves), "1,0 0,1" in moves, ((1, 0), (0, 1)) in moves, "0,0 1,2" in moves
        (3, True, True, False)
        """
        return Moves(self._pairs, self._accepts)

    def _pairs(self) -> Iterator[Pair]:
        return iter(self._legal_pairs)

    def _accepts(self, move: object) -> bool:
        try:  # what play checks, without building the next board
            self._legal(*self._move_cells(move))
        except (TypeError, ValueError):  # every refusal: IllegalMoveError, ParseError, ...
            return False
        return True

    def hint(
        self, *, node_limit: int | None = None, time_limit: float | None = None
    ) -> Pair | None:
        """:func:`puzzlekit.linkpath.hint` of this board: a move that keeps it clearable.

        >>> Board.parse("ab\\nab").hint()
        Pair(a=(0, 0), b=(1, 0))
        """
        from puzzlekit.linkpath.solver import hint  # here: the solver imports this module

        return hint(self, node_limit=node_limit, time_limit=time_limit)

    @property
    def is_solved(self) -> bool:
        """Whether no tile remains: the board is cleared (the game is won).

        >>> Board.parse("a.a").is_solved, Board.parse("a.a").play("0,0 0,2").is_solved
        (False, True)
        """
        return not any(map(any, self.rows))

    @property
    def is_over(self) -> bool:
        """Whether no pair can be removed: the board is cleared or stuck.

        >>> Board.parse("..").is_over, Board.parse("ab\\nba").is_over, Board.parse("aa").is_over
        (True, True, False)
        """
        return not self._legal_pairs

    @property
    def is_stuck(self) -> bool:
        """Whether tiles remain but no pair can be removed.

        >>> Board.parse("ab\\nba").is_stuck  # no link of two turns, even around
        True
        >>> Board.parse("aab\\nbcc").is_stuck
        False
        """
        return not self.is_solved and self.is_over

    def shuffle(
        self,
        *,
        seed: int | None = None,
        solvable: bool = False,
        node_limit: int | None = None,
        time_limit: float | None = None,
        progress: ProgressCallback | None = None,
    ) -> Board:
        """The same tiles dealt again over the same cells, with a move to play.

        With ``solvable=True`` the result can also be cleared (built in
        reverse, or found by search). Raises
        :class:`~puzzlekit.UnsolvableError` when a kind has an odd number of
        tiles and ``solvable=True``, :class:`~puzzlekit.LimitReached` when a
        limit (or the shuffle's own tries) runs out before an arrangement
        qualifies. ``seed=None`` means fresh randomness.

        >>> board = Board.parse("ab\\nba")
        >>> board.shuffle(seed=1).is_stuck
        False
        >>> board.shuffle(seed=1, solvable=True).is_stuck
        False
        """
        from puzzlekit.linkpath.deal import reshuffle

        return reshuffle(
            self, seed=seed, solvable=solvable,
            node_limit=node_limit, time_limit=time_limit, progress=progress,
        )

    def solve(
        self,
        *,
        node_limit: int | None = None,
        time_limit: float | None = None,
        progress: ProgressCallback | None = None,
    ) -> SearchResult[Board, Pair]:
        """Shorthand for :func:`puzzlekit.linkpath.solve` on this board.

        >>> Board.parse("aab\\nbcc").solve().complete
        True
        """
        from puzzlekit.linkpath.solver import solve

        return solve(self, node_limit=node_limit, time_limit=time_limit, progress=progress)

    # -- screen and pictures -----------------------------------------------------------

    def tile_at_point(
        self, x: float, y: float, cell_size: float, origin: tuple[float, float] = (0, 0)
    ) -> Cell | None:
        """The tile under screen point ``(x, y)``, or ``None`` off the board or on an empty cell.

        Cells are *cell_size* squares with the board's top left corner at
        *origin*; ``x`` runs along columns and ``y`` down rows. A point on a
        border between two cells belongs to the cell right of or below it
        (the seed article gives it to the cell before; half-open cells tile
        the plane without a gap at 0).

        >>> board = Board.parse("ab\\nba")
        >>> board.tile_at_point(45, 10, 40, origin=(0, 0))
        (0, 1)
        >>> board.tile_at_point(5, 5, 40, origin=(10, 10)) is None
        True
        """
        if not isinstance(origin, tuple) or len(origin) != 2:
            raise TypeError(f"origin must be an (x, y) tuple, not {origin!r}")
        for value in (x, y, cell_size, *origin):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"screen coordinates must be numbers, not {value!r}")
        if not 0 < cell_size < math.inf:
            raise ArgumentError(f"cell_size must be positive and finite, not {cell_size!r}")
        if not all(math.isfinite(value) for value in (x, y, *origin) if isinstance(value, float)):
            return None  # a point at infinity, or not a number, is on no tile
        col = _cell_index(x, origin[0], cell_size)
        row = _cell_index(y, origin[1], cell_size)
        if not (0 <= row < self.height and 0 <= col < self.width):
            return None
        cell = (int(row), int(col))
        return cell if self.rows[cell[0]][cell[1]] else None

    def to_text(
        self,
        *,
        path: Path | None = None,
        ring: bool = False,
        move: Pair | str | tuple[Cell, Cell] | None = None,
    ) -> str:
        """The board as text, optionally with a link drawn and the ring shown.

        With a legal *move* instead of a *path*, its :meth:`link` is drawn,
        on the board as it is once the move's tiles have slid.

        >>> board = Board.parse("axa")
        >>> print(board.to_text(path=board.find_path((0, 0), (0, 2))))
         +-+
         axa
        <BLANKLINE>
        """
        from puzzlekit.linkpath.render import board_text

        return board_text(self, path=path, ring=ring, move=move)

    def to_svg(
        self,
        *,
        path: Path | None = None,
        cell_size: int = 40,
        move: Pair | str | tuple[Cell, Cell] | None = None,
    ) -> Svg:
        """An SVG picture of the board, with *path* (or *move*'s link) drawn as a line.

        *cell_size* is checked by :func:`puzzlekit.svg.check_cell_size`. A
        *move* is drawn on the board as it is once its tiles have slid, each
        slid tile's way a dashed line.

        >>> svg = Board.parse("ab\\nba").to_svg()
        >>> svg.startswith("<svg"), "<title>" in svg
        (True, True)
        """
        from puzzlekit.linkpath.render import board_svg

        return board_svg(self, path=path, cell_size=cell_size, move=move)


def built_board(rows: tuple[tuple[int, ...], ...], rules: Rules, grid: Grid) -> Board:
    """A board of *rows* and *rules* whose grid is *grid*, the rows not checked: for rows
    the engine made (a deal's, a move's), valid as made, read off *grid*, which the board
    then keeps as its own (built with the switches of *rules*; never changed after).

    >>> grid = Grid(((1, 0, 1),), outside=True, max_turns=2)
    >>> built_board(grid.rows(), Rules(), grid) == Board.parse("1.1")
    True
    """
    board = Board.__new__(Board)
    object.__setattr__(board, "rows", rows)
    object.__setattr__(board, "rules", rules)
    object.__setattr__(board, "_grid", grid)
    return board


def _cell_index(position: float, start: float, size: float) -> float:
    """``(position - start) // size``: the cell, counted from *start*, holding *position*."""
    try:
        return (position - start) // size
    except OverflowError:  # an int beyond the float range met a float: compute exactly
        return (Fraction(position) - Fraction(start)) // Fraction(size)


def _token_kind(token: str, r: int, c: int) -> int:
    if token == ".":
        return 0
    if not (token.isascii() and token.isdigit() and len(token) <= 9 and token[0] != "0"):
        raise ParseError(
            f"board has {quoted(token)} at {where(r, c)}; expected '.' or a kind number 1-999999999"
        )
    return int(token)
