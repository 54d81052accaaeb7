"""The L-tromino environment: place trominoes until the board is covered.

Actions: one per tromino that fits the board, ``((row * (width - 1)) + col) * 4
+ orientation`` for the 2x2 block whose top-left cell is ``(row, col)`` and
the block cell it leaves out (0 ``nw``, 1 ``ne``, 2 ``sw``, 3 ``se``).
Observation: ``(height, width)`` int8, 0 free, 1 hole, 2 covered. Reward: 1
for the move that covers the last free cell, 0 otherwise (a stuck board
ends the episode with nothing).

>>> from puzzlekit.gym import TrominoEnv
>>> env = TrominoEnv(height=2, width=3, holes=0)
>>> observation, info = env.reset(options={"start": "...\\n..."})
>>> observation.tolist(), int(info["action_mask"].sum())
([[0, 0, 0], [0, 0, 0]], 8)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from puzzlekit.errors import ArgumentError
from puzzlekit.grid import check_int
from puzzlekit.gym.env import (
    Adapter,
    Observation,
    PuzzleEnv,
    char_table,
    check_actions,
    check_shape,
    text_grid,
    text_shape,
)

__all__ = ["TrominoAdapter", "TrominoEnv"]

_ORIENTATIONS = ("nw", "ne", "sw", "se")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_OBSERVE = char_table({"#": 1, **dict.fromkeys(_LETTERS, 2)})
_PICTURE = char_table({"#": 1, **{char: 2 + index % 6 for index, char in enumerate(_LETTERS)}})


class TrominoAdapter(Adapter):
    """Tromino boards of ``height x width`` with *holes* holes, as arrays.

    >>> adapter = TrominoAdapter(height=4, width=4, holes=1)
    >>> adapter.observe(adapter.generate(3)).shape
    (4, 4)
    """

    name = "tromino"
    palette = np.array(
        [[235, 235, 225], [30, 30, 30], [220, 80, 70], [70, 130, 220], [90, 180, 90],
         [235, 190, 60], [160, 100, 200], [80, 200, 200]],
        dtype=np.uint8,
    )

    def __init__(
        self,
        *,
        height: int,
        width: int,
        holes: int,
        generator: Callable[[int], Any] | None = None,
        grade: str | None = None,
    ) -> None:
        self.height = check_int("height", height, minimum=2)
        self.width = check_int("width", width, minimum=2)
        check_actions(4 * (height - 1) * (width - 1), f"a {height}x{width} board")
        self.holes = check_int("holes", holes, minimum=0, maximum=height * width)
        if generator is None and (height * width - holes) % 3:
            raise ArgumentError(
                f"a {height}x{width} board with {holes} holes has {height * width - holes} "
                "cells to cover, not a multiple of 3"
            )
        super().__init__(generator, grade)
        self.observation_space = spaces.Box(0, 2, (self.height, self.width), np.int8)

    def action_texts(self) -> Sequence[str]:
        return [
            f"{row},{col} {orientation}"
            for row in range(self.height - 1)
            for col in range(self.width - 1)
            for orientation in _ORIENTATIONS
        ]

    def random_start(self, seed: int) -> Any:
        from puzzlekit.tromino import random_board

        return random_board(self.height, self.width, holes=self.holes, seed=seed)

    def level_size(self) -> dict[str, Any]:
        return {"height": self.height, "width": self.width, "holes": self.holes}

    def fit(self, state: Any) -> Any:
        check_shape((self.height, self.width), text_shape(str(state)))
        return state

    def observe(self, state: Any) -> Observation:
        return text_grid(str(state), _OBSERVE)

    def picture(self, state: Any) -> npt.NDArray[np.intp]:
        return text_grid(str(state), _PICTURE).astype(np.intp)


class TrominoEnv(PuzzleEnv):
    """``puzzlekit/Tromino-v0``: tile a ``height x width`` board with *holes* holes.

    Starts come from ``puzzlekit.tromino.random_board`` (boards that can be
    tiled), or from *generator* (``seed -> Board``) when given.

    >>> env = TrominoEnv()
    >>> env.observation_space.shape, int(env.action_space.n)
    ((8, 8), 196)
    """

    def __init__(
        self,
        *,
        height: int = 8,
        width: int = 8,
        holes: int = 1,
        generator: Callable[[int], Any] | None = None,
        grade: str | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        adapter = TrominoAdapter(
            height=height, width=width, holes=holes, generator=generator, grade=grade
        )
        super().__init__(adapter, max_steps=max_steps, render_mode=render_mode)
