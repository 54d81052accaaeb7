"""The ``puzzlekit tromino`` commands (being written)."""

from __future__ import annotations

from typing import Any


def register(commands: Any) -> None:
    """Add the ``tromino`` command group."""
    commands.add_parser("tromino", help="tromino puzzles (being written)")


def demo() -> str:
    """A solved instance, as text."""
    return "(being written)"
