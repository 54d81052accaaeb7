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

The search starts with one playout from the start position, so a legal line
exists from the first moves on, and the line kept is always the best found
so far: a limit, a truthy return of the *progress* callback or Ctrl-C
(``KeyboardInterrupt``) ends the search with it. Duplicates merged in a beam
keep the highest-scoring path to their position, so a beam that never
drops a position (small boards) proves its best line optimal.

:func:`clearing_line` runs the same beams aimed at clearing the board
instead of at the score, and stops at the first line that clears it; the
levels of :func:`~puzzlekit.samegame.generate` are graded by its effort.

On the 20 standard positions it totals about 55,700 at 10 s and 63,200 at
60 s per position (``benchmarks/samegame_standard.py``, one core per
position), against 78,012 for SP-MCTS (2012) in compiled code with far more
time.

>>> from puzzlekit.samegame import Board, play_sequence
>>> board = Board.parse("1122\\n2211")
>>> result = solve(board, node_limit=2000)
>>> result.score, play_sequence(board, result.moves)[1], result.complete
(1004, 1004, True)
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import signal
import threading
from collections.abc import Iterator
from typing import Final, TypeAlias

from puzzlekit.contract import SearchResult
from puzzlekit.errors import ArgumentError, LimitReached
from puzzlekit.grid import check_int
from puzzlekit.limits import Budget, ProgressCallback, check_limit, make_rng
from puzzlekit.samegame.board import Board, Move
from puzzlekit.samegame.core import Layout
from puzzlekit.samegame.rules import Rules

__all__ = [
    "BEAM_BLOCKS",
    "DEFAULT_NODE_LIMIT",
    "ENGINES",
    "ENGINE_VARIABLE",
    "KERNEL_MAX_CELLS",
    "TABU_CHOICES",
    "choose_engine",
    "clearing_line",
    "hint",
    "kernel_supports",
    "solve",
    "warm_up",
]

DEFAULT_NODE_LIMIT: Final = 300_000
"""The node budget of :func:`solve` when neither ``node_limit`` nor ``time_limit`` is given.

A node is one move made by the search (in a playout or a beam expansion);
300,000 nodes take about 3 seconds on a 15 x 15 board, and longer on larger
boards (about 30 seconds on 100 x 100).

>>> DEFAULT_NODE_LIMIT
300000
"""

TABU_CHOICES: Final = 2
"""How many colours :func:`solve` tries as the tabu colour: the most frequent ones at the start.

>>> TABU_CHOICES
2
"""

ENGINES: Final = ("auto", "python", "numba")
"""The engines :func:`solve` takes: ``"numba"`` is NRPA on the compiled kernel
(``puzzlekit.samegame.nrpa``, the extra ``fast``), ``"python"`` the
Monte-Carlo beam on packed ints, ``"auto"`` the first where it serves best.

>>> ENGINES
('auto', 'python', 'numba')
"""

ENGINE_VARIABLE: Final = "PUZZLEKIT_ENGINE"
"""The environment variable whose value (one of :data:`ENGINES`) is the default engine.

>>> ENGINE_VARIABLE
'PUZZLEKIT_ENGINE'
"""

BEAM_BLOCKS: Final = 40
"""Boards of up to this many blocks get the beam even from ``engine="auto"`` with numba.

On them the beam often ends on its own, proving its line optimal, which
NRPA never does. (The threshold was set for that, not measured against
NRPA's score at every budget.)

>>> BEAM_BLOCKS
40
"""

KERNEL_MAX_CELLS: Final = 10_000
"""The largest board (in cells) the compiled kernel plays: one playout there takes
some 30 ms, and larger boards stay on the Python engine, whose moves watch the clock.

>>> KERNEL_MAX_CELLS
10000
"""

_SCORE_ROOM = 1 << 62  # every score the kernel adds up stays below this in an int64
_SLOW_BITS = 1 << 15  # packed boards this large look at the clock after every move
# Beams keep every child of a position, each a packed board: past this many
# blocks times bits, a beam would take gigabytes, so the search only plays out.
_BEAM_MEMORY = 1 << 30
_MAX_WIDTH = 1 << 40  # a beam wider than any budget can fill

# Moves are kept as the lowest bit of their group, which names it and its cell
# (a group mask of a large board is as large as the board).
# A line is a chain of moves, newest first: (move, rest) or None.
_Line: TypeAlias = "tuple[int, _Line] | None"
# The moves of a playout from its first one on, where it starts in that list,
# and the packed board it ends on.
_Tail: TypeAlias = tuple[list[int], int, int]


def _low(group: int) -> int:
    """The index of a group's lowest bit: its name in a line."""
    return (group & -group).bit_length() - 1


class _Stopped(Exception):
    """The budget ran out in the middle of a beam run."""


class _Child:
    """A successor in a beam: its value, the points earned on the way, that path, its tail."""

    __slots__ = ("earned", "line", "tail", "value")

    def __init__(self, value: float, earned: int, line: _Line, tail: _Tail | None) -> None:
        self.value = value
        self.earned = earned
        self.line = line
        self.tail = tail


class _MoveScores(dict[int, int]):
    """The points of a move by the size of its group, each size scored when first seen.

    A table of every size up to the blocks on the board would take longer
    than a short time limit to build on the largest boards.
    """

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, blocks: int) -> int:
        points = self[blocks] = self.rules.score_move(blocks)
        return points


class _Search:
    """One board, its rules, one budget: the state shared by the beam runs."""

    def __init__(
        self, board: Board, budget: Budget, rng: random.Random, worker: int = 0
    ) -> None:
        self.layout = layout = Layout(board.width, board.height, board.colours)
        self.root = layout.encode(board.columns)
        self.rules = rules = board.rules
        self.budget = budget
        self.rng = rng
        self.slow = layout.full.bit_length() > _SLOW_BITS
        counts = layout.counts(self.root)
        self.beams = sum(counts) * layout.full.bit_length() <= _BEAM_MEMORY
        self.move_scores = _MoveScores(rules)
        # TabuColor: the blocks a playout may remove while it has a choice are those
        # not of the tabu colour, one of the most frequent colours at the start.
        plane_mask = (1 << layout.plane_bits) - 1
        ranked = sorted(range(len(counts)), key=lambda p: -counts[p]) or [0]
        # Workers of a portfolio start from different colours: worker k from the k-th.
        shift = worker % len(ranked)
        ranked = ranked[shift:] + ranked[:shift]
        self.tabu_choices = [
            layout.full & ~(plane_mask << (p * layout.plane_bits))
            for p in ranked[:TABU_CHOICES]
        ]
        self.allowed = self.tabu_choices[0]
        self.target = math.inf  # a line scoring this much ends the search at once
        self.run_best = -math.inf
        self.run_cleared = False
        # The best line so far, set in one assignment so that Ctrl-C never splits it.
        self.best: tuple[float, list[int], int] = (-math.inf, [], self.root)

    # -- budget and scoring -------------------------------------------------------------------

    def spend(self, nodes: int = 1) -> bool:
        """Count *nodes*; on large boards, where a move is slow, also look at the clock."""
        budget = self.budget
        return budget.spend(nodes) or (self.slow and budget.check_clock())

    def moves(self, bits: int) -> list[int]:
        """The legal moves (group masks) of a packed board."""
        min_group = self.rules.min_group
        if not self.slow:
            return self.layout.groups(bits, min_group)
        found = []
        for group in self.layout.iter_groups(bits, min_group):
            if self.budget.check_clock():
                raise _Stopped(0, [], bits)
            found.append(group)
        return found

    def end_score(self, bits: int) -> int:
        """The end score of a finished packed board."""
        return self.rules.score_end(count for count in self.layout.counts(bits) if count)

    def record(self, score: float, prefix: _Line, tail: _Tail) -> None:
        """Keep the line *prefix* + *tail* when its *score* beats the best so far."""
        self.run_best = max(self.run_best, score)
        if score <= self.best[0]:
            return
        line = []
        while prefix is not None:
            line.append(prefix[0])
            prefix = prefix[1]
        line.reverse()
        line.extend(tail[0][tail[1] :])
        self.best = (score, line, tail[2])
        self.budget.best = int(score)
        if score >= self.target:
            raise _Stopped(0, [], tail[2])

    # -- playouts ---------------------------------------------------------------------------

    def playout(self, bits: int, free: int = 0) -> tuple[int, _Tail]:
        """Play TabuColor random moves to the end: the points earned, the moves and the
        final board. The first *free* moves are made whatever the budget says.

        Raises :class:`_Stopped` when the budget runs out, with the (legal,
        unfinished) line played so far.
        """
        layout = self.layout
        move_scores = self.move_scores
        allowed = self.allowed
        rng = self.rng
        spend = self.spend
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
            if free:
                free -= 1
            elif spend():
                raise _Stopped(points, groups, bits)
            points += move_scores[group.bit_count()]
            groups.append(_low(group))
            bits = remove(bits, group)
        return points + self.end_score(bits), (groups, 0, bits)

    def root_playout(self, free: int = 0) -> None:
        """One playout from the start, its first *free* moves made whatever the budget says."""
        try:
            gained, tail = self.playout(self.root, free)
        except _Stopped as stop:
            gained, groups, bits = stop.args
            self.record(gained, None, (groups, 0, bits))
            raise
        self.record(gained, None, tail)

    # -- beam runs --------------------------------------------------------------------------

    def run(self, width: int, tabu: int) -> bool:
        """One beam search of *width* with tabu colour choice *tabu*.

        Returns ``True`` when it never dropped a position; :attr:`run_best` is
        then the best score of all lines and :attr:`run_cleared` says whether
        one clears the board. Raises :class:`_Stopped` when the budget runs out.
        """
        move_scores = self.move_scores
        remove = self.layout.remove
        exhaustive = True
        self.allowed = self.tabu_choices[tabu]
        self.run_best = -math.inf
        self.run_cleared = False
        best_score, best_line, best_final = self.best
        # A beam entry: (packed board, points so far, line so far, best known tail, its value).
        beam: list[tuple[int, int, _Line, _Tail | None, float]] = [
            (self.root, 0, None, (best_line, 0, best_final), best_score)
        ]
        while beam:
            # Each child once, with the highest-scoring path to it.
            children: dict[int, _Child] = {}
            for bits, points, line, known, known_value in beam:
                moves = self.moves(bits)
                if not moves:
                    self.run_cleared = self.run_cleared or not bits
                    self.record(points + self.end_score(bits), line, ([], 0, bits))
                    continue
                if self.spend(len(moves)):
                    raise _Stopped(0, [], bits)
                # Breaking up the tabu colour while other moves exist is rarely good: such
                # successors get no playout and rank last (kept only if the beam has room).
                allowed = self.allowed
                tabu_blocks = (bits & ~allowed).bit_count()
                has_choice = any(group & allowed for group in moves)
                for group in moves:
                    child = remove(bits, group)
                    earned = points + move_scores[group.bit_count()]
                    low = _low(group)
                    child_line = (low, line)
                    merged = children.get(child)
                    if merged is not None:
                        self._merge(merged, earned, child_line)
                        continue
                    tail: _Tail | None
                    if known is not None and known[1] < len(known[0]) and known[0][known[1]] == low:
                        value, tail = known_value, (known[0], known[1] + 1, known[2])
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
                            gained, groups, end = stop.args
                            self.record(earned + gained, child_line, (groups, 0, end))
                            raise
                        value = earned + gained
                        self.record(value, child_line, tail)
                    if self.slow and self.budget.check_clock():
                        raise _Stopped(0, [], child)
                    children[child] = _Child(value, earned, child_line, tail)
            ranked = list(children.items())
            if len(ranked) > width:
                exhaustive = False
                ranked.sort(key=_value, reverse=True)
                del ranked[width:]
            beam = [(child, c.earned, c.line, c.tail, c.value) for child, c in ranked]
        return exhaustive

    def _merge(self, child: _Child, earned: int, line: _Line) -> None:
        """Another path to a child already found: keep the one that earned more."""
        if earned <= child.earned:
            return
        child.value += earned - child.earned
        child.earned = earned
        child.line = line
        if child.tail is not None:
            self.record(child.value, line, child.tail)


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
        """The widest run that fits in *margin* times the budget left (at least 1)."""
        budget = self.budget
        fits = [float(_MAX_WIDTH)]
        if budget.node_limit is not None:
            fits.append((budget.node_limit - budget.nodes) / self.nodes)
        remaining = budget.remaining
        if remaining is not None:
            fits.append(remaining / self.seconds)  # a huge finite limit gives inf: capped
        return max(1, int(margin * min(fits)))


def _value(entry: tuple[int, _Child]) -> float:
    return entry[1].value


def solve(
    board: Board,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
    seed: int | None = None,
    engine: str | None = None,
    worker: int = 0,
) -> SearchResult[Board, Move]:
    """Search for a high-scoring line of moves on *board* under its rules (``board.rules``).

    The search (see the module documentation) runs until a limit stops it:
    *time_limit* in seconds, *node_limit* in moves made by the search, or
    :data:`DEFAULT_NODE_LIMIT` nodes when neither is given (``None`` and
    ``math.inf`` both mean no limit). To solve under other rules, pass
    ``board.with_rules(rules)``.

    It returns a :class:`~puzzlekit.SearchResult` with the best line found,
    never ``None`` and never an exception on a limit. ``complete`` says the
    search ended on its own, which proves :attr:`~puzzlekit.SearchResult.score`
    optimal (only on small boards); ``proved_unsolvable`` then says whether no
    line clears the board. A limit, a truthy return of *progress* (called
    with a :class:`~puzzlekit.Progress` a few times a second, its ``best``
    the best score so far) or Ctrl-C stops the search with the best line so
    far and ``complete=False``.

    With a node limit (and no time limit) the result depends only on the
    board, the limit and an int *seed*; with a time limit also on the speed of the
    machine. It returns within its time limit plus the time of one move
    (well under 0.1 s even on the largest boards) and of building the result
    (0.2 s on the largest). Its first move is made whatever the limits say,
    so that the line has a move whenever the board has one.

    >>> from puzzlekit.samegame import Board, CLICKOMANIA, play_sequence
    >>> board = Board.parse("112\\n221\\n112")
    >>> result = solve(board, node_limit=5000)
    >>> result.score, result.complete, result.proved_unsolvable
    (1009, True, False)
    >>> play_sequence(board, result.moves) == (result.final, result.score)
    True
    >>> solve(board.with_rules(CLICKOMANIA), node_limit=5000).score
    9

    *seed* ``None`` (the default) draws fresh randomness, an int reproduces
    the search; *worker* is the run's index in a portfolio (see
    :attr:`puzzlekit.PuzzleType.seeded`): worker ``k`` starts from the
    ``k``-th most frequent colour as its tabu colour, so that workers differ
    in more than the seed.

    *engine* (one of :data:`~puzzlekit.samegame.solver.ENGINES`; ``None``:
    the environment variable ``PUZZLEKIT_ENGINE``, else ``"auto"``) picks the
    search (:func:`~puzzlekit.samegame.solver.choose_engine`): ``"numba"``
    runs NRPA on the compiled kernel (the extra ``fast``), ``"python"`` the
    Monte-Carlo beam; the result's ``engine`` says which ran. Compiling the
    kernel (or loading it from the disk cache) happens before the limits
    start counting; :func:`~puzzlekit.samegame.warm_up` pays it up
    front.

    >>> solve(board, node_limit=500, engine="python").engine
    'python'
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, not {type(board).__name__}")
    check_int("worker", worker, minimum=0)
    nodes = check_limit("node_limit", node_limit)
    if nodes is None and check_limit("time_limit", time_limit) is None:
        node_limit = DEFAULT_NODE_LIMIT
    rng = make_rng(seed)  # checks the seed, whichever engine runs
    if choose_engine(board, engine) == "numba":
        warm_up()  # before the budget's clock starts; imports numba, only when a search needs it
        from puzzlekit.samegame import nrpa

        budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
        first = rng.getrandbits(32) if seed is None else seed
        return nrpa.search(board, budget, first, worker)
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    search = _Search(board, budget, rng, worker)
    complete = False
    try:
        if not search.beams:  # a board too large for beams: playouts until stopped
            while True:
                search.root_playout()
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
            width = pace.width(0.9)
            pace = _Pace(budget)
            complete = search.run(width, tabu)
            pace.per(width)
    except _Stopped:
        pass
    except KeyboardInterrupt:  # Ctrl-C: the best line so far is the answer
        budget.interrupt()
    if not search.best[1] and not board.is_over:
        # Stopped before the first move: one move whatever the (spent) budget says,
        # so that the answer has a move whenever the board has one.
        search.best = (-math.inf, [], search.root)
        with contextlib.suppress(_Stopped):
            search.root_playout(free=1)
    return _result(
        board, search, budget, complete, score=int(search.best[0]),
        proved_unsolvable=complete and not search.run_cleared,
    )


def hint(
    board: Board, *, node_limit: int | None = None, time_limit: float | None = None
) -> Move | None:
    """The first move of the best line :func:`solve` finds (seed 0), or ``None`` when the
    game :attr:`~puzzlekit.samegame.Board.is_over`.

    Without limits the search spends :data:`DEFAULT_NODE_LIMIT` nodes. A limit
    that stops it before its best line reaches the end of the game raises
    :class:`~puzzlekit.LimitReached` (that line's first move would be a guess);
    every position has a best line, so it never raises
    :class:`~puzzlekit.UnsolvableError`.

    >>> hint(Board.parse("1122\\n2211"), node_limit=2000)
    Move(row=1, col=2)
    >>> hint(Board.parse("12")) is None
    True
    >>> hint(Board.parse("1122\\n2211\\n1212"), node_limit=0)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.LimitReached: samegame hint stopped by a limit after ...
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, not {type(board).__name__}")
    check_limit("node_limit", node_limit)
    check_limit("time_limit", time_limit)
    if board.is_over:
        return None
    result = solve(board, node_limit=node_limit, time_limit=time_limit, seed=0)
    if not result.final.is_over:
        raise LimitReached(
            f"samegame hint stopped by a limit after {result.nodes} nodes, before its best "
            "line reached the end of the game"
        )
    return result.moves[0]


def choose_engine(board: Board, engine: str | None = None) -> str:
    """The engine :func:`solve` runs on *board* for the *engine* asked: ``"python"`` or ``"numba"``.

    ``None`` reads :data:`ENGINE_VARIABLE` from the environment (unset or
    empty: ``"auto"``). ``"auto"`` gives ``"numba"`` when numba can be
    imported, the kernel supports the board (:func:`kernel_supports`) and it
    has more than :data:`BEAM_BLOCKS` blocks, else ``"python"``. ``"numba"``
    gives ``"numba"`` wherever the kernel supports the board and ``"python"``
    elsewhere (never a wrong answer), and is an
    :class:`~puzzlekit.ArgumentError` when numba is not installed.

    >>> choose_engine(Board.parse("1122\\n2211"), "auto")
    'python'
    >>> choose_engine(Board.parse("11"), "fastest")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: engine must be one of auto, python, numba, not 'fastest'
    """
    where = "engine"
    if engine is None:
        engine = os.environ.get(ENGINE_VARIABLE) or "auto"
        where = f"the environment variable {ENGINE_VARIABLE}"
    if engine not in ENGINES:
        raise ArgumentError(f"{where} must be one of {', '.join(ENGINES)}, not {engine!r}")
    supported = kernel_supports(board) and not board.is_over
    if engine == "python" or (engine == "auto" and (board.count <= BEAM_BLOCKS or not supported)):
        return "python"
    try:
        with _interrupts_deferred():
            import numba  # noqa: F401  (only to know whether it is there)
    except ImportError:
        if engine == "numba":
            raise ArgumentError(
                f"{where} 'numba' needs numba: install the extra fast "
                "(pip install -e '.[fast]' in a clone)"
            ) from None
        return "python"
    return "numba" if supported else "python"


def kernel_supports(board: Board) -> bool:
    """Whether the compiled kernel plays *board* under its rules exactly.

    It keeps scores in 64-bit ints and plays boards up to
    :data:`KERNEL_MAX_CELLS` cells; every rule switch (``min_group``,
    scoring, end penalties) is supported within those bounds. Elsewhere the
    Python engine serves.

    >>> from puzzlekit.samegame import Rules
    >>> kernel_supports(Board.parse("11")), kernel_supports(Board.from_rows([[0] * 101] * 100))
    (True, False)
    >>> huge = Rules(offset=-10**9, squared=True)
    >>> kernel_supports(Board.from_rows([[0] * 50] * 50).with_rules(huge))
    False
    """
    if board.width * board.height > KERNEL_MAX_CELLS:
        return False
    rules = board.rules
    count = board.count
    biggest_move = max(abs(rules.score_move(n)) for n in (0, 1, count))
    worst_end = max(abs(rules.clear_bonus), abs(rules.score_end([count])))
    return biggest_move * max(count, 1) + worst_end < _SCORE_ROOM


def warm_up() -> bool:
    """Compile the numba kernel now (or load it from its disk cache), if numba is installed.

    :func:`solve` does it before its first numba search anyway, outside its
    time limit; an app calls this at start-up to pay that second or two up
    front. Returns whether numba is there. Never imports numba otherwise.

    >>> warm_up() in (True, False)
    True
    """
    with _interrupts_deferred():
        try:
            from puzzlekit.samegame import nrpa
        except ImportError:
            return False
        nrpa.warm_up()
    return True


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Ctrl-C (SIGINT) held back while the block runs, then raised as ``KeyboardInterrupt``.

    For numba's import and compile: an interrupt in the middle of an import
    leaves half-initialised modules behind, and the next use of them fails
    with an ``AttributeError``. The block takes a second or two at most.
    """
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous is None:
        yield  # signals only reach the main thread; None: a handler Python did not set
        return
    caught: list[int] = []

    def note(number: int, frame: object) -> None:
        caught.append(number)

    signal.signal(signal.SIGINT, note)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        if callable(previous):
            previous(signal.SIGINT, None)
        elif previous != signal.SIG_IGN:
            raise KeyboardInterrupt


def clearing_line(
    board: Board,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
    seed: int = 0,
) -> SearchResult[Board, Move]:
    """Search for a line of moves that clears *board*, and stop at the first one found.

    The search of :func:`solve`, aimed at clearing rather than at the score:
    it values a line by the blocks it removes (so the best lines leave the
    fewest blocks), whatever ``board.rules`` scores, and runs beams of widths
    1, 2, 4, ... (each with both tabu colours) until a line clears the board,
    a beam that drops no position proves that none does, or a limit stops it.
    The schedule does not depend on the limits, so ``nodes`` (the moves the
    search made before its first clearing line) measures how hard the board
    is to clear; without limits it stops after :data:`DEFAULT_NODE_LIMIT` nodes.

    It returns a :class:`~puzzlekit.SearchResult` whose line clears the board
    when ``solved``, and with ``score=None``; ``proved_unsolvable`` says
    that no line clears it. The same board, limits and *seed* give the same
    result under node limits; a time limit, *progress* or Ctrl-C only stop it
    sooner.

    >>> from puzzlekit.samegame import Board
    >>> result = clearing_line(Board.parse("1221\\n1122"))
    >>> result.solved, result.replayed().is_solved, result.nodes < 10
    (True, True, True)
    >>> clearing_line(Board.parse("12\\n21")).proved_unsolvable
    True
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, not {type(board).__name__}")
    check_int("seed", seed)
    nodes = check_limit("node_limit", node_limit)
    if nodes is None and check_limit("time_limit", time_limit) is None:
        node_limit = DEFAULT_NODE_LIMIT
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    return clearing_search(board, budget, seed)


def clearing_search(board: Board, budget: Budget, seed: int) -> SearchResult[Board, Move]:
    """:func:`clearing_line` under *budget*, for callers that keep their own account.

    Ctrl-C ends the search with its best line so far and marks *budget*
    ``stopped_by == "interrupted"``.

    >>> from puzzlekit.samegame import Board
    >>> budget = Budget(node_limit=100)
    >>> clearing_search(Board.parse("11"), budget, 0).solved, budget.nodes
    (True, 1)
    """
    # Scored one point per block removed, the best line leaves the fewest blocks.
    search = _Search(board.with_rules(_clearing_rules(board.rules)), budget, make_rng(seed))
    search.target = board.count
    complete = not board.count
    width = 1
    try:
        if board.count:
            search.root_playout()
        while search.beams and not complete:  # boards too large for beams only play out
            for tabu in range(len(search.tabu_choices)):
                complete = search.run(width, tabu)
                if complete:
                    break
            width *= 2
        while not complete:
            search.root_playout()
    except _Stopped:
        pass
    except KeyboardInterrupt:  # Ctrl-C: the line that leaves the fewest blocks so far
        budget.interrupt()
    return _result(
        board, search, budget, complete, score=None,
        proved_unsolvable=complete and search.best[2] != 0,
    )


def _result(
    board: Board, search: _Search, budget: Budget, complete: bool, *, score: int | None,
    proved_unsolvable: bool,
) -> SearchResult[Board, Move]:
    """The search's best line from *board* (under *board*'s own rules) as a result."""
    _, groups, final = search.best
    layout = search.layout
    return SearchResult(
        start=board,
        moves=tuple(Move(*layout.cell(index)) for index in groups),
        final=Board(layout.decode(final), board.height, board.rules),
        complete=complete,
        nodes=budget.nodes,
        seconds=budget.elapsed,
        score=score,
        proved_unsolvable=proved_unsolvable,
        engine="python",
    )


def _clearing_rules(rules: Rules) -> Rules:
    """*rules*' moves, scored one point per block removed and nothing at the end."""
    return Rules(min_group=rules.min_group, offset=0, squared=False, clear_bonus=0)
