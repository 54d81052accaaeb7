"""L-tromino tilings of deficient boards.

A board is a rectangle with some cells removed (*holes*). An L-tromino
covers three cells of a 2x2 block; a *tiling* covers every other cell exactly
once. Golomb (1954) tiled every ``2^n x 2^n`` board with one hole by divide
and conquer; Chu and Johnsonbaugh (1986) and Ash and Golomb (2004) settled
which other squares and rectangles with one hole can be tiled.

* :class:`Board` (the state) and :class:`Tromino` (the move): the player's
  side, placements checked, hints.
* :func:`tile`, :func:`is_tileable`, :func:`solve`: constructions and exact search;
  :func:`hint` for the player.
* :class:`Tiling` and :func:`colour`: tilings in a compact form, 3- and 4-colourings.
* :func:`count_tilings`: exact counts (L-trominoes, or L and straight ones).
* :func:`count_completions`: how many tilings complete a board (the puzzle's count).
* :class:`Params` (size and holes, ``8x8 holes=10``) and :data:`PRESETS`;
  :func:`random_state` of a params value, :func:`random_board` and
  :func:`random_tiling`: random boards, tileable or not, built at any size;
  :func:`generate` and :func:`grade_of`: graded levels.
* :func:`golomb_owner`: which tromino covers a cell of a huge board, in ``O(log n)``.

>>> from puzzlekit.tromino import Board, Tromino, tile, count_tilings, golomb_owner
>>> tiling = tile(Board.square(4, (0, 0)))
>>> print(tiling)
#abb
aacb
bcca
bbaa
>>> tiling.moves()[:2]
(Tromino.parse('1,1 nw'), Tromino.parse('0,0 nw'))
>>> board = Board.square(2, (1, 1)).play(Tromino.at(0, 0, "se"))
>>> board.is_solved
True
>>> count_tilings(Board.square(5, (2, 2)))
32
>>> golomb_owner(1 << 30, (0, 0), (1, 1))  # the 30th tromino placed
29
"""

from puzzlekit.contract import PuzzleType
from puzzlekit.tromino.board import (
    FREE,
    HOLE,
    LABELS,
    MAX_CELLS,
    ORIENTATIONS,
    Board,
    Orientation,
    Tromino,
    TrominoMoves,
)
from puzzlekit.tromino.construct import (
    DEFAULT_MAX_CELLS,
    hint,
    is_tileable,
    rectangle_tileable,
    tile,
    untileable_reason,
)
from puzzlekit.tromino.count import (
    MAX_SWEEP_WIDTH,
    Pieces,
    count_completions,
    count_tilings,
    has_tiling,
)
from puzzlekit.tromino.levels import (
    EASY_MOVES,
    GRADES,
    MEDIUM_MOVES,
    Walkthrough,
    generate,
    grade_of,
    walkthrough,
)
from puzzlekit.tromino.owner import golomb_owner
from puzzlekit.tromino.params import (
    PRESETS,
    Params,
    check_playable,
    default_holes,
    params_of,
    params_or_default,
)
from puzzlekit.tromino.shuffle import PROVED_CELLS, random_board, random_state, random_tiling
from puzzlekit.tromino.solver import SEARCH_MAX_CELLS, TilingCount, search_count, solve
from puzzlekit.tromino.tiling import ColourCount, Tiling, colour, is_proper_colouring

__all__ = [
    "DEFAULT_MAX_CELLS",
    "EASY_MOVES",
    "FREE",
    "GRADES",
    "HOLE",
    "LABELS",
    "MAX_CELLS",
    "MAX_SWEEP_WIDTH",
    "MEDIUM_MOVES",
    "ORIENTATIONS",
    "PRESETS",
    "PROVED_CELLS",
    "PUZZLE",
    "SEARCH_MAX_CELLS",
    "Board",
    "ColourCount",
    "Orientation",
    "Params",
    "Pieces",
    "Tiling",
    "TilingCount",
    "Tromino",
    "TrominoMoves",
    "Walkthrough",
    "check_playable",
    "colour",
    "count_completions",
    "count_tilings",
    "default_holes",
    "generate",
    "golomb_owner",
    "grade_of",
    "has_tiling",
    "hint",
    "is_proper_colouring",
    "is_tileable",
    "params_of",
    "params_or_default",
    "random_board",
    "random_state",
    "random_tiling",
    "rectangle_tileable",
    "search_count",
    "solve",
    "tile",
    "untileable_reason",
    "walkthrough",
]


PUZZLE: PuzzleType[Board, Tromino] = PuzzleType(
    name="tromino",
    title="L-tromino tiling",
    state=Board,
    move=Tromino,
    params=Params,
    presets=PRESETS,
    params_of=params_of,
    random_state=random_state,
    solve=solve,
    hint=hint,
    grades=GRADES,
    generate=generate,
    grade=grade_of,
    example="#......\n.......\n.......\n.......",
    seeded=True,
    count=count_completions,
    commands="puzzlekit.tromino.cli",
    strategies="puzzlekit.tromino.strategies",
    gym="puzzlekit.tromino.gym:TrominoAdapter",
    ui="puzzlekit.tromino.ui",
)
"""The tromino puzzle's entry in :data:`puzzlekit.PUZZLES` (registered by the
``puzzlekit.puzzles`` entry point).

>>> start = PUZZLE.state.parse(PUZZLE.example)
>>> str(PUZZLE.params_of(start)), PUZZLE.count(start), PUZZLE.hint(start)
('7x4 holes=1', 12, Tromino.parse('0,0 nw'))
>>> PUZZLE.solve(start, seed=1).solved
True
"""
