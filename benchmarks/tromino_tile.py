"""Benchmark puzzlekit.tromino: exact tiling, constructions, counting and the owner query.

Each measurement runs puzzlekit and a straightforward baseline written here
in the same process and prints both times and the ratio (baseline / ours):

* exact decisions and tilings (issue #13) on random 8..16 boards with 1 to 4
  holes (some untileable), 5 x n boards minus one cell, long thin 12 x n
  boards with holes, and wide 64 x 64 boards with few holes, against a plain
  first-empty-cell search (the 0.1 method; it gives up after a time cap, shown
  as ``>``). When the optional peers ``exact-cover`` (C) or ``xcover`` (numba)
  are installed, they decide the same boards in the same run;

* ``tile`` on a 1024 x 1024 board against a plain recursive divide and
  conquer (the seed's method);
* ``count_tilings`` on 9 x 12 (L, and L + straight) against a plain
  cell-by-cell broken-profile DP (with ``--quick`` the L + straight baseline
  runs on 6 x 12 instead of its 20 s on 9 x 12);
* 10,000 ``golomb_owner`` queries at n = 2^20 against a recursive descent;
* dense boards (full run only): ``random_board`` with a hole in every third
  cell, 30 x 30 to 60 x 60, tileable by construction; puzzlekit and the peers
  each get the same cap, and the answers within it are counted. Deciding
  tilings with holes is NP-complete: boards this dense are where it shows;
* boards a hole away from a tiling (full run only): a random tileable board with
  one hole moved to a random free cell, decided under the same cap.

Run from the repository root: ``python benchmarks/tromino_tile.py [--quick]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzlekit.errors import LimitReached, UnsolvableError
from puzzlekit.tromino import (
    Board,
    count_tilings,
    golomb_owner,
    is_tileable,
    random_board,
    tile,
)

DATA = Path(__file__).parent / "data" / "tromino_counts.json"


def best_time(function: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeats):
        started = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - started)
    return best, result


def report(name: str, ours: float, baseline: float) -> None:
    print(f"{name:<44} puzzlekit {ours:8.3f} s   baseline {baseline:8.3f} s   "
          f"ratio {baseline / ours:6.1f}x")


# -- baselines ----------------------------------------------------------------------------


def recursive_tile(n: int, hole: tuple[int, int]) -> list[tuple[int, int, int]]:
    """The seed's divide and conquer: (row, col, left-out cell) of each tromino."""
    out: list[tuple[int, int, int]] = []

    def cover(top: int, left: int, size: int, hole_row: int, hole_col: int) -> None:
        if size == 1:
            return
        half = size // 2
        q = 2 * (hole_row >= top + half) + (hole_col >= left + half)
        out.append((top + half - 1, left + half - 1, q))
        for quadrant in range(4):
            q_top, q_left = top + (quadrant >> 1) * half, left + (quadrant & 1) * half
            if quadrant == q:
                cover(q_top, q_left, half, hole_row, hole_col)
            else:
                cover(q_top, q_left, half, top + half - 1 + (quadrant >> 1),
                      left + half - 1 + (quadrant & 1))

    cover(0, 0, n, *hole)
    return out


def plain_profile_count(rows: int, cols: int, straight: bool) -> int:
    """Cell-by-cell broken-profile DP over the shorter side, no memoisation."""
    width, height = min(rows, cols), max(rows, cols)
    shapes = [((0, 0), (0, 1), (1, 0)), ((0, 0), (0, 1), (1, 1)),
              ((0, 0), (1, 0), (1, 1)), ((0, 0), (1, -1), (1, 0))]
    if straight:
        shapes += [((0, 0), (0, 1), (0, 2)), ((0, 0), (1, 0), (2, 0))]
    states = {0: 1}
    for cell in range(width * height):
        row, col = divmod(cell, width)
        following: dict[int, int] = {}
        for state, ways in states.items():
            if state & 1:
                following[state >> 1] = following.get(state >> 1, 0) + ways
                continue
            for shape in shapes:
                mask = 0
                for dr, dc in shape:
                    if not (0 <= col + dc < width and row + dr < height):
                        break
                    bit = 1 << (dr * width + dc)
                    if state & bit:
                        break
                    mask |= bit
                else:
                    successor = (state | mask) >> 1
                    following[successor] = following.get(successor, 0) + ways
        states = following
    return states.get(0, 0)


def recursive_owner(n: int, hole: tuple[int, int], cell: tuple[int, int]) -> int | None:
    """The owner query as a plain recursion over the quadrants."""

    def find(top: int, left: int, size: int, hole: tuple[int, int], base: int) -> int | None:
        if cell == hole:
            return None
        half = size // 2
        hole_quadrant = 2 * (hole[0] >= top + half) + (hole[1] >= left + half)
        quadrant = 2 * (cell[0] >= top + half) + (cell[1] >= left + half)
        q_top, q_left = top + (quadrant >> 1) * half, left + (quadrant & 1) * half
        if quadrant != hole_quadrant:
            corner = (top + half - 1 + (quadrant >> 1), left + half - 1 + (quadrant & 1))
            if cell == corner:
                return base
            hole = corner
        return find(q_top, q_left, half, hole, base + 1 + quadrant * ((half * half - 1) // 3))

    return find(0, 0, n, hole, 0)


# -- measurements -------------------------------------------------------------------------


def first_cell_search(board: Board, seconds: float) -> bool | None:
    """The 0.1 exact search: fill the first empty cell in reading order each way,
    iteratively; ``None`` when it runs out of *seconds*."""
    height, width = board.height, board.width
    filled = bytearray(height * width)
    for row, col in board.holes:
        filled[row * width + col] = 1
    if board.area % 3:
        return False
    shapes = [(1, width, width + 1, 0, 1), (1, width + 1, 0, 0, 1),
              (width, width + 1, 0, 0, 1), (width - 1, width, 0, -1, 0)]
    deadline = time.perf_counter() + seconds
    stack: list[tuple[int, int]] = []  # (cell, next shape)
    start = 0
    steps = 0
    while True:
        while start < len(filled) and filled[start]:
            start += 1
        if start == len(filled):
            return True
        shape = 0
        while True:
            placed = False
            while shape < 4:
                a, b, _, low, high = shapes[shape]
                col = start % width
                shape += 1
                if col + low < 0 or col + high >= width:
                    continue
                if start + b < len(filled) and not filled[start + a] and not filled[start + b]:
                    filled[start] = filled[start + a] = filled[start + b] = 1
                    stack.append((start, shape))
                    placed = True
                    break
            if placed:
                break
            if not stack:
                return False
            start, shape = stack.pop()
            a, b, *_ = shapes[shape - 1]
            filled[start] = filled[start + a] = filled[start + b] = 0
        steps += 1
        if not steps & 1023 and time.perf_counter() > deadline:
            return None


def _options(board: Board) -> list[list[int]]:
    """The exact cover of *board* for the peers: each tromino as its cells' indices."""
    width, free = board.width, set(board.free_cells)
    options = []
    for row in range(board.height - 1):
        for col in range(width - 1):
            block = [(row, col), (row, col + 1), (row + 1, col), (row + 1, col + 1)]
            for left_out in range(4):
                cells = [cell for index, cell in enumerate(block) if index != left_out]
                if all(cell in free for cell in cells):
                    options.append([r * width + c for r, c in cells])
    return options


def installed_peers() -> dict[str, Callable[[Board], bool]]:
    """The optional peers that are installed, each deciding a board."""
    peers: dict[str, Callable[[Board], bool]] = {}
    try:
        import exact_cover  # type: ignore[import-not-found]
        import numpy as np

        def with_exact_cover(board: Board) -> bool:
            if board.area % 3:
                return False
            cells = {r * board.width + c: i for i, (r, c) in enumerate(board.free_cells)}
            options = _options(board)
            if not options:
                return board.area == 0
            matrix = np.zeros((len(options), len(cells)), dtype=bool)
            for row, option in enumerate(options):
                matrix[row, [cells[cell] for cell in option]] = True
            try:
                exact_cover.get_exact_cover(matrix)
            except exact_cover.error.NoSolution:
                return False
            return True

        peers["exact-cover"] = with_exact_cover
    except ImportError:
        pass
    try:
        import xcover  # type: ignore[import-not-found]

        def with_xcover(board: Board) -> bool:
            if board.area % 3:
                return False
            free = [r * board.width + c for r, c in board.free_cells]
            return next(xcover.covers(_options(board), primary=free), None) is not None

        with_xcover(Board(2, 3))  # compile once, outside the timings
        peers["xcover"] = with_xcover
    except ImportError:
        pass
    return peers


def _timed(peer: Callable[[Board], bool], board: Board, queue: Any) -> None:
    started = time.perf_counter()
    answer = peer(board)
    queue.put((answer, time.perf_counter() - started))


def capped(peer: Callable[[Board], bool], board: Board, cap: float) -> tuple[bool | None, float]:
    """A peer's answer and time in a child process, or ``(None, cap)`` after *cap*
    seconds: the peers have no limits of their own."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_timed, args=(peer, board, queue))
    child.start()
    child.join(cap)
    if child.is_alive():
        child.kill()
        child.join()
        return None, cap
    answer: tuple[bool, float] = queue.get()
    return answer


def _ours(board: Board) -> bool:
    answer = is_tileable(board)
    if answer:
        tile(board)
    else:
        try:
            tile(board)
            raise AssertionError("tile found a tiling of an untileable board")
        except UnsolvableError:
            pass
    return answer


def _workloads(quick: bool) -> list[tuple[str, list[Board]]]:
    rng = random.Random(13)
    small = []
    while len(small) < (20 if quick else 100):
        height, width = rng.randint(8, 16), rng.randint(8, 16)
        cells = rng.sample(range(height * width), rng.randint(1, 4))
        board = Board(height, width, [divmod(cell, width) for cell in cells])
        if board.area % 3 == 0:
            small.append(board)
    five = [Board(5, n, [(2, n // 2) if n % 2 else (0, 0)])
            for n in range(23, 60 if quick else 120, 6) if (5 * n - 1) % 3 == 0]
    five += [Board(5, 45, [(0, 16), (1, 22), (1, 41)]), Board(45, 5, [(16, 0), (22, 1), (41, 1)])]
    thin = []
    for n in range(150 if quick else 100, 401, 50 if quick else 25):
        holes = [(rng.randrange(12), rng.randrange(n)) for _ in range(rng.randint(1, 12))]
        board = Board(12, n, holes)
        thin.append(board if board.area % 3 == 0 else Board(12, n, [(5, n // 2), (0, 0), (11, 1)]))
    wide = [Board(64, 64, [(0, 0), (63, 63), (31, 32), (10, 50), (50, 10), (1, 1), (2, 2)]),
            Board(10, 10, [(2, 4), (5, 9), (8, 6), (8, 7)]),
            Board(64, 64, [(0, 1), (1, 0), (63, 63), (31, 32)])]
    return [("random 8..16, 1-4 holes", small), ("5 x n minus cells", five),
            ("12 x n, 1-12 holes", thin), ("64x64 / 10x10 hard", wide)]


def bench_exact(quick: bool) -> None:
    cap = 0.2 if quick else 2.0
    peers = installed_peers()
    names = ["puzzlekit", "first-cell baseline", *peers]
    print(f"{'exact workload':<28}" + "".join(f"{name:>22}" for name in names)
          + "   ratio other/ours")
    for title, boards in _workloads(quick):
        times = dict.fromkeys(names, 0.0)
        gave_up = dict.fromkeys(names, 0)
        for board in boards:
            started = time.perf_counter()
            truth = _ours(board)
            times["puzzlekit"] += time.perf_counter() - started
            started = time.perf_counter()
            plain = first_cell_search(board, cap)
            times["first-cell baseline"] += time.perf_counter() - started
            gave_up[names[1]] += plain is None
            assert plain is None or plain == truth, board
            for name, peer in peers.items():
                answer, seconds = capped(peer, board, cap)
                assert answer is None or answer == truth, (name, board)
                gave_up[name] += answer is None
                times[name] += seconds
        cells = [f"{('>' if gave_up[name] else '') + format(times[name], '.3f'):>20} s"
                 for name in names]
        ratios = " ".join(
            f"{name.split()[0]} {'>' if gave_up[name] else ''}"
            f"{times[name] / max(times['puzzlekit'], 1e-9):.1f}x"
            for name in names[1:]
        )
        print(f"{title + f' ({len(boards)})':<28}" + "".join(cells) + f"   {ratios}")


def bench_answered(
    title: str, boards: list[Board], cap: float, truth: bool | None = None
) -> list[bool | None]:
    """How many of *boards* puzzlekit's ``is_tileable`` and each installed peer decide
    within *cap* seconds of wall clock each, and the time of those decided; the answers
    must agree, and be *truth* where every board's answer is known. puzzlekit's
    answers (``None``: none within the cap)."""
    peers = installed_peers()
    answered: dict[str, list[float]] = {name: [] for name in ("puzzlekit", *peers)}
    answers: list[bool | None] = []
    for board in boards:
        started = time.perf_counter()
        try:
            ours: bool | None = is_tileable(board, time_limit=cap)
            answered["puzzlekit"].append(time.perf_counter() - started)
        except LimitReached:
            ours = None
        assert truth is None or ours in (None, truth), ("puzzlekit", board)
        answers.append(ours)
        known = ours if truth is None else truth
        for name, peer in peers.items():
            answer, seconds = capped(peer, board, cap)
            if answer is not None:
                assert known is None or answer == known, (name, board)
                answered[name].append(seconds)
    print(f"  {title}:" + "".join(
        f"   {name} {len(times)}/{len(boards)}"
        + (f" ({sum(times):.2f} s)" if times else "")
        for name, times in answered.items()))
    return answers


def bench_dense(cap: float) -> None:
    print(f"dense boards, a hole in 3 cells, tileable; answered within {cap:g} s of wall clock "
          "each (time of those answered)")
    for side in (30, 45, 60):
        holes = side * side // 3
        boards = [random_board(side, holes=holes, seed=seed) for seed in range(3)]
        bench_answered(f"{side} x {side}, {holes} holes", boards, cap, truth=True)


def moved_hole_boards(count: int) -> list[Board]:
    """Boards a hole away from a tiling: a random tileable board (14 x 14 to 26 x 26,
    a hole in 3, 6 or 10 cells) with one hole moved to a random free cell. Most cannot
    be tiled, and nothing shows it at a glance."""
    rng = random.Random(5)
    boards = []
    for seed in range(count):
        side = rng.randint(14, 26)
        holes = side * side // rng.choice((3, 6, 10))
        holes -= (holes - side * side) % 3
        moved = set(random_board(side, holes=holes, seed=seed).holes)
        free = [(r, c) for r in range(side) for c in range(side) if (r, c) not in moved]
        moved.remove(rng.choice(sorted(moved)))
        moved.add(rng.choice(free))
        boards.append(Board(side, side, frozenset(moved)))
    return boards


def bench_moved_hole(cap: float) -> None:
    boards = moved_hole_boards(30)
    print(f"boards a hole away from a tiling; decided within {cap:g} s of wall clock each "
          "(time of those decided)")
    answers = bench_answered("14 x 14 to 26 x 26", boards, cap)
    print(f"  (puzzlekit: {answers.count(False)} untileable, {answers.count(True)} tileable)")


def bench_tile(repeats: int) -> None:
    n, hole = 1024, (333, 777)
    ours, tiling = best_time(lambda: tile(Board.square(n, hole)), repeats)
    baseline, plain = best_time(lambda: recursive_tile(n, hole), repeats)
    assert [(t.row, t.col, t.orientation) for t in tiling.trominoes[:1000]] == plain[:1000]
    assert len(tiling) == len(plain) == (n * n - 1) // 3
    report(f"tile {n}x{n} ({len(plain):,} trominoes)", ours, baseline)


def bench_count(quick: bool) -> None:
    published = json.loads(DATA.read_text())["9x12"]
    ours, count = best_time(lambda: count_tilings(Board(9, 12)), 3)
    baseline, plain = best_time(lambda: plain_profile_count(9, 12, False), 1 if quick else 3)
    assert count == plain == published["L"]
    report(f"count 9x12 L ({count:,})", ours, baseline)

    ours, count = best_time(lambda: count_tilings(Board(9, 12), "LI"), 1)
    assert count == published["LI"]
    if quick:
        print(f"{'count 9x12 LI (' + format(count, ',') + ')':<44} puzzlekit {ours:8.3f} s")
        small_ours, small = best_time(lambda: count_tilings(Board(6, 12), "LI"), 1)
        baseline, plain = best_time(lambda: plain_profile_count(6, 12, True), 1)
        assert small == plain
        report(f"count 6x12 LI ({small:,})", small_ours, baseline)
    else:
        baseline, plain = best_time(lambda: plain_profile_count(9, 12, True), 1)
        assert plain == count
        report(f"count 9x12 LI ({count:,})", ours, baseline)


def bench_owner(queries: int) -> None:
    n = 1 << 20
    rng = random.Random(7)
    hole = (rng.randrange(n), rng.randrange(n))
    cells = [(rng.randrange(n), rng.randrange(n)) for _ in range(queries)]
    ours, found = best_time(lambda: [golomb_owner(n, hole, cell) for cell in cells], 3)
    baseline, plain = best_time(lambda: [recursive_owner(n, hole, cell) for cell in cells], 3)
    assert found == plain
    report(f"golomb_owner x{queries:,} at n=2^20", ours, baseline)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short run (< 30 s)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    sys.setrecursionlimit(10_000)
    bench_exact(args.quick)
    bench_tile(1 if args.quick else 3)
    bench_count(args.quick)
    bench_owner(10_000)
    if not args.quick:
        bench_dense(10.0)
        bench_moved_hole(10.0)
    print(f"total {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
