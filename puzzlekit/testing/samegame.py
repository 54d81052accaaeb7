"""Hypothesis strategies for :mod:`puzzlekit.samegame` (being written)."""

__all__: list[str] = []
