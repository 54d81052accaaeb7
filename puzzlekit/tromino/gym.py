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
        check_shape((self.params.height, self.params.width), (state.height, state.width))
        return state

    def _grids(self, *boards: int) -> npt.NDArray[np.uint8]:
        """Bitboards (stride ``width + 1``) unpacked in one go, as a ``(boards, height,
        width + 1)`` array of 0 and 1 (the last column is the stride's pad)."""
        height, width = self.params.height, self.params.width
        size = height * (width + 1)
        chunk = (size + 7) // 8
        joined = 0
        for bits in reversed(boards):
            joined = joined << (8 * chunk) | bits
        raw = np.frombuffer(joined.to_bytes(chunk * len(boards), "little"), dtype=np.uint8)
        flat = np.unpackbits(raw, bitorder="little").reshape(len(boards), 8 * chunk)
        grids: npt.NDArray[np.uint8] = flat[:, :size].reshape(-1, height, width + 1)
        return grids

    def _taken(self, state: Any) -> Observation:
        """What a cell of *state* shows when it is not free: 1 on holes, 2 elsewhere (one
        array per start, kept while its episode lasts)."""
        taken = self._holes.get(state.holes)
        if taken is None:
            taken = np.full((state.height, state.width), 2, dtype=np.int8)
            if state.holes:
                taken[tuple(zip(*state.holes, strict=True))] = 1
            self._holes = {state.holes: taken}
        return taken

    def arrays(self, state: Any) -> tuple[Observation, Observation]:
        # Action ((row * (width - 1)) + col) * 4 + orientation: the anchors' bits, interleaved.
        free = state.free_bits
        width = self.params.width
        grids = self._grids(*anchor_masks(free, width), free)
        observation: Observation = np.where(grids[4, :, :width], 0, self._taken(state))
        mask = grids[:4, :-1, : width - 1].transpose(1, 2, 0).reshape(-1)
        return observation, mask.view(np.int8)

    def action_mask(self, state: Any) -> Observation:
        return self.arrays(state)[1]

    def observe(self, state: Any) -> Observation:
        free = self._grids(state.free_bits)[0, :, : self.params.width]
        observation: Observation = np.where(free, 0, self._taken(state))
        return observation

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
