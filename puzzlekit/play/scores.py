"""High scores of ``puzzlekit play``: one SQLite table in the user's data directory.

A game is written only when its record, read back through
:meth:`puzzlekit.Game.from_record` (every move replayed), proves it won:
solved, or, for a puzzle that keeps score, played to its end.

>>> import tempfile, pathlib
>>> from puzzlekit import Game, tromino
>>> table = Scores(pathlib.Path(tempfile.mkdtemp()) / "scores.sqlite")
>>> game = Game(tromino.Board.parse("...\\n..."), headers={"Grade": "easy"})
>>> for move in ("0,0 se", "0,1 nw"):
...     game.play(move)
>>> table.add(game.record(), player="me")
True
>>> [(row["puzzle"], row["size"], row["moves"]) for row in table.best("tromino")]
[('tromino', '3x2', 2)]
"""

from __future__ import annotations

import datetime
import sqlite3
import threading
from pathlib import Path
from typing import Any

from puzzlekit.game import Game
from puzzlekit.play.levels import size_of

__all__ = ["Scores", "won"]

_SCHEMA = """
create table if not exists scores (
    puzzle text not null, grade text not null, size text not null,
    seconds real not null, score integer, hints integer not null, moves integer not null,
    player text not null, date text not null, record text not null
)
"""
_SHOWN = 10


def won(game: Game[Any, Any]) -> bool:
    """Whether *game* was won: solved, or played to its end in a puzzle that keeps score."""
    outcome = game.outcome
    if outcome is None:
        return False
    return outcome.reason == "solved" or (game.score is not None and outcome.reason == "stuck")


class Scores:
    """The high-score table at *path* (created on first use)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as connection:
            connection.execute(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, timeout=10)
        connection.row_factory = sqlite3.Row
        return connection

    def add(self, record: str, *, player: str = "") -> bool:
        """Add the game of *record* if it proves a win; whether it was added."""
        game = Game.from_record(record)
        if not won(game):
            return False
        row = (game.puzzle.name, game.headers.get("Grade", "any"), size_of(game.start),
               round(game.clock.elapsed, 3), game.score, game.hints_taken, len(game.moves),
               player[:40], datetime.date.today().isoformat(), record)
        with self._lock, self._connect() as connection:
            connection.execute("insert into scores values (?,?,?,?,?,?,?,?,?,?)", row)
        return True

    def best(self, puzzle: str) -> list[dict[str, Any]]:
        """The best games of *puzzle* per grade and size: highest score, then fastest,
        then fewest hints."""
        with self._lock, self._connect() as connection:
            rows = connection.execute(
                "select puzzle, grade, size, seconds, score, hints, moves, player, date "
                "from scores where puzzle = ? "
                "order by grade, size, score desc, seconds, hints limit ?",
                (puzzle, _SHOWN * 20),
            ).fetchall()
        shown: dict[tuple[str, str], int] = {}
        best = []
        for row in rows:
            key = (row["grade"], row["size"])
            shown[key] = shown.get(key, 0) + 1
            if shown[key] <= _SHOWN:
                best.append(dict(row))
        return best
