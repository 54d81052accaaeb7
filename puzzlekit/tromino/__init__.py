"""puzzlekit.tromino (being written)."""

__all__: list[str] = []
