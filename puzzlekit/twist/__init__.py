"""IQ-Twist: place 8 pieces on a 4x8 board so that every peg sits in a hole of its colour.

IQ-Twist (SmartGames) has a board of 32 locations, columns ``1``-``8`` and
rows ``A``-``D``, 8 pieces ``a``-``h`` of 3 to 5 loops (each filled or with
a hole) in four colours, and 7 pegs ``i``-``l``. A challenge sets some pegs
(and perhaps a piece); the player covers the whole board with the pieces so
that each peg pokes through a hole of a piece of its colour. Every
position is a placement string such as ``'f3C4i6B0'`` (piece ``f`` at
column 3, row C, orientation 4; red peg ``i`` at 6B).

>>> from puzzlekit.twist import State, solve, count_solutions
>>> start = State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0")   # booklet challenge 1
>>> print(solve(start).final.grid())
cdddgbaa
cddggbba
ceefggba
cefffhhh
>>> count_solutions(State())   # tilings of the empty board
5992

:func:`generate` makes levels of the booklet's five grades (:data:`GRADES`),
each with one solution; :func:`grade_of` grades any start the way a person
would find it (see :mod:`puzzlekit.twist.grading`).

The string-level functions of the TwistGame API (:func:`solutions`,
:func:`viable_piece_placements`, the ``is_*`` predicates) work on the
placement strings directly.
"""

from puzzlekit.contract import PuzzleType
from puzzlekit.twist.api import (
    is_placement_string_valid,
    is_placement_string_well_formed,
    is_placement_well_formed,
    solutions,
    viable_piece_placements,
)
from puzzlekit.twist.board import LegalMoves, Placement, State
from puzzlekit.twist.challenges import Challenge, challenge, challenge_starts, challenges
from puzzlekit.twist.grading import (
    GRADES,
    PEG_BITS,
    SCORE_BANDS,
    Difficulty,
    Grade,
    difficulty,
    grade_of,
)
from puzzlekit.twist.levels import DEFAULT_NODE_LIMIT, effort, generate, random_state
from puzzlekit.twist.params import PRESETS, Params, params_of, params_or_default
from puzzlekit.twist.pieces import COLOUR, PEG_COUNT, PEGS, PIECES, SHAPES, Colour, loops
from puzzlekit.twist.solver import Solutions, count_solutions, find_solutions, hint, solve

__all__ = [
    "COLOUR",
    "DEFAULT_NODE_LIMIT",
    "GRADES",
    "PEGS",
    "PEG_BITS",
    "PEG_COUNT",
    "PIECES",
    "PRESETS",
    "PUZZLE",
    "SCORE_BANDS",
    "SHAPES",
    "Challenge",
    "Colour",
    "Difficulty",
    "Grade",
    "LegalMoves",
    "Params",
    "Placement",
    "Solutions",
    "State",
    "challenge",
    "challenge_starts",
    "challenges",
    "count_solutions",
    "difficulty",
    "effort",
    "find_solutions",
    "generate",
    "grade_of",
    "hint",
    "is_placement_string_valid",
    "is_placement_string_well_formed",
    "is_placement_well_formed",
    "loops",
    "params_of",
    "params_or_default",
    "random_state",
    "solutions",
    "solve",
    "viable_piece_placements",
]

PUZZLE: PuzzleType[State, Placement] = PuzzleType(
    name="twist",
    title="IQ-Twist",
    state=State,
    move=Placement,
    params=Params,
    presets=PRESETS,
    params_of=params_of,
    random_state=random_state,
    solve=solve,
    hint=hint,
    grades=GRADES,
    generate=generate,
    grade=grade_of,
    example="f3C4i6B0j2B0j1C0k3C0l4B0l5C0",
    count=count_solutions,
    shipped=challenge_starts,
    commands="puzzlekit.twist.cli",
    strategies="puzzlekit.twist.strategies",
    gym="puzzlekit.twist.gym:TwistAdapter",
    ui="puzzlekit.twist.ui",
)
"""IQ-Twist's entry in :data:`puzzlekit.PUZZLES` (registered by the ``puzzlekit.puzzles``
entry point).

>>> PUZZLE.solve(PUZZLE.random_state(1, PUZZLE.presets["small"])).solved
True
>>> level = PUZZLE.generate("junior", seed=2)
>>> PUZZLE.grade(level.start), level.replayed().is_solved
('junior', True)
>>> start = PUZZLE.state.parse(PUZZLE.example)
>>> start == PUZZLE.shipped()[0], PUZZLE.count(start), PUZZLE.hint(start)
(True, 1, Placement.parse('a7A7'))
"""
