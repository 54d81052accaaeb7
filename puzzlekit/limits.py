"""Search limits and seeded random sources shared by the solvers.

Every solver that can run long takes ``node_limit=`` and ``time_limit=``
(seconds). A :class:`Budget` counts the nodes a search expands and looks at
the clock only every few hundred nodes, so that honouring a limit costs next
to nothing in the inner loop.

>>> budget = Budget(node_limit=3)
>>> [budget.spend() for _ in range(4)]
[False, False, False, True]
>>> budget.exhausted
True
"""

from __future__ import annotations

import random
import time

__all__ = ["Budget", "make_rng"]

_CLOCK_EVERY = 256


def _check_limit(name: str, value: float | None) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number or None, not {type(value).__name__}")
    if not value >= 0:
        raise ValueError(f"{name} must be >= 0, not {value!r}")


class Budget:
    """How much a search may still do: nodes and seconds, either optional.

    ``spend()`` records one node and says whether the search must stop now.
    Once exhausted it stays exhausted, so nested loops can all test it.

    >>> Budget(time_limit=0).spend()
    True
    >>> Budget().spend()
    False
    """

    __slots__ = ("_countdown", "_deadline", "exhausted", "node_limit", "nodes", "started")

    def __init__(self, *, node_limit: int | None = None, time_limit: float | None = None) -> None:
        _check_limit("node_limit", node_limit)
        _check_limit("time_limit", time_limit)
        self.node_limit = node_limit
        """The most nodes the search may expand, or ``None``."""
        self.started = time.perf_counter()
        """When the budget was made (``time.perf_counter()``)."""
        self._deadline = None if time_limit is None else self.started + time_limit
        self.nodes = 0
        """Nodes spent so far."""
        self.exhausted = False
        """Whether a limit has been reached."""
        self._countdown = 0

    def spend(self, nodes: int = 1) -> bool:
        """Count *nodes* more and return ``True`` when a limit is reached."""
        self.nodes += nodes
        if self.node_limit is not None and self.nodes > self.node_limit:
            self.exhausted = True
        self._countdown -= nodes
        if self._countdown <= 0:
            self._countdown = _CLOCK_EVERY
            self.check_clock()
        return self.exhausted

    def check_clock(self) -> bool:
        """Look at the clock now (for searches whose nodes are expensive)."""
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            self.exhausted = True
        return self.exhausted

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


def make_rng(seed: int | None) -> random.Random:
    """A private random source for *seed*; the same seed gives the same stream.

    ``None`` seeds from the operating system. Other types are refused, since
    :class:`random.Random` would silently hash strings and floats.

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
