"""Gymnasium environments for every puzzle (the optional extra ``gym``).

Importing :mod:`puzzlekit.gym` registers one environment with gymnasium for
every puzzle of :data:`puzzlekit.PUZZLES` that names a Gymnasium adapter
(:attr:`~puzzlekit.PuzzleType.gym`), a third-party one too; ``import
puzzlekit`` alone never imports gymnasium or numpy. :func:`make` builds the
environment of any of them by its registry name.

==============================  ======================  =========================
id                              class                   observation
==============================  ======================  =========================
``puzzlekit/SameGame-v0``       ``SameGameEnv``         ``(height, width)`` colours
``puzzlekit/Tromino-v0``        ``TrominoEnv``          ``(height, width)`` cells
``puzzlekit/Linkpath-v0``       ``LinkpathEnv``         ``(height, width)`` kinds
``puzzlekit/Twist-v0``          ``TwistEnv``            ``(3, 4, 8)`` planes
==============================  ======================  =========================

Every environment is made from a params value or its text (``params="5x5
colours=3"``; default: the puzzle's ``default`` preset), and optionally a
``grade`` (starts are levels of that grade) or a ``generator`` (``seed ->
state``). Every environment has a ``Discrete`` action space with the legal actions in
``info["action_mask"]`` and :meth:`~PuzzleEnv.action_masks`; an action
outside the mask is a no-op with reward 0 and ``info["illegal"] = True``.
``terminated`` means no legal move is left (solved, or stuck);
``truncated`` means ``max_steps`` ran out. SameGame rewards each move's score
under its rules (the end bonus or penalty comes with the last move); the
others reward 1 for the move that solves the puzzle and 0 otherwise.

>>> import gymnasium
>>> import puzzlekit.gym
>>> env = gymnasium.make("puzzlekit/SameGame-v0", params="5x5 colours=3")
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

import importlib
from collections.abc import Mapping
from typing import Any

import gymnasium

from puzzlekit.gym.env import Adapter, Observation, PuzzleEnv, check_actions, env_id_of
from puzzlekit.registry import PUZZLES

__all__ = [
    "Adapter",
    "Observation",
    "PuzzleEnv",
    "adapter_class",
    "check_actions",
    "env_id_of",
    "environments",
    "make",
]


def adapter_class(puzzle: str) -> type[Adapter]:
    """The Gymnasium adapter class the puzzle named *puzzle* registers.

    >>> adapter_class("samegame").__name__
    'SameGameAdapter'
    """
    target = PUZZLES[puzzle].gym
    if target is None:
        raise KeyError(f"{puzzle} names no Gymnasium adapter")
    module, _, name = target.partition(":")
    adapter: type[Adapter] = getattr(importlib.import_module(module), name)
    return adapter


def environments() -> Mapping[str, str]:
    """Each puzzle's gymnasium id, by registry name, for the puzzles that have an adapter.

    The id is ``puzzlekit/NAME-v0`` with NAME the adapter class's name less
    ``Adapter`` (:attr:`Adapter.env_id`), found without importing the adapter.

    >>> environments()["samegame"]
    'puzzlekit/SameGame-v0'
    """
    found = {}
    for name in PUZZLES:
        target = PUZZLES[name].gym
        if target is not None:
            found[name] = env_id_of(target.partition(":")[2])
    return found


def make(puzzle: str, **options: Any) -> PuzzleEnv:
    """The environment of the puzzle named *puzzle* in :data:`puzzlekit.PUZZLES`.

    *options* are the adapter's (``params``, ``grade``, ``generator``, and the
    puzzle's own) and the environment's (``max_steps``, ``render_mode``).
    Unlike ``gymnasium.make`` it adds no wrappers.

    >>> make("tromino", params="4x4 holes=1").action_space
    Discrete(36)
    """
    environment = {key: options.pop(key) for key in ("max_steps", "render_mode") if key in options}
    return PuzzleEnv(adapter_class(puzzle)(**options), **environment)


for _name, _env_id in environments().items():
    if _env_id not in gymnasium.registry:
        gymnasium.register(id=_env_id, entry_point="puzzlekit.gym:make", kwargs={"puzzle": _name})


def __getattr__(name: str) -> Any:
    # The puzzles' own environment classes (``SameGameEnv``) live in their folders; a
    # dunder probe (inspect, doctest, pickle) must not import every adapter.
    if name.startswith("__"):
        raise AttributeError(f"module 'puzzlekit.gym' has no attribute {name!r}")
    for puzzle in PUZZLES:
        target = PUZZLES[puzzle].gym
        if target is not None:
            module = importlib.import_module(target.partition(":")[0])
            if name in getattr(module, "__all__", ()):
                return getattr(module, name)
    raise AttributeError(f"module 'puzzlekit.gym' has no attribute {name!r}")
