"""SameGame (Clickomania): clear a board of coloured blocks, group by group.

A *group* is a maximal set of same-coloured blocks joined through edges. A
move removes a group of two or more blocks; the blocks above fall, and when
a column empties the columns to its right shift left. The game is over when
no such group is left, and *cleared* when no block is. Scores follow the
board's :class:`Rules` value (:data:`STANDARD`: ``(n - 2) ** 2`` per move,
1000 for clearing the board).

:func:`generate` makes levels for apps: a full board of a grade
(:data:`~puzzlekit.samegame.levels.GRADES`) that can be cleared, with a
line that clears it; :func:`grade_of` grades any board and
:func:`clearing_line` searches for a line that clears one.

Cells are ``(row, col)``, 0-based, row 0 at the top; colours are ints, written
``0``-``9`` then ``a``-``z`` and ``A``-``Z`` in the text form, ``.`` for empty.

>>> from puzzlekit.samegame import Board, play_sequence, solve
>>> board = Board.parse('''
... 2..
... 12.
... 113
... ''')
>>> list(board.legal_moves())
[Move(row=1, col=0)]
>>> board.play((2, 1))
Board.parse('...\\n...\\n223')
>>> play_sequence(board, ["2,1", "2,0"])
(Board.parse('...\\n...\\n3..'), 1)
>>> result = solve(board)   # the best line: 1s, then 2s, leaving the 3
>>> result.score, result.complete, [str(move) for move in result.moves]
(1, True, ['2,0', '2,0'])
"""

from collections.abc import Sequence

from puzzlekit.contract import PuzzleType
from puzzlekit.samegame.board import (
    COLOUR_CHARS,
    MAX_COLOURS,
    MAX_SIDE,
    Board,
    Colour,
    Group,
    Move,
    play_sequence,
    settle,
)
from puzzlekit.samegame.levels import GRADES, clearable_board, generate, grade_of
from puzzlekit.samegame.params import PRESETS, Params, params_of
from puzzlekit.samegame.positions import load_standard_set, random_board, random_state
from puzzlekit.samegame.rules import (
    CLEAR_THE_BOARD,
    CLICKOMANIA,
    RULE_SETS,
    STANDARD,
    EndPenalty,
    Rules,
)
from puzzlekit.samegame.solver import clearing_line, hint, solve, warm_up

__all__ = [
    "CLEAR_THE_BOARD",
    "CLICKOMANIA",
    "COLOUR_CHARS",
    "GRADES",
    "MAX_COLOURS",
    "MAX_SIDE",
    "PRESETS",
    "PUZZLE",
    "RULE_SETS",
    "STANDARD",
    "Board",
    "Colour",
    "EndPenalty",
    "Group",
    "Move",
    "Params",
    "Rules",
    "clearable_board",
    "clearing_line",
    "generate",
    "grade_of",
    "hint",
    "load_standard_set",
    "params_of",
    "play_sequence",
    "random_board",
    "random_state",
    "score",
    "settle",
    "solve",
    "warm_up",
]


def score(start: Board, moves: Sequence[Move]) -> int:
    """The score of a line of moves from *start* under its rules: :func:`play_sequence`'s total.

    A :class:`puzzlekit.Game` shows it as the running score.

    >>> score(Board.parse("1122\\n1212\\n2211"), [Move(0, 0)])
    1
    """
    return play_sequence(start, moves)[1]


PUZZLE: PuzzleType[Board, Move] = PuzzleType(
    name="samegame",
    title="SameGame",
    state=Board,
    move=Move,
    params=Params,
    presets=PRESETS,
    params_of=params_of,
    random_state=random_state,
    solve=solve,
    hint=hint,
    warm_up=warm_up,
    grades=GRADES,
    generate=generate,
    grade=grade_of,
    example="1122\n2211\n1212",
    seeded=True,
    score=score,
    shipped=load_standard_set,
    commands="puzzlekit.samegame.cli",
    strategies="puzzlekit.samegame.strategies",
    gym="puzzlekit.samegame.gym:SameGameAdapter",
    ui="puzzlekit.samegame.ui",
)
"""SameGame in the registry :data:`puzzlekit.PUZZLES`.

>>> PUZZLE.solve(PUZZLE.random_state(4, PRESETS["small"])).complete
True
>>> PUZZLE.params_of(PUZZLE.random_state(4, PRESETS["big"])) == PRESETS["big"]
True
"""
