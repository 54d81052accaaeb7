"""The ``puzzlekit linkpath`` commands (being written)."""

from __future__ import annotations

from typing import Any


def register(commands: Any) -> None:
    """Add the ``linkpath`` command group."""
    commands.add_parser("linkpath", help="linkpath puzzles (being written)")


def demo() -> str:
    """A solved instance, as text."""
    return "(being written)"
