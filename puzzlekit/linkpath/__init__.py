"""Lianliankan / Onet / Shisen-Sho: link two equal tiles, remove them, clear the board.

Two tiles of the same kind can be *linked* when a path of at most three
straight segments (at most two turns) joins them through empty cells; by
default the path may also use the ring of cells just outside the board
(ring cells have row -1 or ``height`` and column -1 or ``width``). Linked
tiles are removed; the board is *cleared* when no tile is left and *stuck*
when tiles remain but none can be linked. Variants are switches of
:class:`Rules`: gravity (tiles fall down, as in KShisen), ``max_turns`` and
whether the ring may be used.

>>> from puzzlekit.linkpath import Board, deal, solve
>>> board = Board.parse('''
... ab.
... c.b
... cba
... ''')
>>> board.find_path((0, 1), (1, 2))
Path(points=((0, 1), (0, 2), (1, 2)))
>>> board = board.remove((0, 1), (1, 2))
>>> print(board)
a..
c..
cba
>>> board.hint()
((0, 0), (2, 2))
>>> board.is_valid(), board.problems()
(False, ["kind 'b' has 1 tiles, an odd number"])
>>> solution = solve(deal(6, 8, 10, seed=1))
>>> solution.complete, len(solution.pairs)
(True, 24)
"""

from puzzlekit.linkpath.board import (
    ALPHABET,
    MAX_SIDE,
    Board,
    Gravity,
    Pair,
    Pairs,
    Path,
    Rules,
    kind_label,
)
from puzzlekit.linkpath.deal import deal, deal_with_solution
from puzzlekit.linkpath.solver import Solution, solve

__all__ = [
    "ALPHABET",
    "MAX_SIDE",
    "Board",
    "Gravity",
    "Pair",
    "Pairs",
    "Path",
    "Rules",
    "Solution",
    "deal",
    "deal_with_solution",
    "kind_label",
    "solve",
]
