"""A small SVG writer shared by the modules' ``to_svg()`` methods.

It builds a document element by element and escapes every attribute and
text, so the result always parses as XML.

>>> canvas = SvgCanvas(20, 10)
>>> canvas.rect(0, 0, 10, 10, fill="#c00")
>>> canvas.text(15, 5, "a<b")
>>> print(canvas.to_string())  # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">
<rect x="0" y="0" width="10" height="10" fill="#c00"/>
<text x="15" y="5">a&lt;b</text>
</svg>
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import attrs

from puzzlekit.display import MAX_DISPLAY_SIZE
from puzzlekit.errors import ArgumentError
from puzzlekit.grid import Cell, check_int

__all__ = [
    "COLOUR_BLIND_PALETTE",
    "MAX_CELL_SIZE",
    "MAX_PICTURE_CELLS",
    "PALETTE",
    "GridGeometry",
    "Motion",
    "Svg",
    "SvgCanvas",
    "check_cell_size",
    "check_picture_cells",
]

MAX_CELL_SIZE = 400
"""The largest ``cell_size`` (user units per cell) any ``to_svg`` accepts."""

PALETTE: tuple[str, ...] = (
    "#d62728",
    "#1f77b4",
    "#2ca02c",
    "#ffbf00",
    "#9467bd",
    "#ff7f0e",
    "#17becf",
    "#e377c2",
    "#8c564b",
    "#7f7f7f",
    "#bcbd22",
    "#393b79",
)
"""Distinct fill colours, indexed by colour number modulo their count."""

COLOUR_BLIND_PALETTE: tuple[str, ...] = (
    "#e69f00",
    "#56b4e9",
    "#009e73",
    "#f0e442",
    "#0072b2",
    "#d55e00",
    "#cc79a7",
    "#ffffff",
    "#999999",
)
"""Okabe and Ito's colours (2008), told apart with every common colour-vision deficiency,
and white and grey: for pictures whose colours carry the game (SameGame blocks)."""

MAX_PICTURE_CELLS = 250_000
"""The most cells (rows x columns) a picture is drawn for: larger boards make
documents of tens of megabytes that no viewer shows well."""


class Svg(str):
    """An SVG document: a ``str`` that Jupyter and IPython display as a picture.

    Every ``to_svg()`` returns one, so a picture shows itself in a notebook
    and is still a plain string everywhere else. A picture of more than
    :data:`puzzlekit.display.MAX_DISPLAY_SIZE` characters is not put in the
    notebook, and IPython's plain text of any picture is one line saying
    its size (``print`` shows the text).

    >>> picture = Svg("<svg/>")
    >>> picture == "<svg/>", picture._repr_svg_()
    (True, '<svg/>')
    >>> Svg("<svg>" + " " * MAX_DISPLAY_SIZE + "</svg>")._repr_svg_() is None
    True
    """

    __slots__ = ()

    def _repr_svg_(self) -> str | None:
        return str(self) if len(self) <= MAX_DISPLAY_SIZE else None

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(f"<SVG picture of {len(self):,} characters>")


def check_cell_size(cell_size: object, *, minimum: int = 4) -> int:
    """Check a ``to_svg`` *cell_size*: an int from *minimum* to :data:`MAX_CELL_SIZE`.

    >>> check_cell_size(24)
    24
    >>> check_cell_size(10**400)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: cell_size must be from 4 to 400, not (an int of 1329 bits)
    """
    return check_int("cell_size", cell_size, minimum=minimum, maximum=MAX_CELL_SIZE)


def check_picture_cells(height: int, width: int) -> None:
    """Refuse to draw a board of more than :data:`MAX_PICTURE_CELLS` cells.

    >>> check_picture_cells(500, 500)
    >>> check_picture_cells(1024, 1024)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: a picture of 1024 x 1024 cells is too large to draw (at most...)
    """
    if height * width > MAX_PICTURE_CELLS:
        raise ArgumentError(
            f"a picture of {height} x {width} cells is too large to draw "
            f"(at most {MAX_PICTURE_CELLS} cells)"
        )


@attrs.frozen
class GridGeometry:
    """Where a picture draws its cells: screen point to cell and cell to centre.

    Cells are *cell_size* squares, the top-left one's corner at *origin*
    (``x`` along columns, ``y`` down rows), *height* x *width* of them. A
    point on a border belongs to the cell right of or below it.

    >>> geometry = GridGeometry(origin=(10, 10), cell_size=20, height=2, width=3)
    >>> geometry.cell_at(35, 12), geometry.cell_at(5, 5), geometry.centre((1, 2))
    ((0, 1), None, (60.0, 40.0))
    >>> all(geometry.cell_at(*geometry.centre(cell)) == cell for cell in geometry.cells())
    True
    """

    origin: tuple[float, float]
    """The picture point of the top-left cell's top-left corner."""
    cell_size: float
    """The side of a cell, in picture units."""
    height: int
    """Rows of cells."""
    width: int
    """Columns of cells."""

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The ``(row, col)`` cell under picture point (*x*, *y*), or ``None`` off the grid
        (also for a point that is not a finite number)."""
        if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in (x, y)):
            return None
        row = math.floor((y - self.origin[1]) / self.cell_size)
        col = math.floor((x - self.origin[0]) / self.cell_size)
        if 0 <= row < self.height and 0 <= col < self.width:
            return row, col
        return None

    def centre(self, cell: Cell) -> tuple[float, float]:
        """The picture point at the centre of *cell* (any cell, on the grid or not)."""
        row, col = cell
        half = self.cell_size / 2
        return (self.origin[0] + col * self.cell_size + half,
                self.origin[1] + row * self.cell_size + half)

    def cells(self) -> Iterable[Cell]:
        """Every cell of the grid, in reading order."""
        return ((row, col) for row in range(self.height) for col in range(self.width))


@attrs.frozen
class Motion:
    """What a move did to one thing on the board: from a cell to a cell, or removed.

    A front end animates a move from these: a block falling, a column
    closing, a tile slid, a tile removed (:attr:`to` is ``None``).

    >>> Motion((0, 1), (2, 1)), Motion((3, 3), None).removed
    (Motion(start=(0, 1), to=(2, 1)), True)
    """

    start: Cell
    """The cell it was in before the move."""
    to: Cell | None
    """The cell it is in after the move, or ``None`` when the move removed it."""

    @property
    def removed(self) -> bool:
        """Whether the move took it off the board."""
        return self.to is None


def _number(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _attributes(items: dict[str, object]) -> str:
    parts = []
    for name, value in items.items():
        if value is None:
            continue
        text = _number(value) if isinstance(value, (int, float)) else str(value)
        parts.append(f" {name.rstrip('_').replace('_', '-')}={quoteattr(text)}")
    return "".join(parts)


class SvgCanvas:
    """An SVG document of *width* x *height* user units, built element by element.

    Keyword arguments become attributes; a trailing underscore is dropped and
    other underscores become dashes (``stroke_width=2`` writes
    ``stroke-width="2"``, ``class_="peg"`` writes ``class="peg"``).

    >>> canvas = SvgCanvas(4, 4)
    >>> canvas.circle(2, 2, 1, fill="white", stroke_width=0.5)
    >>> canvas.to_string().count("<circle")
    1
    """

    def __init__(
        self,
        width: float,
        height: float,
        *,
        background: str | None = None,
        title: str | None = None,
    ) -> None:
        self.width = width
        self.height = height
        self._elements: list[str] = []
        if title is not None:
            self._elements.append(f"<title>{escape(title)}</title>")
        if background is not None:
            self.rect(0, 0, width, height, fill=background)

    def _add(self, tag: str, attributes: dict[str, object], text: str | None = None) -> None:
        if text is None:
            self._elements.append(f"<{tag}{_attributes(attributes)}/>")
        else:
            self._elements.append(f"<{tag}{_attributes(attributes)}>{escape(text)}</{tag}>")

    def rect(self, x: float, y: float, width: float, height: float, **style: object) -> None:
        """Add a rectangle with its top-left corner at (*x*, *y*)."""
        self._add("rect", {"x": x, "y": y, "width": width, "height": height, **style})

    def circle(self, cx: float, cy: float, r: float, **style: object) -> None:
        """Add a circle centred at (*cx*, *cy*)."""
        self._add("circle", {"cx": cx, "cy": cy, "r": r, **style})

    def line(self, x1: float, y1: float, x2: float, y2: float, **style: object) -> None:
        """Add a straight line."""
        self._add("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, **style})

    def grid(
        self, x: float, y: float, rows: int, cols: int, cell_size: float, **style: object
    ) -> None:
        """Add the lines of a *rows* x *cols* grid of *cell_size* cells from (*x*, *y*):
        an empty board still shows its cells.

        >>> canvas = SvgCanvas(20, 10)
        >>> canvas.grid(0, 0, 1, 2, 10, stroke="#ccc")
        >>> canvas.to_string().count("<line")
        5
        """
        right, bottom = x + cols * cell_size, y + rows * cell_size
        for row in range(rows + 1):
            self.line(x, y + row * cell_size, right, y + row * cell_size, **style)
        for col in range(cols + 1):
            self.line(x + col * cell_size, y, x + col * cell_size, bottom, **style)

    def polyline(self, points: Iterable[tuple[float, float]], **style: object) -> None:
        """Add an open polyline through *points* (unfilled unless *fill* is given)."""
        text = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        self._add("polyline", {"points": text, "fill": "none", **style})

    def polygon(self, points: Iterable[tuple[float, float]], **style: object) -> None:
        """Add a closed polygon through *points*."""
        text = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        self._add("polygon", {"points": text, **style})

    def text(self, x: float, y: float, content: str, **style: object) -> None:
        """Add *content* as text anchored at (*x*, *y*); it is escaped."""
        self._add("text", {"x": x, "y": y, **style}, content)

    def to_string(self) -> Svg:
        """The finished document."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_number(self.width)}" '
            f'height="{_number(self.height)}" viewBox="0 0 {_number(self.width)} '
            f'{_number(self.height)}">'
        )
        return Svg("\n".join([head, *self._elements, "</svg>"]))
