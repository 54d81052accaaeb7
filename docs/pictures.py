"""The pictures of the tutorial pages, drawn by puzzlekit itself at build time.

``conf.py`` calls :func:`write_all` when Sphinx starts, so the pictures in
the docs always show what the installed library draws.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from puzzlekit import linkpath, samegame, tromino, twist


def _twist_challenge() -> str:
    result = twist.solve(twist.challenge(1).start)
    assert result.solved
    return result.final.to_svg()


def _tromino_tiling() -> str:
    return tromino.tile(tromino.Board.square(8, hole=(2, 5))).to_svg(colours=3)


def _linkpath_link() -> str:
    board = linkpath.deal(6, 8, 6, seed=7)
    board = board.play(board.hint())
    paths = [board.find_path(move.a, move.b) for move in board.legal_moves()]
    longest = max((path for path in paths if path is not None), key=lambda path: path.length)
    return board.to_svg(path=longest)


def _samegame_group() -> str:
    board = samegame.load_standard_set()[0]
    biggest = max(board.groups(), key=lambda group: group.size)
    return board.to_svg(highlight=biggest.cell)


PICTURES: dict[str, Callable[[], str]] = {
    "twist-challenge-1.svg": _twist_challenge,
    "tromino-8x8.svg": _tromino_tiling,
    "linkpath-hint.svg": _linkpath_link,
    "samegame-position-1.svg": _samegame_group,
}
"""File name in ``docs/_generated/`` -> function returning the SVG text."""


def write_all(folder: Path) -> None:
    """Write every picture into *folder*."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, draw in PICTURES.items():
        (folder / name).write_text(draw(), encoding="utf-8")
