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
        self._planes: dict[Any, list[tuple[int, int]]] = {}

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

    def _plane_cells(self, placement: Any) -> list[tuple[int, int]]:
        """Where a placement shows in the flattened planes: ``(index, value)`` per loop on
        the board (worked out once per placement)."""
        found = self._planes.get(placement)
        if found is None:
            letter = placement.piece
            found = []
            for (row, col), hole in placement.loops:
                if not (0 <= row < 4 and 0 <= col < 8):
                    continue
                cell = row * 8 + col
                if letter in _PEGS:
                    found.append((64 + cell, _PEGS.index(letter) + 1))
                else:
                    found += [(cell, _PIECES.index(letter) + 1), (32 + cell, int(hole))]
            self._planes[placement] = found
        return found

    def observe(self, state: Any) -> Observation:
        flat = [0] * 96
        for placement in state.placements:
            for index, value in self._plane_cells(placement):
                flat[index] = value
        return np.array(flat, dtype=np.int8).reshape(_SHAPE)

    def action_mask(self, state: Any) -> Observation:
        """The legal actions, straight from the state's bitset of legal moves (an action is
        its placement's ``Placement.number``).

        >>> from puzzlekit.twist import State
        >>> mask = TwistAdapter().action_mask(State.parse("a7A7b6A7c1A3d2A6e2C3f3C2g4A7l6D0"))
        >>> [TwistAdapter().texts[int(a)] for a in mask.nonzero()[0]]
        ['h6D0', 'h6D4']
        """
        legal = state.legal_bits.to_bytes(self.action_count // 8, "little")
        packed = np.frombuffer(legal, np.uint8)
        return np.unpackbits(packed, bitorder="little").view(np.int8)

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
