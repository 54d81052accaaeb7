"""Benchmark the SameGame solver on the standard test set against published scores.

Solves the 20 standard positions (15 x 15, 5 colours, ``STANDARD`` rules)
with :func:`puzzlekit.samegame.solve` for each engine (``python``: the
Monte-Carlo beam; ``numba``: NRPA on the compiled kernel, with the extra
``fast``) and each portfolio width (``--processes 1,2``: that many runs per
position, worker ``k`` with seed ``seed + k``, the best kept, which is what
two cores give), replays every line with
:func:`puzzlekit.samegame.play_sequence` to check its score, and prints a
table beside the published per-position scores of SP-MCTS (Schadd et al.
2012, total 78,012) and HGSTS (Edelkamp et al. 2010, total 84,718), read
from ``benchmarks/data/published_scores.json``. In the same run it measures
each engine's random playouts per second on the 20 positions (the baseline
of the table: the Python engine's rate).

Run from the repository root, for example
``python benchmarks/samegame_standard.py --time-limit 10 --processes 1,2 --jobs 2``
(``--quick``: positions 1-2 at 1 s each, one process); the goal of issue 25
(two processes per position on two cores, 60 s, NRPA) is
``python benchmarks/samegame_standard.py --time-limit 60 --engine numba --processes 2 --jobs 2``.
Each finished position prints a progress line on stderr. Scores under a time limit depend
on the speed of the machine and on how busy it is.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from puzzlekit.samegame import STANDARD, load_standard_set, play_sequence, solve
from puzzlekit.samegame.core import Layout
from puzzlekit.samegame.solver import warm_up

DATA = Path(__file__).parent / "data" / "published_scores.json"


def positions(text: str) -> list[int]:
    """Position numbers from text like ``1-20`` or ``1,4,7-9``."""
    numbers: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        numbers += range(int(first), int(last or first) + 1)
    if not numbers or not all(1 <= n <= 20 for n in numbers):
        raise argparse.ArgumentTypeError(f"positions must lie in 1-20, not {text!r}")
    return numbers


def run(number: int, time_limit: float, seed: int, worker: int, engine: str) -> tuple[int, bool]:
    """Solve position *number* (``STANDARD`` rules) and check its score by replay."""
    board = load_standard_set()[number - 1]
    result = solve(board, time_limit=time_limit, seed=seed, worker=worker, engine=engine)
    final, score = play_sequence(board, result.moves)
    if (final, score) != (result.final, result.score):
        raise SystemExit(f"position {number}: the line replays to {score}, not {result.score}")
    if result.engine != engine:
        raise SystemExit(f"position {number}: asked for {engine}, {result.engine} ran")
    return score, final.is_solved


def python_rate(seconds: float) -> tuple[float, float]:
    """Random playouts (and moves) per CPU-second of the Python engine's packed board."""
    boards = load_standard_set()
    layout = Layout(15, 15, range(5))
    roots = [layout.encode(board.columns) for board in boards]
    rng = random.Random(0)
    playouts = moves = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        bits = roots[playouts % len(roots)]
        while seeds := layout.playable(bits):
            bits = layout.remove(bits, layout.flood(bits, layout.any_block(seeds, rng)))
            moves += 1
        playouts += 1
    elapsed = time.process_time() - started
    return playouts / elapsed, moves / elapsed


def numba_rate(seconds: float) -> tuple[float, float]:
    """Random playouts (and moves) per CPU-second of the compiled kernel (uniform over groups)."""
    import numpy as np

    from puzzlekit.samegame import kernel

    boards = load_standard_set()
    starts = [kernel.KernelBoard(board) for board in boards]
    rules = starts[0].rules
    scratch = kernel.Scratch(starts[0].grid.shape[0], 5, 17)
    weights = np.ones(1)  # one code for every move: uniform
    state = np.array([1], dtype=np.uint64)
    line = np.empty(225, dtype=np.int32)
    playouts = moves = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        start = starts[playouts % len(starts)]
        _, made, _ = kernel.playout(
            start.grid, start.used, start.stride, 5, 2, rules.move_scores, rules.clear_bonus,
            rules.end_rule, rules.size_class, 8, -1, weights, state, 1 << 30, line,
            scratch.grid, scratch.heights, scratch.mark, scratch.queue, scratch.groups,
            scratch.picks, scratch.chances, scratch.counts,
        )
        moves += int(made)
        playouts += 1
    elapsed = time.process_time() - started
    return playouts / elapsed, moves / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per position")
    parser.add_argument("--positions", type=positions, default=list(range(1, 21)),
                        help="e.g. 1-20 or 1,4,7-9")
    parser.add_argument("--engines", "--engine", default="python,numba",
                        help="engines to run, of python,numba (numba needs the extra fast)")
    parser.add_argument("--processes", default="1",
                        help="portfolio widths to run, e.g. 1,2 (runs per position, best kept)")
    parser.add_argument("--jobs", type=int, default=1, help="runs at once (CPU cores used)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="positions 1-2 at 1 s each")
    args = parser.parse_args()
    if args.quick:
        args.positions, args.time_limit, args.processes = [1, 2], 1.0, "1"
    engines = [name for name in args.engines.split(",") if name]
    if "numba" in engines and not warm_up():
        print("numba is not installed (the extra fast): the numba engine is left out",
              file=sys.stderr)
        engines.remove("numba")
    widths = [int(width) for width in args.processes.split(",")]
    published = json.loads(DATA.read_text(encoding="utf-8"))["methods"]
    sp_mcts = next(scores for name, scores in published.items() if name.startswith("SP-MCTS"))
    hgsts = next(scores for name, scores in published.items() if name.startswith("HGSTS"))

    rate_seconds = 1.0 if args.quick else 5.0
    rates = {"python": python_rate(rate_seconds)}
    if "numba" in engines:
        rates["numba"] = numba_rate(rate_seconds)

    columns = [(engine, width) for engine in engines for width in widths]
    results: dict[tuple[str, int], dict[int, tuple[int, bool]]] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for engine, width in columns:
            futures = {
                number: [
                    pool.submit(run, number, args.time_limit, args.seed + k, k, engine)
                    for k in range(width)
                ]
                for number in args.positions
            }
            found = results[engine, width] = {}
            for number, runs in futures.items():
                found[number] = max(future.result() for future in runs)
                total = sum(score for score, _ in found.values())
                print(f"{engine} x{width} position {number}: {found[number][0]} "
                      f"({len(found)}/{len(args.positions)} done, total {total}, "
                      f"{time.perf_counter() - started:.0f} s)", file=sys.stderr)

    print(f"SameGame standard set, STANDARD rules ({STANDARD}), time limit "
          f"{args.time_limit:g} s per run, seeds from {args.seed}; xN: best of N runs "
          f"(workers 0..N-1), * cleared")
    heads = [f"{engine} x{width}" for engine, width in columns]
    print(f"{'pos':>4}" + "".join(f"{head:>13}" for head in heads) + f"{'SP-MCTS':>9}{'HGSTS':>8}")
    for number in args.positions:
        cells = "".join(
            f"{results[column][number][0]:>12}{'*' if results[column][number][1] else ' '}"
            for column in columns
        )
        print(f"{number:>4}{cells}{sp_mcts[number - 1]:>9}{hgsts[number - 1]:>8}")
    theirs = sum(sp_mcts[n - 1] for n in args.positions)
    best = sum(hgsts[n - 1] for n in args.positions)
    totals = [sum(results[column][n][0] for n in args.positions) for column in columns]
    print(f"{'total':>5}" + "".join(f"{total:>12} " for total in totals)[1:]
          + f"{theirs:>9}{best:>8}")
    for head, total in zip(heads, totals, strict=True):
        print(f"{head}: ratio to SP-MCTS (2012) {total / theirs:.3f}, to HGSTS {total / best:.3f}")
    base_playouts, _base_moves = rates["python"]
    for engine, (playouts, moves) in rates.items():
        print(f"random playouts, {engine}: {playouts:,.0f}/CPU-s ({moves:,.0f} moves/CPU-s), "
              f"{playouts / base_playouts:.1f}x the python engine")


if __name__ == "__main__":
    main()
