"""The gymnasium environments of every registered puzzle: the checker passes, masks agree
with the engines' own legality test, and random masked rollouts score what the engines score.

Written once over the registry: sizes come from each puzzle's presets, and an environment
that fits a given state is made from that state's params.
"""

import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import puzzlekit.gym as pkgym  # noqa: E402
from puzzlekit import PUZZLES, ArgumentError  # noqa: E402
from puzzlekit.testing import strategies  # noqa: E402

NAMES = [name for name in PUZZLES if PUZZLES[name].gym is not None]


def make(name, **kwargs):
    """The environment of *name* at its ``small`` preset."""
    return pkgym.make(name, params=PUZZLES[name].presets["small"], **kwargs)


def episode_return(env, start, moves):
    """What an episode from *start* playing *moves* earns: the score, or 1 for solving."""
    puzzle = env.adapter.puzzle
    if env.adapter.rewards_score:
        return float(puzzle.score(start, moves))
    final = start
    for move in moves:
        final = final.play(move)
    return float(final.is_solved)


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
    env_id = pkgym.environments()[name]
    params = str(PUZZLES[name].presets["small"])
    env = gymnasium.make(env_id, render_mode=render_mode, params=params).unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures
        check_env(env)


def test_the_ids_are_registered_with_gymnasium():
    for name, env_id in pkgym.environments().items():
        assert gymnasium.spec(env_id).id == env_id
        made = gymnasium.make(env_id).unwrapped
        assert made.adapter.name == name and type(made.adapter) is pkgym.adapter_class(name)
        assert pkgym.make(name).adapter.name == name
    with pytest.raises(KeyError, match="no puzzle named 'chess'"):
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
        assert total == episode_return(env, env.start, env.moves)


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
    assert total == episode_return(env, result.start, result.moves)
    if not env.adapter.rewards_score:
        assert terminated == result.solved


def test_info_tells_of_the_state_asked_about_not_of_the_last_played():
    # play() hands info() whether the board it made is solved; another board is looked at.
    from puzzlekit.tromino import Board
    from puzzlekit.tromino.gym import TrominoAdapter

    adapter = TrominoAdapter("2x2 holes=1")
    start = Board.parse("#.\n..")
    after, reward = adapter.play(start, adapter.move(0))
    assert reward == 1.0 and adapter.info(after) == {"solved": True}
    assert adapter.info(start) == {"solved": False}
    assert adapter.info(Board.parse("#a\naa")) == {"solved": True}  # equal, not the same


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_action_changes_nothing(name):
    env = make(name)
    observation, info = env.reset(seed=5)
    state = env.state
    if info["action_mask"].all():
        pytest.skip("every action is legal at this start")
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"], info["move"]) == (
        0.0, False, False, True, None,
    )
    assert env.state == state and env.moves == ()
    assert (after == observation).all()
    assert info["steps"] == 1


@pytest.mark.parametrize("name", NAMES)
def test_max_steps_truncates_and_is_kept_apart_from_termination(name):
    env = make(name, max_steps=2)
    _, info = env.reset(seed=2)
    if info["action_mask"].all() or not info["action_mask"].any():
        pytest.skip("every action is legal (or none is) at this start")
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


@pytest.mark.parametrize("name", NAMES)
def test_bad_starts_actions_and_options_are_refused(name):
    env = make(name)
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    with pytest.raises(TypeError, match="or its text, not int"):
        env.reset(options={"start": 3})
    env.reset(seed=0)
    count = env.adapter.action_count
    with pytest.raises(ArgumentError, match=f"action must be from 0 to {count - 1}, not {count}"):
        env.step(count)
    with pytest.raises(TypeError, match="action must be an int, not bool"):
        env.step(True)
    with pytest.raises(ArgumentError, match="render_mode"):
        make(name, render_mode="human")
    with pytest.raises(ArgumentError, match="max_steps must be at least 1"):
        make(name, max_steps=0)
    with pytest.raises(TypeError, match="generator must be a function"):
        make(name, generator=3)
    with pytest.raises(TypeError, match="params must be"):
        pkgym.make(name, params=3.5)


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


@pytest.mark.parametrize("name", NAMES)
def test_environments_take_a_generator(name):
    puzzle = PUZZLES[name]
    start = puzzle.random_state(3, puzzle.presets["small"])
    env = make(name, generator=lambda seed: str(start))
    with pytest.raises(TypeError, match=f"the generator must return a {puzzle.state.__name__}"):
        env.reset(seed=0)
    env = make(name, generator=lambda seed: start)
    env.reset(seed=0)
    assert env.state == start


@pytest.mark.parametrize("name", NAMES)
def test_any_state_of_the_strategies_starts_an_episode_whose_mask_is_the_engines(name):
    puzzle = PUZZLES[name]

    @settings(max_examples=25)
    @given(state=strategies(name).states(), data=st.data())
    def check(state, data):
        try:
            env = pkgym.make(name, params=puzzle.params_of(state))
        except ArgumentError:
            return  # params too small for any move (a 1 x 1 board): no environment
        assert env.adapter.params == puzzle.params_of(state)
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
            assert info["move"] == str(env.adapter.move(action))
            assert info["solved"] == env.state.is_solved

    check()


@pytest.mark.parametrize("name", NAMES)
def test_graded_environments_start_from_levels_of_their_grade(name):
    puzzle = PUZZLES[name]
    grade = puzzle.grades[1]
    env = pkgym.make(name, grade=grade)  # the default preset reaches every grade
    env.reset(seed=3)
    start = env.unwrapped.start
    assert puzzle.grade(start) == grade
    env.reset(seed=3)
    assert env.unwrapped.start == start
    with pytest.raises(ArgumentError, match="no grade"):
        make(name, grade="impossible")
    with pytest.raises(ArgumentError, match="not both"):
        make(name, grade=grade, generator=puzzle.random_state)
