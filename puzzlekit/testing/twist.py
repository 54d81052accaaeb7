"""Hypothesis strategies for :mod:`puzzlekit.twist` (being written)."""

__all__: list[str] = []
