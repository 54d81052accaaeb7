"""Benchmark the IQ-Twist solver against a plain backtracking baseline and exact-cover peers.

Measures, in one run:

* all solutions of every shipped challenge (100 starts, one solution each),
* the count of the tilings of the empty board (5992),
* the list of those tilings, and
* random partial starts (a fixed set drawn from a seed: a random solved
  board, then 1-3 of its pegs and 0-2 of its pieces kept), grouped by how
  many pegs and pieces they keep: all their solutions listed, and counted,

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
import random
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from functools import partial
from typing import Any

from puzzlekit.twist import (
    Placement,
    State,
    challenges,
    count_solutions,
    find_solutions,
)
from puzzlekit.twist.cover import FOOTPRINT_ITEMS, bit_numbers, cover_problem
from puzzlekit.twist.pieces import COLOUR, HEIGHT, PEG_COUNT, PEGS, PIECES, WIDTH, loops
from puzzlekit.twist.solver import tilings

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


def partial_starts(rng: random.Random, pegs: int, pieces: int, count: int) -> list[State]:
    """*count* random starts keeping *pegs* pegs and *pieces* pieces of a random solved
    board (so each has a solution): a random tiling, a random fitting orientation per
    piece, the pegs in random holes of their colour."""
    starts = []
    while len(starts) < count:
        solved = [rng.choice(choices) for choices in rng.choice(tilings())]
        holes = [
            (peg, cell)
            for piece in solved
            for cell in piece.holes
            for peg in PEGS
            if COLOUR[peg] == piece.colour
        ]
        rng.shuffle(holes)
        kept_pegs: dict[tuple[int, int], Placement] = {}
        used: dict[str, int] = {}
        for peg, (row, col) in holes:
            if len(kept_pegs) == pegs:
                break
            if (row, col) not in kept_pegs and used.get(peg, 0) < PEG_COUNT[peg]:
                used[peg] = used.get(peg, 0) + 1
                kept_pegs[row, col] = Placement(peg, col, row)
        if len(kept_pegs) < pegs:
            continue
        starts.append(State((*rng.sample(solved, pieces), *kept_pegs.values())))
    return starts


PARTIAL_KINDS = [(pegs, pieces) for pegs in (1, 2, 3) for pieces in (0, 1, 2)]
"""The partial starts measured: (pegs, pieces) kept."""


def options(start: State) -> list[list[int]]:
    """*start* as exact-cover rows: the items (cells, pieces) of each open footprint."""
    problem = cover_problem(start)
    assert problem is not None
    columns = {item: number for number, item in enumerate(bit_numbers(problem.items))}
    return [
        [columns[item] for item in bit_numbers(FOOTPRINT_ITEMS[footprint])]
        for footprint in bit_numbers(problem.open)
    ]


def map_list(function: Callable[[Any], int], items: list[Any]) -> list[int]:
    return [function(item) for item in items]


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


Workload = tuple[str, list[State], bool]
"""A row of the table: its label, its starts, and whether it counts (else lists) them."""


SEARCH_LIMIT = 10**9
"""A node limit never reached: with it puzzlekit searches instead of reading its table."""


def ours_on(workload: Workload, limit: int | None = None) -> list[int]:
    """Per start of *workload*, how many solutions puzzlekit lists (or counts), without a
    limit (read from the table of tilings) or with node limit *limit* (the search)."""
    _, starts, counting = workload
    if counting:
        return [count_solutions(s, node_limit=limit) for s in starts]
    return [len(find_solutions(s, node_limit=limit).solutions) for s in starts]


def first_call_seconds() -> float:
    """CPU seconds of the first unlimited count in a fresh process (it builds the table)."""
    code = (
        "import time; from puzzlekit.twist import State, count_solutions; "
        "t = time.process_time(); count_solutions(State()); print(time.process_time() - t)"
    )
    return float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True).stdout)


def time_peer(
    peer: Peer, workloads: list[Workload], expected: dict[str, list[int]], repeat: int
) -> dict[str, float]:
    """The peer's times on the workloads (its matrices built before the clock starts)."""
    times = {}
    peer.all_covers(peer.prepare(options(State())))  # compiles xcover's numba code
    for label, starts, counting in workloads:
        problems = [peer.prepare(options(s)) for s in starts]
        solve = peer.count if counting else peer.all_covers
        times[label], found = best_time(partial(map_list, solve, problems), repeat)
        assert found == expected[label], (peer.name, label)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (CI)")
    args = parser.parse_args()
    warnings.filterwarnings("ignore")  # numba's warnings while xcover compiles
    starts = [item.start for item in challenges()]
    per_kind = 30
    if args.quick:
        starts = starts[:20]
        per_kind = 5
    repeat = 1 if args.quick else 5
    empty = State()
    peers = [peer for peer in (ExactCover("exact-cover", "exact_cover"),
                               XCover("xcover", "xcover")) if peer.installed]
    missing = {"exact-cover", "xcover"} - {peer.name for peer in peers}
    for name in sorted(missing):
        print(f"({name} is not installed: pip install {name} to compare with it)")

    label = f"{len(starts)} challenges, all solutions"
    count_label = "empty board, count the 5992 tilings"
    workloads: list[Workload] = [
        (label, starts, False),
        (count_label, [empty], True),
        ("empty board, list the 5992 tilings", [empty], False),
    ]
    rng = random.Random(2024)
    for pegs, pieces in PARTIAL_KINDS:
        kept = partial_starts(rng, pegs, pieces, per_kind)
        kind = f"{per_kind} starts, {pegs} peg{'s' * (pegs > 1)}"
        kind += f" {pieces} piece{'s' * (pieces != 1)}"
        workloads.append((f"{kind}, list", kept, False))
        workloads.append((f"{kind}, count", kept, True))

    ours: dict[str, float] = {}
    expected: dict[str, list[int]] = {}
    columns: dict[str, dict[str, float]] = {"search": {}, "baseline": {}}
    for workload in workloads:
        ours[workload[0]], expected[workload[0]] = best_time(partial(ours_on, workload), repeat)
        columns["search"][workload[0]], searched = best_time(
            partial(ours_on, workload, SEARCH_LIMIT), repeat
        )
        assert searched == expected[workload[0]], workload[0]
    columns["baseline"][label], base = best_time(lambda: [baseline_count(s) for s in starts], 1)
    assert expected[label] == base == [1] * len(starts), "each challenge has exactly one solution"
    columns["baseline"][count_label], base_tilings = best_time(lambda: baseline_count(empty), 1)
    assert expected[count_label] == [base_tilings] == [5992]
    for peer in peers:
        columns[peer.name] = time_peer(peer, workloads, expected, repeat)

    names = list(columns)
    head = f"{'workload':44} {'puzzlekit':>10}" + "".join(f" {n:>12} {'ratio':>6}" for n in names)
    print(head)
    print("-" * len(head))
    for workload, seconds in ours.items():
        line = f"{workload:44} {seconds:9.4f}s"
        for name in names:
            theirs = columns[name].get(workload)
            if theirs is None:
                line += f" {'-':>12} {'-':>6}"
            else:
                line += f" {theirs:11.4f}s {theirs / seconds:5.1f}x"
        print(line)
    print(
        f"(CPU seconds, best of {repeat}; ratio = the other's time / puzzlekit's, "
        "above 1 means puzzlekit is faster)"
    )
    print("(puzzlekit: without limits, read from its table of tilings; search: the same calls "
          f"with node_limit={SEARCH_LIMIT:.0e}, which search)")
    print(f"first unlimited call in a fresh process (builds the table): "
          f"{first_call_seconds():.3f} CPU-s")
    nodes = [find_solutions(s, node_limit=SEARCH_LIMIT).nodes for s in starts]
    print(f"search nodes per challenge: mean {sum(nodes) / len(nodes):.0f}, max {max(nodes)}; "
          f"empty board {find_solutions(empty, node_limit=SEARCH_LIMIT).nodes}")
    for label, _, _ in workloads[3::2]:
        totals = expected[label]
        print(f"{label.removesuffix(', list')}: solutions mean {sum(totals) / len(totals):.0f}, "
              f"max {max(totals)}")


if __name__ == "__main__":
    main()
