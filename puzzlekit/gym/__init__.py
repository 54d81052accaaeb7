"""Gymnasium environments for every puzzle (the optional extra ``puzzlekit-engines[gym]``).

Importing :mod:`puzzlekit.gym` registers one environment per puzzle with
gymnasium; ``import puzzlekit`` alone never imports gymnasium or numpy.

==============================  ======================  =========================
id                              class                   observation
==============================  ======================  =========================
``puzzlekit/SameGame-v0``       :class:`SameGameEnv`    ``(height, width)`` colours
``puzzlekit/Tromino-v0``        :class:`TrominoEnv`     ``(height, width)`` cells
``puzzlekit/Linkpath-v0``       :class:`LinkpathEnv`    ``(height, width)`` kinds
``puzzlekit/Twist-v0``          :class:`TwistEnv`       ``(3, 4, 8)`` planes
==============================  ======================  =========================

Every environment has a ``Discrete`` action space with the legal actions in
``info["action_mask"]`` and :meth:`~PuzzleEnv.action_masks`; an action
outside the mask is a no-op with reward 0 and ``info["illegal"] = True``.
``terminated`` means no legal move is left (solved, or stuck);
``truncated`` means ``max_steps`` ran out. SameGame rewards each move's score
under its rules (the end bonus or penalty comes with the last move); the
others reward 1 for the move that solves the puzzle and 0 otherwise.

>>> import gymnasium
>>> import puzzlekit.gym
>>> env = gymnasium.make("puzzlekit/SameGame-v0", height=5, width=5, colours=3)
>>> observation, info = env.reset(seed=7)
>>> observation.shape, observation.dtype.name
((5, 5), 'int8')
>>> total, terminated = 0.0, False
>>> while not terminated:
...     action = env.action_space.sample(mask=info["action_mask"])
...     observation, reward, terminated, truncated, info = env.step(action)
...     total += reward
>>> from puzzlekit.samegame import play_sequence
>>> play_sequence(env.unwrapped.start, env.unwrapped.moves)[1] == total
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium

from puzzlekit.gym.env import Adapter, Observation, PuzzleEnv
from puzzlekit.gym.linkpath import LinkpathEnv
from puzzlekit.gym.samegame import SameGameEnv
from puzzlekit.gym.tromino import TrominoEnv
from puzzlekit.gym.twist import TwistEnv

__all__ = [
    "ENVIRONMENTS",
    "Adapter",
    "LinkpathEnv",
    "Observation",
    "PuzzleEnv",
    "SameGameEnv",
    "TrominoEnv",
    "TwistEnv",
    "make",
]

ENVIRONMENTS: dict[str, tuple[str, Callable[..., PuzzleEnv]]] = {
    "twist": ("puzzlekit/Twist-v0", TwistEnv),
    "tromino": ("puzzlekit/Tromino-v0", TrominoEnv),
    "linkpath": ("puzzlekit/Linkpath-v0", LinkpathEnv),
    "samegame": ("puzzlekit/SameGame-v0", SameGameEnv),
}
"""Each puzzle's gymnasium id and environment class, by registry name.

>>> ENVIRONMENTS["samegame"][0]
'puzzlekit/SameGame-v0'
"""

for _env_id, _cls in ENVIRONMENTS.values():
    if _env_id not in gymnasium.registry:
        gymnasium.register(id=_env_id, entry_point=f"{_cls.__module__}:{_cls.__name__}")


def make(puzzle: str, **kwargs: Any) -> PuzzleEnv:
    """The environment of the puzzle named *puzzle* in :data:`puzzlekit.PUZZLES`.

    Unlike ``gymnasium.make`` it adds no wrappers.

    >>> make("tromino", height=4, width=4).action_space
    Discrete(36)
    """
    if puzzle not in ENVIRONMENTS:
        raise KeyError(f"no environment for {puzzle!r}; there are {', '.join(ENVIRONMENTS)}")
    return ENVIRONMENTS[puzzle][1](**kwargs)
