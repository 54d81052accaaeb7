"""What each puzzle's observation holds, and the rewards of SameGame's rules."""

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import puzzlekit.gym as pkgym  # noqa: E402
from puzzlekit import PUZZLES  # noqa: E402

seeds = st.integers(0, 2**31 - 2)


def make(name, **kwargs):
    return pkgym.make(name, params=PUZZLES[name].presets["small"], **kwargs)


@settings(max_examples=20)
@given(seed=seeds)
def test_samegame_observations_write_back_to_the_text_form(seed):
    env = make("samegame")
    observation, _ = env.reset(seed=seed)
    chars = np.array(list(".0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    text = "\n".join(line for line in str(env.state).splitlines() if ":" not in line)
    assert "\n".join("".join(row) for row in chars[observation]) == text


@settings(max_examples=20)
@given(seed=seeds)
def test_tromino_observations_mark_holes_free_and_covered_cells(seed):
    env = make("tromino")
    _, info = env.reset(seed=seed)
    env.step(env.action_space.sample(mask=info["action_mask"]))
    observation = env.adapter.observe(env.state)
    for row, line in enumerate(str(env.state).splitlines()):
        for col, char in enumerate(line):
            assert observation[row, col] == {".": 0, "#": 1}.get(char, 2)


@settings(max_examples=20)
@given(seed=seeds)
def test_linkpath_observations_are_the_kinds(seed):
    env = make("linkpath")
    observation, _ = env.reset(seed=seed)
    assert observation.tolist() == [list(row) for row in env.state.rows]


@settings(max_examples=20)
@given(seed=seeds)
def test_twist_observation_planes_hold_pieces_holes_and_pegs(seed):
    env = make("twist")
    observation, _ = env.reset(seed=seed)
    expected = np.zeros((3, 4, 8), dtype=np.int8)
    for placement in env.state.placements:
        for (row, col), hole in placement.loops:
            if placement.is_peg:
                expected[2, row, col] = "ijkl".index(placement.piece) + 1
            else:
                expected[0, row, col] = "abcdefgh".index(placement.piece) + 1
                expected[1, row, col] = hole
    assert observation.tolist() == expected.tolist()
    assert (observation[0] > 0).sum() == sum(len(p.cells) for p in env.state.pieces)


def test_samegame_rules_set_the_reward():
    env = pkgym.make("samegame", params="3x3 colours=2 rules=clickomania")
    env.reset(options={"start": "rules: clickomania\n112\n122\n222"})
    _, reward, terminated, _, _ = env.step(8)  # the six 2s
    assert (reward, terminated) == (6.0, False)


def samegame_mask(state):
    """Every cell of a playable group, from the board's groups."""
    mask = np.zeros((state.height, state.width), dtype=np.int8)
    for group in state.groups():
        if group.size >= state.rules.min_group:
            for cell in group.cells:
                mask[cell] = 1
    return mask.reshape(-1)


def tromino_mask(adapter, state):
    """1 for each action whose tromino ``can_place`` accepts."""
    return np.array([state.can_place(adapter.move(action))
                     for action in range(adapter.action_count)], dtype=np.int8)


@settings(max_examples=15, deadline=None)
@given(seed=seeds, preset=st.sampled_from(["small", "default"]))
def test_every_step_of_an_episode_observes_the_state_and_masks_its_moves(seed, preset):
    chars = ".0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for name in ("samegame", "tromino"):
        env = pkgym.make(name, params=PUZZLES[name].presets[preset])
        observation, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while True:
            state = env.state
            rows = [line for line in str(state).splitlines() if ":" not in line]
            if name == "samegame":
                expected = [[chars.index(char) for char in row] for row in rows]
                mask = samegame_mask(state)
            else:
                expected = [[{".": 0, "#": 1}.get(char, 2) for char in row] for row in rows]
                mask = tromino_mask(env.adapter, state)
            assert observation.dtype == np.int8 and observation.tolist() == expected
            assert info["action_mask"].dtype == np.int8
            assert info["action_mask"].tolist() == mask.tolist()
            if not mask.any():
                break
            action = int(rng.choice(np.flatnonzero(mask)))
            observation, _, terminated, _, info = env.step(action)
            assert terminated == (not info["action_mask"].any())
