"""The rules, the solver and the levels of Lights Out.

A board is ``height`` rows of ``width`` lights, on (``*``) or off (``.``). A
press toggles the light and its neighbours; the board is solved when every
light is out. Presses commute and two presses of one light cancel, so a
solution is a set of lights to press: the solver finds the smallest by
Gaussian elimination over GF(2), and proves a board unsolvable when the
elimination leaves it no solution.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs

from puzzlekit import (
    ArgumentError,
    IllegalMoveError,
    Level,
    LimitReached,
    Moves,
    ParseError,
    SearchResult,
    UnsolvableError,
)
from puzzlekit.levels import GRADES, check_grade, draw
from puzzlekit.limits import Budget, ProgressCallback, make_rng
from puzzlekit.params import read_params, write_params
from puzzlekit.svg import SvgCanvas

MAX_SIDE = 20
NULL_SPACE_MOST = 16  # the smallest of 2**k solutions is looked for when k is at most this


@attrs.frozen
class Params:
    """A board's size: ``WIDTHxHEIGHT``.

    >>> Params.parse("4x3")
    Params(width=4, height=3)
    """

    width: int = 5
    height: int = 5

    def __attrs_post_init__(self) -> None:
        for name in ("width", "height"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
            if not 1 <= value <= MAX_SIDE:
                raise ArgumentError(f"{name} must be from 1 to {MAX_SIDE}, not {value}")

    @classmethod
    def parse(cls, text: str) -> Params:
        """Read ``WIDTHxHEIGHT``."""
        size, _ = read_params(text, readers={}, what="lightsout params")
        if size is None:
            return cls()
        try:
            return cls(*size)
        except ArgumentError as error:
            raise ParseError(f"lightsout params {text!r}: {error}") from None

    def __str__(self) -> str:
        return write_params(self.size, {})

    @property
    def size(self) -> tuple[int, int]:
        """``(width, height)``."""
        return self.width, self.height


@attrs.frozen
class Press:
    """A press of the light at ``row, col``, written ``ROW,COL``.

    >>> Press.parse("1,2")
    Press(row=1, col=2)
    """

    row: int
    col: int

    @classmethod
    def parse(cls, text: str) -> Press:
        """Read ``ROW,COL``."""
        if not isinstance(text, str):
            raise TypeError(f"a press is written as a str, not {type(text).__name__}")
        parts = text.split(",")
        if len(parts) != 2 or not all(part.strip().isdigit() and len(part.strip()) < 6
                                      for part in parts):
            raise ParseError(f"press {text!r} is not of the form ROW,COL")
        return cls(int(parts[0]), int(parts[1]))

    def __str__(self) -> str:
        return f"{self.row},{self.col}"


@attrs.frozen
class Board:
    """A Lights Out position: which lights are on, as bits (bit ``row * width + col``)."""

    width: int
    height: int
    lights: int

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read rows of ``*`` (on) and ``.`` (off).

        >>> Board.parse("*.\\n..").lights
        1
        """
        if not isinstance(text, str):
            raise TypeError(f"a board is written as a str, not {type(text).__name__}")
        rows = text.strip("\n").split("\n")
        width = len(rows[0])
        if not 1 <= width <= MAX_SIDE or not 1 <= len(rows) <= MAX_SIDE:
            raise ParseError(f"a board has 1 to {MAX_SIDE} rows and columns")
        lights = 0
        for row, line in enumerate(rows):
            if len(line) != width:
                raise ParseError(f"row {row} has {len(line)} lights, row 0 has {width}")
            for col, char in enumerate(line):
                if char not in "*.":
                    raise ParseError(f"row {row} column {col} is {char!r}, not '*' or '.'")
                if char == "*":
                    lights |= 1 << (row * width + col)
        return cls(width, len(rows), lights)

    def __str__(self) -> str:
        return "\n".join(
            "".join("*" if self.lights >> (row * self.width + col) & 1 else "."
                    for col in range(self.width))
            for row in range(self.height)
        )

    def _mask(self, row: int, col: int) -> int:
        mask = 0
        for r, c in ((row, col), (row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < self.height and 0 <= c < self.width:
                mask |= 1 << (r * self.width + c)
        return mask

    def _press_of(self, move: object) -> Press:
        if isinstance(move, str):
            move = Press.parse(move)
        if not isinstance(move, Press):
            raise TypeError(f"a move is a Press or its text, not {type(move).__name__}")
        return move

    def _accepts(self, move: object) -> bool:
        try:
            press = self._press_of(move)
        except (TypeError, ValueError):
            return False
        return not self.is_solved and 0 <= press.row < self.height and 0 <= press.col < self.width

    def _presses(self) -> Iterator[Press]:
        if not self.is_solved:
            for row in range(self.height):
                for col in range(self.width):
                    yield Press(row, col)

    def legal_moves(self) -> Moves[Press]:
        """Every light may be pressed until the board is solved."""
        return Moves(self._presses, self._accepts)

    def play(self, move: Press | str) -> Board:
        """The board after *move*."""
        press = self._press_of(move)
        if not self._accepts(press):
            raise IllegalMoveError(f"press {press} is not on the board or the board is solved")
        return attrs.evolve(self, lights=self.lights ^ self._mask(press.row, press.col))

    @property
    def is_solved(self) -> bool:
        """Every light is out."""
        return self.lights == 0

    @property
    def is_over(self) -> bool:
        """Only a solved board is over: a light can always be pressed."""
        return self.is_solved

    def hint(self, *, node_limit: int | None = None, time_limit: float | None = None) -> Any:
        """The first press of the smallest solution."""
        return hint(self, node_limit=node_limit, time_limit=time_limit)

    def to_svg(self, *, cell_size: int = 32) -> str:
        """A picture: lit cells yellow, each cell addressable by ``data-cell``."""
        canvas = SvgCanvas(self.width * cell_size, self.height * cell_size)
        for row in range(self.height):
            for col in range(self.width):
                on = self.lights >> (row * self.width + col) & 1
                canvas.rect(col * cell_size, row * cell_size, cell_size, cell_size,
                            fill="#ffd92f" if on else "#333333", stroke="#000000")
        return canvas.to_string()


def _solve_presses(board: Board, budget: Budget) -> list[int] | None:
    """The smallest set of lights to press (as indices), ``None`` when there is none."""
    cells = board.width * board.height
    # Row i of the system: which presses toggle light i, and whether light i is on.
    rows = [board._mask(i // board.width, i % board.width) | (board.lights >> i & 1) << cells
            for i in range(cells)]
    pivots: list[tuple[int, int]] = []
    free = []
    rank = 0
    for col in range(cells):
        if budget.spend():
            raise budget.limit_reached("the Lights Out elimination")
        pivot = next((r for r in range(rank, cells) if rows[r] >> col & 1), None)
        if pivot is None:
            free.append(col)
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        for r in range(cells):
            if r != rank and rows[r] >> col & 1:
                rows[r] ^= rows[rank]
        pivots.append((col, rank))
        rank += 1
    if any(rows[r] >> cells & 1 for r in range(rank, cells)):
        return None
    best: list[int] | None = None
    choices = range(1 << len(free)) if len(free) <= NULL_SPACE_MOST else (0,)
    for choice in choices:
        if budget.spend():
            raise budget.limit_reached("the Lights Out elimination")
        presses = {free[k] for k in range(len(free)) if choice >> k & 1}
        for col, r in pivots:
            value = rows[r] >> cells & 1
            for k in presses:
                value ^= rows[r] >> k & 1
            if value:
                presses.add(col)
        if best is None or len(presses) < len(best):
            best = sorted(presses)
    return best


def solve(
    board: Board,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> SearchResult[Board, Press]:
    """The smallest solution, or a proof that there is none."""
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    try:
        presses = _solve_presses(board, budget)
    except LimitReached:
        return SearchResult(board, (), board, False, nodes=budget.nodes,
                            seconds=budget.elapsed)
    moves = tuple(Press(i // board.width, i % board.width) for i in presses or ())
    final = board
    for move in moves:
        final = final.play(move)
    return SearchResult(board, moves, final, True, nodes=budget.nodes, seconds=budget.elapsed)


def hint(board: Board, *, node_limit: int | None = None, time_limit: float | None = None) -> Any:
    """The first press of the smallest solution; ``None`` when solved."""
    if board.is_solved:
        return None
    presses = _solve_presses(board, Budget(node_limit=node_limit, time_limit=time_limit))
    if presses is None:
        raise UnsolvableError("no set of presses puts every light out")
    return Press(presses[0] // board.width, presses[0] % board.width)


def count(board: Board, *, node_limit: int | None = None, time_limit: float | None = None) -> int:
    """How many sets of presses solve the board."""
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    if _solve_presses(board, budget) is None:
        return 0
    cells = board.width * board.height
    nullity = cells - _rank(board, budget)
    return 1 << nullity


def _rank(board: Board, budget: Budget) -> int:
    basis: list[int] = []
    for i in range(board.width * board.height):
        if budget.spend():
            raise budget.limit_reached("the Lights Out count")
        row = board._mask(i // board.width, i % board.width)
        for vector in basis:
            row = min(row, row ^ vector)
        if row:
            basis.append(row)
    return len(basis)


def random_state(seed: int | None = None, params: Params | None = None) -> Board:
    """A solvable board: the lights random presses leave on."""
    params = Params() if params is None else params
    rng = make_rng(seed)
    board = Board(params.width, params.height, 0)
    lights = 0
    for row in range(params.height):
        for col in range(params.width):
            if rng.random() < 0.5:
                lights ^= board._mask(row, col)
    return Board(params.width, params.height, lights)


def grade_of(
    board: Board, *, node_limit: int | None = None, time_limit: float | None = None
) -> str:
    """``easy`` for a short smallest solution, ``hard`` for one pressing a third of the board."""
    presses = _solve_presses(board, Budget(node_limit=node_limit, time_limit=time_limit))
    if presses is None:
        raise UnsolvableError("an unsolvable board has no grade")
    share = len(presses) / (board.width * board.height)
    return "easy" if share <= 1 / 6 else "medium" if share <= 1 / 3 else "hard"


def generate(
    grade: str,
    params: Params | None = None,
    *,
    seed: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> Level[Board, Press]:
    """A level of *grade*: random presses, graded by the smallest solution."""
    check_grade(grade, GRADES)  # None too: a level is always of a grade
    params = Params() if params is None else params

    def candidate(rng: random.Random, budget: Budget) -> Level[Board, Press] | None:
        if budget.spend():
            return None
        board = random_state(rng.randrange(2**32), params)
        if board.is_solved:
            return None
        line = solve(board).moves
        return Level(board, line, grade_of(board))

    return draw(grade, GRADES, candidate, seed=seed, node_limit=node_limit,
                time_limit=time_limit, progress=progress, default_node_limit=2000,
                what="the Lights Out generator")

