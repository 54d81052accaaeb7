"""The gymnasium environments: the checker passes, masks agree with the engines'
own legality test, and random masked rollouts score what the engines score."""

import importlib
import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from hypothesis import assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import puzzlekit.gym as pkgym  # noqa: E402
from puzzlekit import PUZZLES, ArgumentError  # noqa: E402
from puzzlekit.gym.env import text_shape  # noqa: E402
from puzzlekit.samegame import CLICKOMANIA, play_sequence  # noqa: E402

SMALL = {
    "samegame": {"height": 5, "width": 6, "colours": 3},
    "tromino": {"height": 5, "width": 5, "holes": 1},
    "linkpath": {"height": 4, "width": 5, "kinds": 4},
    "twist": {},
}
"""Sizes small enough that every action can be checked against the engine at every step."""

NAMES = list(SMALL)


def make(name, **kwargs):
    return pkgym.make(name, **SMALL[name], **kwargs)


def rollout(env, seed, *, start=None):
    """One episode of uniformly random legal actions; its rewards and last step."""
    observation, info = env.reset(seed=seed, options=None if start is None else {"start": start})
    rewards, terminated, truncated = [], False, False
    while not (terminated or truncated):
        action = env.action_space.sample(mask=info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
    return rewards, observation, terminated, info


@pytest.mark.parametrize("render_mode", [None, "ansi", "rgb_array"])
@pytest.mark.parametrize("name", NAMES)
def test_every_environment_passes_the_gymnasium_checker(name, render_mode):
    env_id = pkgym.ENVIRONMENTS[name][0]
    env = gymnasium.make(env_id, render_mode=render_mode, **SMALL[name]).unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures
        check_env(env)


def test_the_ids_are_registered_with_gymnasium():
    for name, (env_id, cls) in pkgym.ENVIRONMENTS.items():
        assert gymnasium.spec(env_id).id == env_id
        assert type(gymnasium.make(env_id).unwrapped) is cls
        assert pkgym.make(name).adapter.name == name
    with pytest.raises(KeyError, match="no environment for 'chess'"):
        pkgym.make("chess")


@pytest.mark.parametrize("name", NAMES)
def test_random_masked_rollouts_replay_through_the_engine(name):
    env = make(name)
    adapter = env.adapter
    for seed in range(3):
        observation, info = env.reset(seed=seed)
        total, terminated, truncated = 0.0, False, False
        while True:
            state = env.state
            legal = state.legal_moves()
            # The mask is built from iterating the moves; `in` is the engine's own test.
            expected = [adapter.move(action) in legal for action in range(adapter.action_count)]
            assert info["action_mask"].tolist() == [int(flag) for flag in expected]
            assert env.action_masks().tolist() == info["action_mask"].tolist()
            assert terminated == state.is_over == (not legal)
            if terminated:
                break
            action = env.action_space.sample(mask=info["action_mask"])
            observation, reward, terminated, truncated, info = env.step(action)
            assert not truncated and not info["illegal"]
            assert info["move"] == str(adapter.move(int(action)))
            assert observation in env.observation_space
            total += reward
        replayed = env.start
        for move in env.moves:
            replayed = replayed.play(move)
        assert replayed == env.state
        assert info["solved"] == env.state.is_solved
        if name == "samegame":
            assert total == play_sequence(env.start, env.moves)[1]
        else:
            assert total == float(env.state.is_solved)


@pytest.mark.parametrize("name", NAMES)
def test_an_episode_that_follows_the_solver_earns_the_solved_reward(name):
    env = make(name)
    env.reset(seed=11)
    result = PUZZLES[name].solve(env.state)
    total = 0.0
    for move in result.moves:
        _, reward, terminated, _, _ = env.step(env.adapter.index(move))
        total += reward
    assert env.state == result.final
    if name == "samegame":
        assert total == result.score
    else:
        assert total == float(result.solved)
        assert terminated == result.solved


@settings(max_examples=20)
@given(seed=st.integers(0, 2**31 - 2))
def test_samegame_observations_write_back_to_the_text_form(seed):
    env = make("samegame")
    observation, _ = env.reset(seed=seed)
    chars = np.array(list(".0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    assert "\n".join("".join(row) for row in chars[observation]) == str(env.state)


@settings(max_examples=20)
@given(seed=st.integers(0, 2**31 - 2))
def test_tromino_observations_mark_holes_free_and_covered_cells(seed):
    env = make("tromino")
    _, info = env.reset(seed=seed)
    env.step(env.action_space.sample(mask=info["action_mask"]))
    observation = env.adapter.observe(env.state)
    for row, line in enumerate(str(env.state).splitlines()):
        for col, char in enumerate(line):
            assert observation[row, col] == {".": 0, "#": 1}.get(char, 2)


@settings(max_examples=20)
@given(seed=st.integers(0, 2**31 - 2))
def test_linkpath_observations_are_the_kinds(seed):
    env = make("linkpath")
    observation, _ = env.reset(seed=seed)
    assert observation.tolist() == [list(row) for row in env.state.rows]


@settings(max_examples=20)
@given(seed=st.integers(0, 2**31 - 2))
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


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_action_changes_nothing(name):
    env = make(name)
    observation, info = env.reset(seed=5)
    state = env.state
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"], info["move"]) == (
        0.0, False, False, True, None,
    )
    assert env.state == state and env.moves == ()
    assert (after == observation).all()
    assert info["steps"] == 1


@pytest.mark.parametrize("name", ["samegame", "tromino", "linkpath"])
def test_max_steps_truncates_and_is_kept_apart_from_termination(name):
    env = make(name, max_steps=2)
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, _, terminated, truncated, info = env.step(illegal)  # illegal steps count too
    assert not terminated and not truncated
    _, _, terminated, truncated, _ = env.step(env.action_space.sample(mask=info["action_mask"]))
    assert truncated and not terminated


@pytest.mark.parametrize("name", NAMES)
def test_reset_is_seeded_and_takes_a_start(name):
    env = make(name)
    first, _ = env.reset(seed=9)
    start = env.state
    again, _ = env.reset(seed=9)
    assert (first == again).all() and env.state == start
    from_text, _ = env.reset(options={"start": str(start)})
    assert env.state == start and (from_text == first).all()
    env.reset(options={"start": start})
    assert env.start == start and env.moves == ()


def test_bad_starts_actions_and_options_are_refused():
    env = make("samegame")
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    with pytest.raises(ArgumentError, match="the start has 2 rows and 2 columns"):
        env.reset(options={"start": "11\n22"})
    with pytest.raises(TypeError, match="must be a Board or its text, not int"):
        env.reset(options={"start": 3})
    env.reset(seed=0)
    with pytest.raises(ArgumentError, match="action must be from 0 to 29, not 30"):
        env.step(30)
    with pytest.raises(TypeError, match="action must be an int, not bool"):
        env.step(True)
    with pytest.raises(ArgumentError, match="render_mode"):
        make("samegame", render_mode="human")
    with pytest.raises(ArgumentError, match="max_steps must be at least 1"):
        make("samegame", max_steps=0)
    with pytest.raises(TypeError, match="rules must be a samegame Rules or None, not str"):
        pkgym.SameGameEnv(rules="standard")
    with pytest.raises(ArgumentError, match="not a multiple of 3"):
        pkgym.TrominoEnv(height=4, width=4, holes=0)


@pytest.mark.parametrize("name", NAMES)
def test_renders_are_the_text_form_and_a_small_image(name):
    env = make(name, render_mode="ansi")
    env.reset(seed=4)
    assert env.render() == f"{env.state}\n"
    env = make(name, render_mode="rgb_array")
    _, info = env.reset(seed=4)
    before = env.render()
    size = env.adapter.cell_pixels
    rows, cols = env.observation_space.shape[-2:]
    assert before.shape == (rows * size, cols * size, 3) and before.dtype == np.uint8
    env.step(env.action_space.sample(mask=info["action_mask"]))
    assert (env.render() != before).any()


def test_samegame_rules_set_the_reward():
    env = pkgym.SameGameEnv(height=3, width=3, colours=2, rules=CLICKOMANIA)
    env.reset(options={"start": "112\n122\n222"})
    _, reward, terminated, _, _ = env.step(8)  # the six 2s
    assert (reward, terminated) == (6.0, False)
    assert env.state.rules == CLICKOMANIA


def test_environments_take_a_generator():
    env = pkgym.LinkpathEnv(height=2, width=2, kinds=1, generator=lambda seed: "aa\naa")
    with pytest.raises(TypeError, match="the generator must return a Board, not str"):
        env.reset(seed=0)
    board = PUZZLES["linkpath"].state.parse("ab\nab")
    env = pkgym.LinkpathEnv(height=2, width=2, kinds=2, generator=lambda seed: board)
    env.reset(seed=0)
    assert env.state == board


def env_for(name, state):
    """An environment whose spaces fit *state*."""
    if name == "twist":
        return pkgym.TwistEnv()
    if name == "linkpath":
        return pkgym.LinkpathEnv(height=state.height, width=state.width, kinds=1)
    height, width = text_shape(str(state))
    if name == "tromino":
        return pkgym.TrominoEnv(height=height, width=width, holes=height * width % 3)
    return pkgym.SameGameEnv(height=height, width=width)


@pytest.mark.parametrize("name", NAMES)
def test_any_state_of_the_strategies_starts_an_episode_whose_mask_is_the_engines(name):
    states = importlib.import_module(PUZZLES[name].strategies).states()

    @settings(max_examples=25)
    @given(state=states, data=st.data())
    def check(state, data):
        if name == "tromino":
            assume(min(text_shape(str(state))) >= 2)  # a tromino needs a 2x2 block
        if name == "linkpath":
            assume(state.height * state.width >= 2)  # a pair needs two cells
        env = env_for(name, state)
        observation, info = env.reset(options={"start": state})
        assert observation in env.observation_space
        legal = state.legal_moves()
        mask = [int(env.adapter.move(a) in legal) for a in range(env.adapter.action_count)]
        assert info["action_mask"].tolist() == mask
        assert state.is_over == (not any(mask))
        if any(mask):
            action = data.draw(st.sampled_from([a for a, on in enumerate(mask) if on]))
            observation, _, _, _, info = env.step(action)
            assert env.state == state.play(env.adapter.move(action))
            assert observation in env.observation_space

    check()


@pytest.mark.parametrize("name", NAMES)
def test_graded_environments_start_from_levels_of_their_grade(name):
    puzzle = PUZZLES[name]
    grade = puzzle.grades[1]
    size = {**SMALL[name], "holes": 4} if name == "tromino" else SMALL[name]
    env = pkgym.make(name, grade=grade, **size)  # (one hole leaves no medium tromino board)
    env.reset(seed=3)
    start = env.unwrapped.start
    assert puzzle.grade(start) == grade
    env.reset(seed=3)
    assert env.unwrapped.start == start
    with pytest.raises(ArgumentError, match="no grade"):
        make(name, grade="impossible")
    with pytest.raises(ArgumentError, match="not both"):
        make(name, grade=grade, generator=puzzle.random_state)
