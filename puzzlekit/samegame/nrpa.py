"""Nested rollout policy adaptation (NRPA) for SameGame, on the compiled kernel.

NRPA (C. D. Rosin, "Nested Rollout Policy Adaptation for Monte Carlo Tree
Search", IJCAI 2011) searches with playouts drawn from a *policy*, a weight
per move code: a search of level ``n`` runs :data:`ITERATIONS` searches of
level ``n - 1``, each from a copy of its policy, and after each one moves its
policy towards the best line it has seen so far; level 0 is one playout. The
playouts are the *selective tabu policy* of T. Cazenave (CGW 2016): codes are
the move's colour and the size class of its group, at the group's first cell
(colour and size alone measured far weaker: the policy could not learn a
line, see ``docs/performance.rst``), and the tabu colour (the
most frequent colour at the start; the second most frequent for worker 1, and
so on) is kept whole while other moves exist (:mod:`puzzlekit.samegame.kernel`).
A search of level :data:`LEVEL` that ends starts again with a fresh policy.

It needs numba (the extra ``fast``); :func:`puzzlekit.samegame.solver.solve`
runs it when its engine is ``numba``. The best line found is kept at every
moment: a limit, *progress* or Ctrl-C ends the search with it.

>>> from puzzlekit.limits import Budget
>>> from puzzlekit.samegame import random_board
>>> result = search(random_board(8, 8, 3, seed=1), Budget(node_limit=3000), seed=0)
>>> result.engine, result.score > 0, result.replayed() == result.final
('numba', True, True)
"""

from __future__ import annotations

import contextlib
import math
import signal
import threading
from collections.abc import Callable, Iterator
from typing import Final

import numpy as np

from puzzlekit.contract import SearchResult
from puzzlekit.limits import Budget
from puzzlekit.samegame import kernel
from puzzlekit.samegame.board import Board, Move, play_sequence

__all__ = ["ALPHA", "ITERATIONS", "LEVEL", "search", "warm_up"]

LEVEL: Final = 3
"""The nesting level of each NRPA search (restarted while the budget lasts).

>>> LEVEL
3
"""

ITERATIONS: Final = 100
"""Searches of the level below that each level runs (Rosin's N).

>>> ITERATIONS
100
"""

ALPHA: Final = 1.0
"""The adaptation step: the weight moved towards the best line at each of its moves.

>>> ALPHA
1.0
"""

_MASK = (1 << 64) - 1
_TABLE = 1 << 16  # policy entries at most; larger code spaces fold into this many


class _Stopped(Exception):
    """The budget ran out."""


def _raise_interrupt() -> None:
    raise KeyboardInterrupt


def _rng_state(seed: int) -> np.ndarray:
    """A non-zero xorshift state for *seed* (splitmix64 of it)."""
    x = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK
    x ^= x >> 30
    x = (x * 0xBF58476D1CE4E5B9) & _MASK
    x ^= x >> 27
    x = (x * 0x94D049BB133111EB) & _MASK
    x ^= x >> 31
    return np.array([x or 1], dtype=np.uint64)


def tabu_colour(board: Board, worker: int) -> int:
    """The kernel's tabu colour for *worker*: the ``worker``-th most frequent colour, cycling.

    Ties go to the lower colour.

    >>> from puzzlekit.samegame import Board
    >>> board = Board.parse("3110\\n1100")
    >>> [board.colours[tabu_colour(board, worker)] for worker in range(4)]
    [1, 0, 3, 1]
    """
    counts = board.colour_counts()
    ranked = sorted(range(len(counts)), key=lambda k: -counts[board.colours[k]])
    return ranked[worker % len(ranked)] if ranked else -1


class _Line:
    """A line of the kernel's moves, its score, and (once asked for) its choices."""

    __slots__ = ("cells", "choices", "score")

    def __init__(self, score: float, cells: np.ndarray) -> None:
        self.score = score
        self.cells = cells
        self.choices: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None


class _Search:
    """One board, one budget: the kernel's arrays and the best line so far."""

    def __init__(self, board: Board, budget: Budget, seed: int, worker: int) -> None:
        self.board = board
        self.budget = budget
        self.start = start = kernel.KernelBoard(board)
        self.rules = start.rules
        self.colours = max(1, len(board.colours))
        self.table = min(start.grid.shape[0] * self.colours * kernel.CLASSES, _TABLE)
        self.tabu = tabu_colour(board, worker)
        self.state = _rng_state(seed)
        self.line = np.empty(board.count // board.rules.min_group + 1, dtype=np.int32)
        self.best_line = np.empty_like(self.line)
        self.scratch = kernel.Scratch(start.grid.shape[0], self.colours, board.width + 2)
        # The best line so far, set in one assignment so that Ctrl-C never splits it.
        self.best: tuple[float, np.ndarray] = (-math.inf, self.line[:0].copy())
        self.interrupted = False
        self.deliver: Callable[[], None] = _raise_interrupt

    def playout(self, policy: np.ndarray, free: int = 0) -> _Line:
        """One playout under *policy*; it makes at least *free* moves whatever the budget."""
        budget = self.budget
        room = 1 << 62 if budget.node_limit is None else budget.node_limit - budget.nodes
        s = self.scratch
        rules = self.rules
        score, made, finished = kernel.playout(
            self.start.grid, self.start.used, self.start.stride, self.colours,
            rules.min_group, rules.move_scores, rules.clear_bonus, rules.end_rule,
            rules.size_class, kernel.CLASSES, self.tabu, policy[1], self.state, max(room, free),
            self.line, s.grid, s.heights, s.mark, s.queue, s.groups, s.picks, s.chances,
            s.counts,
        )
        return self.finish(score, self.line[: int(made)], made, finished)

    def adapt(self, policy: np.ndarray, line: _Line) -> None:
        """Move *policy* towards *line* (its choices found by one replay, then kept)."""
        if line.choices is None:
            s = self.scratch
            rules = self.rules
            line.choices = kernel.line_choices(
                self.start.grid, self.start.used, self.start.stride, self.colours,
                rules.min_group, rules.size_class, kernel.CLASSES, self.tabu, self.table,
                line.cells, len(line.cells),
                s.grid, s.heights, s.mark, s.queue, s.groups, s.picks, s.chances, s.counts,
            )
        codes, offsets, chosen, touched = line.choices
        kernel.adapt(policy[0], policy[1], ALPHA, codes, offsets, chosen, touched, len(line.cells))

    def level_one(self, policy: np.ndarray) -> _Line:
        """A level-1 search from *policy* (adapted in place), all in compiled code: its best
        line. The budget is checked after it (some 100 playouts, milliseconds)."""
        budget = self.budget
        room = 1 << 62 if budget.node_limit is None else budget.node_limit - budget.nodes
        s = self.scratch
        rules = self.rules
        score, length, made, finished = kernel.level_one(
            self.start.grid, self.start.used, self.start.stride, self.colours,
            rules.min_group, rules.move_scores, rules.clear_bonus, rules.end_rule,
            rules.size_class, kernel.CLASSES, self.tabu, policy, ALPHA, ITERATIONS,
            self.state, room, self.best_line, self.line, s.grid, s.heights, s.mark, s.queue,
            s.groups, s.picks, s.chances, s.counts,
        )
        return self.finish(score, self.best_line[: int(length)], made, finished)

    def finish(self, score: float, cells: np.ndarray, made: int, finished: bool) -> _Line:
        """The line a compiled call found (kept as the best when it is), after its *made*
        moves are charged to the budget; :class:`_Stopped` when the budget or an interrupt
        ends the search."""
        line = _Line(float(score), cells.copy())
        if line.score > self.best[0]:
            self.best = (line.score, line.cells)
            self.budget.best = int(line.score)
        if self.interrupted:
            self.deliver()
        if self.budget.spend(int(made)) or not finished:
            raise _Stopped
        return line

    def level(self, level: int, policy: np.ndarray) -> _Line:
        """An NRPA search of *level* from *policy* (adapted in place): its best line.

        *policy* holds the log weights in row 0 and their exponentials in row 1.
        """
        if level == 1:
            return self.level_one(policy)
        best: _Line | None = None
        for _ in range(ITERATIONS):
            found = self.level(level - 1, policy.copy() if level > 1 else policy)
            if best is None or found.score >= best.score:
                best = found
            self.adapt(policy, best)
        assert best is not None  # ITERATIONS > 0
        return best

    def fresh_policy(self) -> np.ndarray:
        """The uniform policy: log weights 0, weights 1."""
        return np.stack((np.zeros(self.table), np.ones(self.table)))

    def run(self) -> None:
        """NRPA searches of :data:`LEVEL` from fresh policies until the budget stops them."""
        try:
            with _interrupts_between_calls(self):
                while True:
                    self.level(LEVEL, self.fresh_policy())
        except _Stopped:
            pass
        except KeyboardInterrupt:  # Ctrl-C: the best line so far is the answer
            self.budget.interrupt()
        if not len(self.best[1]) and not self.board.is_over:
            # Stopped before the first move: one move whatever the (spent) budget says.
            self.best = (-math.inf, self.best[1])
            with contextlib.suppress(_Stopped):
                self.playout(self.fresh_policy(), free=1)


@contextlib.contextmanager
def _interrupts_between_calls(search: _Search) -> Iterator[None]:
    """SIGINT (Ctrl-C) noted while the block runs, and handled between two kernel calls.

    A signal handler that raises while a compiled function hands back its
    result makes numba's dispatcher fail with a ``SystemError``; so in the
    main thread SIGINT only sets a flag, and the search calls the handler
    it replaced (by default one that raises ``KeyboardInterrupt``) after the
    next playout.
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # signals only reach the main thread
        return
    previous = signal.getsignal(signal.SIGINT)

    def note(number: int, frame: object) -> None:
        search.interrupted = True

    def deliver() -> None:
        search.interrupted = False
        if callable(previous):
            previous(signal.SIGINT, None)
        elif previous != signal.SIG_IGN:
            raise KeyboardInterrupt

    search.deliver = deliver
    signal.signal(signal.SIGINT, note)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def search(board: Board, budget: Budget, seed: int, worker: int = 0) -> SearchResult[Board, Move]:
    """NRPA on *board* under *budget*: the best line found, replayed through ``Board.play``.

    The result depends only on the board, *seed*, *worker* and the node
    limit when there is no time limit. The kernel must support the board
    (:func:`puzzlekit.samegame.solver.kernel_supports`).
    """
    found = _Search(board, budget, seed, worker)
    found.run()
    score, cells = found.best
    moves = tuple(Move(*found.start.cell(int(index))) for index in cells)
    final, replayed = play_sequence(board, moves)
    if replayed != score:
        raise RuntimeError(
            f"the compiled kernel scored a line {score}, but it replays to {replayed}"
        )
    return SearchResult(
        start=board, moves=moves, final=final, complete=False, nodes=budget.nodes,
        seconds=budget.elapsed, score=replayed, proved_unsolvable=False, engine="numba",
    )


def warm_up() -> None:
    """Compile (or load from the disk cache) every kernel function NRPA uses, on a tiny board.

    Safe to call again: later calls cost microseconds.

    >>> warm_up()
    """
    board = Board.parse("1122\n2211")
    search(board, Budget(node_limit=50), 0)
    probe = kernel.KernelBoard(board)
    probe.groups()
    probe.is_over()
    probe.end_score()
    probe.play((0, 0))
