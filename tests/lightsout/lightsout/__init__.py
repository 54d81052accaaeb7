"""Lights Out: press a light to toggle it and its four neighbours; put every light out.

A puzzle written from outside puzzlekit: this folder and the entry-point line of
its ``pyproject.toml`` are all it takes.

>>> board = Board.parse("**.\\n*..\\n...")
>>> board.play("0,0").is_solved
True
>>> solve(board).moves
(Press(row=0, col=0),)
"""

from lightsout.state import (
    Board,
    Params,
    Press,
    count,
    generate,
    grade_of,
    hint,
    random_state,
    solve,
)
from puzzlekit import PuzzleType
from puzzlekit.levels import GRADES

__all__ = ["PRESETS", "PUZZLE", "Board", "Params", "Press", "count", "generate", "grade_of",
           "hint", "random_state", "solve"]

PRESETS = {
    "default": Params(5, 5),
    "small": Params(3, 3),
    "tiny": Params(2, 2),
    "big": Params(20, 20),
}

PUZZLE: PuzzleType[Board, Press] = PuzzleType(
    name="lightsout",
    title="Lights Out",
    state=Board,
    move=Press,
    params=Params,
    presets=PRESETS,
    params_of=lambda board: Params(board.width, board.height),
    random_state=random_state,
    solve=solve,
    hint=hint,
    grades=GRADES,
    generate=generate,
    grade=grade_of,
    example="**.\n*..\n...",
    count=count,
    strategies="lightsout.strategies",
    gym="lightsout.gym:LightsOutAdapter",
)
"""Lights Out, as the registry knows it."""
