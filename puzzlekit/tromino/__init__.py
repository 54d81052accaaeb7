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
* :func:`random_board` and :func:`random_tiling`: random boards, tileable or not,
  built at any size; :func:`generate` and :func:`grade_of`: graded levels.
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
from puzzlekit.limits import make_rng
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
from puzzlekit.tromino.count import MAX_SWEEP_WIDTH, Pieces, count_tilings, has_tiling
from puzzlekit.tromino.levels import (
    EASY_MOVES,
    GRADES,
    MEDIUM_MOVES,
    Walkthrough,
    default_holes,
    generate,
    grade_of,
    walkthrough,
)
from puzzlekit.tromino.owner import golomb_owner
from puzzlekit.tromino.search import SEARCH_MAX_CELLS, TilingCount, search_count, solve
from puzzlekit.tromino.shuffle import PROVED_CELLS, random_board, random_tiling
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
    "PROVED_CELLS",
    "PUZZLE",
    "SEARCH_MAX_CELLS",
    "Board",
    "ColourCount",
    "Orientation",
    "Pieces",
    "Tiling",
    "TilingCount",
    "Tromino",
    "TrominoMoves",
    "Walkthrough",
    "colour",
    "count_tilings",
    "default_holes",
    "generate",
    "golomb_owner",
    "grade_of",
    "has_tiling",
    "hint",
    "is_proper_colouring",
    "is_tileable",
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


def random_state(seed: int | None = None) -> Board:
    """A random tileable board of 4 to 9 rows and columns with up to 5 holes, for the
    registry (the same *seed* gives the same board).

    >>> random_state(7) == random_state(7), random_state(7).is_solved
    (True, False)
    """
    rng = make_rng(seed)
    height, width = rng.randint(4, 9), rng.randint(4, 9)
    holes = (height * width) % 3 + 3 * rng.randint(0, 1)
    return random_board(height, width, holes=holes, seed=rng.randrange(2**32))


PUZZLE: PuzzleType[Board, Tromino] = PuzzleType(
    name="tromino",
    title="L-tromino tiling",
    state=Board,
    move=Tromino,
    solve=solve,
    random_state=random_state,
    strategies="puzzlekit.testing.tromino",
    cli="puzzlekit.tromino.cli",
    grades=GRADES,
    generate=generate,
    grade=grade_of,
    ui="puzzlekit.tromino.ui",
)
"""The tromino puzzle's entry in :data:`puzzlekit.PUZZLES`."""
