"""Benchmark puzzlekit.gym: environment steps per second, per puzzle.

For each puzzle's environment (default sizes) it plays random legal actions
(``action_space.sample(mask=info["action_mask"])``), resetting at the end of
each episode, and reports steps per CPU-second three ways: the time in
``step`` alone, in ``step`` and ``reset`` (the environment's own cost; a reset
draws a new start), and with gymnasium's masked ``sample`` too (about 20 us a
call: the agent's cost). Beside it, the
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


def env_rate(name: str, seconds: float) -> tuple[float, float, float]:
    """Steps per CPU-second of random masked play in *name*'s environment: counting
    ``step`` alone, ``step`` and ``reset`` (the environment's whole cost), and with the
    agent's ``action_space.sample(mask=...)`` too."""
    import puzzlekit.gym

    env = puzzlekit.gym.make(name, **SIZES[name])
    steps = 0
    in_step = in_reset = 0.0
    clock = time.process_time
    _, info = env.reset(seed=0)
    started = clock()
    while clock() - started < seconds:
        action = env.action_space.sample(mask=info["action_mask"])
        before = clock()
        _, _, terminated, truncated, info = env.step(action)
        after = clock()
        in_step += after - before
        steps += 1
        if terminated or truncated:
            _, info = env.reset()
            in_reset += clock() - after
    elapsed = clock() - started
    return steps / in_step, steps / (in_step + in_reset), steps / elapsed


def engine_rate(name: str, seconds: float) -> float:
    """Moves per second of the engine alone, from the environment's own starts."""
    import puzzlekit.gym

    env = puzzlekit.gym.make(name, **SIZES[name])
    rng = random.Random(0)
    env.reset(seed=0)
    state = env.state
    moves = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        legal = list(state.legal_moves())
        if not legal:
            env.reset()
            state = env.state
            continue
        state = state.play(rng.choice(legal))
        moves += 1
    return moves / (time.process_time() - started)


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
        step_only, with_reset, with_sample = env_rate(name, seconds)
        baseline = engine_rate(name, seconds)
        shape = "x".join(map(str, env.adapter.observation_space.shape))
        print(
            f"{name:<9} obs {shape:<7} actions {env.adapter.action_count:>5}   steps/CPU-s: "
            f"step {step_only:8,.0f}  step+reset {with_reset:8,.0f}  "
            f"with sample() {with_sample:8,.0f}   engine alone {baseline:8,.0f} moves/s   "
            f"env/engine {with_reset / baseline:5.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
