"""Ctrl-C during a search, as docs/contract.rst ("Ctrl-C") says: ``solve`` returns what it
has (``complete=False``, a line that replays), and a call that must answer raises the
``KeyboardInterrupt`` again, never a :class:`~puzzlekit.LimitReached`.

Ctrl-C is simulated the way it arrives in a search: a ``KeyboardInterrupt`` raised where
the search reports its progress.
"""

import pytest

from puzzlekit import PUZZLES, LimitReached, tromino, twist

NAMES = ["linkpath", "samegame", "tromino", "twist"]  # puzzlekit's own


def interrupt(report):
    raise KeyboardInterrupt


@pytest.mark.parametrize("name", NAMES)
def test_solve_returns_its_line_so_far_on_ctrl_c(name):
    puzzle = PUZZLES[name]
    start = puzzle.random_state(3, puzzle.presets["big"])
    result = puzzle.solve(start, progress=interrupt)
    assert not result.complete and result.replayed() == result.final
    if name == "samegame":  # an anytime search: its best line so far, never empty
        assert result.moves and result.score == PUZZLES[name].score(start, result.moves)


@pytest.mark.parametrize("name", NAMES)
def test_generate_raises_keyboard_interrupt(name):
    puzzle = PUZZLES[name]
    with pytest.raises(KeyboardInterrupt):
        puzzle.generate(puzzle.grades[-1], puzzle.presets["default"], seed=1,
                        progress=interrupt)


def test_counts_raise_keyboard_interrupt_not_limit_reached():
    for count in (lambda: twist.count_solutions(twist.State(), progress=interrupt),
                  lambda: tromino.count_tilings(tromino.Board(9, 9), progress=interrupt)):
        with pytest.raises(KeyboardInterrupt) as caught:
            count()
        assert not isinstance(caught.value, LimitReached)
