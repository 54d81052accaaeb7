"""A portfolio of seeded searches: several workers at once, the best line kept.

For any puzzle whose solver draws random numbers
(:attr:`~puzzlekit.PuzzleType.seeded`), :func:`solve` runs *jobs* searches
of one start side by side, worker ``k`` with seed ``seed + k`` and
``worker=k`` (so a solver may vary more than its seed across workers), and
keeps the best result: the highest score (for puzzles that keep one), then a
solved line, then a complete search; ties go to the lower worker.

The limits are the portfolio's, not each worker's: a time limit is a wall
clock deadline for the whole portfolio whatever *jobs* is, so workers that
could start only after it never start; a node limit applies to each
search.

>>> from concurrent.futures import ThreadPoolExecutor
>>> from puzzlekit import PUZZLES
>>> puzzle = PUZZLES["samegame"]
>>> with ThreadPoolExecutor(2) as pool:
...     best = solve(puzzle, puzzle.state.parse("112\\n122"), jobs=3, seed=1, node_limit=100,
...                  executor=pool)
>>> best.score, best.solved, best.replayed() == best.final
(1002, True, True)
"""

from __future__ import annotations

import itertools
import os
import random
import signal
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any, Final

from puzzlekit.contract import PuzzleType, SearchResult
from puzzlekit.errors import ArgumentError
from puzzlekit.grid import check_int
from puzzlekit.limits import check_limit

__all__ = ["MAX_JOBS", "rank", "solve"]

MAX_JOBS: Final = 1024
"""The most workers one portfolio takes."""


def rank(result: SearchResult[Any, Any]) -> tuple[int, bool, bool]:
    """How good a result is, for ``max``: score, then solved, then complete.

    >>> from puzzlekit import PUZZLES
    >>> result = PUZZLES["tromino"].solve(PUZZLES["tromino"].state.parse("#.\\n.."))
    >>> rank(result)
    (0, True, True)
    """
    return (result.score if result.score is not None else 0, result.solved, result.complete)


def solve(
    puzzle: PuzzleType[Any, Any],
    state: Any,
    *,
    jobs: int,
    seed: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
) -> SearchResult[Any, Any]:
    """The best of *jobs* searches of *state*, as the module says.

    Without an *executor*, local processes run the workers; a Dask client's
    ``get_executor()`` spreads them over a cluster. *workers* searches run at
    once (default: one per local core).
    ``seed=None`` draws a fresh base seed.

    >>> from puzzlekit import PUZZLES
    >>> solve(PUZZLES["tromino"], PUZZLES["tromino"].state.parse("#.\\n.."), jobs=0)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: jobs must be from 1 to 1024, not 0
    """
    if not puzzle.seeded:
        raise ArgumentError(f"{puzzle.name}'s solver draws no random numbers: a portfolio of "
                            "its searches would search the same way every time")
    check_int("jobs", jobs, minimum=1, maximum=MAX_JOBS)
    if seed is not None:
        check_int("seed", seed)
    check_limit("node_limit", node_limit)
    check_limit("time_limit", time_limit)
    if not isinstance(state, puzzle.state):
        raise TypeError(f"state must be a {puzzle.state.__name__}, not {type(state).__name__}")
    base = random.SystemRandom().randrange(2**32) if seed is None else seed
    # Wall-clock time, not a process's monotonic clock: workers compare it in their own
    # processes, perhaps on other machines of a cluster.
    deadline = None if time_limit is None else time.time() + time_limit
    if workers is None:
        workers = os.cpu_count() or 1
    at_once = check_int("workers", workers, minimum=1)
    width = min(jobs, at_once)
    if executor is not None:
        return _best(executor, width, puzzle, state, base, node_limit, deadline, jobs)
    pool = ProcessPoolExecutor(width, initializer=_ignore_interrupts)
    try:
        best = _best(pool, width, puzzle, state, base, node_limit, deadline, jobs)
    except BaseException:  # Ctrl-C included: do not wait for the searches still running
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return best


def _ignore_interrupts() -> None:
    # Ctrl-C reaches the whole process group: the parent decides, the workers go on.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _best(
    executor: Executor,
    width: int,
    puzzle: PuzzleType[Any, Any],
    state: Any,
    base: int,
    node_limit: int | None,
    deadline: float | None,
    jobs: int,
) -> SearchResult[Any, Any]:
    workers: Iterator[int] = iter(range(jobs))  # never a list: jobs may be large
    running: dict[Future[SearchResult[Any, Any]], int] = {}
    results: list[tuple[int, SearchResult[Any, Any]]] = []

    def start(count: int) -> None:
        for worker in itertools.islice(workers, count):
            if deadline is not None and deadline <= time.time() and (results or running):
                return  # past the deadline: the searches under way are the portfolio
            future = executor.submit(
                _search, puzzle.name, str(state), base + worker, worker, node_limit, deadline
            )
            running[future] = worker

    start(width)
    try:
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                results.append((running.pop(future), future.result()))
            start(len(done))
    finally:
        for future in running:
            future.cancel()
    results.sort(key=lambda item: item[0])
    return max((result for _, result in results), key=rank)  # max keeps the first of equals


def _search(
    name: str, text: str, seed: int, worker: int, node_limit: int | None, deadline: float | None
) -> SearchResult[Any, Any]:
    from puzzlekit.registry import PUZZLES

    puzzle = PUZZLES[name]
    start = puzzle.state.parse(text)
    if puzzle.warm_up is not None:
        puzzle.warm_up()  # before the clock: the deadline is for searching
    # The time left when this worker starts, so that starting processes and loading
    # compiled code do not run past the portfolio's deadline.
    time_limit = None if deadline is None else max(deadline - time.time(), 0.0)
    return puzzle.solve(
        start, seed=seed, worker=worker, node_limit=node_limit, time_limit=time_limit
    )
