"""The 100 shipped challenges, each with its only solution.

The first 10 are challenges 1, 2, 25, 26, 49, 50, 73, 74, 97 and 98 of the
game's booklet; the other 90 come from a public collection. They are
numbered 1 to 100 in the order of ``data/challenges.json``.

>>> first = challenge(1)
>>> first.start, first.level
(State.parse('f3C4i6B0j2B0j1C0k3C0l4B0l5C0'), 'Starter')
>>> len(challenges())
100
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

import attrs

from puzzlekit.grid import check_int
from puzzlekit.twist.board import State

__all__ = ["Challenge", "challenge", "challenge_starts", "challenges"]


@attrs.frozen
class Challenge:
    """One shipped challenge.

    >>> challenge(3).name
    'booklet-25'
    """

    number: int
    """Its number here, 1 to 100."""
    name: str
    """Where it comes from, e.g. ``'booklet-25'``."""
    level: str
    """The level its source gives it (the booklet's or the collection's own)."""
    start: State
    """The pegs (and pieces) given."""
    solution: State
    """Its only solution, pieces in canonical orientations, with the pegs."""


@cache
def challenges() -> tuple[Challenge, ...]:
    """All shipped challenges, read once from the package data.

    >>> challenges()[0].solution.is_solved
    True
    """
    text = resources.files("puzzlekit.twist").joinpath("data/challenges.json").read_text("utf-8")
    return tuple(
        Challenge(
            number,
            entry["id"],
            entry["level"],
            State.parse(entry["start"]),
            State.parse(entry["solution"]),
        )
        for number, entry in enumerate(json.loads(text)["challenges"], 1)
    )


def challenge(number: int) -> Challenge:
    """Shipped challenge *number*, 1 to 100.

    >>> challenge(0)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: challenge number must be from 1 to 100, not 0
    """
    found = challenges()
    return found[check_int("challenge number", number, minimum=1, maximum=len(found)) - 1]


def challenge_starts() -> tuple[State, ...]:
    """The start of every shipped challenge, in order: challenge *n* is item ``n - 1``
    (the puzzle's ``shipped`` starts, ``--shipped N`` on the command line).

    >>> challenge_starts()[0] == challenge(1).start, len(challenge_starts())
    (True, 100)
    """
    return tuple(found.start for found in challenges())
