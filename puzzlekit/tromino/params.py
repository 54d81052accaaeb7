"""The tromino puzzle's params: the board's size and how many holes it has.

A :class:`Params` is written ``WIDTHxHEIGHT`` (columns first, as every
puzzle's params are, see :mod:`puzzlekit.params`) and ``holes=N`` when the
holes are not :func:`default_holes` (about a sixth of the cells).
:data:`PRESETS` names the usual boards.

>>> small = Params.parse("6x6 holes=3")
>>> small.width, small.height, small.holes, str(small)
(6, 6, 3, '6x6 holes=3')
>>> str(Params(8, 8)), Params(8, 8).holes
('8x8', 10)
>>> Params.parse("6x6 holes=40")
Traceback (most recent call last):
...
puzzlekit.errors.ArgumentError: holes must be from 0 to 36, not 40
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Self

import attrs

from puzzlekit.errors import ArgumentError, ParseError, quoted
from puzzlekit.grid import check_int
from puzzlekit.params import or_default, read_params, write_params
from puzzlekit.settings import integer
from puzzlekit.tromino.board import MAX_CELLS, Board, check_size
from puzzlekit.tromino.construct import rectangle_tileable

__all__ = ["PRESETS", "Params", "check_playable", "default_holes", "params_of", "params_or_default"]


def default_holes(height: int, width: int) -> int:
    """The holes a board has when not told: about one cell in six (as many modulo 3 as
    the cells, so that the rest can be tiled).

    >>> default_holes(8, 8), default_holes(3, 5), default_holes(2, 2)
    (10, 3, 1)
    """
    cells = height * width
    holes = cells // 6
    holes -= (holes - cells) % 3
    if holes < 0 or (holes == 0 and not rectangle_tileable(height, width)):
        holes += 3  # tiny boards, and 3 by odd ones, which cannot be tiled whole
    return holes


def _default_holes(params: Params) -> int:
    return default_holes(*check_size(params.height, params.width))


@attrs.frozen
class Params:
    """A ``width x height`` board with *holes* holes (:func:`default_holes` when not given).

    Any board's params are valid (:func:`params_of` reads them from any
    :class:`~puzzlekit.tromino.Board`); whether a board with them can be
    tiled is for :func:`~puzzlekit.tromino.random_state` and
    :func:`~puzzlekit.tromino.generate` to say (an
    :class:`~puzzlekit.ArgumentError` when none can).

    >>> Params(5, 3, holes=3).size
    (5, 3)
    >>> Params(0, 3)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: width must be from 1 to 16777216, not 0
    """

    width: int = attrs.field()
    """Columns of the board."""
    height: int = attrs.field()
    """Rows of the board."""
    holes: int = attrs.field(default=attrs.Factory(_default_holes, takes_self=True))
    """How many cells are holes (no tromino covers them)."""

    @width.validator
    def _check_width(self, _attribute: object, value: object) -> None:
        check_int("width", value, minimum=1, maximum=MAX_CELLS)

    @height.validator
    def _check_height(self, _attribute: object, value: object) -> None:
        check_int("height", value, minimum=1, maximum=MAX_CELLS)
        check_size(value, self.width)

    @holes.validator
    def _check_holes(self, _attribute: object, value: object) -> None:
        check_int("holes", value, minimum=0, maximum=self.width * self.height)

    @property
    def size(self) -> tuple[int, int]:
        """``(width, height)``."""
        return (self.width, self.height)

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read ``WIDTHxHEIGHT`` and perhaps ``holes=N``.

        >>> Params.parse("12x9 holes=6")
        Params(width=12, height=9, holes=6)
        >>> Params.parse("holes=6")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: tromino params 'holes=6' give no size (WIDTHxHEIGHT, e.g. 8x8)
        """
        size, settings = read_params(
            text, readers={"holes": integer(0, MAX_CELLS)}, what="tromino params"
        )
        if size is None:
            raise ParseError(
                f"tromino params {quoted(text)} give no size (WIDTHxHEIGHT, e.g. 8x8)"
            )
        holes = settings.get("holes")
        if holes is None:
            return cls(*size)
        assert isinstance(holes, int)
        return cls(*size, holes=holes)

    def __str__(self) -> str:
        settings = {} if self.holes == _default_holes(self) else {"holes": self.holes}
        return write_params(self.size, settings)


PRESETS: Final[Mapping[str, Params]] = MappingProxyType(
    {
        "default": Params(8, 8),
        "small": Params(6, 6, holes=3),
        "tiny": Params(4, 4, holes=1),
        "big": Params(16, 16, holes=4),
    }
)
"""The usual boards: ``default`` 8x8 with 10 holes (what a player gets), ``small``
6x6 with 3 (solved and counted in milliseconds), ``tiny`` 4x4 with 1 (Golomb's
smallest worth playing) and ``big`` 16x16 with 4, where counting the tilings
takes many seconds: it needs its limits.

>>> {name: str(params) for name, params in PRESETS.items()}
{'default': '8x8', 'small': '6x6 holes=3', 'tiny': '4x4', 'big': '16x16 holes=4'}
"""


def params_of(board: Board) -> Params:
    """The params of *board*: its size and how many holes it has.

    >>> params_of(Board.parse("#..\\n..."))
    Params(width=3, height=2, holes=1)
    """
    if not isinstance(board, Board):
        raise TypeError(f"params_of() needs a tromino Board, not {type(board).__name__}")
    return Params(board.width, board.height, holes=len(board.holes))


def params_or_default(params: Params | None) -> Params:
    """*params*, or the ``default`` preset for ``None``; a :class:`TypeError` for anything
    but a :class:`Params`.

    >>> params_or_default(None) == PRESETS["default"]
    True
    >>> params_or_default("8x8")
    Traceback (most recent call last):
    ...
    TypeError: params must be tromino params or None, not str (read text with Params.parse)
    """
    return or_default(params, PRESETS, Params, "tromino")



def check_playable(params: Params) -> None:
    """Refuse params no level can have: nothing to tile, or cells to cover that are not
    a multiple of 3 (:class:`~puzzlekit.ArgumentError` saying so).

    >>> check_playable(Params(5, 5, holes=2))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: a 5x5 board with 2 holes has 23 cells to cover, \
not a multiple of 3, so it cannot be tiled
    """
    cells = params.width * params.height
    if params.holes == cells:
        raise ArgumentError(
            f"a {params.width}x{params.height} board with {params.holes} holes leaves "
            "nothing to tile"
        )
    if (cells - params.holes) % 3:
        raise ArgumentError(
            f"a {params.width}x{params.height} board with {params.holes} holes has "
            f"{cells - params.holes} cells to cover, not a multiple of 3, so it cannot be tiled"
        )
