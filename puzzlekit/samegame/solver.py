"""The SameGame solver: Monte-Carlo beam search with TabuColor playouts.

:func:`solve` looks for a high-scoring sequence of moves under any
:class:`~puzzlekit.samegame.Rules`. It runs on packed boards
(:mod:`puzzlekit.samegame.core`) and builds public objects only for its
result.

The search is a *Monte-Carlo beam search* (T. Cazenave, "Monte Carlo Beam
Search", IEEE TCIAIG 2012), a breadth-first cousin of nested Monte-Carlo
search:

* every position in the beam is expanded into all its distinct successors
  (duplicates reached by different move orders are merged: a packed board is
  its own perfect hash key);
* each successor is valued by one random *playout* to the end of the game
  with the *TabuColor* policy: blocks of the tabu colour (one of the most
  frequent colours at the start) are never removed while another move
  exists, so they tend to join into one large group for the end. A playout
  picks its block quickly and roughly uniformly
  (:meth:`~puzzlekit.samegame.core.Layout.any_block`);
* successors that break up the tabu colour (a tabu group of less than half
  of its blocks while other moves exist) get no playout and rank last;
* the best successors by value form the next beam, and the line of the best
  playout so far is remembered: a successor on that line inherits its value
  instead of a new playout, so the best line is never lost;
* the search first runs a beam of width 1 for each of the two most frequent
  colours as tabu colour, then spends the rest of the budget on the better
  one, in beams as wide as the budget left allows (measured on the run
  before), each with fresh random playouts.

Every playout ends in a finished game, so a complete, legal line exists from
the first fraction of a second on; the callback *progress* hears of each
improvement. On the 20 standard positions it totals about 55,700
at 10 s and 63,200 at 60 s per position (``benchmarks/samegame_standard.py``,
one core per position), against 78,012 for
SP-MCTS (2012) in compiled code with far more time.

>>> from puzzlekit.samegame import Board, STANDARD, play_sequence
>>> board = Board.parse("1122\\n2211")
>>> solution = solve(board, node_limit=2000)
>>> solution.score, play_sequence(board, solution.moves)[1]
(1004, 1004)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Final, TypeAlias

import attrs

from puzzlekit.grid import Cell
from puzzlekit.limits import Budget, make_rng
from puzzlekit.samegame.board import Board
from puzzlekit.samegame.core import Layout
from puzzlekit.samegame.rules import STANDARD, Rules

__all__ = ["DEFAULT_NODE_LIMIT", "TABU_CHOICES", "Progress", "Solution", "solve"]

Progress: TypeAlias = Callable[[int, float], object]
"""A callback ``progress(best_score, elapsed_seconds)``, called on each improvement."""

DEFAULT_NODE_LIMIT: Final = 300_000
"""The node budget of :func:`solve` when neither ``node_limit`` nor ``time_limit`` is given.

A node is one move made by the search (in a playout or a beam expansion);
300,000 nodes take about 3 seconds on a 15 x 15 board, and longer on larger
boards (about 30 seconds on 100 x 100).

>>> DEFAULT_NODE_LIMIT
300000
"""


@attrs.frozen
class Solution:
    """What :func:`solve` found: a line of moves, its score, and whether the search finished.

    >>> from puzzlekit.samegame import Board
    >>> solve(Board.parse("11"), node_limit=100)
    Solution(moves=((0, 0),), score=1000, complete=True, nodes=..., seconds=...)
    """

    moves: tuple[Cell, ...]
    """The moves, each a cell of the group removed, on the board as it is when it is played."""
    score: int
    """The score of :attr:`moves` under the rules solved for, as ``play_sequence`` gives it."""
    complete: bool
    """Whether the search ended on its own: then every reachable position was
    expanded and :attr:`score` is the best possible. ``False`` when a limit
    stopped it, which is the usual case on real boards (the score is then the
    best found, not a proven optimum)."""
    nodes: int = 0
    """How many nodes (moves made inside the search) it spent."""
    seconds: float = attrs.field(default=0.0, eq=False)
    """How long it ran (not compared: equal searches take different times)."""


TABU_CHOICES: Final = 2
"""How many colours :func:`solve` tries as the tabu colour: the most frequent ones at the start.

>>> TABU_CHOICES
2
"""

# A line is a chain of group masks, newest first: (group, rest) or None.
_Line: TypeAlias = "tuple[int, _Line] | None"


class _Stopped(Exception):
    """The budget ran out in the middle of a beam run."""


class _Search:
    """One board, one rule set, one budget: the state shared by the beam runs."""

    def __init__(
        self,
        board: Board,
        rules: Rules,
        budget: Budget,
        rng: random.Random,
        progress: Progress | None,
    ) -> None:
        self.layout = layout = Layout(board.width, board.height, sorted(board.colours))
        self.root = layout.encode(board.rows)
        self.rules = rules
        self.budget = budget
        self.rng = rng
        self.progress = progress
        counts = layout.counts(self.root)
        self.move_scores = [rules.score_move(n) for n in range(sum(counts) + 1)]
        # TabuColor: the blocks a playout may remove while it has a choice are those
        # not of the tabu colour, one of the most frequent colours at the start.
        plane_mask = (1 << layout.plane_bits) - 1
        ranked = sorted(range(len(counts)), key=lambda p: -counts[p]) or [0]
        self.tabu_choices = [
            layout.full & ~(plane_mask << (p * layout.plane_bits))
            for p in ranked[:TABU_CHOICES]
        ]
        self.allowed = self.tabu_choices[0]
        self.run_best = -math.inf
        self.best_score = -math.inf
        self.best_line: list[int] = []

    # -- scoring ----------------------------------------------------------------------------

    def moves(self, bits: int) -> list[int]:
        """The legal moves (group masks) of a packed board."""
        return self.layout.groups(bits, self.rules.min_group)

    def end_score(self, bits: int) -> int:
        """The end score of a finished packed board."""
        return self.rules.score_end(count for count in self.layout.counts(bits) if count)

    def record(self, score: float, prefix: _Line, tail: list[int]) -> None:
        """Keep the line *prefix* + *tail* when its *score* beats the best so far."""
        self.run_best = max(self.run_best, score)
        if score <= self.best_score:
            return
        line = []
        while prefix is not None:
            line.append(prefix[0])
            prefix = prefix[1]
        line.reverse()
        line.extend(tail)
        self.best_score = score
        self.best_line = line
        if self.progress is not None:
            self.progress(int(score), self.budget.elapsed)

    # -- playouts ---------------------------------------------------------------------------

    def playout(self, bits: int) -> tuple[int, list[int]]:
        """Play TabuColor random moves to the end: the points earned and the groups removed.

        Raises :class:`_Stopped` when the budget runs out, after recording
        the (legal, unfinished) line played so far.
        """
        layout = self.layout
        move_scores = self.move_scores
        allowed = self.allowed
        rng = self.rng
        spend = self.budget.spend
        min_group = self.rules.min_group
        playable = layout.playable
        pick = layout.any_block
        flood = layout.flood
        remove = layout.remove
        points = 0
        groups: list[int] = []
        while True:
            if min_group == 2:
                seeds = playable(bits)
                if not seeds:
                    break
                group = flood(bits, pick(seeds & allowed or seeds, rng))
            else:
                choices = self.moves(bits)
                if not choices:
                    break
                preferred = [group for group in choices if group & allowed]
                group = rng.choice(preferred or choices)
            # Stopping here leaves a line whose board still has moves: it earns no end score.
            if spend():
                raise _Stopped(points, groups)
            points += move_scores[group.bit_count()]
            groups.append(group)
            bits = remove(bits, group)
        return points + self.end_score(bits), groups

    # -- beam runs --------------------------------------------------------------------------

    def run(self, width: int, tabu: int) -> bool:
        """One beam search of *width* with tabu colour choice *tabu*.

        Returns ``True`` when it never dropped a position; :attr:`run_best` is
        then the best value it saw. Raises :class:`_Stopped` when the budget runs out.
        """
        move_scores = self.move_scores
        remove = self.layout.remove
        exhaustive = True
        self.allowed = self.tabu_choices[tabu]
        self.run_best = -math.inf
        # A beam entry: (packed board, points so far, line so far, best known tail, its value).
        beam: list[tuple[int, int, _Line, list[int] | None, float]] = [
            (self.root, 0, None, self.best_line, self.best_score)
        ]
        while beam:
            children: list[tuple[float, int, int, _Line, list[int] | None]] = []
            seen: set[int] = set()
            for bits, points, line, known_tail, known_value in beam:
                moves = self.moves(bits)
                if not moves:
                    self.record(points + self.end_score(bits), line, [])
                    continue
                if self.budget.spend(len(moves)):
                    raise _Stopped(0, [])
                # Breaking up the tabu colour while other moves exist is rarely good: such
                # successors get no playout and rank last (kept only if the beam has room).
                allowed = self.allowed
                tabu_blocks = (bits & ~allowed).bit_count()
                has_choice = any(group & allowed for group in moves)
                for group in moves:
                    child = remove(bits, group)
                    if child in seen:
                        continue
                    seen.add(child)
                    earned = points + move_scores[group.bit_count()]
                    child_line = (group, line)
                    if known_tail and known_tail[0] == group:
                        value, tail = known_value, known_tail[1:]
                    elif (
                        has_choice
                        and not group & allowed
                        and 2 * group.bit_count() < tabu_blocks
                    ):
                        value, tail = -math.inf, None
                    else:
                        try:
                            gained, tail = self.playout(child)
                        except _Stopped as stop:
                            gained, tail = stop.args
                            self.record(earned + gained, child_line, tail)
                            raise
                        value = earned + gained
                        self.record(value, child_line, tail)
                    children.append((value, child, earned, child_line, tail))
            if len(children) > width:
                exhaustive = False
                children.sort(key=_value, reverse=True)
                del children[width:]
            beam = [
                (child, earned, line, tail, value)
                for value, child, earned, line, tail in children
            ]
        return exhaustive


class _Pace:
    """What a beam run costs per unit of width, to size the next run to the budget left."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.nodes_at_start = budget.nodes
        self.started = budget.elapsed
        self.nodes = 1.0
        self.seconds = 1.0

    def per(self, width: int) -> None:
        """Close the measure of a run of *width*: its cost per unit of width."""
        self.nodes = max(1, self.budget.nodes - self.nodes_at_start) / width
        self.seconds = max(1e-6, self.budget.elapsed - self.started) / width

    def width(self, margin: float) -> int:
        """The widest run that fits in *margin* times the budget left."""
        budget = self.budget
        fits = []
        if budget.node_limit is not None:
            fits.append((budget.node_limit - budget.nodes) / self.nodes)
        if budget.remaining is not None:
            fits.append(budget.remaining / self.seconds)
        return int(margin * min(fits)) if fits else 0


def _value(entry: tuple[float, int, int, _Line, list[int] | None]) -> float:
    return entry[0]


def solve(
    board: Board,
    rules: Rules = STANDARD,
    *,
    time_limit: float | None = None,
    node_limit: int | None = None,
    seed: int | None = 0,
    progress: Progress | None = None,
) -> Solution:
    """Search for a high-scoring line of moves on *board* under *rules*.

    The search (see the module documentation) runs until a limit stops it:
    *time_limit* in seconds, *node_limit* in moves made by the search, or
    :data:`DEFAULT_NODE_LIMIT` nodes when neither is given. It returns the best
    line found; ``Solution.complete`` says whether the search finished on its
    own, which proves the score optimal (only on small boards).

    With a node limit (and no time limit) the result depends only on the
    board, the rules, the limit and *seed*. With a time limit it also
    depends on the speed of the machine. A run may overshoot *time_limit*
    by the time of one move on the board (well under 0.1 s on 15 x 15).

    *progress*, when given, is called as ``progress(best_score, elapsed)``
    each time the best score improves.

    >>> from puzzlekit.samegame import Board, CLICKOMANIA, play_sequence
    >>> board = Board.parse("112\\n221\\n112")
    >>> solution = solve(board, node_limit=5000)
    >>> solution.score, solution.complete
    (1009, True)
    >>> play_sequence(board, solution.moves)
    (Board.parse('...\\n...\\n...'), 1009)
    >>> solve(board, CLICKOMANIA, node_limit=5000).score
    9
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, not {type(board).__name__}")
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    if node_limit is not None and (isinstance(node_limit, bool) or not isinstance(node_limit, int)):
        raise TypeError(f"node_limit must be an int or None, not {type(node_limit).__name__}")
    if time_limit is None and node_limit is None:
        node_limit = DEFAULT_NODE_LIMIT
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    search = _Search(board, rules, budget, make_rng(seed), progress)
    complete = False
    try:
        # Probe each tabu colour with a beam of width 1, then give the rest of the
        # budget to the better one, in beams as wide as the budget left allows.
        probes = []
        for tabu in range(len(search.tabu_choices)):
            pace = _Pace(budget)
            complete = search.run(1, tabu)
            pace.per(1)
            probes.append(search.run_best)
            if complete:
                break
        tabu = probes.index(max(probes))
        while not complete:
            width = max(1, pace.width(0.9))
            pace = _Pace(budget)
            complete = search.run(width, tabu)
            pace.per(width)
    except _Stopped:
        pass
    if search.best_score == -math.inf:  # stopped before any line: play nothing
        search.best_line = []
        search.best_score = search.end_score(search.root) if not search.moves(search.root) else 0
    layout = search.layout
    moves = tuple(layout.cell((group & -group).bit_length() - 1) for group in search.best_line)
    return Solution(
        moves=moves,
        score=int(search.best_score),
        complete=complete,
        nodes=budget.nodes,
        seconds=budget.elapsed,
    )
