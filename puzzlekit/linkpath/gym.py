"""The link-matching environment (Lianliankan / Shisen-Sho): remove linked pairs.

Actions: one per unordered pair of cells ``a < b`` (cells numbered
``row * width + col``), in the order of ``numpy.triu_indices(height *
width, 1)``: ``(0, 1), (0, 2), ..., (1, 2), ...``. Observation:
``(height, width)`` int8, 0 empty, the tile's kind (1-61) elsewhere.
Reward: 1 for the move that clears the board, 0 otherwise (a stuck board
ends the episode with nothing). Starts under ``Rules(slide=True)`` are
refused: a sliding move is more than a pair of cells, and has no action.

>>> env = LinkpathEnv(Params.parse("4x1 kinds=2"))
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
from puzzlekit.linkpath.params import Params, params_or_default

__all__ = ["LinkpathAdapter", "LinkpathEnv"]

_MAX_KIND = 61  # the kinds the text form writes with one character


class LinkpathAdapter(Adapter):
    """Link-matching boards of *params* (``None``: the ``default`` preset), as arrays.

    >>> adapter = LinkpathAdapter(Params.parse("3x2 kinds=2"))
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
        params: Params | str | None = None,
        *,
        generator: Callable[[int], Any] | None = None,
        grade: str | None = None,
    ) -> None:
        height, width = self._checked_shape(params)
        if generator is None:  # the starts are deals: every cell filled with pairs
            given = Params.parse(params) if isinstance(params, str) else params
            kinds = params_or_default(given).kinds
            if height * width % 2:
                raise ArgumentError(f"a {width}x{height} board has an odd number of cells to deal")
            check_int("kinds", kinds, minimum=1, maximum=height * width // 2)
        self.pairs = np.triu_indices(height * width, 1)
        super().__init__(params, generator=generator, grade=grade)
        self.observation_space = spaces.Box(0, _MAX_KIND, (height, width), np.int8)
        self._touching: list[npt.NDArray[np.intp]] | None = None
        # Zeros for the actions of one cell (every cell has the same number), assigned as an
        # array: numpy then converts no scalar (0.17 us a call against 0.25).
        self._no_actions = np.zeros(height * width - 1, dtype=np.int8)
        self._played: tuple[Any, Any, Any] | None = None
        self._last: tuple[Any, Observation, Observation] | None = None

    @staticmethod
    def _checked_shape(params: Params | str | None) -> tuple[int, int]:
        """The ``(height, width)`` of *params*, refused when no action or observation fits."""
        if isinstance(params, str):
            params = Params.parse(params)
        params = params_or_default(params)
        cells = check_int("cells", params.height * params.width, minimum=2)
        check_actions(cells * (cells - 1) // 2, f"a {params.width}x{params.height} board")
        check_int("kinds", params.kinds, minimum=1, maximum=_MAX_KIND)
        return params.height, params.width

    @property
    def shape(self) -> tuple[int, int]:
        """``(height, width)`` of the boards, as the observations have it.

        >>> LinkpathAdapter("3x2 kinds=1").shape
        (2, 3)
        """
        return self.params.height, self.params.width

    def cell(self, number: int) -> tuple[int, int]:
        """The ``(row, col)`` of cell *number* (``row * width + col``).

        >>> LinkpathAdapter(Params.parse("3x2 kinds=1")).cell(4)
        (1, 1)
        """
        row, col = divmod(number, self.params.width)
        return row, col

    def action_texts(self) -> Sequence[str]:
        height, width = self.shape
        texts = [f"{row},{col}" for row in range(height) for col in range(width)]
        return [f"{texts[a]} {texts[b]}" for a, b in zip(*self.pairs, strict=True)]

    def fit(self, state: Any) -> Any:
        check_shape(self.shape, (state.height, state.width))
        if state.rules.slide:
            raise ArgumentError("the environment has no actions for sliding moves: no slide=yes")
        if max(map(max, state.rows)) > _MAX_KIND:
            raise ArgumentError(f"the start has kinds above {_MAX_KIND}: observations hold 1-61")
        return state

    def observe(self, state: Any) -> Observation:
        return np.array(state.rows, dtype=np.int8)

    def action_mask(self, state: Any) -> Observation:
        """1 for each legal pair's action: numbered straight from the board's linked pairs
        (:meth:`~puzzlekit.linkpath.Board.cell_pairs`), no move built.

        >>> from puzzlekit.linkpath import Board
        >>> LinkpathAdapter("4x1 kinds=1").action_mask(Board.parse("aa..")).tolist()
        [1, 0, 0, 0, 0, 0]
        """
        mask = np.zeros(self.action_count, dtype=np.int8)
        mask[[self.action(a, b) for a, b in state.cell_pairs()]] = 1
        return mask

    def action(self, a: int, b: int) -> int:
        """The action number of the pair of cell numbers ``a < b``: it comes after the pairs
        of every first cell below *a*.

        >>> LinkpathAdapter("3x2 kinds=1").action(1, 2)
        5
        """
        cells: int = self.params.height * self.params.width
        return a * cells - a * (a + 1) // 2 + b - a - 1

    def touching(self, cell: int) -> npt.NDArray[np.intp]:
        """The action numbers of every pair with cell number *cell*.

        >>> LinkpathAdapter("4x1 kinds=1").touching(1).tolist()  # (0, 1), (1, 2), (1, 3)
        [0, 3, 4]
        """
        if self._touching is None:
            first, second = self.pairs
            self._touching = [
                np.flatnonzero((first == number) | (second == number))
                for number in range(self.params.height * self.params.width)
            ]
        return self._touching[cell]

    def play(self, state: Any, move: Any) -> tuple[Any, float]:
        """The board after *move* and the reward, as :meth:`puzzlekit.gym.Adapter.play`
        gives them; the board and the move are kept, so that :meth:`arrays` can derive
        the next observation and mask from the last ones.

        >>> adapter = LinkpathAdapter("4x1 kinds=2")
        >>> board = adapter.random_start(0)
        >>> after, reward = adapter.play(board, next(iter(board.legal_moves())))
        >>> str(after), reward
        ('.22.', 0.0)
        """
        after, reward = super().play(state, move)
        self._played = (state, move, after)
        return after, reward

    def arrays(self, state: Any) -> tuple[Observation, Observation]:
        """The observation and the mask; of a board :meth:`play` just made from the board of
        the last call, both are that board's with the move's two cells and their pairs taken
        out and the pairs it opened put in (:meth:`~puzzlekit.linkpath.Board.gained_cell_pairs`),
        when tiles do not move.

        >>> from puzzlekit.linkpath import Board, Rules
        >>> adapter = LinkpathAdapter("4x1 kinds=2")
        >>> board = Board.parse("abba", rules=Rules(outside=False))
        >>> adapter.arrays(board)[1].nonzero()[0].tolist()
        [3]
        >>> after, _ = adapter.play(board, adapter.move(3))
        >>> observation, mask = adapter.arrays(after)
        >>> observation.tolist(), [adapter.move(int(a)) for a in mask.nonzero()[0]]
        ([[10, 0, 0, 10]], [Pair(a=(0, 0), b=(0, 3))])
        """
        last, played = self._last, self._played
        gained = None
        if last is not None and played is not None and played[2] is state and played[0] is last[0]:
            gained = state.gained_cell_pairs()
        if gained is None or last is None or played is None:
            observation, mask = self.observe(state), self.action_mask(state)
        else:  # the kept arrays are the adapter's own: changed where they are
            width = self.params.width
            observation, mask = last[1], last[2]
            for row, col in (played[1].a, played[1].b):
                observation[row, col] = 0
                mask[self.touching(row * width + col)] = self._no_actions
            for a, b in gained:  # a pair or two: set one by one, cheaper than an index list
                mask[self.action(a, b)] = 1
        # Copies given: the caller may change the arrays it is given.
        self._last = (state, observation, mask)
        return observation.copy(), mask.copy()

    def picture(self, state: Any) -> npt.NDArray[np.intp]:
        kinds = np.array(state.rows, dtype=np.intp)
        return np.where(kinds > 0, (kinds - 1) % (len(self.palette) - 1) + 1, 0)


class LinkpathEnv(PuzzleEnv):
    """``puzzlekit/Linkpath-v0``: clear a deal of *params* (``None``: the ``default`` preset).

    Starts are ``random_state(seed, params)`` (deals that can be cleared),
    levels of *grade*, or come from *generator* (``seed -> Board``) when
    given. *params* may be given as its text (``"8x6 kinds=8"``).

    >>> env = LinkpathEnv("8x6 kinds=8")
    >>> env.observation_space.shape, int(env.action_space.n)
    ((6, 8), 1128)
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
        self.adapter: LinkpathAdapter
        adapter = LinkpathAdapter(params, generator=generator, grade=grade)
        super().__init__(adapter, max_steps=max_steps, render_mode=render_mode)

    def pair(self, action: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two cells of *action*.

        >>> LinkpathEnv("2x2 kinds=1").pair(5)
        ((1, 0), (1, 1))
        """
        first, second = self.adapter.pairs
        return self.adapter.cell(int(first[action])), self.adapter.cell(int(second[action]))
