"""The ``puzzlekit samegame`` commands (being written)."""

from __future__ import annotations

from typing import Any


def register(commands: Any) -> None:
    """Add the ``samegame`` command group."""
    commands.add_parser("samegame", help="samegame puzzles (being written)")


def demo() -> str:
    """A solved instance, as text."""
    return "(being written)"
