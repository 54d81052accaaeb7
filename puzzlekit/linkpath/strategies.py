"""Hypothesis strategies for :mod:`puzzlekit.linkpath`.

``rules()`` draws rule variants, ``boards()`` draws boards of any density
(kinds may be odd, boards may be stuck), ``solvable_boards()`` draws deals
built in reverse together with their witness, ``states()`` draws positions
for the shared contract (deals partly played, or any small board),
``cells(board)`` draws a cell of a board, ``moves(board)`` a
:class:`~puzzlekit.linkpath.Pair` that can be removed now, and ``params()``
small :class:`~puzzlekit.linkpath.Params` values that can be dealt.

>>> from hypothesis import given, settings
>>> from puzzlekit.linkpath import Board
>>> @settings(max_examples=10)
... @given(boards())
... def test_round_trip(board):
...     assert Board.parse(str(board)) == board
>>> test_round_trip()
"""


from hypothesis import strategies as st

from puzzlekit.grid import Cell
from puzzlekit.linkpath.board import Board, Pair, Rules
from puzzlekit.linkpath.deal import deal_with_solution
from puzzlekit.linkpath.params import Params

__all__ = ["boards", "cells", "moves", "params", "rules", "solvable_boards", "states"]


def rules(*, gravity: bool = True, slide: bool = False) -> st.SearchStrategy[Rules]:
    """Any rule variant (without gravity when *gravity* is false, with slides when *slide*).

    Sliding rules (``Rules(slide=True)``, always ``max_turns=1``) are left
    out unless asked for: their moves are not all two cells.

    >>> from hypothesis import find
    >>> find(rules(), lambda r: r.gravity == "down" and not r.outside)
    Rules(outside=False, max_turns=0, gravity='down', groups=False)
    >>> find(rules(slide=True), lambda r: r.slide).max_turns
    1
    """
    gravities = st.sampled_from([None, "down"] if gravity else [None])
    plain = st.builds(
        Rules,
        outside=st.booleans(),
        max_turns=st.integers(0, 2),
        gravity=gravities,
        groups=st.booleans(),
    )
    if not slide:
        return plain
    return plain | st.builds(
        Rules, outside=st.booleans(), gravity=gravities, groups=st.booleans(), slide=st.just(True)
    )


@st.composite
def boards(
    draw: st.DrawFn,
    *,
    max_side: int = 7,
    kinds: int = 4,
    rules: st.SearchStrategy[Rules] | None = None,
) -> Board:
    """Boards up to *max_side* square with up to *kinds* kinds, of any density.

    The density is drawn first, so nearly empty and nearly full boards both
    turn up. Rules default to the standard ones; pass ``rules=rules()`` for
    every variant.

    >>> from hypothesis import find
    >>> find(boards(), lambda b: b.is_stuck).is_stuck
    True
    """
    height = draw(st.integers(1, max_side))
    width = draw(st.integers(1, max_side))
    tenths = draw(st.sampled_from([0, 2, 5, 8, 10]))  # how full, in tenths
    kind_count = draw(st.integers(1, kinds))
    cell = st.builds(
        lambda roll, kind: kind if roll < tenths else 0,
        st.integers(0, 9),
        st.integers(1, kind_count),
    )
    rows = draw(
        st.lists(
            st.lists(cell, min_size=width, max_size=width), min_size=height, max_size=height
        )
    )
    chosen = Rules() if rules is None else draw(rules)
    return Board.from_rows(rows, rules=chosen)


@st.composite
def solvable_boards(
    draw: st.DrawFn,
    *,
    max_side: int = 6,
    kinds: int = 6,
    rules: st.SearchStrategy[Rules] | None = None,
) -> tuple[Board, tuple[Pair, ...]]:
    """Full deals that can be cleared, with the witness that clears them.

    >>> from hypothesis import find
    >>> board, witness = find(solvable_boards(), lambda bw: bw[0].height > 2)
    >>> len(witness) * 2 == len(board.tiles)
    True
    """
    height = draw(st.integers(1, max_side))
    width = draw(st.integers(1, max_side).filter(lambda w: height * w % 2 == 0))
    kind_count = draw(st.integers(1, min(kinds, height * width // 2)))
    chosen = Rules() if rules is None else draw(rules)
    seed = draw(st.integers(0, 2**32 - 1))
    return deal_with_solution(height, width, kind_count, seed=seed, rules=chosen)


def cells(board: Board) -> st.SearchStrategy[Cell]:
    """Any cell of *board*, empty or not.

    >>> from hypothesis import find
    >>> find(cells(Board.parse("ab\\nba")), lambda cell: cell[0] == 1)
    (1, 0)
    """
    return st.tuples(st.integers(0, board.height - 1), st.integers(0, board.width - 1))


def moves(board: Board) -> st.SearchStrategy[Pair]:
    """A pair that can be removed from *board* now (nothing when it has none).

    >>> from hypothesis import find
    >>> find(moves(Board.parse("a.a\\nb.b")), lambda pair: True)
    Pair(a=(0, 0), b=(0, 2))
    """
    available = list(board.legal_moves())
    return st.sampled_from(available) if available else st.nothing()


@st.composite
def states(draw: st.DrawFn) -> Board:
    """Positions the solver answers completely in milliseconds, for the shared contract.

    Half are clearable deals of up to 4 x 4 under any rules, with some of
    their witness already played; half are small boards of any density
    (possibly stuck or impossible to clear).

    >>> from hypothesis import find
    >>> find(states(), lambda board: board.is_stuck).is_stuck
    True
    """
    if draw(st.booleans()):
        return draw(boards(max_side=4, rules=rules()))
    board, witness = draw(solvable_boards(max_side=4, rules=rules()))
    for pair in witness[: draw(st.integers(0, len(witness)))]:
        board = board.play(pair)
    return board


@st.composite
def params(draw: st.DrawFn, *, max_side: int = 6, kinds: int = 6) -> Params:
    """Params that :func:`~puzzlekit.linkpath.random_state` deals: an even number of cells
    up to *max_side* on a side, up to *kinds* kinds (at most one a pair), any rules.

    >>> from hypothesis import given, settings
    >>> from puzzlekit.linkpath import params_of, random_state
    >>> @settings(max_examples=10)
    ... @given(params())
    ... def test_random_state_keeps_params(params):
    ...     assert params_of(random_state(1, params)) == params
    >>> test_random_state_keeps_params()
    """
    height = draw(st.integers(1, max_side))
    width = draw(st.integers(1, max_side).filter(lambda w: height * w % 2 == 0))
    kind_count = draw(st.integers(1, min(kinds, height * width // 2)))
    return Params(width, height, kind_count, draw(rules(slide=True)))
