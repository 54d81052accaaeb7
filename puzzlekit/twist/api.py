"""The string-level functions, named as users of the TwistGame assignment API know them.

They take and give placement strings. The ``is_*`` predicates answer
``False`` for anything malformed (even a non-string); the others raise
:class:`~puzzlekit.ParseError` for it.

>>> is_placement_string_valid("a7A7b7A0"), is_placement_string_valid("a7A7b6A7")
(False, True)
>>> solutions("c1A3d2A6e2C3f3C2g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0")
['a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0']
"""

from __future__ import annotations

from puzzlekit.limits import Budget
from puzzlekit.twist.board import Placement, State, letter_count_problem, placement_problem
from puzzlekit.twist.cover import bit_numbers, cover_problem
from puzzlekit.twist.pieces import PEG_COUNT, PIECES
from puzzlekit.twist.solver import iter_solutions

__all__ = [
    "is_placement_string_valid",
    "is_placement_string_well_formed",
    "is_placement_well_formed",
    "solutions",
    "viable_piece_placements",
]

_MOST_PLACEMENTS = len(PIECES) + sum(PEG_COUNT.values())


def is_placement_well_formed(placement: str) -> bool:
    """Whether *placement* is 4 characters: piece or peg, column, row, orientation.

    Pegs (``i``-``l``) have orientation ``0``.

    >>> is_placement_well_formed("a7A7"), is_placement_well_formed("i4A1")
    (True, False)
    """
    return isinstance(placement, str) and placement_problem(placement) is None


def is_placement_string_well_formed(placement: str) -> bool:
    """Whether *placement* is 1 to 15 well-formed placements in the standard order.

    The order is by letter (pieces ``a``-``h``, then pegs ``i``-``l``; pegs of
    one letter in any order), with no piece twice and no more pegs of a
    letter than the game has (one ``i``, two each of ``j``, ``k``, ``l``).

    >>> is_placement_string_well_formed("a7A7b6A7"), is_placement_string_well_formed("b6A7a7A7")
    (True, False)
    """
    # The length first, so that a long string is refused without being cut up.
    if not isinstance(placement, str) or not 4 <= len(placement) <= 4 * _MOST_PLACEMENTS:
        return False
    if len(placement) % 4:
        return False
    chunks = [placement[i : i + 4] for i in range(0, len(placement), 4)]
    if not all(placement_problem(chunk) is None for chunk in chunks):
        return False
    letters = [chunk[0] for chunk in chunks]
    if letters != sorted(letters):
        return False
    return letter_count_problem(map(Placement.parse, chunks)) is None


def is_placement_string_valid(placement: str) -> bool:
    """Whether *placement* is well formed and breaks no rule of the board.

    Every loop on the board, no two loops on one location, and a peg only
    under a hole of a piece of its colour.

    >>> is_placement_string_valid("a7A7"), is_placement_string_valid("a7D7")
    (True, False)
    """
    return is_placement_string_well_formed(placement) and State.parse(placement).is_valid()


def viable_piece_placements(placement: str) -> frozenset[str] | None:
    """Every legal placement of each piece not yet placed, or ``None`` when there is none.

    Placements of one piece covering the same cells count once, in the
    lowest orientation legal with the pegs present; whether a placement
    leads to a solution does not matter. A state that breaks a rule has none.

    >>> sorted(viable_piece_placements("a7A7b6A7c1A3d2A6e2C3f3C2g4A7i6B0"))
    ['h6D0']
    """
    problem = cover_problem(State.parse(placement))
    if problem is None or not problem.open:
        return None
    return frozenset(str(problem.placement(footprint)) for footprint in bit_numbers(problem.open))


def solutions(placement: str) -> list[str]:
    """All solutions of a start, as sorted 32-character strings of the 8 pieces (no pegs).

    Each solution is in canonical form: every piece in its lowest orientation
    covering the same cells that is legal with the pegs.

    >>> solutions("f3C4i6B0j2B0j1C0k3C0l4B0l5C0")
    ['a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0']
    """
    found = iter_solutions(State.parse(placement), Budget())
    return sorted("".join(map(str, state.pieces)) for state in found)
