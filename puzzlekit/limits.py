"""Search limits, progress reports and seeded random sources shared by every solver.

One rule for every solver and generator: it takes ``node_limit=`` (how many
nodes it may expand), ``time_limit=`` (seconds) and ``progress=`` (a
:data:`ProgressCallback`), and returns within its limit. ``None`` or
``math.inf`` means no limit; a negative or NaN limit is an
:class:`~puzzlekit.ArgumentError`. A ``solve()`` stopped by a limit returns a
:class:`~puzzlekit.SearchResult` with ``complete=False``; a call that must
return an answer (a tiling, a count, a hint) raises
:class:`~puzzlekit.LimitReached` instead.

A :class:`Budget` counts the nodes a search expands and looks at the clock
only every few hundred nodes, so that honouring a limit costs next to
nothing in the inner loop.

>>> budget = Budget(node_limit=3)
>>> [budget.spend() for _ in range(4)]
[False, False, False, True]
>>> budget.exhausted, budget.stopped_by
(True, 'node limit')
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Literal, TypeAlias

import attrs

from puzzlekit.errors import ArgumentError, LimitReached

__all__ = [
    "Budget", "Progress", "ProgressCallback", "StopReason", "check_limit", "make_rng", "on_time",
]

_CLOCK_EVERY = 256
_REPORT_EVERY = 0.2  # seconds between two progress reports

StopReason: TypeAlias = Literal["node limit", "time limit", "stop requested", "interrupted"]
"""Why a :class:`Budget` stopped a search."""


@attrs.frozen
class Progress:
    """How far a long computation has come, as a progress callback sees it.

    >>> Progress(nodes=1200, seconds=0.5, node_limit=None, time_limit=2.0, best=3400)
    Progress(nodes=1200, seconds=0.5, node_limit=None, time_limit=2.0, best=3400)
    """

    nodes: int
    """Nodes expanded so far."""
    seconds: float
    """Seconds since the computation started."""
    node_limit: int | None
    """The node limit it runs under, or ``None``."""
    time_limit: float | None
    """The time limit it runs under, in seconds, or ``None``."""
    best: int | None = None
    """The best score found so far, for searches that have one."""


ProgressCallback: TypeAlias = Callable[[Progress], object]
"""Called with a :class:`Progress` a few times a second during long work.

A truthy return value asks the computation to stop: it then ends as if a
limit had been reached (``complete=False`` with the best result so far, or
:class:`~puzzlekit.LimitReached`). A ``threading.Event`` becomes a cancel
button as ``progress=lambda _: event.is_set()``.
"""


def check_limit(name: str, value: object) -> float | None:
    """Check a ``node_limit``/``time_limit`` argument; return it, ``None`` for no limit.

    ``None``, ``math.inf`` and numbers too large for a float mean no limit;
    booleans and other types are a :class:`TypeError`; negative numbers and
    NaN an :class:`~puzzlekit.ArgumentError`.

    >>> check_limit("time_limit", 1.5), check_limit("time_limit", float("inf"))
    (1.5, None)
    >>> check_limit("time_limit", 10**400) is None
    True
    >>> check_limit("time_limit", float("nan"))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: time_limit must be a number >= 0 (or None for no limit), not nan
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number or None, not {type(value).__name__}")
    try:
        number = float(value)
    except OverflowError:  # an int beyond float's range
        number = math.inf if value > 0 else -math.inf
    if not number >= 0:
        shown = repr(number) if isinstance(value, float) or math.isinf(number) else str(value)
        raise ArgumentError(f"{name} must be a number >= 0 (or None for no limit), not {shown}")
    if math.isinf(number):
        return None
    return value if isinstance(value, int) else number


_CAUSES: dict[StopReason, str] = {
    "node limit": "its node limit",
    "time limit": "its time limit",
    "stop requested": "a request to stop",
}


class Budget:
    """How much a search may still do: nodes and seconds, either optional.

    ``spend()`` records one node and says whether the search must stop now.
    Once exhausted it stays exhausted, so nested loops can all test it. The
    *progress* callback is called at most every 0.2 seconds while the search
    runs (when ``spend`` looks at the clock), and may ask it to stop.

    >>> Budget(time_limit=0).spend()
    True
    >>> Budget().spend()
    False
    >>> Budget(progress=lambda report: True).check_clock(), Budget().stopped_by
    (True, None)
    """

    __slots__ = (
        "_countdown",
        "_deadline",
        "_next_report",
        "best",
        "exhausted",
        "node_limit",
        "nodes",
        "progress",
        "started",
        "stopped_by",
        "time_limit",
    )

    def __init__(
        self,
        *,
        node_limit: int | None = None,
        time_limit: float | None = None,
        progress: ProgressCallback | None = None,
    ) -> None:
        nodes = check_limit("node_limit", node_limit)
        if nodes is not None and not isinstance(nodes, int):
            raise TypeError(f"node_limit must be an int or None, not {type(node_limit).__name__}")
        self.node_limit: int | None = nodes
        """The most nodes the search may expand, or ``None``."""
        self.time_limit = check_limit("time_limit", time_limit)
        """The seconds the search may take, or ``None``."""
        if progress is not None and not callable(progress):
            raise TypeError(f"progress must be callable or None, not {type(progress).__name__}")
        self.progress = progress
        """The progress callback, or ``None``."""
        self.started = time.perf_counter()
        """When the budget was made (``time.perf_counter()``)."""
        self._deadline = None if self.time_limit is None else self.started + self.time_limit
        self._next_report = self.started  # the first clock check reports at once
        self.nodes = 0
        """Nodes spent so far."""
        self.best: int | None = None
        """The best score so far, as the search last reported it (shown in progress)."""
        self.exhausted = False
        """Whether a limit has been reached."""
        self.stopped_by: StopReason | None = None
        """What stopped the search, or ``None`` while it may go on."""
        self._countdown = 0

    def _stop(self, reason: StopReason) -> None:
        if not self.exhausted:
            self.exhausted = True
            self.stopped_by = reason

    def spend(self, nodes: int = 1) -> bool:
        """Count *nodes* more and return ``True`` when a limit is reached."""
        self.nodes += nodes
        if self.node_limit is not None and self.nodes > self.node_limit:
            self._stop("node limit")
        self._countdown -= nodes
        if self._countdown <= 0:
            self._countdown = _CLOCK_EVERY
            self.check_clock()
        return self.exhausted

    def check_clock(self) -> bool:
        """Look at the clock now (for searches whose nodes are expensive); report progress."""
        now = time.perf_counter()
        if self._deadline is not None and now >= self._deadline:
            self._stop("time limit")
        if self.progress is not None and (now >= self._next_report or self.exhausted):
            self._next_report = now + _REPORT_EVERY
            if self.progress(self.report()):
                self._stop("stop requested")
        return self.exhausted

    def interrupt(self) -> None:
        """Mark the search as stopped by Ctrl-C (the solver keeps its best result so far)."""
        self._stop("interrupted")

    def report(self) -> Progress:
        """The search's progress now.

        >>> Budget(node_limit=10).report().node_limit
        10
        """
        return Progress(self.nodes, self.elapsed, self.node_limit, self.time_limit, self.best)

    def limit_reached(self, what: str) -> LimitReached | KeyboardInterrupt:
        """The :class:`~puzzlekit.LimitReached` to raise when *what* could not finish; after
        Ctrl-C (:meth:`interrupt`) the ``KeyboardInterrupt`` again instead, since Ctrl-C is
        no limit: the caller stops too.

        >>> budget = Budget(node_limit=0)
        >>> budget.spend()
        True
        >>> raise budget.limit_reached("tile")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.LimitReached: tile stopped by its node limit after 1 nodes, before an...
        >>> budget = Budget()
        >>> budget.interrupt()
        >>> type(budget.limit_reached("tile")).__name__
        'KeyboardInterrupt'
        """
        if self.stopped_by == "interrupted":
            return KeyboardInterrupt()
        cause = _CAUSES[self.stopped_by] if self.stopped_by else "a limit"
        return LimitReached(f"{what} stopped by {cause} after {self.nodes} nodes, before an answer")

    @property
    def elapsed(self) -> float:
        """Seconds since the budget was made.

        >>> Budget().elapsed >= 0
        True
        """
        return time.perf_counter() - self.started

    @property
    def remaining(self) -> float | None:
        """Seconds left before the time limit, or ``None`` without one.

        >>> Budget().remaining is None
        True
        """
        if self._deadline is None:
            return None
        return max(0.0, self._deadline - time.perf_counter())


def on_time(budget: Budget, what: str) -> None:
    """Raise :class:`~puzzlekit.LimitReached` for *what* once *budget* is out of time (or
    asked to stop); report progress. For work that spends no nodes but can take seconds
    on the largest inputs (building, sorting, setting up a search), between its steps.

    >>> on_time(Budget(), "tile")
    >>> on_time(Budget(time_limit=0), "tile")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.LimitReached: tile stopped by its time limit after 0 nodes, before an answer
    """
    if budget.check_clock():
        raise budget.limit_reached(what)


def make_rng(seed: int | None) -> random.Random:
    """A private random source for *seed*; the same seed gives the same stream.

    ``None`` means fresh randomness from the operating system, everywhere in
    puzzlekit. Other types are refused, since :class:`random.Random` would
    silently hash strings and floats.

    >>> make_rng(7).random() == make_rng(7).random()
    True
    >>> make_rng("7")
    Traceback (most recent call last):
    ...
    TypeError: seed must be an int or None, not str
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
    return random.Random(seed)
