"""puzzlekit.twist (being written)."""

__all__: list[str] = []
