"""IQ-Twist's params: the board is the game's fixed 8 x 4, so there is nothing to choose.

:class:`Params` is there so that IQ-Twist speaks the same params language as
every puzzle (see :mod:`puzzlekit.params`): its text is the size, ``8x4``
(or nothing), and every preset of :data:`PRESETS` is that one board. What
varies between starts (how many pegs, which pieces are given) is the start
itself, not a setting.

>>> Params.parse("8x4") == Params() == params_of(State.parse("f3C4i6B0"))
True
>>> str(Params()), Params().size
('8x4', (8, 4))
>>> Params.parse("6x6")
Traceback (most recent call last):
...
puzzlekit.errors.ArgumentError: twist params '6x6': the IQ-Twist board is 8x4, not 6x6
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Self

import attrs

from puzzlekit.errors import ArgumentError, quoted
from puzzlekit.params import or_default, read_params, write_params
from puzzlekit.twist.board import State
from puzzlekit.twist.pieces import HEIGHT, WIDTH

__all__ = ["PRESETS", "Params", "params_of", "params_or_default"]


@attrs.frozen
class Params:
    """The size of an IQ-Twist board: always 8 columns by 4 rows.

    >>> Params().width, Params().height
    (8, 4)
    >>> Params.parse("8x4 pegs=3")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: twist params '8x4 pegs=3': unknown setting 'pegs=3'; ...
    """

    @property
    def width(self) -> int:
        """Columns on the board (``8``)."""
        return WIDTH

    @property
    def height(self) -> int:
        """Rows on the board (``4``)."""
        return HEIGHT

    @property
    def size(self) -> tuple[int, int]:
        """``(width, height)``: ``(8, 4)``."""
        return (WIDTH, HEIGHT)

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read ``8x4``, or ``''`` (the same board).

        >>> Params.parse("")
        Params()
        """
        size, _ = read_params(text, readers={}, what="twist params")
        if size is not None and size != (WIDTH, HEIGHT):
            raise ArgumentError(
                f"twist params {quoted(text)}: the IQ-Twist board is {WIDTH}x{HEIGHT}, "
                f"not {size[0]}x{size[1]}"
            )
        return cls()

    def __str__(self) -> str:
        return write_params(self.size, {})


PRESETS: Final[Mapping[str, Params]] = MappingProxyType(
    {"default": Params(), "small": Params(), "tiny": Params(), "big": Params()}
)
"""The presets every puzzle names, all the one IQ-Twist board (any start solves in
milliseconds, and counting every tiling of the empty board takes hundredths of a second).

>>> sorted(PRESETS)
['big', 'default', 'small', 'tiny']
"""


def params_of(state: State) -> Params:
    """The params of *state*: IQ-Twist has one board, so always ``Params()``.

    >>> params_of(State())
    Params()
    """
    if not isinstance(state, State):
        raise TypeError(f"params_of() needs a twist State, not {type(state).__name__}")
    return Params()


def params_or_default(params: Params | None) -> Params:
    """*params*, or the ``default`` preset for ``None``; a :class:`TypeError` for anything
    but a :class:`Params`.

    >>> params_or_default(None) == PRESETS["default"]
    True
    >>> params_or_default("8x4")
    Traceback (most recent call last):
    ...
    TypeError: params must be twist params or None, not str (read text with Params.parse)
    """
    return or_default(params, PRESETS, Params, "twist")
