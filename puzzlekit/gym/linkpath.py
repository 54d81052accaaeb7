"""The link-matching environment (Lianliankan / Shisen-Sho): remove linked pairs.

Actions: one per unordered pair of cells ``a < b`` (cells numbered
``row * width + col``), in the order of ``numpy.triu_indices(height *
width, 1)``: ``(0, 1), (0, 2), ..., (1, 2), ...``. Observation:
``(height, width)`` int8, 0 empty, the tile's kind (1-61) elsewhere.
Reward: 1 for the move that clears the board, 0 otherwise (a stuck board
ends the episode with nothing). Starts under ``Rules(slide=True)`` are
refused: a sliding move is more than a pair of cells, and has no action.

>>> from puzzlekit.gym import LinkpathEnv
>>> env = LinkpathEnv(height=1, width=4, kinds=2)
>>> observation, info = env.reset(options={"start": "abab"})
>>> observation.tolist(), [env.pair(int(a)) for a in info["action_mask"].nonzero()[0]]
([[10, 11, 10, 11]], [((0, 0), (0, 2)), ((0, 1), (0, 3))])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from puzzlekit.errors import ArgumentError
from puzzlekit.grid import check_int
from puzzlekit.gym.env import Adapter, Observation, PuzzleEnv, check_actions, check_shape

__all__ = ["LinkpathAdapter", "LinkpathEnv"]

_MAX_KIND = 61  # the kinds the text form writes with one character


class LinkpathAdapter(Adapter):
    """Link-matching boards of ``height x width`` with *kinds* kinds, as arrays.

    >>> adapter = LinkpathAdapter(height=2, width=3, kinds=2)
    >>> adapter.action_count, str(adapter.move(14))
    (15, '1,1 1,2')
    """

    name = "linkpath"
    palette = np.array(
        [[250, 250, 250], [220, 60, 60], [60, 120, 220], [70, 170, 70], [240, 200, 50],
         [160, 90, 200], [60, 200, 200], [240, 140, 40], [120, 80, 40], [240, 120, 180],
         [150, 150, 150], [40, 90, 60], [90, 60, 140]],
        dtype=np.uint8,
    )

    def __init__(
        self,
        *,
        height: int,
        width: int,
        kinds: int,
        generator: Callable[[int], Any] | None = None,
        grade: str | None = None,
    ) -> None:
        from puzzlekit.linkpath import MAX_SIDE

        self.height = check_int("height", height, minimum=1, maximum=MAX_SIDE)
        self.width = check_int("width", width, minimum=1, maximum=MAX_SIDE)
        cells = check_int("cells", height * width, minimum=2)
        check_actions(cells * (cells - 1) // 2, f"a {height}x{width} board")
        self.kinds = check_int("kinds", kinds, minimum=1, maximum=_MAX_KIND)
        if generator is None:  # the starts are deals: every cell filled with pairs
            if cells % 2:
                raise ArgumentError(f"a {height}x{width} board has an odd number of cells to deal")
            check_int("kinds", kinds, minimum=1, maximum=cells // 2)
        self.pairs = np.triu_indices(self.height * self.width, 1)
        super().__init__(generator, grade)
        self.observation_space = spaces.Box(0, _MAX_KIND, (self.height, self.width), np.int8)

    def cell(self, number: int) -> tuple[int, int]:
        """The ``(row, col)`` of cell *number* (``row * width + col``).

        >>> LinkpathAdapter(height=2, width=3, kinds=1).cell(4)
        (1, 1)
        """
        row, col = divmod(number, self.width)
        return row, col

    def action_texts(self) -> Sequence[str]:
        texts = [f"{row},{col}" for row in range(self.height) for col in range(self.width)]
        return [f"{texts[a]} {texts[b]}" for a, b in zip(*self.pairs, strict=True)]

    def random_start(self, seed: int) -> Any:
        from puzzlekit.linkpath import deal

        return deal(self.height, self.width, self.kinds, seed=seed)

    def level_size(self) -> dict[str, Any]:
        return {"height": self.height, "width": self.width, "kinds": self.kinds}

    def fit(self, state: Any) -> Any:
        check_shape((self.height, self.width), (state.height, state.width))
        if state.rules.slide:
            raise ArgumentError("the environment has no actions for sliding moves: no slide=yes")
        if max(map(max, state.rows)) > _MAX_KIND:
            raise ArgumentError(f"the start has kinds above {_MAX_KIND}: observations hold 1-61")
        return state

    def observe(self, state: Any) -> Observation:
        return np.array(state.rows, dtype=np.int8)

    def picture(self, state: Any) -> npt.NDArray[np.intp]:
        kinds = np.array(state.rows, dtype=np.intp)
        return np.where(kinds > 0, (kinds - 1) % (len(self.palette) - 1) + 1, 0)


class LinkpathEnv(PuzzleEnv):
    """``puzzlekit/Linkpath-v0``: clear a ``height x width`` board of *kinds* kinds.

    Starts come from ``puzzlekit.linkpath.deal`` (deals that can be
    cleared), or from *generator* (``seed -> Board``) when given.

    >>> env = LinkpathEnv()
    >>> env.observation_space.shape, int(env.action_space.n)
    ((6, 8), 1128)
    """

    def __init__(
        self,
        *,
        height: int = 6,
        width: int = 8,
        kinds: int = 8,
        generator: Callable[[int], Any] | None = None,
        grade: str | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.adapter: LinkpathAdapter
        adapter = LinkpathAdapter(
            height=height, width=width, kinds=kinds, generator=generator, grade=grade
        )
        super().__init__(adapter, max_steps=max_steps, render_mode=render_mode)

    def pair(self, action: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two cells of *action*.

        >>> LinkpathEnv(height=2, width=2, kinds=1).pair(5)
        ((1, 0), (1, 1))
        """
        first, second = self.adapter.pairs
        return self.adapter.cell(int(first[action])), self.adapter.cell(int(second[action]))
