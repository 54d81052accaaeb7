"""puzzlekit.linkpath (being written)."""

__all__: list[str] = []
