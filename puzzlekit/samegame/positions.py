"""Where boards come from: seeded random boards and the shipped standard test set.

>>> random_board(3, 4, 2, seed=1) == random_board(3, 4, 2, seed=1)
True
>>> random_state(3).width
10
>>> len(load_standard_set())
20
"""

from __future__ import annotations

from importlib import resources

from puzzlekit.errors import ParseError
from puzzlekit.grid import check_int
from puzzlekit.limits import make_rng
from puzzlekit.samegame.board import MAX_COLOURS, MAX_SIDE, Board
from puzzlekit.samegame.params import Params, params_or_default
from puzzlekit.samegame.rules import STANDARD, Rules

__all__ = ["STANDARD_SET_SIZE", "load_standard_set", "random_board", "random_state"]

STANDARD_SET_SIZE = 20
"""How many positions the standard test set has.

>>> len(load_standard_set()) == STANDARD_SET_SIZE
True
"""


def random_board(
    height: int, width: int, colours: int, *, seed: int | None = None, rules: Rules = STANDARD
) -> Board:
    """A full board of *height* x *width* blocks, colours drawn uniformly from ``range(colours)``.

    The same *seed* always gives the same board; ``None`` gives a fresh one
    each time. The board may be hard or impossible to clear, as in the game.
    It has at most :data:`~puzzlekit.samegame.MAX_SIDE` rows and columns.

    >>> print(random_board(3, 5, 3, seed=7))
    10120
    00000
    12220
    >>> random_board(3, 5, 0)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: colours must be from 1 to 62, not 0
    """
    check_int("height", height, minimum=1, maximum=MAX_SIDE)
    check_int("width", width, minimum=1, maximum=MAX_SIDE)
    count = check_int("colours", colours, minimum=1, maximum=MAX_COLOURS)
    rng = make_rng(seed)
    columns = tuple(tuple(rng.randrange(count) for _ in range(height)) for _ in range(width))
    return Board(columns, height, rules)


def random_state(seed: int | None = None, params: Params | None = None) -> Board:
    """A random full board of *params* (default: the ``default`` preset, 10 x 10 of 3 colours).

    The start :data:`~puzzlekit.samegame.PUZZLE` offers: :func:`random_board`
    of the params' size, colours and rules; the same *seed* gives the same
    board, ``None`` a fresh one.

    >>> from puzzlekit.samegame import PRESETS
    >>> board = random_state(1, PRESETS["small"])
    >>> board == random_state(1, PRESETS["small"]), board.width, board.colours
    (True, 5, (0, 1, 2))
    """
    params = params_or_default(params)
    return random_board(params.height, params.width, params.colours, seed=seed, rules=params.rules)


def load_standard_set() -> list[Board]:
    """The 20 positions of the SameGame standard test set (15 x 15, colours 0-4).

    They have been used in the SameGame literature since Schadd et al. (2008);
    position ``N`` of the papers is ``load_standard_set()[N - 1]``.

    >>> boards = load_standard_set()
    >>> boards[0].width, boards[0].height, boards[0].colours
    (15, 15, (0, 1, 2, 3, 4))
    >>> str(boards[0]).splitlines()[0]
    '311410404411023'
    """
    text = resources.files("puzzlekit.samegame").joinpath("data/standard20.txt").read_text(
        encoding="utf-8"
    )
    boards: list[Board] = []
    lines: list[str] = []
    for line in [*text.splitlines(), "# end"]:
        if line.startswith("#"):
            if lines:
                boards.append(Board.parse("\n".join(lines)))
                lines = []
        elif line.strip():
            lines.append(line)
    if len(boards) != STANDARD_SET_SIZE:
        raise ParseError(
            f"standard set holds {len(boards)} positions, expected {STANDARD_SET_SIZE}"
        )
    return boards
