"""Hypothesis strategies for :mod:`puzzlekit.twist`.

``placements()`` draws any well-formed placement (on the board or hanging
off it), ``solutions()`` draws solved boards (a random tiling, random
orientations, pegs in holes of their colour), ``states()`` draws valid
partial boards (solvable ones with ``solvable=True``), ``moves(state)``
draws a legal placement for a state and ``params()`` the params (IQ-Twist has
one board, so one value).

>>> from hypothesis import given, settings
>>> from puzzlekit.twist import State
>>> @settings(max_examples=10)
... @given(states())
... def test_round_trip(state):
...     assert State.parse(str(state)) == state
>>> test_round_trip()
"""

from __future__ import annotations

from hypothesis import strategies as st

from puzzlekit.errors import ArgumentError
from puzzlekit.twist.board import Placement, State
from puzzlekit.twist.params import Params
from puzzlekit.twist.pieces import COLOUR, HEIGHT, PEG_COUNT, PEGS, PIECES, WIDTH
from puzzlekit.twist.solver import tilings

__all__ = ["moves", "params", "placements", "solutions", "states"]


def placements(*, letters: str = PIECES + PEGS) -> st.SearchStrategy[Placement]:
    """Well-formed placements of the given *letters*; pieces may hang off the board.

    >>> from hypothesis import find
    >>> find(placements(letters="j"), lambda p: p.col == 3)
    Placement.parse('j4A0')
    """
    if not letters or any(letter not in PIECES + PEGS for letter in letters):
        raise ArgumentError(f"letters must be among a-l, not {letters!r}")
    return st.sampled_from(sorted(set(letters))).flatmap(
        lambda letter: st.builds(
            Placement,
            st.just(letter),
            st.integers(0, WIDTH - 1),
            st.integers(0, HEIGHT - 1),
            st.just(0) if letter in PEGS else st.integers(0, 7),
        )
    )


@st.composite
def solutions(draw: st.DrawFn, *, pegs: bool = True) -> State:
    """Solved boards: one of the 5992 tilings, each piece in a random orientation that
    fits its cells, and (with *pegs*) some pegs in holes of their colour.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5)
    ... @given(solutions())
    ... def test_solved(state):
    ...     assert state.is_solved
    >>> test_solved()
    """
    tiling = draw(st.sampled_from(tilings()))
    pieces = [draw(st.sampled_from(choices)) for choices in tiling]
    found = list(pieces)
    if pegs:
        for peg in PEGS:
            colour = COLOUR[peg]
            holes = sorted(cell for p in pieces if p.colour == colour for cell in p.holes)
            chosen = draw(st.lists(st.sampled_from(holes), unique=True, max_size=PEG_COUNT[peg]))
            found.extend(Placement(peg, col, row) for row, col in chosen)
    return State(found)


@st.composite
def states(draw: st.DrawFn, *, solvable: bool = False) -> State:
    """Valid partial boards: every placement legal, some pieces missing.

    With *solvable* the board is part of a solution (so it has one);
    otherwise pieces and pegs are dropped wherever they fit, so the board
    may have no solution, or be stuck with no legal move left.

    >>> from hypothesis import given, settings
    >>> from puzzlekit.twist import solve
    >>> @settings(max_examples=5)
    ... @given(states(solvable=True))
    ... def test_solvable(state):
    ...     assert state.is_valid() and solve(state).solved
    >>> test_solvable()
    """
    if solvable:
        solution = draw(solutions())
        keep = draw(st.lists(st.sampled_from(solution.placements), unique=True))
        return State(keep)
    state = State()
    for placement in draw(st.lists(placements(), max_size=12)):
        try:
            candidate = State((*state.placements, placement))
        except ArgumentError:  # a piece twice, or more pegs than the game has
            continue
        if candidate.is_valid():
            state = candidate
    return state


def moves(state: State) -> st.SearchStrategy[Placement]:
    """A legal placement of a missing piece of *state* (fails the test's assumption if none).

    >>> from hypothesis import find
    >>> find(moves(State()), lambda p: p.piece == "h").piece
    'h'
    """
    legal = list(state.legal_moves())
    if not legal:
        return st.nothing()
    return st.sampled_from(legal)


def params() -> st.SearchStrategy[Params]:
    """Valid params: IQ-Twist's one board, ``Params()``.

    >>> from hypothesis import find
    >>> find(params(), lambda p: True)
    Params()
    """
    return st.just(Params())
