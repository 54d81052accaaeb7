"""Benchmark puzzlekit.tromino on boards over the search's reach (issue #24).

Times are CPU seconds (``time.process_time``; the machine is shared), the
peers' in their own child process with a CPU cap (``>`` when they hit it).

* three holes on n x n, 3 | n, n = 63 .. 2046 (no straight cut splits them):
  ``is_tileable`` and ``tile``;
* three holes each within 2 lines of a side of an n x n board, 3 | n, n = 183 .. 2046
  (refused by every call before the cuts with a tromino laid across): the worst
  ``is_tileable`` and ``tile`` of 20 random boards per size, and how many were refused;
* 30 random holes on 2048 x 2048 and 1024 x 1024;
* many holes (99 to 1,000, from ``random_board``, tileable and not, and drawn
  uniformly) on 201 x 201 .. 2048 x 2048, cut into strips and blocks: the mean and
  worst ``is_tileable`` and ``tile``, how many were not answered within 60 s (refused or
  stopped), and xcover on the first
  board of a size (exact-cover's dense matrix does not fit);
* holes packed closely (``random_board(201, holes=999)``, one hole in 8 over 40 x 40
  on 300 x 300, a 16 x 16 grid of holes two apart, a cross of diagonals of holes with a
  hole in each corner on 600 x 600, a free diagonal strip on 1100 x 1100 that cannot be
  tiled): mean and worst, how many were not answered within 60 s;
* untileable boards over 32,768 cells (a corner pocket walled off plus
  random holes, 182 x 182 .. 300 x 300), against the ``bench`` extra's
  xcover (numba dancing links), which proves "no tiling" by search
  (exact-cover's dense matrix needs 4-30 GiB there: it is not run);
* building ``Board(1_200_000, 1)`` against ``Board(1, 1_200_000)`` (the
  baseline: the same cells laid across), and ``count_tilings`` of a 1-wide
  column at the cap;
* laying the trominoes of the largest boards the theorems tile (one hole, by divide
  and conquer and by strips, and none): ``tile`` and ``solve``, and how long
  ``tile(time_limit=0.1)`` takes to stop (the limit is the baseline).

Run from the repository root: ``python benchmarks/tromino_big.py [--quick]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from tromino_tile import installed_peers  # the peers' adapters, shared with the exact workloads

from puzzlekit.errors import ArgumentError, LimitReached, UnsolvableError
from puzzlekit.tromino import (
    Board,
    count_tilings,
    is_tileable,
    random_board,
    solve,
    tile,
)

DENSE_MATRIX_BYTES = 1 << 30
"""exact-cover takes a dense boolean matrix (about 4 options a cell, one column a cell):
boards needing more than this are not given to it (182 x 182 would need 4 GiB)."""


def cpu(function: Callable[[], Any]) -> tuple[float, Any]:
    started = time.process_time()
    result = function()
    return time.process_time() - started, result


def _timed_cpu(peer: Callable[[Board], bool], board: Board, queue: Any) -> None:
    started = time.process_time()
    answer = peer(board)
    queue.put((answer, time.process_time() - started))


def capped_cpu(
    peer: Callable[[Board], bool], board: Board, cap: float
) -> tuple[bool | None, float]:
    """A peer's answer and CPU time in a child process; ``(None, cap)`` past *cap*."""
    import multiprocessing
    import resource

    def limited(queue: Any) -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (int(cap) + 1, int(cap) + 1))
        _timed_cpu(peer, board, queue)

    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=limited, args=(queue,))
    child.start()
    child.join(cap * 4 + 5)  # wall clock: a shared machine may run it slower
    if child.is_alive():
        child.kill()
        child.join()
    if queue.empty():
        return None, cap
    answer: tuple[bool, float] = queue.get()
    return answer if answer[1] <= cap else (None, cap)


def spread(n: int, count: int, rng: random.Random) -> set[tuple[int, int]]:
    holes: set[tuple[int, int]] = set()
    while len(holes) < count:
        holes.add((rng.randrange(n), rng.randrange(n)))
    return holes


def bench_three_holes(sizes: list[int]) -> None:
    rng = random.Random(24)
    print(f"{'3 holes, 3 | n':<34}{'is_tileable':>14}{'tile':>12}   answer")
    for n in sizes:
        board = Board(n, n, spread(n, 3, rng))
        decided, answer = cpu(lambda board=board: is_tileable(board))
        built, _ = cpu(lambda board=board: _tile_or_none(board))
        print(f"{f'{n}x{n}':<34}{decided:>12.3f} s{built:>10.3f} s   {answer}")


def by_the_sides(n: int, rng: random.Random) -> set[tuple[int, int]]:
    """Three holes, each within 2 lines of a side of an n x n board."""
    holes: set[tuple[int, int]] = set()
    while len(holes) < 3:
        depth, along = rng.randrange(3), rng.randrange(n)
        holes.add(rng.choice([(depth, along), (n - 1 - depth, along), (along, depth),
                              (along, n - 1 - depth)]))
    return holes


def bench_by_the_sides(sizes: list[int], boards: int) -> None:
    rng = random.Random(4)
    print(f"{'3 holes by the sides, 3 | n':<34}{'is_tileable':>14}{'tile':>12}   "
          f"(worst of {boards}) refused")
    for n in sizes:
        worst_decided = worst_built = 0.0
        refused = 0
        for _ in range(boards):
            board = Board(n, n, by_the_sides(n, rng))
            try:
                decided, _ = cpu(lambda board=board: is_tileable(board))
                built, _ = cpu(lambda board=board: _tile_or_none(board))
            except ArgumentError:
                refused += 1
                continue
            worst_decided, worst_built = max(worst_decided, decided), max(worst_built, built)
        print(f"{f'{n}x{n}':<34}{worst_decided:>12.3f} s{worst_built:>10.3f} s   {refused}")


def _tile_or_none(board: Board, cap: float | None = None) -> object:
    try:
        return tile(board, time_limit=cap)
    except UnsolvableError:
        return None


def bench_many_holes(sizes: list[int], count: int, boards: int) -> None:
    rng = random.Random(30)
    print(f"{f'up to {count} random holes':<34}{'is_tileable':>14}{'tile':>12}   answers")
    for n in sizes:
        decided = built = 0.0
        answers = []
        holes_here = count - (count - n * n) % 3  # the most holes leaving a multiple of 3
        for _ in range(boards):
            board = Board(n, n, spread(n, holes_here, rng))
            seconds, answer = cpu(lambda board=board: is_tileable(board, time_limit=60))
            decided += seconds
            seconds, _ = cpu(lambda board=board: _tile_or_none(board))
            built += seconds
            answers.append(answer)
        print(f"{f'{n}x{n}, {holes_here} holes (mean of {boards})':<34}{decided / boards:>12.3f} s"
              f"{built / boards:>10.3f} s   {answers}")


def time_calls(boards: list[Board], cap: float
               ) -> tuple[list[float], list[float], int, dict[object, int]]:
    """CPU seconds of ``is_tileable`` and of ``tile`` on each board answered within *cap*
    seconds each, the number not answered (refused with an ``ArgumentError``, or stopped
    by the cap), and how often each answer came."""
    decided: list[float] = []
    built: list[float] = []
    answers: dict[object, int] = {}
    unanswered = 0
    for board in boards:
        try:
            seconds, answer = cpu(lambda board=board: is_tileable(board, time_limit=cap))
            decided.append(seconds)
            seconds, _ = cpu(lambda board=board: _tile_or_none(board, cap))
            built.append(seconds)
        except (ArgumentError, LimitReached):
            unanswered += 1
            continue
        answers[answer] = answers.get(answer, 0) + 1
    return decided, built, unanswered, answers


def shown(times: list[float]) -> str:
    """Mean / worst of *times*, or ``-`` when there are none."""
    return f"{sum(times) / len(times):.3f}/{max(times):.3f}" if times else "-"


def bench_many_hole_boards(cases: list[tuple[int, int, str]], boards: int, cap: float) -> None:
    peers = {name: peer for name, peer in installed_peers().items() if name == "xcover"}
    print(f"{'many holes':<34}{'is_tileable':>14}{'tile':>12}   (mean / worst of {boards}) "
          f"unanswered  answers  " + "".join(f"{name} (first board)" for name in peers))
    for n, count, kind in cases:
        count -= (count - n * n) % 3  # the most holes leaving a multiple of 3
        rng = random.Random(n + count)
        made = [Board(n, n, spread(n, count, rng)) if kind == "uniform"
                else random_board(n, holes=count, tileable=kind == "tileable", seed=seed)
                for seed in range(boards)]
        decided, built, unanswered, answers = time_calls(made, 60.0)
        peer_cells = ""
        for peer in peers.values():
            found, seconds = capped_cpu(peer, made[0], cap)
            ours = decided[0] if decided else float("nan")
            peer_cells += (f"{'>' * (found is None)}{seconds:.2f} s "
                           f"({'>' * (found is None)}{seconds / max(ours, 1e-6):,.0f}x ours)")
        print(f"{f'{n}x{n}, {count} holes, {kind}':<34}{shown(decided):>14}{shown(built):>12}"
              f"   {unanswered:>10}  {answers}  {peer_cells}")


def packed(n: int, kind: str, seed: int) -> Board:
    """Holes packed closely: ``random_board(201, holes=999)`` (clustered, a hole in 40
    cells), the same share at any size (``in 40``), ``random_board(201, holes=3000)``
    (dense, a hole in 13) and that share at any size (``in 13``), one hole in 8 over a
    40 x 40 square of 300 x 300, 400 on diagonals four apart over 40 x 40, or 16 x 16
    holes two apart; ``cross``: holes on diagonals four apart over a cross of rows and
    columns 100-139 and a hole in each corner (the rows below a band fall apart into
    parts near the bottom edge); ``strip``: a free diagonal strip three cells wide from
    the top edge to the left edge that cannot be tiled (a pocket in a box too large for
    the search)."""
    if kind == "cross":
        corners = {(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)}
        return Board(n, n, corners | {(row, col) for row in range(n) for col in range(n)
                                      if (100 <= row < 140 or 100 <= col < 140)
                                      and (row + col) % 4 == 0})
    if kind == "strip":
        first = n - 100 - (n % 2)  # an even first diagonal: its ends' row pairs clash
        return Board(n, n, {(row, col) for row in range(n) for col in range(n)
                            if row + col in (first - 1, first + 3)} | {(n - 1, n - 1)})
    if kind == "clustered":
        return random_board(n, holes=999, seed=seed)
    if kind.startswith("in "):
        count = n * n // int(kind.removeprefix("in "))
        return random_board(n, holes=count - (count - n * n) % 3, seed=seed)
    if kind == "dense":
        return random_board(n, holes=3000, seed=seed)
    if kind == "diagonals":
        return Board(n, n, {(100 + row, 100 + col) for row in range(40) for col in range(40)
                            if (row + col) % 4 == 0} | {(250, 250), (260, 260)})
    if kind == "grid":
        return Board(n, n, {(row, col) for row in range(100, 131, 2) for col in range(100, 131, 2)}
                     | {(250, 250), (260, 260)})
    rng = random.Random(seed)
    holes: set[tuple[int, int]] = set()
    while len(holes) < 200 or (n * n - len(holes)) % 3:
        holes.add((100 + rng.randrange(40), 100 + rng.randrange(40)))
    return Board(n, n, holes)


def bench_packed(cases: list[tuple[int, str, list[int]]]) -> None:
    print(f"{'packed holes':<34}{'is_tileable':>16}{'tile':>14}   (mean / worst) "
          "unanswered within 60 s  answers")
    for n, kind, seeds in cases:
        decided, built, unanswered, answers = time_calls(
            [packed(n, kind, seed) for seed in seeds], 60.0)
        print(f"{f'{n}x{n}, {kind} ({len(seeds)})':<34}{shown(decided):>16}{shown(built):>14}"
              f"   {unanswered:>22}  {answers}")


def bench_untileable(sizes: list[int], cap: float) -> None:
    rng = random.Random(7)
    peers = installed_peers()
    names = ["puzzlekit", *peers]
    print(f"{'untileable: pocket + 6 holes':<34}" + "".join(f"{name:>16}" for name in names)
          + "   ratio peer/ours")
    for n in sizes:
        holes = {(0, 2), (1, 2), (2, 0), (2, 1)}  # walls off a 2x2 corner pocket
        while len(holes) < 10 or (n * n - len(holes)) % 3:
            holes.add((rng.randrange(5, n), rng.randrange(5, n)))
        board = Board(n, n, holes)
        ours, answer = cpu(lambda board=board: is_tileable(board))
        assert answer is False
        times = {"puzzlekit": ours}
        for name, peer in peers.items():
            if name == "exact-cover" and 4 * board.area**2 > DENSE_MATRIX_BYTES:
                times[name] = float("nan")  # its dense matrix would not fit: not run
                continue
            found, seconds = capped_cpu(peer, board, cap)
            assert found in (None, False), name
            times[name] = seconds if found is not None else -seconds
        cells = "".join(f"{'not run':>16}" if t != t else
                        f"{('>' if t < 0 else '') + format(abs(t), '.3f'):>14} s"
                        for t in times.values())
        ratios = " ".join(f"{name} {'>' if times[name] < 0 else ''}"
                          f"{abs(times[name]) / max(ours, 1e-6):,.0f}x" for name in peers
                          if times[name] == times[name])
        print(f"{f'{n}x{n}':<34}{cells}   {ratios}")


def bench_build() -> None:
    tall, _ = cpu(lambda: Board(1_200_000, 1))
    wide, _ = cpu(lambda: Board(1, 1_200_000))
    print(f"{'Board(1_200_000, 1)':<34}{tall * 1000:>10.2f} ms   baseline Board(1, 1_200_000) "
          f"{wide * 1000:.2f} ms   ratio {wide / max(tall, 1e-9):.2f}x")
    seconds, count = cpu(lambda: count_tilings(Board(1 << 24, 1, [(3, 0)]), "LI"))
    print(f"{'count_tilings 2^24 x 1, LI':<34}{seconds * 1000:>10.2f} ms   count {count}")


def bench_laying(side: int) -> None:
    """``tile`` and ``solve`` of boards about *side* x *side* that the theorems tile,
    and the CPU time ``tile`` takes to stop under a time limit of 0.1 s."""
    limit = 0.1
    for label, board in ((f"{side} x {side}, one hole", Board.square(side, (5, 7))),
                         (f"{side - 3} x {side}, one hole", Board(side - 3, side, [(9, 3)])),
                         (f"{side - 1} x {side}, no hole", Board(side - 1, side))):
        laid, _ = cpu(lambda board=board: tile(board))
        solved, _ = cpu(lambda board=board: solve(board))
        started = time.process_time()
        try:
            tile(board, time_limit=limit)
            stopped = "not stopped"
        except LimitReached:
            stopped = f"stopped after {time.process_time() - started:.3f} s"
        print(f"  {label:<26} tile {laid:6.2f} s   solve {solved:6.2f} s   "
              f"time_limit={limit}: {stopped}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short run")
    args = parser.parse_args(argv)
    started = time.process_time()
    bench_three_holes([63, 99, 129, 150, 300] if args.quick
                      else [63, 99, 129, 150, 300, 600, 1026, 2046])
    bench_by_the_sides([183, 300] if args.quick else [183, 300, 600, 1026, 2046],
                       3 if args.quick else 20)
    bench_many_holes([1024] if args.quick else [1024, 2048], 30, 2 if args.quick else 5)
    bench_many_hole_boards(
        [(201, 99, "tileable"), (300, 300, "uniform")] if args.quick else
        [(201, 99, "tileable"), (300, 99, "tileable"), (300, 300, "tileable"),
         (300, 300, "uniform"), (600, 300, "tileable"), (1024, 298, "tileable"),
         (2048, 298, "tileable"), (2048, 298, "uniform"), (2048, 1000, "tileable"),
         (2048, 1000, "uniform"), (300, 99, "untileable"), (2048, 298, "untileable")],
        2 if args.quick else 10, 0.5 if args.quick else 10.0)
    bench_packed([(300, "grid", [0])] if args.quick else
                 [(201, "clustered", [0, 1, 2]), (201, "dense", [0, 1, 2]), (400, "in 13", [3, 4]),
                  (300, "square", [0, 1, 2, 3, 4, 5]), (300, "diagonals", [0]),
                  (600, "diagonals", [0]), (300, "grid", [0]), (600, "in 40", [0, 1]),
                  (1024, "in 40", [0]), (600, "cross", [0]), (1100, "strip", [0])])
    bench_untileable([182, 300] if args.quick else [182, 240, 300], 3.0 if args.quick else 10.0)
    bench_build()
    print("laying the trominoes of the theorems' tilings (CPU s):")
    bench_laying(1024 if args.quick else 4096)
    print(f"total {time.process_time() - started:.1f} CPU-s (this process)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
