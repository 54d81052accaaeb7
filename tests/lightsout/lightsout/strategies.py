"""Hypothesis strategies of Lights Out: params, boards and legal presses."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from lightsout.state import Board, Params

__all__ = ["moves", "params", "states"]


def params() -> st.SearchStrategy[Params]:
    """Small sizes."""
    return st.builds(Params, st.integers(1, 5), st.integers(1, 5))


@st.composite
def states(draw: Any) -> Board:
    """Any board of a small size, solvable or not."""
    size = draw(params())
    lights = draw(st.integers(0, (1 << (size.width * size.height)) - 1))
    return Board(size.width, size.height, lights)


def moves(state: Board) -> st.SearchStrategy[Any]:
    """A legal press of *state* (nothing when it is solved)."""
    return st.sampled_from(list(state.legal_moves())) if state.legal_moves() else st.nothing()
