"""Masks in vector environments, under both of gymnasium's autoreset modes, for
``SyncVectorEnv`` and ``AsyncVectorEnv``: what docs/gym.rst ("Vector environments") says.

Under ``SAME_STEP`` every row of ``info["action_mask"]`` is the mask of the position its
sub-environment is in now (the new episode's after a reset), so it always has a legal
action; under ``NEXT_STEP`` a row is all zeros exactly on the step after an episode ended,
and the documented recipe (any action for that row) plays on.
"""

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.vector import AutoresetMode  # noqa: E402

import puzzlekit.gym  # noqa: E402, F401  (registers the ids)

ENVS = 3
STEPS = 40
PARAMS = "4x4 holes=1"  # episodes of five moves: several end in STEPS steps


def make_vector(mode, autoreset_mode):
    return gymnasium.make_vec(
        "puzzlekit/Tromino-v0", num_envs=ENVS, vectorization_mode=mode, params=PARAMS,
        vector_kwargs={"autoreset_mode": autoreset_mode},
    )


def masks_now(envs):
    """Each sub-environment's own mask of the position it is in, asked of the environment."""
    return np.stack(envs.call("action_masks"))


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_same_step_masks_are_the_new_episodes_masks(mode):
    envs = make_vector(mode, AutoresetMode.SAME_STEP)
    try:
        _, info = envs.reset(seed=1)
        rng = np.random.default_rng(1)
        episodes = 0
        for _ in range(STEPS):
            masks = info["action_mask"]
            assert masks.any(axis=1).all()  # a random masked agent can always draw
            assert (masks == masks_now(envs)).all()
            actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
            _, _, terminated, truncated, info = envs.step(actions)
            ended = terminated | truncated
            episodes += int(ended.sum())
            for index in np.flatnonzero(ended):  # the episode that ended is in final_info
                assert info["final_info"]["action_mask"][index].sum() == 0
        assert episodes >= ENVS
    finally:
        envs.close()


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_next_step_masks_are_empty_once_and_the_documented_recipe_plays_on(mode):
    envs = make_vector(mode, AutoresetMode.NEXT_STEP)
    try:
        _, info = envs.reset(seed=2)
        rng = np.random.default_rng(2)
        ended = np.zeros(ENVS, dtype=bool)
        resets = 0
        for _ in range(STEPS):
            masks = info["action_mask"]
            assert (masks.any(axis=1) == ~ended).all()  # all zeros just after an end only
            actions = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0
                                for row in masks])
            _, _, terminated, truncated, info = envs.step(actions)
            assert (info["action_mask"][ended].any(axis=1)).all()  # reset: a new mask
            assert (info["steps"][ended] == 0).all()
            resets += int(ended.sum())
            ended = terminated | truncated
        assert resets >= ENVS
    finally:
        envs.close()
