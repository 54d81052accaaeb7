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

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
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
from puzzlekit.tromino.board import Board, anchor_masks
from puzzlekit.tromino.params import Params, check_playable

__all__ = ["TrominoAdapter", "TrominoEnv", "row_fills", "row_tileable"]

_ORIENTATIONS = ("nw", "ne", "sw", "se")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_OBSERVE = char_table({"#": 1, **dict.fromkeys(_LETTERS, 2)})
_PICTURE = char_table({"#": 1, **{char: 2 + index % 6 for index, char in enumerate(_LETTERS)}})


_DRAWN_SIDE = 11  # random_state draws the holes of boards up to this wide and high
_DRAWS = 20  # ... this many times before it builds a board instead


@lru_cache(maxsize=4)
def row_fills(width: int) -> list[int]:
    """For each set of covered cells of one row of a board *width* wide (a mask, bit
    ``col`` for column ``col``), the ways trominoes with their block's top in this row
    cover the rest of it: the set of masks of the next row's cells they cover, as one
    int with bit ``mask`` set for each.

    >>> fills = row_fills(2)  # a row of 2: nothing covered takes a tromino with 2 cells in it
    >>> [bin(fills[covered]) for covered in range(4)]
    ['0b110', '0b1000', '0b1000', '0b1']
    >>> row_fills(12)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: row_fills takes a width from 1 to 11, not 12
    """
    # The table has 2^width entries: only the widths the environment draws starts for.
    if type(width) is not int or not 1 <= width <= _DRAWN_SIDE:
        raise ArgumentError(f"row_fills takes a width from 1 to {_DRAWN_SIDE}, not {width!r}")
    full = (1 << width) - 1
    # Each tromino of a block at column col: its cells in the top row and in the next.
    by_lowest: list[list[tuple[int, int]]] = [[] for _ in range(width)]
    for col in range(width - 1):
        pair = 3 << col
        for top, bottom in ((2 << col, pair), (1 << col, pair), (pair, 2 << col),
                            (pair, 1 << col)):
            by_lowest[(top & -top).bit_length() - 1].append((top, bottom))
    fills = []
    for covered in range(1 << width):
        reached = 0
        stack = [(covered, 0)]
        while stack:
            row, below = stack.pop()
            if row == full:
                reached |= 1 << below
                continue
            free = full & ~row
            # The first free cell is the lowest cell of the top of the tromino covering it.
            for top, bottom in by_lowest[(free & -free).bit_length() - 1]:
                if not top & row and not bottom & below:
                    stack.append((row | top, below | bottom))
        fills.append(reached)
    return fills


def row_tileable(rows: Sequence[int], width: int, fills: Sequence[int]) -> bool:
    """Whether a board whose holes are *rows* (a mask a row, top row first) can be tiled
    by L-trominoes, decided row by row: the set of masks of cells of the next row that a
    covering of the rows so far can leave covered, from *fills* (``row_fills(width)``).

    >>> row_tileable([0b01, 0b00], 2, row_fills(2)), row_tileable([0b01, 0b10], 2, row_fills(2))
    (True, False)
    """
    if not rows or len(fills) != 1 << width or not all(0 <= row < len(fills) for row in rows):
        raise ArgumentError(f"row_tileable takes at least one row mask of {width} bits and "
                            f"row_fills({width}), not {len(rows)} rows and {len(fills)} fills")
    reached = 1  # before the top row: nothing covered
    for holes in rows[:-1]:
        after = 0
        while reached:
            low = reached & -reached
            covered = low.bit_length() - 1
            if not covered & holes:  # no tromino on a hole
                after |= fills[covered | holes]
            reached ^= low
        if not after:
            return False
        reached = after
    # The last row has no room below: what is covered there must be exactly its free cells.
    return bool(reached >> (((1 << width) - 1) & ~rows[-1]) & 1)


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

    def random_start(self, seed: int) -> Any:
        """A random tileable start for *seed*, drawn as ``random_state(seed, params)`` draws
        it: on a board of up to 11 x 11 with at least 3 holes, at most a fifth of its cells,
        holes uniformly at random until the board can be tiled, up to 20 draws (then
        ``random_state`` itself). Each draw is decided by :func:`row_tileable`, not the
        search, so the boards come from the same distribution, not the same board for a
        seed.

        >>> board = TrominoAdapter("8x8 holes=10").random_start(4)
        >>> from puzzlekit.tromino import is_tileable
        >>> len(board.holes), is_tileable(board)
        (10, True)
        """
        height, width, holes = self.params.height, self.params.width, self.params.holes
        cells = height * width
        if max(height, width) > _DRAWN_SIDE or holes < 3 or holes * 5 > cells:
            return super().random_start(seed)
        rng = random.Random(seed)
        fills = row_fills(width)
        for _ in range(_DRAWS):
            drawn = rng.sample(range(cells), holes)
            rows = [0] * height
            for cell in drawn:
                row, col = divmod(cell, width)
                rows[row] |= 1 << col
            if row_tileable(rows, width, fills):
                return Board(height, width, holes=[divmod(cell, width) for cell in drawn])
        return super().random_start(seed)

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

    Starts are drawn as ``puzzlekit.tromino.random_state(seed, params)`` draws
    them (boards that can be tiled, from the same distribution; see
    ``TrominoAdapter.random_start``), or are levels of *grade*, or come from
    *generator* (``seed -> Board``) when given.

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
