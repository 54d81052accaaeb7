"""Benchmark the IQ-Twist solver against a plain backtracking baseline.

Measures, in one run:

* all solutions of every shipped challenge (100 starts), and
* every tiling of the empty board (5992),

once with :mod:`puzzlekit.twist` and once with the baseline below: a
bitmask board, the first empty cell in reading order, every legal
placement starting at it tried in turn (recursively). Both keep one placement
per footprint (the canonical rule), so both find the same solutions; the
script checks that they do.

Run from the repository root: ``python benchmarks/twist_solve.py``
(``--quick``: 20 challenges, one repetition, well under 30 s).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from puzzlekit.twist import State, challenges, count_solutions, search
from puzzlekit.twist.pieces import COLOUR, HEIGHT, PIECES, WIDTH, loops

FULL = (1 << (WIDTH * HEIGHT)) - 1


def baseline_count(start: State) -> int:
    """Count the canonical solutions of *start* with first-empty-cell backtracking."""
    board = 0
    for piece in start.pieces:
        for row, col in piece.cells:
            board |= 1 << (row * WIDTH + col)
    pegs = {(peg.row, peg.col): peg.colour for peg in start.pegs}
    missing = start.missing_pieces()
    covering: list[list[tuple[int, int]]] = [[] for _ in range(WIDTH * HEIGHT)]
    for index, letter in enumerate(PIECES):
        if letter not in missing:
            continue
        seen = set()
        for orientation in range(8):
            shape = loops(letter, orientation)
            height = 1 + max(r for r, _, _ in shape)
            width = 1 + max(c for _, c, _ in shape)
            for row in range(HEIGHT - height + 1):
                for col in range(WIDTH - width + 1):
                    cells = [(row + r, col + c, hole) for r, c, hole in shape]
                    if any(
                        (r, c) in pegs and not (hole and pegs[r, c] == COLOUR[letter])
                        for r, c, hole in cells
                    ):
                        continue
                    mask = sum(1 << (r * WIDTH + c) for r, c, _ in cells)
                    if mask & board or mask in seen:
                        continue
                    seen.add(mask)
                    # Cells before the first empty one are full, so only a placement whose
                    # first cell is the empty cell can fit there: file it under that cell.
                    covering[(mask & -mask).bit_length() - 1].append((index, mask))

    def count(board: int, used: int) -> int:
        if board == FULL:
            return 1
        cell = (~board & (board + 1)).bit_length() - 1
        total = 0
        for index, mask in covering[cell]:
            if not used >> index & 1 and not mask & board:
                total += count(board | mask, used | 1 << index)
        return total

    used = sum(1 << PIECES.index(p.piece) for p in start.pieces)
    return count(board, used)


def best_time(function: Callable[[], object], repeat: int) -> tuple[float, object]:
    best = float("inf")
    result: object = None
    for _ in range(repeat):
        started = time.process_time()
        result = function()
        best = min(best, time.process_time() - started)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (CI)")
    args = parser.parse_args()
    starts = [item.start for item in challenges()]
    if args.quick:
        starts = starts[:20]
    repeat = 1 if args.quick else 3

    ours_time, ours = best_time(lambda: [len(search(s).solutions) for s in starts], repeat)
    base_time, base = best_time(lambda: [baseline_count(s) for s in starts], 1)
    assert ours == base == [1] * len(starts), "both must find exactly one solution each"
    print(
        f"{len(starts)} challenges, all solutions: puzzlekit {ours_time:.3f} s, "
        f"baseline {base_time:.3f} s, ratio {base_time / ours_time:.1f}x"
    )

    empty_time, tilings = best_time(lambda: count_solutions(State()), repeat)
    base_empty_time, base_tilings = best_time(lambda: baseline_count(State()), 1)
    assert tilings == base_tilings == 5992
    print(
        f"empty board, {tilings} tilings: puzzlekit {empty_time:.3f} s, "
        f"baseline {base_empty_time:.3f} s, ratio {base_empty_time / empty_time:.1f}x"
    )

    nodes = [search(s).nodes for s in starts]
    print(f"search nodes per challenge: mean {sum(nodes) / len(nodes):.0f}, max {max(nodes)}")


if __name__ == "__main__":
    main()
