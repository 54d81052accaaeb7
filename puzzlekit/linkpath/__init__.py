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
(False, ("kind 'b' has 1 tiles, an odd number",))
>>> result = solve(deal(6, 8, 10, seed=1))
>>> result.complete, result.solved, len(result.moves)
(True, True, 24)
>>> level = generate("medium", Params.parse("8x6 kinds=12"), seed=1)
>>> grade_of(level.start), level.replayed().is_solved
('medium', True)
"""

from collections.abc import Sequence

from puzzlekit.contract import PuzzleType
from puzzlekit.linkpath.board import (
    ALPHABET,
    MAX_KIND,
    MAX_SIDE,
    RULE_SETTINGS,
    Board,
    Gravity,
    Pair,
    Path,
    Rules,
    kind_label,
    match_key,
)
from puzzlekit.linkpath.deal import LAYOUTS, deal, deal_with_solution, random_state
from puzzlekit.linkpath.levels import GRADES, generate, grade_of, stuck_share
from puzzlekit.linkpath.params import PRESETS, Params, params_of
from puzzlekit.linkpath.solver import hint, solve

__all__ = [
    "ALPHABET",
    "GRADES",
    "LAYOUTS",
    "MAX_KIND",
    "MAX_SIDE",
    "PAIR_POINTS",
    "PRESETS",
    "PUZZLE",
    "RULE_SETTINGS",
    "Board",
    "Gravity",
    "Pair",
    "Params",
    "Path",
    "Rules",
    "deal",
    "deal_with_solution",
    "generate",
    "grade_of",
    "hint",
    "kind_label",
    "match_key",
    "params_of",
    "random_state",
    "score",
    "solve",
    "stuck_share",
]

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
    params=Params,
    presets=PRESETS,
    params_of=params_of,
    random_state=random_state,
    solve=solve,
    hint=hint,
    grades=GRADES,
    generate=generate,
    grade=grade_of,
    example="aab\nbcc",
    score=score,
    commands="puzzlekit.linkpath.cli",
    strategies="puzzlekit.linkpath.strategies",
    gym="puzzlekit.linkpath.gym:LinkpathAdapter",
    ui="puzzlekit.linkpath.ui",
)
"""The registry entry of this puzzle (see :data:`puzzlekit.PUZZLES`).

>>> start = PUZZLE.random_state(2, PRESETS["small"])
>>> PUZZLE.params_of(start) == PRESETS["small"], PUZZLE.solve(start).solved
(True, True)
"""
