"""Benchmark the IQ-Twist solver against a plain backtracking baseline and exact-cover peers.

Measures, in one run:

* all solutions of every shipped challenge (100 starts, one solution each),
* the count of the tilings of the empty board (5992), and
* the list of those tilings,

with :mod:`puzzlekit.twist`, with the baseline below (a bitmask board, the
first empty cell in reading order, every legal placement starting at it
tried in turn, recursively), and with the exact-cover packages
`exact-cover <https://pypi.org/project/exact-cover/>`_ (C) and
`xcover <https://pypi.org/project/xcover/>`_ (numba) when they are
installed (``pip install exact-cover xcover``). The peers get each start
as a ready exact-cover matrix, built from puzzlekit's own filtering of the
placements by the pegs and not timed, and xcover's compilation is done
before timing: every advantage goes to them. All of them must find the same
solutions; the script checks the counts. Times are CPU seconds, the best
of the repetitions; each ratio is the peer's time over puzzlekit's.

Run from the repository root: ``python benchmarks/twist_solve.py``
(``--quick``: 20 challenges, one repetition, a few seconds).
"""

from __future__ import annotations

import argparse
import importlib.util
import time
import warnings
from collections.abc import Callable
from typing import Any

from puzzlekit.twist import State, challenges, count_solutions, find_solutions
from puzzlekit.twist.cover import FOOTPRINT_ITEMS, bit_numbers, cover_problem
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


def options(start: State) -> list[list[int]]:
    """*start* as exact-cover rows: the items (cells, pieces) of each open footprint."""
    problem = cover_problem(start)
    assert problem is not None
    columns = {item: number for number, item in enumerate(bit_numbers(problem.items))}
    return [
        [columns[item] for item in bit_numbers(FOOTPRINT_ITEMS[footprint])]
        for footprint in bit_numbers(problem.open)
    ]


def best_time(function: Callable[[], object], repeat: int) -> tuple[float, object]:
    best = float("inf")
    result: object = None
    for _ in range(repeat):
        started = time.process_time()
        result = function()
        best = min(best, time.process_time() - started)
    return best, result


class Peer:
    """An installed exact-cover package: how it lists and counts covers."""

    def __init__(self, name: str, module: str) -> None:
        self.name = name
        self.installed = importlib.util.find_spec(module) is not None

    def prepare(self, rows: list[list[int]]) -> Any:
        return rows

    def all_covers(self, problem: Any) -> int:
        raise NotImplementedError

    def count(self, problem: Any) -> int:
        return self.all_covers(problem)


class ExactCover(Peer):
    def prepare(self, rows: list[list[int]]) -> Any:
        import numpy as np

        matrix = np.zeros((len(rows), 1 + max(max(row) for row in rows)), dtype=bool)
        for number, row in enumerate(rows):
            matrix[number, row] = True
        return matrix

    def all_covers(self, problem: Any) -> int:
        import exact_cover

        return len(exact_cover.get_all_solutions(problem))

    def count(self, problem: Any) -> int:
        import exact_cover

        return int(exact_cover.get_solution_count(problem))


class XCover(Peer):
    def all_covers(self, problem: Any) -> int:
        import xcover

        return len(list(xcover.covers(problem)))

    def count(self, problem: Any) -> int:
        import xcover

        return sum(1 for _ in xcover.covers(problem))


def time_peer(
    peer: Peer, starts: list[State], repeat: int, label: str, count_label: str, list_label: str
) -> dict[str, float]:
    """The peer's times on the three workloads (its matrices built before the clock starts)."""
    problems = [peer.prepare(options(s)) for s in starts]
    board = peer.prepare(options(State()))
    peer.all_covers(problems[0])  # compiles xcover's numba code before timing
    times = {}
    times[label], counts = best_time(lambda: [peer.all_covers(p) for p in problems], repeat)
    assert counts == [1] * len(starts), peer.name
    times[count_label], counted = best_time(lambda: peer.count(board), repeat)
    times[list_label], listed = best_time(lambda: peer.all_covers(board), repeat)
    assert counted == listed == 5992, peer.name
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (CI)")
    args = parser.parse_args()
    warnings.filterwarnings("ignore")  # numba's warnings while xcover compiles
    starts = [item.start for item in challenges()]
    if args.quick:
        starts = starts[:20]
    repeat = 1 if args.quick else 5
    empty = State()
    peers = [peer for peer in (ExactCover("exact-cover", "exact_cover"),
                               XCover("xcover", "xcover")) if peer.installed]
    missing = {"exact-cover", "xcover"} - {peer.name for peer in peers}
    for name in sorted(missing):
        print(f"({name} is not installed: pip install {name} to compare with it)")

    ours: dict[str, float] = {}
    columns: dict[str, dict[str, float]] = {"baseline": {}}

    label = f"{len(starts)} challenges, all solutions"
    ours[label], found = best_time(
        lambda: [len(find_solutions(s).solutions) for s in starts], repeat
    )
    columns["baseline"][label], base = best_time(lambda: [baseline_count(s) for s in starts], 1)
    assert found == base == [1] * len(starts), "each challenge has exactly one solution"

    count_label = "empty board, count the 5992 tilings"
    ours[count_label], tilings = best_time(lambda: count_solutions(empty), repeat)
    columns["baseline"][count_label], base_tilings = best_time(lambda: baseline_count(empty), 1)
    assert tilings == base_tilings == 5992

    list_label = "empty board, list the 5992 tilings"
    ours[list_label], listed = best_time(lambda: len(find_solutions(empty).solutions), repeat)
    assert listed == 5992

    for peer in peers:
        columns[peer.name] = time_peer(peer, starts, repeat, label, count_label, list_label)

    names = list(columns)
    head = f"{'workload':40} {'puzzlekit':>10}" + "".join(f" {n:>12} {'ratio':>6}" for n in names)
    print(head)
    print("-" * len(head))
    for workload, seconds in ours.items():
        line = f"{workload:40} {seconds:9.3f}s"
        for name in names:
            theirs = columns[name].get(workload)
            if theirs is None:
                line += f" {'-':>12} {'-':>6}"
            else:
                line += f" {theirs:11.3f}s {theirs / seconds:5.1f}x"
        print(line)
    print(
        f"(CPU seconds, best of {repeat}; ratio = the other's time / puzzlekit's, "
        "above 1 means puzzlekit is faster)"
    )
    nodes = [find_solutions(s).nodes for s in starts]
    print(f"search nodes per challenge: mean {sum(nodes) / len(nodes):.0f}, max {max(nodes)}; "
          f"empty board {find_solutions(empty).nodes}")


if __name__ == "__main__":
    main()
