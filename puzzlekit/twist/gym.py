"""The IQ-Twist environment: place the missing pieces until the board is covered.

Actions: one per piece placement, ``((piece * 4 + row) * 8 + col) * 8 +
orientation`` for piece ``a``-``h`` (0-7), the bounding box's top row
``A``-``D`` (0-3) and left column ``1``-``8`` (0-7), and orientation 0-7:
the placement ``"a1A0"`` is action 0, ``"h8D7"`` action 2047. Observation:
``(3, 4, 8)`` int8, three planes over the board: the piece covering each
cell (1-8 for ``a``-``h``, 0 none), whether that loop has a hole (0/1), and
the colour of the peg on the cell (1 red, 2 blue, 3 green, 4 yellow, 0
none). Reward: 1 for the move that completes the board, 0 otherwise (a
board left with no legal placement ends the episode with nothing).

>>> env = TwistEnv()
>>> observation, info = env.reset(options={"start": "a7A7b6A7c1A3d2A6e2C3f3C2g4A7l6D0"})
>>> [env.adapter.texts[int(a)] for a in info["action_mask"].nonzero()[0]]
['h6D0', 'h6D4']
>>> observation[2].tolist()[3]
[0, 0, 0, 0, 0, 4, 0, 0]
>>> _, reward, terminated, _, info = env.step(int(info["action_mask"].argmax()))
>>> reward, terminated, env.state.is_solved
(1.0, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from puzzlekit.gym.env import Adapter, Observation, PuzzleEnv
from puzzlekit.twist.params import Params

__all__ = ["TwistAdapter", "TwistEnv"]

_PIECES = "abcdefgh"
_PEGS = "ijkl"  # red, blue, green, yellow: the colours of pieces ab, cd, ef, gh
_ROWS = "ABCD"
_SHAPE = (3, 4, 8)


class TwistAdapter(Adapter):
    """IQ-Twist boards as three 4 x 8 planes (pieces, holes, pegs).

    *params* (a :class:`~puzzlekit.twist.Params` or its text; ``None``: the
    ``default`` preset) is IQ-Twist's one board; starts are ``random_state(seed,
    params)``, or levels of *grade*.

    >>> adapter = TwistAdapter(grade="starter")
    >>> adapter.action_count, adapter.texts[:2], str(adapter.params)
    (2048, ['a1A0', 'a1A1'], '8x4')
    """

    name = "twist"
    cell_pixels = 16
    # Empty, the four colours for pieces, darker for a holed loop, and pegs.
    palette = np.array(
        [[235, 225, 205],
         [215, 60, 60], [60, 110, 215], [70, 170, 80], [235, 195, 50],
         [150, 30, 30], [30, 60, 140], [35, 100, 45], [160, 125, 20],
         [255, 150, 150], [150, 190, 255], [160, 230, 160], [255, 235, 150]],
        dtype=np.uint8,
    )

    def __init__(
        self,
        params: Params | str | None = None,
        *,
        grade: str | None = None,
        generator: Callable[[int], Any] | None = None,
    ) -> None:
        super().__init__(params, generator=generator, grade=grade)
        high = np.broadcast_to(np.array([8, 1, 4], dtype=np.int8)[:, None, None], _SHAPE)
        self.observation_space = spaces.Box(np.zeros(_SHAPE, np.int8), high.copy(), _SHAPE, np.int8)
        self._planes: dict[str, tuple[int, list[tuple[int, int, bool]]]] = {}

    @property
    def texts(self) -> Sequence[str]:
        """The placement of each action, as text.

        >>> TwistAdapter().texts[2047]
        'h8D7'
        """
        return self._texts

    def action_texts(self) -> Sequence[str]:
        return [
            f"{piece}{col + 1}{row}{orientation}"
            for piece in _PIECES
            for row in _ROWS
            for col in range(8)
            for orientation in range(8)
        ]

    def _loops(self, text: str) -> tuple[int, list[tuple[int, int, bool]]]:
        """The plane value and the on-board loops ``(row, col, hole)`` of a placement."""
        found = self._planes.get(text)
        if found is None:
            letter = text[0]
            value = _PIECES.index(letter) + 1 if letter in _PIECES else _PEGS.index(letter) + 1
            loops = [
                (row, col, hole)
                for (row, col), hole in self.puzzle.move.parse(text).loops
                if 0 <= row < 4 and 0 <= col < 8
            ]
            found = self._planes[text] = (value, loops)
        return found

    def observe(self, state: Any) -> Observation:
        planes = np.zeros(_SHAPE, dtype=np.int8)
        text = str(state)
        for start in range(0, len(text), 4):
            chunk = text[start : start + 4]
            value, loops = self._loops(chunk)
            for row, col, hole in loops:
                if chunk[0] in _PEGS:
                    planes[2, row, col] = value
                else:
                    planes[0, row, col] = value
                    planes[1, row, col] = hole
        return planes

    def picture(self, state: Any) -> npt.NDArray[np.intp]:
        pieces, holes, pegs = self.observe(state).astype(np.intp)
        colours = (pieces + 1) // 2 + 4 * holes
        return np.where(pieces > 0, colours, np.where(pegs > 0, pegs + 8, 0))


class TwistEnv(PuzzleEnv):
    """``puzzlekit/Twist-v0``: complete an IQ-Twist challenge.

    Starts come from the registry's ``random_state``, or from
    ``puzzlekit.twist.levels(grade, params)`` for one of ``twist.GRADES``, or
    from *generator* (``seed -> State``) when given.

    >>> env = TwistEnv()
    >>> env.observation_space.shape, int(env.action_space.n)
    ((3, 4, 8), 2048)
    """

    def __init__(
        self,
        params: Params | str | None = None,
        *,
        grade: str | None = None,
        generator: Callable[[int], Any] | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.adapter: TwistAdapter
        adapter = TwistAdapter(params, grade=grade, generator=generator)
        super().__init__(adapter, max_steps=max_steps, render_mode=render_mode)
