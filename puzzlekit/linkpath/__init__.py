"""Lianliankan / Onet / Shisen-Sho: link two equal tiles, remove them, clear the board.

Two tiles of the same kind can be *linked* when a path of at most three
straight segments (at most two turns) joins them through empty cells; by
default the path may also use the ring of cells just outside the board
(ring cells have row -1 or ``height`` and column -1 or ``width``). A move
is a :class:`Pair` of cells; linked tiles are removed. The board is
*solved* (cleared) when no tile is left and *stuck* when tiles remain but
none can be linked; either way it :attr:`~Board.is_over`. Variants are
switches of :class:`Rules`: gravity (tiles fall down, as in KShisen),
``max_turns``, whether the ring may be used, whether tiles match by
group of four kinds (Mahjong's flowers and seasons), and whether tiles can
slide (KShisen: a tile may push its neighbours along a line before a link of
two segments; such a move is a :class:`Pair` with a ``slide``).

>>> from puzzlekit.linkpath import Board, deal, solve
>>> board = Board.parse('''
... ab.
... c.b
... cba
... ''')
>>> board.find_path((0, 1), (1, 2))
Path(points=((0, 1), (0, 2), (1, 2)))
>>> board = board.play("0,1 1,2")
>>> print(board)
a..
c..
cba
>>> [str(move) for move in board.legal_moves()]
['0,0 2,2', '1,0 2,0']
>>> board.is_valid(), board.problems()
(False, ["kind 'b' has 1 tiles, an odd number"])
>>> result = solve(deal(6, 8, 10, seed=1))
>>> result.complete, result.solved, len(result.moves)
(True, True, 24)
>>> level = generate("medium", height=6, width=8, kinds=12, seed=1)
>>> grade_of(level.start), level.replayed().is_solved
('medium', True)
"""

from collections.abc import Sequence

from puzzlekit.contract import PuzzleType
from puzzlekit.limits import make_rng
from puzzlekit.linkpath.board import (
    ALPHABET,
    MAX_KIND,
    MAX_SIDE,
    Board,
    Gravity,
    Pair,
    Path,
    Rules,
    kind_label,
    match_key,
)
from puzzlekit.linkpath.deal import LAYOUTS, deal, deal_with_solution
from puzzlekit.linkpath.levels import GRADES, generate, grade_of, stuck_share
from puzzlekit.linkpath.solver import solve

__all__ = [
    "ALPHABET",
    "GRADES",
    "LAYOUTS",
    "MAX_KIND",
    "MAX_SIDE",
    "PAIR_POINTS",
    "PUZZLE",
    "Board",
    "Gravity",
    "Pair",
    "Path",
    "Rules",
    "deal",
    "deal_with_solution",
    "generate",
    "grade_of",
    "kind_label",
    "match_key",
    "random_state",
    "score",
    "solve",
    "stuck_share",
]

_RANDOM_RULES = (Rules(), Rules(outside=False), Rules(max_turns=1), Rules(gravity="down"))


def random_state(seed: int | None = None) -> Board:
    """A small random start: a clearable deal of up to 4 x 6 tiles under random rules.

    Solved completely in milliseconds; ``seed=None`` means fresh randomness.

    >>> board = random_state(5)
    >>> board == random_state(5), board.is_valid(), solve(board).solved
    (True, True, True)
    """
    rng = make_rng(seed)
    height, width = rng.choice([(2, 3), (3, 4), (4, 4), (4, 5), (4, 6)])
    kinds = rng.randint(1, min(6, height * width // 2))
    rules = rng.choice(_RANDOM_RULES)
    return deal(height, width, kinds, seed=rng.getrandbits(64), rules=rules)


PAIR_POINTS = 10
"""The points a game earns per pair removed (see :func:`score`)."""


def score(start: Board, moves: Sequence[Pair]) -> int:
    """The score of a line of moves from *start*: :data:`PAIR_POINTS` per pair removed.

    A :class:`puzzlekit.Game` shows it as the running score; its clock tells
    how fast the pairs came.

    >>> board = Board.parse("ab\\nab")
    >>> score(board, [Pair.parse("0,0 1,0"), Pair.parse("0,1 1,1")])
    20
    """
    return PAIR_POINTS * len(moves)


PUZZLE: PuzzleType[Board, Pair] = PuzzleType(
    name="linkpath",
    title="Lianliankan / Shisen-Sho",
    state=Board,
    move=Pair,
    solve=solve,
    random_state=random_state,
    strategies="puzzlekit.testing.linkpath",
    cli="puzzlekit.linkpath.cli",
    score=score,
    grades=GRADES,
    generate=generate,
    grade=grade_of,
    ui="puzzlekit.linkpath.ui",
)
"""The registry entry of this puzzle (see :data:`puzzlekit.PUZZLES`)."""
