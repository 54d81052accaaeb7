"""Benchmark SameGame random playouts: the packed-int core against a plain implementation.

Both play the same policy on the 20 shipped standard positions (15 x 15,
5 colours): at each move, a block chosen uniformly among the blocks that
have a neighbour of their colour, then its group removed, until no move is
left. One playout per position and round, the same seeds for both sides.

* fast: :class:`puzzlekit.samegame.core.Layout` (one int holding a bit plane
  per colour; groups by bit flood fill; gravity and column closing by
  precomputed masks, for all colours at once);
* baseline: the board as a list of columns, the playable blocks found by
  scanning every cell, the group by a recursive flood fill, and the board
  rebuilt after each move.

The script checks that both sides reach the same final boards and scores
(same policy, same random numbers), then prints playouts per second and the
ratio. Run from the repository root: ``python benchmarks/samegame_playouts.py``
(``--quick``: a few seconds).
"""

from __future__ import annotations

import argparse
import random
import time

from puzzlekit.samegame import STANDARD, Board, load_standard_set
from puzzlekit.samegame.core import Layout

Columns = list[list[int]]


def baseline_playout(columns: Columns, rng: random.Random) -> tuple[int, Columns]:
    """Play one random game on a list of columns (bottom first): its score and final columns."""
    score = 0
    width = len(columns)
    while True:
        playable = []
        # Same order as the packed board's bits: colour, then column, then height.
        for colour in range(5):
            for c in range(width):
                for h, block in enumerate(columns[c]):
                    if block == colour and (
                        (h + 1 < len(columns[c]) and columns[c][h + 1] == colour)
                        or (h > 0 and columns[c][h - 1] == colour)
                        or (c > 0 and h < len(columns[c - 1]) and columns[c - 1][h] == colour)
                        or (
                            c + 1 < width
                            and h < len(columns[c + 1])
                            and columns[c + 1][h] == colour
                        )
                    ):
                        playable.append((c, h))
        if not playable:
            break
        c, h = playable[rng.randrange(len(playable))]  # the draw Layout.random_block makes
        group: set[tuple[int, int]] = set()
        flood(columns, c, h, columns[c][h], group)
        score += STANDARD.score_move(len(group))
        rebuilt = [
            [block for h, block in enumerate(column) if (c, h) not in group]
            for c, column in enumerate(columns)
        ]
        columns = [column for column in rebuilt if column]
        columns += [[] for _ in range(width - len(columns))]
    return score, columns


def flood(columns: Columns, c: int, h: int, colour: int, group: set[tuple[int, int]]) -> None:
    """Add the group of (c, h) to *group*, recursively."""
    if (c, h) in group or not (0 <= c < len(columns) and 0 <= h < len(columns[c])):
        return
    if columns[c][h] != colour:
        return
    group.add((c, h))
    flood(columns, c + 1, h, colour, group)
    flood(columns, c - 1, h, colour, group)
    flood(columns, c, h + 1, colour, group)
    flood(columns, c, h - 1, colour, group)


def fast_playout(layout: Layout, bits: int, rng: random.Random) -> tuple[int, int]:
    """Play one random game on a packed board: its score and final packed board."""
    score = 0
    move_scores = [STANDARD.score_move(n) for n in range(layout.width * layout.height + 1)]
    playable, pick, grow, remove = (
        layout.playable, layout.random_block, layout.flood, layout.remove
    )
    while seeds := playable(bits):
        group = grow(bits, pick(seeds, rng))
        score += move_scores[group.bit_count()]
        bits = remove(bits, group)
    return score, bits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one round (a few seconds)")
    parser.add_argument("--rounds", type=int, default=20, help="playouts per position and side")
    args = parser.parse_args()
    rounds = 5 if args.quick else args.rounds
    boards = load_standard_set()
    layout = Layout(15, 15, range(5))

    started = time.perf_counter()
    fast_results = []
    for number, board in enumerate(boards):
        bits = layout.encode(board.columns)
        rng = random.Random(number)
        fast_results += [fast_playout(layout, bits, rng) for _ in range(rounds)]
    fast_seconds = time.perf_counter() - started

    started = time.perf_counter()
    baseline_results = []
    for number, board in enumerate(boards):
        rng = random.Random(number)
        baseline_results += [
            baseline_playout([list(column) for column in board.columns], rng)
            for _ in range(rounds)
        ]
    baseline_seconds = time.perf_counter() - started

    for (fast_score, bits), (score, columns) in zip(fast_results, baseline_results, strict=True):
        final = Board(columns=tuple(map(tuple, columns)), height=15)
        if fast_score != score or layout.decode(bits) != final.columns:
            raise SystemExit("the two implementations disagree")
    playouts = len(fast_results)
    fast_rate = playouts / fast_seconds
    baseline_rate = playouts / baseline_seconds
    print(f"random playouts on the 20 standard positions (15 x 15, 5 colours), {playouts} per side")
    print(f"{'implementation':<28}{'playouts/s':>12}{'seconds':>10}")
    print(f"{'puzzlekit.samegame.core':<28}{fast_rate:>12.0f}{fast_seconds:>10.2f}")
    print(f"{'baseline (lists, recursion)':<28}{baseline_rate:>12.0f}{baseline_seconds:>10.2f}")
    print(f"ratio: {fast_rate / baseline_rate:.1f}x (same games, checked)")


if __name__ == "__main__":
    main()
