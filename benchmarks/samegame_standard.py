"""Benchmark the SameGame solver on the standard test set against published scores.

Solves the 20 standard positions (15 x 15, 5 colours, ``STANDARD`` rules)
with :func:`puzzlekit.samegame.solve`, replays every solution with
:func:`puzzlekit.samegame.play_sequence` to check its score, and prints a
table beside the published per-position scores of SP-MCTS (Schadd et al.
2012, total 78,012) and HGSTS (Edelkamp et al. 2010, total 84,718), read
from ``benchmarks/data/published_scores.json``.

The straightforward baseline is a level-1 nested Monte-Carlo search in pure
Python, measured at about 48,000 in total at 10 s per position on the
machines puzzlekit is developed on (see ``docs/performance.rst``); the
published programs ran in C, C++ or Java for hours.

Run from the repository root, for example
``python benchmarks/samegame_standard.py --time-limit 10 --jobs 2``
(``--quick``: positions 1-3 at 2 s each). Each finished position prints a
progress line on stderr. Scores under a time limit depend on the speed of
the machine and on how busy it is.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from puzzlekit.samegame import load_standard_set, play_sequence, solve

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


def run(number: int, time_limit: float, seed: int) -> tuple[int, int, int, bool, float]:
    """Solve position *number* (``STANDARD`` rules) and check its score by replay."""
    board = load_standard_set()[number - 1]
    started = time.perf_counter()
    result = solve(board, time_limit=time_limit, seed=seed)
    seconds = time.perf_counter() - started
    final, score = play_sequence(board, result.moves)
    if (final, score) != (result.final, result.score):
        raise SystemExit(f"position {number}: the line replays to {score}, not {result.score}")
    return number, score, len(result.moves), final.is_solved, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per position")
    parser.add_argument("--positions", type=positions, default=list(range(1, 21)),
                        help="e.g. 1-20 or 1,4,7-9")
    parser.add_argument("--jobs", type=int, default=1, help="positions solved at once")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="positions 1-3 at 2 s each")
    args = parser.parse_args()
    if args.quick:
        args.positions, args.time_limit = [1, 2, 3], 2.0
    published = json.loads(DATA.read_text(encoding="utf-8"))["methods"]
    sp_mcts = next(scores for name, scores in published.items() if name.startswith("SP-MCTS"))
    hgsts = next(scores for name, scores in published.items() if name.startswith("HGSTS"))

    results = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run, n, args.time_limit, args.seed) for n in args.positions]
        for future in futures:
            number, score, moves, cleared, seconds = future.result()
            results[number] = (score, moves, cleared, seconds)
            total = sum(result[0] for result in results.values())
            print(f"position {number}: {score} ({len(results)}/{len(args.positions)} done, "
                  f"total {total}, {time.perf_counter() - started:.0f} s)", file=sys.stderr)

    print(f"SameGame standard set, STANDARD rules, time limit {args.time_limit:g} s per "
          f"position, {args.jobs} job(s), seed {args.seed}")
    print(f"{'pos':>4}{'score':>8}{'moves':>7}{'cleared':>9}{'seconds':>9}"
          f"{'SP-MCTS':>9}{'HGSTS':>8}")
    for number in args.positions:
        score, moves, cleared, seconds = results[number]
        print(f"{number:>4}{score:>8}{moves:>7}{'yes' if cleared else 'no':>9}{seconds:>9.1f}"
              f"{sp_mcts[number - 1]:>9}{hgsts[number - 1]:>8}")
    ours = sum(results[n][0] for n in args.positions)
    theirs = sum(sp_mcts[n - 1] for n in args.positions)
    best = sum(hgsts[n - 1] for n in args.positions)
    print(f"{'total':>4}{ours:>8}{'':>25}{theirs:>9}{best:>8}")
    print(f"ratio to SP-MCTS (2012): {ours / theirs:.3f}, to HGSTS: {ours / best:.3f}")


if __name__ == "__main__":
    main()
