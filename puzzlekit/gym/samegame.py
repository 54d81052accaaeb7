"""The SameGame environment: remove groups, score by the board's rules.

Actions: one per cell, ``row * width + col``; an action plays the group
holding that cell, so every cell of a playable group is a legal action.
Observation: ``(height, width)`` int8, 0 empty, ``k + 1`` for colour ``k``
(the text form's ``0``-``9``, ``a``-``z``, ``A``-``Z``). Reward: the
move's score under the board's rules (:data:`puzzlekit.samegame.STANDARD`
unless the environment's *rules* or the start say otherwise: ``(n - 2) **
2`` for ``n`` blocks), plus the end bonus or penalty on the move that ends
the game, so an episode's return is what ``play_sequence`` scores for its
moves.

>>> from puzzlekit.gym import SameGameEnv
>>> env = SameGameEnv(height=2, width=3, colours=2)
>>> observation, info = env.reset(options={"start": "1..\\n110"})
>>> observation.tolist(), info["action_mask"].tolist()
([[2, 0, 0], [2, 2, 1]], [1, 0, 0, 1, 1, 0])
>>> _, reward, terminated, _, info = env.step(0)
>>> reward, terminated, info["move"], info["solved"]
(1.0, True, '0,0', False)
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

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

__all__ = ["SameGameAdapter", "SameGameEnv"]

_COLOURS = string.digits + string.ascii_lowercase + string.ascii_uppercase
_OBSERVE = char_table({char: index + 1 for index, char in enumerate(_COLOURS)})


class SameGameAdapter(Adapter):
    """SameGame boards of ``height x width`` with *colours* colours, under *rules* if given.

    >>> adapter = SameGameAdapter(height=3, width=4, colours=3)
    >>> adapter.observe(adapter.generate(1)).shape, adapter.action_count
    ((3, 4), 12)
    """

    name = "samegame"
    palette = np.array(
        [[250, 250, 250], [220, 60, 60], [60, 120, 220], [70, 170, 70], [240, 200, 50],
         [160, 90, 200], [60, 200, 200], [240, 140, 40], [150, 150, 150]],
        dtype=np.uint8,
    )

    def __init__(
        self,
        *,
        height: int,
        width: int,
        colours: int,
        rules: Any = None,
        generator: Callable[[int], Any] | None = None,
        grade: str | None = None,
    ) -> None:
        from puzzlekit.samegame import MAX_SIDE

        self.height = check_int("height", height, minimum=1, maximum=MAX_SIDE)
        self.width = check_int("width", width, minimum=1, maximum=MAX_SIDE)
        check_actions(height * width, f"a {height}x{width} board")
        self.colours = check_int("colours", colours, minimum=1, maximum=len(_COLOURS))
        from puzzlekit.samegame import Rules

        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be a samegame Rules or None, not {type(rules).__name__}")
        self.rules = rules
        super().__init__(generator, grade)
        self.observation_space = spaces.Box(0, len(_COLOURS), (self.height, self.width), np.int8)

    def action_texts(self) -> Sequence[str]:
        return [f"{row},{col}" for row in range(self.height) for col in range(self.width)]

    def random_start(self, seed: int) -> Any:
        from puzzlekit.samegame import random_board

        return random_board(self.height, self.width, self.colours, seed=seed)

    def level_size(self) -> dict[str, Any]:
        size = {"height": self.height, "width": self.width, "colours": self.colours}
        return size if self.rules is None else {**size, "rules": self.rules}

    def fit(self, state: Any) -> Any:
        check_shape((self.height, self.width), text_shape(str(state)))
        return state if self.rules is None else state.with_rules(self.rules)

    def action_mask(self, state: Any) -> Observation:
        # Every cell of a playable group, not only the group's canonical cell.
        mask = np.zeros((self.height, self.width), dtype=np.int8)
        for group in state.groups():
            if len(group.cells) >= state.rules.min_group:
                rows, cols = zip(*group.cells, strict=True)
                mask[rows, cols] = 1
        return mask.reshape(-1)

    def play(self, state: Any, move: Any) -> tuple[Any, float]:
        from puzzlekit.samegame import play_sequence

        after, score = play_sequence(state, [move])
        return after, float(score)

    def observe(self, state: Any) -> Observation:
        return text_grid(str(state), _OBSERVE)

    def picture(self, state: Any) -> npt.NDArray[np.intp]:
        colours = text_grid(str(state), _OBSERVE).astype(np.intp)
        return np.where(colours > 0, (colours - 1) % (len(self.palette) - 1) + 1, 0)


class SameGameEnv(PuzzleEnv):
    """``puzzlekit/SameGame-v0``: clear a ``height x width`` board of *colours* colours.

    Starts come from ``puzzlekit.samegame.random_board``, or from
    *generator* (``seed -> Board``) when given. *rules* (a
    ``puzzlekit.samegame.Rules``) replaces the rules of every start; by
    default each start keeps its own (``STANDARD`` for drawn boards).

    >>> env = SameGameEnv()
    >>> env.observation_space.shape, int(env.action_space.n)
    ((10, 10), 100)
    """

    def __init__(
        self,
        *,
        height: int = 10,
        width: int = 10,
        colours: int = 4,
        rules: Any = None,
        generator: Callable[[int], Any] | None = None,
        grade: str | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        adapter = SameGameAdapter(
            height=height, width=width, colours=colours, rules=rules, generator=generator,
            grade=grade,
        )
        super().__init__(adapter, max_steps=max_steps, render_mode=render_mode)
