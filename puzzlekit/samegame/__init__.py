"""SameGame (Clickomania): clear a board of coloured blocks, group by group.

A *group* is a maximal set of same-coloured blocks joined through edges. A
move removes a group of two or more blocks; the blocks above fall, and when
a column empties the columns to its right shift left. The game is over when
no such group is left, and *cleared* when no block is. Scores follow a
:class:`Rules` value (:data:`STANDARD`: ``(n - 2) ** 2`` per move, 1000 for
clearing the board).

Cells are ``(row, col)``, 0-based, row 0 at the top; colours are ints, written
``0``-``9`` then ``a``-``z`` and ``A``-``Z`` in the text form, ``.`` for empty.

>>> from puzzlekit.samegame import Board, STANDARD, play_sequence, solve
>>> board = Board.parse('''
... 2..
... 12.
... 113
... ''')
>>> board.legal_moves()
(Move(row=1, col=0),)
>>> board.play((2, 1))
Board.parse('...\\n...\\n223')
>>> play_sequence(board, [(2, 1), (2, 0)], STANDARD)
(Board.parse('...\\n...\\n3..'), 1)
>>> solve(board, node_limit=1000).score   # the best line: 1s, then 2s, leaving the 3
1
"""

from puzzlekit.samegame.board import COLOUR_CHARS, MAX_COLOURS, Board, Colour, Group, Move, settle
from puzzlekit.samegame.positions import load_standard_set, random_board
from puzzlekit.samegame.rules import (
    CLEAR_THE_BOARD,
    CLICKOMANIA,
    PRESETS,
    STANDARD,
    EndPenalty,
    Rules,
    play_sequence,
)
from puzzlekit.samegame.solver import Solution, solve

__all__ = [
    "CLEAR_THE_BOARD",
    "CLICKOMANIA",
    "COLOUR_CHARS",
    "MAX_COLOURS",
    "PRESETS",
    "STANDARD",
    "Board",
    "Colour",
    "EndPenalty",
    "Group",
    "Move",
    "Rules",
    "Solution",
    "load_standard_set",
    "play_sequence",
    "random_board",
    "settle",
    "solve",
]
