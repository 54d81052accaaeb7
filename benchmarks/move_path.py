"""Benchmark the public move path: ``legal_moves()``, ``play`` and ``is_over`` per move.

Each workload plays random playouts from the same starts three ways, and
reports the CPU time per move of each, measured in the same run:

* **public**: ``list(state.legal_moves())``, ``state.play(random choice)``,
  ``state.is_over`` (what the gym and every user-written search does);
* **inner**: the engine's own representation doing the same work (list every
  move, play one): SameGame's packed core (``Layout.groups`` and ``remove``),
  tromino's free-cell bitboard (``anchor_masks``), twist's bitset of legal
  placements with each placement's conflicts struck off,
  link matching's ``Grid`` (every pair of every kind rescanned with
  ``pairs``, then ``remove``; with gravity, the columns then settle);
* **plain**: a plain simulator as one would write it first: SameGame as a
  list of columns with a flood fill per group, tromino and twist as a grid
  of cells checked cell by cell, link matching as a list-of-rows grid with
  a ring of empty cells, every pair of a kind tried, each link checked by
  walking rays cell by cell as KShisen does (a straight or one-corner link,
  else one from each free cell of the four rays out of the first tile), the
  removed tiles' columns settling under gravity.

``public/inner`` is what the public objects cost over the engine's own loop
(the goal: 3 or less); ``plain/public`` how much faster the public path is
than the plain simulator (the goal: 5 or more).

Run from the repository root: ``python benchmarks/move_path.py [--quick]``
(``--quick``: the small sizes, a few seconds in all).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any

Playout = Callable[[random.Random], int]
"""One random playout from a fixed start; returns the moves it played."""


def per_move(playout: Playout, seconds: float) -> float:
    """CPU seconds per move of repeated *playout* runs, for at least *seconds*."""
    rng = random.Random(0)
    moves = 0
    started = time.process_time()
    while time.process_time() - started < seconds or moves == 0:
        moves += playout(rng)
    return (time.process_time() - started) / moves


def public_playout(start: Any) -> Playout:
    def playout(rng: random.Random) -> int:
        state, moves = start, 0
        while True:
            legal = list(state.legal_moves())
            if not legal:
                return moves
            state = state.play(rng.choice(legal))
            state.is_over  # noqa: B018 - part of the measured path
            moves += 1

    return playout


# -- SameGame --------------------------------------------------------------------------------


def samegame(width: int, colours: int) -> tuple[Playout, Playout, Playout]:
    from puzzlekit.samegame import random_board
    from puzzlekit.samegame.core import Layout

    board = random_board(width, width, colours, seed=1)
    layout = Layout(width, width, board.colours)
    start_bits = layout.encode(board.columns)

    def inner(rng: random.Random) -> int:
        bits, moves = start_bits, 0
        while True:
            groups = layout.groups(bits)
            if not groups:
                return moves
            bits = layout.remove(bits, rng.choice(groups))
            moves += 1

    def plain(rng: random.Random) -> int:
        columns = [list(column) for column in board.columns]
        moves = 0
        while True:
            groups = plain_samegame_groups(columns)
            if not groups:
                return moves
            for x, y in sorted(rng.choice(groups), reverse=True):
                del columns[x][y]
            columns = [column for column in columns if column]
            moves += 1

    return public_playout(board), inner, plain


def plain_samegame_groups(columns: list[list[int]]) -> list[list[tuple[int, int]]]:
    """Every group of 2 or more blocks of a list of columns (bottom first), by flood fill."""
    seen: set[tuple[int, int]] = set()
    groups = []
    for x, column in enumerate(columns):
        for y, colour in enumerate(column):
            if (x, y) in seen:
                continue
            seen.add((x, y))
            group, stack = [], [(x, y)]
            while stack:
                cx, cy = stack.pop()
                group.append((cx, cy))
                for nx, ny in ((cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)):
                    if (
                        0 <= nx < len(columns)
                        and 0 <= ny < len(columns[nx])
                        and (nx, ny) not in seen
                        and columns[nx][ny] == colour
                    ):
                        seen.add((nx, ny))
                        stack.append((nx, ny))
            if len(group) >= 2:
                groups.append(group)
    return groups


# -- tromino ---------------------------------------------------------------------------------


def tromino(width: int, holes: int) -> tuple[Playout, Playout, Playout]:
    from puzzlekit.tromino import Board
    from puzzlekit.tromino.board import anchor_masks, bit_indices, full_mask

    rng = random.Random(width)
    cells = [(row, col) for row in range(width) for col in range(width)]
    board = Board(width, width, holes=rng.sample(cells, holes))
    stride = width + 1
    hole_bits = sum(1 << (row * stride + col) for row, col in board.holes)
    start_free = full_mask(width, width) & ~hole_bits
    shapes = [  # each orientation's three cells as bit offsets from the block's corner
        (1, stride, stride + 1), (0, stride, stride + 1), (0, 1, stride + 1), (0, 1, stride)
    ]

    def inner(rng: random.Random) -> int:
        free, moves = start_free, 0
        while True:
            anchors = anchor_masks(free, width)
            legal = [
                (index, orientation)
                for orientation, mask in enumerate(anchors)
                for index in bit_indices(mask)
            ]
            if not legal:
                return moves
            index, orientation = rng.choice(legal)
            free &= ~sum(1 << (index + offset) for offset in shapes[orientation])
            moves += 1

    blocks = [((0, 1), (1, 0), (1, 1)), ((0, 0), (1, 0), (1, 1)),
              ((0, 0), (0, 1), (1, 1)), ((0, 0), (0, 1), (1, 0))]

    def plain(rng: random.Random) -> int:
        grid = [[(row, col) not in board.holes for col in range(width)] for row in range(width)]
        moves = 0
        while True:
            legal = [
                (row, col, orientation)
                for row in range(width - 1)
                for col in range(width - 1)
                for orientation, block in enumerate(blocks)
                if all(grid[row + dr][col + dc] for dr, dc in block)
            ]
            if not legal:
                return moves
            row, col, orientation = rng.choice(legal)
            for dr, dc in blocks[orientation]:
                grid[row + dr][col + dc] = False
            moves += 1

    return public_playout(board), inner, plain


# -- twist -----------------------------------------------------------------------------------


def twist(start_text: str) -> tuple[Playout, Playout, Playout]:
    from puzzlekit.twist import State
    from puzzlekit.twist.pieces import COLOUR, HEIGHT, ON_BOARD, PIECES, WIDTH

    start = State.parse(start_text)
    # The engine's representation: every placement on the board as one bit, the legal ones
    # as one int, a move striking off the moves it conflicts with (same piece or a cell).
    placements = [(letter, cells, holes) for letter in PIECES
                  for _, _, _, cells, holes in ON_BOARD[letter]]
    conflicts = [
        sum(1 << other for other, (letter2, cells2, _) in enumerate(placements)
            if letter2 == letter or cells2 & cells)
        for letter, cells, _ in placements
    ]
    pegs = {(peg.row, peg.col): peg.colour for peg in start.pegs}
    filled = {cell for piece in start.pieces for cell in piece.cells}
    placed = {piece.piece for piece in start.pieces}
    start_legal = sum(
        1 << number
        for number, (letter, cells, holes) in enumerate(placements)
        if letter not in placed and not cells & filled
        and all(cell in holes and COLOUR[letter] == colour
                for cell, colour in pegs.items() if cell in cells)
    )

    def inner(rng: random.Random) -> int:
        legal, moves = start_legal, 0
        while legal:
            numbers = []
            bits = legal
            while bits:
                low = bits & -bits
                numbers.append(low.bit_length() - 1)
                bits ^= low
            legal &= ~conflicts[rng.choice(numbers)]
            moves += 1
        return moves

    shapes = {letter: [(orientation, row, col, sorted(cells), holes)
                       for orientation, row, col, cells, holes in ON_BOARD[letter]]
              for letter in PIECES}

    def plain(rng: random.Random) -> int:
        grid = [[None] * WIDTH for _ in range(HEIGHT)]
        for piece in start.pieces:
            for row, col in piece.cells:
                grid[row][col] = piece.piece
        missing = [letter for letter in PIECES if letter not in placed]
        moves = 0
        while True:
            legal = [
                (letter, cells)
                for letter in missing
                for _, _, _, cells, holes in shapes[letter]
                if all(grid[row][col] is None
                       and ((row, col) not in pegs
                            or ((row, col) in holes and pegs[row, col] == COLOUR[letter]))
                       for row, col in cells)
            ]
            if not legal:
                return moves
            letter, cells = rng.choice(legal)
            for row, col in cells:
                grid[row][col] = letter
            missing.remove(letter)
            moves += 1

    return public_playout(start), inner, plain


# -- link matching ---------------------------------------------------------------------------


def linkpath(
    height: int, width: int, kinds: int, *, gravity: bool = False
) -> tuple[Playout, Playout, Playout]:
    from puzzlekit.linkpath import Rules, deal
    from puzzlekit.linkpath.paths import Grid

    board = deal(height, width, kinds, seed=1, rules=Rules(gravity="down" if gravity else None))
    start = Grid(board.rows, outside=True, max_turns=2, gravity=gravity)

    def inner(rng: random.Random) -> int:
        grid, moves = start.copy(), 0
        while True:
            pairs = list(grid.pairs())
            if not pairs:
                return moves
            grid.remove(*rng.choice(pairs))
            moves += 1

    def plain(rng: random.Random) -> int:
        grid = [[0] * (width + 2)] + [[0, *row, 0] for row in board.rows] + [[0] * (width + 2)]
        moves = 0
        while True:
            tiles: dict[int, list[tuple[int, int]]] = {}
            for r, row in enumerate(grid):
                for c, kind in enumerate(row):
                    if kind:
                        tiles.setdefault(kind, []).append((r, c))
            legal = [
                (a, b)
                for group in tiles.values()
                for n, a in enumerate(group)
                for b in group[n + 1 :]
                if plain_linked(grid, a, b)
            ]
            if not legal:
                return moves
            (r1, c1), (r2, c2) = rng.choice(legal)
            grid[r1][c1] = grid[r2][c2] = 0
            for c in {c1, c2} if gravity else ():  # the column's tiles fall to the bottom
                fallen = [grid[r][c] for r in range(1, height + 1) if grid[r][c]]
                fallen = [0] * (height - len(fallen)) + fallen
                for r in range(1, height + 1):
                    grid[r][c] = fallen[r - 1]
            moves += 1

    return public_playout(board), inner, plain


def plain_linked(grid: list[list[int]], a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether tiles *a* and *b* link in at most two turns on a grid with an empty ring,
    as KShisen finds it: a straight or one-corner link, else one from a cell of a ray."""
    if plain_simple(grid, a, b):
        return True
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = a[0] + dr, a[1] + dc
        while 0 <= r < len(grid) and 0 <= c < len(grid[0]) and not grid[r][c]:
            if plain_simple(grid, (r, c), b):
                return True
            r, c = r + dr, c + dc
    return False


def plain_simple(grid: list[list[int]], a: tuple[int, int], b: tuple[int, int]) -> bool:
    """A straight or one-corner link from *a* to *b* over empty cells (cell by cell)."""
    (r1, c1), (r2, c2) = a, b
    if r1 == r2 or c1 == c2:
        return plain_line(grid, a, b)
    return any(
        not grid[r][c] and plain_line(grid, a, (r, c)) and plain_line(grid, (r, c), b)
        for r, c in ((r1, c2), (r2, c1))
    )


def plain_line(grid: list[list[int]], a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether every cell strictly between *a* and *b* (on one line) is empty."""
    dr, dc = (b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])
    r, c = a[0] + dr, a[1] + dc
    while (r, c) != b:
        if grid[r][c]:
            return False
        r, c = r + dr, c + dc
    return True


WORKLOADS: dict[str, list[tuple[str, Callable[[], tuple[Playout, Playout, Playout]]]]] = {
    "samegame": [
        ("10x10 c3", lambda: samegame(10, 3)),
        ("20x20 c5", lambda: samegame(20, 5)),
        ("50x50 c5", lambda: samegame(50, 5)),
    ],
    "tromino": [
        ("8x8 h10", lambda: tromino(8, 10)),
        ("16x16 h10", lambda: tromino(16, 10)),
        ("32x32 h10", lambda: tromino(32, 10)),
    ],
    "twist": [
        ("empty", lambda: twist("")),
        ("2 pegs", lambda: twist("i6B0j2B0")),
        ("challenge", lambda: twist("f3C4i6B0j2B0j1C0k3C0l4B0l5C0")),
    ],
    "linkpath": [
        ("12x8 k24", lambda: linkpath(8, 12, 24)),
        ("16x30 k36", lambda: linkpath(16, 30, 36)),
        ("12x8 grav", lambda: linkpath(8, 12, 24, gravity=True)),
    ],
}
"""Per puzzle, its sizes: the first of each runs in ``--quick`` mode."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the small sizes, briefly")
    args = parser.parse_args(argv)
    seconds = 0.2 if args.quick else 1.5
    print(f"{'puzzle':<9} {'size':<10} {'public':>10} {'inner':>10} {'plain':>10}"
          f"   {'public/inner':>12} {'plain/public':>12}   (CPU time per move)")
    for name, sizes in WORKLOADS.items():
        for size, build in sizes[:1] if args.quick else sizes:
            public, inner, plain = build()
            costs = [per_move(playout, seconds) for playout in (public, inner, plain)]
            shown = "".join(f" {cost * 1e6:8.1f}us" for cost in costs)
            print(f"{name:<9} {size:<10}{shown}   {costs[0] / costs[1]:12.2f} "
                  f"{costs[2] / costs[0]:12.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
