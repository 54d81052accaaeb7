"""The ``puzzlekit twist`` commands (being written)."""

from __future__ import annotations

from typing import Any


def register(commands: Any) -> None:
    """Add the ``twist`` command group."""
    commands.add_parser("twist", help="twist puzzles (being written)")


def demo() -> str:
    """A solved instance, as text."""
    return "(being written)"
