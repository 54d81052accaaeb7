"""Hypothesis strategies for :mod:`puzzlekit.tromino` (being written)."""

__all__: list[str] = []
