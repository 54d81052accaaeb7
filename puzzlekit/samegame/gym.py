"""The SameGame environment: remove groups, score by the board's rules.

Actions: one per cell, ``row * width + col``; an action plays the group
holding that cell, so every cell of a playable group is a legal action.
Observation: ``(height, width)`` int8, 0 empty, ``k + 1`` for colour ``k``
(the text form's ``0``-``9``, ``a``-``z``, ``A``-``Z``). Reward: the
move's score under the board's rules (those of the params,
:data:`puzzlekit.samegame.STANDARD` by default: ``(n - 2) ** 2`` for ``n``
blocks; a start given to ``reset`` keeps its own), plus the end bonus or
penalty on the move that ends the game, so an episode's return is what
``play_sequence`` scores for its moves.

>>> from puzzlekit.samegame import Params
>>> env = SameGameEnv(Params.parse("3x2 colours=2"))
>>> observation, info = env.reset(options={"start": "1..\\n110"})
>>> observation.tolist(), info["action_mask"].tolist()
([[2, 0, 0], [2, 2, 1]], [1, 0, 0, 1, 1, 0])
>>> _, reward, terminated, _, info = env.step(0)
>>> reward, terminated, info["move"], info["solved"]
(1.0, True, '0,0', False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from puzzlekit.gym.env import (
    Adapter,
    Observation,
    PuzzleEnv,
    char_table,
    check_actions,
    check_shape,
    text_grid,
)
from puzzlekit.samegame.board import COLOUR_CHARS
from puzzlekit.samegame.params import Params

__all__ = ["SameGameAdapter", "SameGameEnv"]

_OBSERVE = char_table({char: index + 1 for index, char in enumerate(COLOUR_CHARS)})


def _planes(layout: Any, *boards: int) -> npt.NDArray[np.uint8]:
    """Packed *boards* of one layout, unpacked in one go: a ``(boards, planes, width,
    height)`` array of 0 and 1, lift 0 at the bottom (see :mod:`puzzlekit.samegame.core`
    for the bit layout)."""
    size = layout.planes * layout.plane_bits
    chunk = (size + 7) // 8
    joined = 0
    for bits in reversed(boards):
        joined = joined << (8 * chunk) | bits
    raw = np.frombuffer(joined.to_bytes(chunk * len(boards), "little"), dtype=np.uint8)
    flat = np.unpackbits(raw, bitorder="little").reshape(len(boards), 8 * chunk)[:, :size]
    shaped = flat.reshape(len(boards), layout.planes, layout.width + 1, layout.stride)
    return shaped[:, :, : layout.width, : layout.height]


@lru_cache(maxsize=64)
def _weights(colours: tuple[int, ...]) -> npt.NDArray[np.uint8]:
    """Each plane's value in an observation (its colour + 1), shaped to scale the planes."""
    return np.array(colours, dtype=np.uint8)[:, None, None] + 1


def _reading_order(cells: npt.NDArray[Any]) -> Observation:
    """A ``(width, height)`` array, lift 0 at the bottom, as ``(height, width)`` int8
    rows, top row first."""
    return np.ascontiguousarray(cells.T[::-1]).view(np.int8)


class SameGameAdapter(Adapter):
    """SameGame boards of *params* (``None``: the ``default`` preset, 10 x 10 of 3 colours).

    >>> adapter = SameGameAdapter(Params.parse("4x3"))
    >>> adapter.observe(adapter.generate(1)).shape, adapter.action_count
    ((3, 4), 12)
    """

    name = "samegame"
    rewards_score = True
    palette = np.array(
        [[250, 250, 250], [220, 60, 60], [60, 120, 220], [70, 170, 70], [240, 200, 50],
         [160, 90, 200], [60, 200, 200], [240, 140, 40], [150, 150, 150]],
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
        self.observation_space = spaces.Box(
            0, len(COLOUR_CHARS), (self.params.height, self.params.width), np.int8
        )

    def check_size(self) -> None:
        width, height = self.params.size
        check_actions(width * height, f"a {width}x{height} board")

    @property
    def shape(self) -> tuple[int, int]:
        """``(height, width)`` of the boards, as the observations have it.

        >>> SameGameAdapter("4x3").shape
        (3, 4)
        """
        return self.params.height, self.params.width

    def action_texts(self) -> Sequence[str]:
        height, width = self.shape
        return [f"{row},{col}" for row in range(height) for col in range(width)]

    def fit(self, state: Any) -> Any:
        check_shape(self.shape, (state.height, state.width))
        return state

    def _playable(self, layout: Any, bits: int, min_group: int) -> int:
        """The blocks of every playable group."""
        if min_group == 2:
            return int(layout.playable(bits))
        return sum(layout.iter_groups(bits, min_group))

    def arrays(self, state: Any) -> tuple[Observation, Observation]:
        packed = state.packed
        if packed is None:
            return self.observe(state), self.action_mask(state)
        layout, bits = packed
        board, playable = _planes(layout, bits, self._playable(layout, bits, state.rules.min_group))
        observation = _reading_order((board * _weights(layout.colours)).sum(axis=0, dtype=np.uint8))
        return observation, _reading_order(playable.any(axis=0)).reshape(-1)

    def action_mask(self, state: Any) -> Observation:
        # Every cell of a playable group, not only the group's canonical cell.
        packed = state.packed
        if packed is not None:
            return self.arrays(state)[1]
        mask = np.zeros(self.shape, dtype=np.int8)
        for group in state.groups():
            if len(group.cells) >= state.rules.min_group:
                rows, cols = zip(*group.cells, strict=True)
                mask[rows, cols] = 1
        return mask.reshape(-1)

    def play(self, state: Any, move: Any) -> tuple[Any, float]:
        # play_sequence's score of the one move, without playing it twice.
        after, removed = state.play_counted(move)
        return after, float(state.rules.score_move(removed) + after.end_score)

    def observe(self, state: Any) -> Observation:
        packed = state.packed
        if packed is None:
            return text_grid(str(state), _OBSERVE)
        return self.arrays(state)[0]

    def picture(self, state: Any) -> npt.NDArray[np.intp]:
        colours = text_grid(str(state), _OBSERVE).astype(np.intp)
        return np.where(colours > 0, (colours - 1) % (len(self.palette) - 1) + 1, 0)


class SameGameEnv(PuzzleEnv):
    """``puzzlekit/SameGame-v0``: clear a board of *params* (``None``: the ``default`` preset).

    Starts are ``random_state(seed, params)`` (random full boards), levels of
    *grade*, or come from *generator* (``seed -> Board``) when given. *params*
    may be given as its text (``"5x5 colours=4"``).

    >>> env = SameGameEnv()
    >>> env.observation_space.shape, int(env.action_space.n)
    ((10, 10), 100)
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
        adapter = SameGameAdapter(params, generator=generator, grade=grade)
        super().__init__(adapter, max_steps=max_steps, render_mode=render_mode)
