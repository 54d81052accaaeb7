"""The L-tromino environment: place trominoes until the board is covered.

Actions: one per tromino that fits the board, ``((row * (width - 1)) + col) * 4
+ orientation`` for the 2x2 block whose top-left cell is ``(row, col)`` and
the block cell it leaves out (0 ``nw``, 1 ``ne``, 2 ``sw``, 3 ``se``).
Observation: ``(height, width)`` int8, 0 free, 1 hole, 2 covered. Reward: 1
for the move that covers the last free cell, 0 otherwise (a stuck board
ends the episode with nothing).

>>> env = TrominoEnv("3x2 holes=0")
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
from puzzlekit.tromino.board import anchor_masks
from puzzlekit.tromino.params import Params, check_playable

__all__ = ["TrominoAdapter", "TrominoEnv"]

_ORIENTATIONS = ("nw", "ne", "sw", "se")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_OBSERVE = char_table({"#": 1, **dict.fromkeys(_LETTERS, 2)})
_PICTURE = char_table({"#": 1, **{char: 2 + index % 6 for index, char in enumerate(_LETTERS)}})


class TrominoAdapter(Adapter):
    """Tromino boards of *params* (a :class:`~puzzlekit.tromino.Params` or its text;
    ``None``: the ``default`` preset, 8x8 with 10 holes), as arrays.

    >>> adapter = TrominoAdapter("5x4 holes=2")
    >>> adapter.observe(adapter.generate(3)).shape
    (4, 5)
    """

    name = "tromino"
    palette = np.array(
        [[235, 235, 225], [30, 30, 30], [220, 80, 70], [70, 130, 220], [90, 180, 90],
         [235, 190, 60], [160, 100, 200], [80, 200, 200]],
        dtype=np.uint8,
    )

    def __init__(
        self,
        params: Params | str | None = None,
        *,
        generator: Callable[[int], Any] | None = None,
        grade: str | None = None,
    ) -> None:
        super().__init__(params, generator=generator, grade=grade)
        if min(self.params.size) < 2:
            raise ArgumentError(f"a {self.params.width}x{self.params.height} board has no "
                                "2x2 block, so no tromino fits: no action")
        if generator is None:
            check_playable(self.params)  # random starts and levels need a tileable board
        self.observation_space = spaces.Box(0, 2, (self.params.height, self.params.width), np.int8)
        self._holes: dict[frozenset[tuple[int, int]], Observation] = {}

    def check_size(self) -> None:
        width, height = self.params.size
        check_actions(4 * max(height - 1, 0) * max(width - 1, 0), f"a {width}x{height} board")

    def action_texts(self) -> Sequence[str]:
        return [
            f"{row},{col} {orientation}"
            for row in range(self.params.height - 1)
            for col in range(self.params.width - 1)
            for orientation in _ORIENTATIONS
        ]

    def fit(self, state: Any) -> Any:
        check_shape((self.params.height, self.params.width), text_shape(str(state)))
        return state

    def _grid(self, bits: int) -> npt.NDArray[np.bool_]:
        """A bitboard (stride ``width + 1``) as a ``(height, width)`` array."""
        height, width = self.params.height, self.params.width
        size = height * (width + 1)
        raw = np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
        flat = np.unpackbits(raw, bitorder="little")[:size].astype(np.bool_)
        grid: npt.NDArray[np.bool_] = flat.reshape(height, width + 1)[:, :width]
        return grid

    def action_mask(self, state: Any) -> Observation:
        # Action ((row * (width - 1)) + col) * 4 + orientation: the anchors' bits, interleaved.
        fits = anchor_masks(state.free_bits, state.width)
        anchors = [self._grid(mask)[:-1, :-1] for mask in fits]
        mask: Observation = np.stack(anchors, axis=-1).reshape(-1).astype(np.int8)
        return mask

    def observe(self, state: Any) -> Observation:
        holes = self._holes.get(state.holes)
        if holes is None:  # one hole array per start, kept while its episode lasts
            holes = np.zeros((state.height, state.width), dtype=np.int8)
            if state.holes:
                holes[tuple(zip(*state.holes, strict=True))] = 1
            self._holes = {state.holes: holes}
        observation: Observation = np.where(self._grid(state.free_bits), 0, 2 - holes)
        return observation.astype(np.int8)

    def picture(self, state: Any) -> npt.NDArray[np.intp]:
        return text_grid(str(state), _PICTURE).astype(np.intp)


class TrominoEnv(PuzzleEnv):
    """``puzzlekit/Tromino-v0``: tile a board of *params* (``None``: 8x8 with 10 holes).

    Starts come from ``puzzlekit.tromino.random_state(seed, params)`` (boards
    that can be tiled), levels of *grade*, or *generator* (``seed -> Board``)
    when given.

    >>> env = TrominoEnv()
    >>> env.observation_space.shape, int(env.action_space.n)
    ((8, 8), 196)
    """

    def __init__(
        self,
        params: Params | str | None = None,
        *,
        generator: Callable[[int], Any] | None = None,
        grade: str | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        adapter = TrominoAdapter(params, generator=generator, grade=grade)
        super().__init__(adapter, max_steps=max_steps, render_mode=render_mode)
