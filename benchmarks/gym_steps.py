"""Benchmark puzzlekit.gym: environment steps per second, per puzzle.

For each puzzle's environment (default sizes) it plays random legal actions
(``action_space.sample(mask=info["action_mask"])``), resetting at the end of
each episode, and reports steps and episodes per second. Beside it, the
baseline is the engine alone playing random legal moves
(``state.play(random.choice(list(state.legal_moves())))``), so the ratio
is what the arrays, masks and checks of the environment cost.

Run from the repository root: ``python benchmarks/gym_steps.py [--quick]``
(``--quick``: a fraction of a second per puzzle). Needs ``puzzlekit[gym]``;
without gymnasium it says so and exits cleanly.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from typing import Any

SIZES: dict[str, dict[str, Any]] = {
    "samegame": {},
    "tromino": {},
    "linkpath": {},
    "twist": {},
}
"""The environment options measured (the defaults of each environment)."""


def env_rate(name: str, seconds: float) -> tuple[float, float]:
    """Steps and episodes per second of random masked play in *name*'s environment."""
    import puzzlekit.gym

    env = puzzlekit.gym.make(name, **SIZES[name])
    steps = episodes = 0
    _, info = env.reset(seed=0)
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        action = env.action_space.sample(mask=info["action_mask"])
        _, _, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            episodes += 1
            _, info = env.reset()
    elapsed = time.perf_counter() - started
    return steps / elapsed, episodes / elapsed


def engine_rate(name: str, seconds: float) -> float:
    """Moves per second of the engine alone, from the environment's own starts."""
    import puzzlekit.gym

    env = puzzlekit.gym.make(name, **SIZES[name])
    rng = random.Random(0)
    env.reset(seed=0)
    state = env.state
    moves = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        legal = list(state.legal_moves())
        if not legal:
            env.reset()
            state = env.state
            continue
        state = state.play(rng.choice(legal))
        moves += 1
    return moves / (time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a fraction of a second each")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("gymnasium") is None:
        print("gym_steps: skipped, gymnasium is not installed (pip install -e '.[gym]')")
        return 0
    seconds = 0.3 if args.quick else 3.0
    for name in SIZES:
        import puzzlekit.gym

        env = puzzlekit.gym.make(name, **SIZES[name])
        steps, episodes = env_rate(name, seconds)
        baseline = engine_rate(name, seconds)
        shape = "x".join(map(str, env.adapter.observation_space.shape))
        print(
            f"{name:<9} obs {shape:<7} actions {env.adapter.action_count:>5}   "
            f"env {steps:9,.0f} steps/s {episodes:8,.1f} episodes/s   "
            f"engine alone {baseline:9,.0f} moves/s   env/engine {steps / baseline:5.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
