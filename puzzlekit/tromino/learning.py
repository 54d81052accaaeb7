"""A search that learns from its dead ends: tilings of regions the bitboard search thrashes on.

The bitboard search backs up one choice at a time. On a region with holes all over
it (about as dense as a random tiling leaves them), a wrong choice is often found
wrong only many choices later, and it then tries every way of the cells in between
before it gets back to it. This search is conflict-driven clause learning, as SAT
solvers do it, over the trominoes that fit: each tromino is used or not, and each
free cell is covered by exactly one. Cover constraints are kept by counts per cell
(a used tromino rules out the others on its cells; a cell left with one tromino
uses it). At a dead end the search works out which earlier choices caused it (the
first cut through the current choice, as SAT solvers do), learns a clause that
forbids them together, and jumps back to where the clause forces another way; where
that is over a hundred choices back, it backs up one choice only and sets what the
clause forces at the clause's own level (chronological backtracking, as Nadel and
Ryvchin have SAT solvers do it), keeping the choices in between, which it would
otherwise make again one by one.

It takes turns between two ways of choosing, each run twice as long as the one
before it (in dead ends), keeping what it learned across them:

* the tromino most involved in recent dead ends (at first, one on cells with few
  trominoes), its last value first, as SAT solvers choose;
* a sweep: the cells are taken row by row along the region's shorter side, and of
  the next side's worth of cells from the first one left open, the one with the
  fewest trominoes left is covered, by the tromino used there last or else the one
  most involved in dead ends. The choices then move as a front across the region,
  and the dead ends found at the front are learned as clauses on a few cells near
  it, which a search that chooses all over the region does not have: on boards
  with a hole in every third cell it tiles most 90 x 90 boards in seconds alone,
  but thrashes on some boards the first way tiles at once (and the other way
  round), hence the turns.

It is complete (no tiling is a proof) and slower per choice than the bitboard
search, so it is the last resort after that search runs out of patience.

>>> from puzzlekit.limits import Budget
>>> learning_tiling([(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (0, 2)], Budget())
[((0, 0), (0, 1), (1, 0)), ((0, 2), (1, 1), (1, 2))]
>>> learning_tiling([(0, 0), (0, 1), (0, 2)], Budget()) is None  # a straight line
True
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterable

from puzzlekit.errors import ArgumentError
from puzzlekit.grid import Cell, as_cell
from puzzlekit.limits import Budget, on_time
from puzzlekit.tromino.board import BLOCK_CELLS

__all__ = ["LEARNING_MAX_CELLS", "learning_tiling"]

LEARNING_MAX_CELLS = 1 << 20
"""The most cells :func:`learning_tiling` takes: it holds about a kilobyte for each
(the trominoes on it, their values, reasons and watched clauses), so a million cells
take about a gigabyte. More is an :class:`~puzzlekit.ArgumentError`."""

_FIRST_RUN = 100  # dead ends before the first change of the way of choosing; then twice
_BUMP_GROWTH = 1.05  # how much more a dead end counts than the one before it
_KEPT_CLAUSES = 5_000  # learned clauses kept when there are twice as many, the shortest
_KEPT_GROWTH = 1.1  # ... and then the next time: with a fixed number, a search that needs
# more clauses at once could go round for ever
_UNSET = 2
_LONGEST_JUMP = 100  # levels a dead end jumps back at most; else back one level only
_HALF = (1).__rrshift__  # a literal's tromino (literal >> 1), mapped over a clause in C
_SETUP_CHUNK = 1 << 16  # corners looked at between looks at the clock while setting up


def _trominoes(cells: list[Cell], budget: Budget, what: str) -> list[tuple[int, int, int]]:
    """Every L-tromino on *cells*, as indices into it (a million cells take seconds, so
    it looks at the clock as it goes)."""
    index = {cell: number for number, cell in enumerate(cells)}
    blocks = {(row - down, col - right) for row, col in cells
              for down in (0, 1) for right in (0, 1)}
    on_time(budget, what)
    corners = sorted(blocks)
    del blocks
    found = []
    for done, (row, col) in enumerate(corners):
        if not done % _SETUP_CHUNK:
            on_time(budget, what)
        for (a, b), (c, d), (e, f) in BLOCK_CELLS:
            first, second, third = (row + a, col + b), (row + c, col + d), (row + e, col + f)
            if first in index and second in index and third in index:
                found.append((index[first], index[second], index[third]))
    return found


class _Learner:
    """One run of the search over the trominoes of a set of cells.

    A literal is ``2 * tromino`` (used) or ``2 * tromino + 1`` (not used); ``truth``
    holds each literal's value (1 true, 0 false, ``_UNSET``), so a tromino's value is
    that of its first literal. A reason
    is ``None`` (a choice), a cell (the tromino is its last one left), ``-1 - t``
    (tromino ``t`` is used and shares a cell) or a learned clause."""

    def __init__(self, cells: list[Cell], front: int, budget: Budget,
                 rng: random.Random | None, what: str) -> None:
        self.cells = cells  # in sweep order: row by row, *front* cells across
        self.front = front
        self.budget = budget
        self.what = what
        # Each step of the setup takes a second or more on a million cells: the clock is
        # looked at between them.
        self.trominoes = _trominoes(cells, budget, what)
        count = len(self.trominoes)
        self.on_cell: list[list[int]] = [[] for _ in cells]
        for tromino, members in enumerate(self.trominoes):
            for cell in members:
                self.on_cell[cell].append(tromino)
        on_time(budget, what)
        self.left = [len(trominoes) for trominoes in self.on_cell]  # not ruled out
        # Used trominoes on a cell: more than one only at a dead end, and one of them can
        # stay when a chronological back-up undoes the other.
        self.covered = [0] * len(cells)
        self.truth = bytearray([_UNSET]) * (2 * count)
        self.level = [0] * count
        self.reason: list[int | list[int] | None] = [None] * count
        self.trail: list[int] = []
        self.starts: list[int] = []  # where each choice's part of the trail starts
        self.done = 0  # trail entries whose consequences are drawn
        # The learned clauses watching each literal, for the literals that have any (a
        # list for every literal took seconds and hundreds of megabytes on a million cells).
        self.watches: dict[int, list[list[int]]] = {}
        self.learned: list[list[int]] = []
        self.kept = _KEPT_CLAUSES  # learned clauses kept at the next cut
        on_time(budget, what)
        # Before any dead end, the trominoes on cells with the fewest trominoes come first.
        self.activity = [sum(1.0 / len(self.on_cell[cell]) for cell in members)
                         for members in self.trominoes]
        on_time(budget, what)
        self.bump = 1.0
        self.saved = bytearray(count)  # each tromino's last value: tried first again
        self.open = 0  # every cell before it is covered
        self.sweeping = False  # choosing by sweep_choice, else by choose
        ties = list(range(count))
        if rng is not None:
            rng.shuffle(ties)
        self.ties = ties
        on_time(budget, what)
        self.queue: list[tuple[float, int, int]]
        self.queued: bytearray  # whether the queue holds a tromino at its activity
        self.requeue()

    def requeue(self) -> None:
        """The queue of choices anew: every unset tromino once, at its activity."""
        values = self.truth[::2]  # each tromino's, as its first literal's
        activity, ties = self.activity, self.ties
        self.queue = [(-activity[t], ties[t], t) for t, value in enumerate(values)
                      if value == _UNSET]
        heapq.heapify(self.queue)
        self.queued = bytearray(value == _UNSET for value in values)

    def set(self, tromino: int, used: int, reason: int | list[int] | None, level: int) -> None:
        """Give *tromino* its value at *level*: the choice's own, or for a consequence the
        deepest of its reason's (below the current one after a chronological back-up)."""
        self.truth[2 * tromino] = used
        self.truth[2 * tromino + 1] = 1 - used
        self.level[tromino] = level
        self.reason[tromino] = reason
        self.trail.append(tromino)
        if used:
            for cell in self.trominoes[tromino]:
                self.covered[cell] += 1
        else:
            for cell in self.trominoes[tromino]:
                self.left[cell] -= 1

    def back_to(self, level: int) -> None:
        """Undo every choice above *level* and what followed from them. Values set at
        *level* or below after its last choice stay, in order, and are drawn again."""
        size = self.starts[level]
        truth, covered, left, saved = self.truth, self.covered, self.left, self.saved
        trominoes, first_open, levels = self.trominoes, self.open, self.level
        later = self.trail[size:]
        del self.trail[size:]
        undone = [tromino for tromino in later if levels[tromino] > level]
        if len(undone) < len(later):  # values set out of order at or below the level stay
            self.trail += [tromino for tromino in later if levels[tromino] <= level]
        for tromino in undone:
            used = truth[2 * tromino]
            if used:
                for cell in trominoes[tromino]:
                    covered[cell] -= 1
                    if cell < first_open:
                        first_open = cell
            else:
                for cell in trominoes[tromino]:
                    left[cell] += 1
            saved[tromino] = used
            truth[2 * tromino] = truth[2 * tromino + 1] = _UNSET
        self.open = first_open
        del self.starts[level:]
        self.done = size
        if self.sweeping:
            return  # the queue is made afresh when choosing by activity again
        queue, queued, activity, ties = self.queue, self.queued, self.activity, self.ties
        for tromino in undone:
            if not queued[tromino]:
                queued[tromino] = 1
                heapq.heappush(queue, (-activity[tromino], ties[tromino], tromino))
        if len(queue) > 4 * len(queued):  # mostly entries gone stale: keep the live ones
            self.requeue()

    def propagate(self) -> list[int] | None:
        """Draw the consequences of the trail; a clause all of whose literals are false
        at a dead end."""
        truth, trail, trominoes, on_cell = self.truth, self.trail, self.trominoes, self.on_cell
        levels, reasons, covered, left = self.level, self.reason, self.covered, self.left
        watches = self.watches
        done = self.done
        while done < len(trail):
            tromino = trail[done]
            done += 1
            if truth[2 * tromino]:
                level = levels[tromino]
                reason = -1 - tromino
                for cell in trominoes[tromino]:
                    for other in on_cell[cell]:
                        if other != tromino:
                            value = truth[2 * other]
                            if value == _UNSET:  # ruled out: set() written out, the hot path
                                truth[2 * other] = 0
                                truth[2 * other + 1] = 1
                                levels[other] = level
                                reasons[other] = reason
                                trail.append(other)
                                for its_cell in trominoes[other]:
                                    left[its_cell] -= 1
                            elif value:
                                self.done = done
                                return [2 * tromino + 1, 2 * other + 1]
                false = 2 * tromino + 1
            else:
                for cell in trominoes[tromino]:
                    if not covered[cell]:
                        remaining = left[cell]
                        if remaining == 0:
                            self.done = done
                            return [2 * other for other in on_cell[cell]]
                        if remaining == 1:
                            for other in on_cell[cell]:
                                if truth[2 * other] == _UNSET:
                                    # The deepest level of the others (ruled out): an unset
                                    # tromino's level is never read, so it may count as 0.
                                    levels[other] = 0
                                    self.set(other, 1, cell,
                                             max(map(levels.__getitem__, on_cell[cell])))
                                    break
                false = 2 * tromino
            watching = watches.get(false)
            if watching:
                conflict = self.watched(false, watching)
                if conflict is not None:
                    self.done = done
                    return conflict
        self.done = done
        return None

    def watch(self, literal: int, clause: list[int]) -> None:
        """Have *clause* watch *literal*."""
        watching = self.watches.get(literal)
        if watching is None:
            self.watches[literal] = [clause]
        else:
            watching.append(clause)

    def watched(self, false: int, watching: list[list[int]]) -> list[int] | None:
        """Visit the learned clauses *watching* the literal *false*, which has just become
        false: watch another literal, or set the last one left, or report a dead end."""
        truth, watches = self.truth, self.watches
        at, count = 0, len(watching)
        while at < count:
            clause = watching[at]
            first = clause[0]
            if first == false:
                first = clause[1]
                clause[0], clause[1] = first, false
            if truth[first] == 1:
                at += 1
                continue  # satisfied
            for place in range(2, len(clause)):
                literal = clause[place]
                if truth[literal]:  # true or unset: watch it instead
                    clause[1], clause[place] = literal, false
                    other = watches.get(literal)
                    if other is None:
                        watches[literal] = [clause]
                    else:
                        other.append(clause)
                    count -= 1
                    watching[at] = watching[count]
                    watching.pop()
                    break
            else:
                if truth[first] == 0:
                    return clause
                level = max(map(self.level.__getitem__, map(_HALF, clause[1:])))
                self.set(first >> 1, 1 - (first & 1), clause, level)
                at += 1
        return None

    def because(self, tromino: int) -> list[int]:
        """The clause that set *tromino* (all its other literals false)."""
        reason = self.reason[tromino]
        if isinstance(reason, list):
            return reason
        assert reason is not None  # a choice has no reason; the analysis stops before it
        if reason < 0:
            return [2 * tromino + 1, 2 * (-1 - reason) + 1]
        return [2 * other for other in self.on_cell[reason]]

    def analyse(self, conflict: list[int]) -> tuple[list[int], int]:
        """The clause learned from a dead end at the current level, its literal to set
        first, and the deepest level of its other literals (where it sets that one)."""
        seen: set[int] = set()
        learned = [0]
        here = len(self.starts)
        levels, trail = self.level, self.trail
        pending = 0
        position = len(trail) - 1
        literals = conflict
        while True:
            for literal in literals:
                tromino = literal >> 1
                if tromino in seen or levels[tromino] == 0:
                    continue
                seen.add(tromino)
                self.activity[tromino] += self.bump
                self.queued[tromino] = 0  # its entry is stale now
                if levels[tromino] == here:
                    pending += 1
                else:
                    learned.append(literal)
            # Values set out of order lie between; only this level's are looked at.
            while trail[position] not in seen or levels[trail[position]] != here:
                position -= 1
            last = trail[position]
            position -= 1
            pending -= 1
            if pending == 0:
                break
            seen.discard(last)
            literals = [literal for literal in self.because(last) if literal >> 1 != last]
        learned[0] = 2 * last + self.truth[2 * last]  # the literal false now, true after
        self.bump *= _BUMP_GROWTH
        if self.bump > 1e100:
            self.activity = [activity * 1e-100 for activity in self.activity]
            self.bump *= 1e-100
            self.requeue()
        if len(learned) == 1:
            return learned, 0
        deepest = max(range(1, len(learned)), key=lambda place: self.level[learned[place] >> 1])
        learned[1], learned[deepest] = learned[deepest], learned[1]
        return learned, self.level[learned[1] >> 1]

    def restart(self) -> None:
        """Go back to no choices; keep the shortest learned clauses when there are many."""
        if self.starts:
            self.back_to(0)
        if len(self.learned) > 2 * self.kept:
            self.learned.sort(key=len)
            del self.learned[self.kept:]
            self.kept = int(self.kept * _KEPT_GROWTH) + 1
            self.watches = {}
            for clause in self.learned:
                self.watch(clause[0], clause)
                self.watch(clause[1], clause)

    def sweep_choice(self) -> int:
        """The tromino to use next in a sweep, or -1 when every cell is covered: on the
        open cell with the fewest trominoes left among the next :attr:`front` cells from
        the first open one, the tromino used there last, else the one most involved in
        dead ends."""
        covered, truth, left = self.covered, self.truth, self.left
        cell = self.open
        while cell < len(covered) and covered[cell]:
            cell += 1
        self.open = cell
        if cell == len(covered):
            return -1
        fewest = left[cell]
        for other in range(cell + 1, min(cell + self.front, len(covered))):
            if not covered[other] and left[other] < fewest:
                cell, fewest = other, left[other]
                if fewest == 2:  # a cell with one left has used it already
                    break
        saved, activity, ties = self.saved, self.activity, self.ties
        return max((tromino for tromino in self.on_cell[cell] if truth[2 * tromino] == _UNSET),
                   key=lambda tromino: (saved[tromino], activity[tromino], ties[tromino]))

    def choose(self) -> int:
        """The unset tromino most involved in recent dead ends, or -1 when none is left."""
        queue, truth, activity, queued = self.queue, self.truth, self.activity, self.queued
        while queue:
            minus, _, tromino = heapq.heappop(queue)
            if -minus == activity[tromino]:  # else a stale entry
                queued[tromino] = 0
                if truth[2 * tromino] == _UNSET:
                    return tromino
        return -1  # every unset tromino has an entry at its activity: none is left

    def run(self) -> list[tuple[Cell, Cell, Cell]] | None:
        cells, on_cell = self.cells, self.on_cell
        if any(not trominoes for trominoes in on_cell):
            return None
        on_time(self.budget, self.what)  # the end of the setup
        for cell, trominoes in enumerate(on_cell):
            if len(trominoes) == 1 and self.truth[2 * trominoes[0]] == _UNSET:
                self.set(trominoes[0], 1, cell, 0)
        conflicts, run_length = 0, _FIRST_RUN
        while True:
            conflict = self.propagate()
            if conflict is not None:
                deepest = max(map(self.level.__getitem__, map(_HALF, conflict)))
                if deepest == 0:
                    return None  # a dead end that no choice caused: no tiling
                if deepest < len(self.starts):
                    self.back_to(deepest)  # the later choices took no part in it
                conflicts += 1
                learned, level = self.analyse(conflict)
                # A long jump would undo many choices unrelated to the dead end, which
                # the search would then make again: go back one level only, and set the
                # learned clause's literal at its own level.
                self.back_to(deepest - 1 if deepest - level > _LONGEST_JUMP else level)
                if len(learned) > 1:
                    self.learned.append(learned)
                    self.watch(learned[0], learned)
                    self.watch(learned[1], learned)
                self.set(learned[0] >> 1, 1 - (learned[0] & 1), learned, level)
                continue
            if conflicts >= run_length or len(self.learned) > 2 * self.kept:
                self.restart()
                if conflicts >= run_length:
                    conflicts, run_length = 0, 2 * run_length
                    self.sweeping = not self.sweeping
                    if not self.sweeping:
                        self.requeue()
                continue
            tromino = self.sweep_choice() if self.sweeping else self.choose()
            if tromino < 0:
                return [(cells[a], cells[b], cells[c]) for tromino, (a, b, c)
                        in enumerate(self.trominoes) if self.truth[2 * tromino] == 1]
            if self.budget.spend():
                raise self.budget.limit_reached(self.what)
            self.starts.append(len(self.trail))
            self.set(tromino, 1 if self.sweeping else self.saved[tromino], None, len(self.starts))


def learning_tiling(
    cells: Iterable[Cell], budget: Budget, rng: random.Random | None = None, *,
    what: str = "tile",
) -> list[tuple[Cell, Cell, Cell]] | None:
    """A tiling of *cells* by L-trominoes (each as its three cells), or ``None`` when
    there is none; the search's choices count as *budget*'s nodes, and
    :class:`~puzzlekit.LimitReached` ends it when that runs out. An *rng* breaks the
    ties among the first choices at random (another tiling when there are several).
    A cell that is not a ``(row, col)`` pair of ints is a :class:`TypeError`; more than
    :data:`LEARNING_MAX_CELLS` cells an :class:`~puzzlekit.ArgumentError`.

    >>> from puzzlekit.limits import Budget
    >>> len(learning_tiling([(r, c) for r in range(4) for c in range(6)], Budget()))
    8
    """
    ordered = sorted({as_cell(cell) for cell in cells})
    if not ordered:
        return []
    if len(ordered) > LEARNING_MAX_CELLS:
        raise ArgumentError(
            f"{len(ordered):,} cells are too many for the learning search (at most "
            f"{LEARNING_MAX_CELLS:,}: it holds about a kilobyte for each)")
    rows = ordered[-1][0] - ordered[0][0] + 1
    cols = max(col for _, col in ordered) - min(col for _, col in ordered) + 1
    if cols > rows:  # wide: column by column, so that the front is the shorter side
        ordered.sort(key=lambda cell: (cell[1], cell[0]))
    on_time(budget, what)  # sorting a million cells takes a second
    return _Learner(ordered, min(rows, cols), budget, rng, what).run()
