"""Hostile input to the gym environments: rules without actions, sizes too big to serve,
generators that are not callables, sizes no start fits. Each is refused at construction
(or reset) with a clear error; what is accepted runs masked episodes without error."""

import time

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from puzzlekit import ArgumentError, linkpath  # noqa: E402
from puzzlekit.linkpath.gym import LinkpathEnv  # noqa: E402
from puzzlekit.samegame.gym import SameGameEnv  # noqa: E402
from puzzlekit.tromino.gym import TrominoEnv  # noqa: E402
from puzzlekit.twist.gym import TwistEnv  # noqa: E402


def test_slide_rules_are_refused_from_a_generator_and_from_a_start():
    # was: KeyError in the mask as soon as a slide was legal
    sliding = linkpath.Rules(slide=True)
    env = LinkpathEnv("6x4 kinds=6",
                      generator=lambda seed: linkpath.deal(4, 6, 6, seed=seed, rules=sliding))
    with pytest.raises(ArgumentError, match="sliding moves"):
        env.reset(seed=1)
    start = linkpath.deal(4, 6, 6, seed=1, rules=sliding)
    for given_start in (start, str(start)):
        with pytest.raises(ArgumentError, match="sliding moves"):
            LinkpathEnv("6x4 kinds=6").reset(options={"start": given_start})


RULES = st.builds(linkpath.Rules, outside=st.booleans(), max_turns=st.integers(0, 2),
                  gravity=st.sampled_from([None, "down"]), groups=st.booleans())


@settings(max_examples=30, deadline=None)
@given(rules=RULES, seed=st.integers(0, 1000))
def test_every_rule_the_environment_takes_has_an_action_for_every_legal_move(rules, seed):
    env = LinkpathEnv(linkpath.Params(6, 4, 6, rules),
                      generator=lambda s: linkpath.deal(4, 6, 6, seed=s, rules=rules))
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    terminated = False
    while not terminated:
        mask = info["action_mask"]
        assert mask.sum() == len(env.state.legal_moves())
        action = int(rng.choice(mask.nonzero()[0]))
        _, _, terminated, _, info = env.step(action)
        assert not info["illegal"]


@pytest.mark.parametrize(
    "make",
    [lambda: LinkpathEnv("200x200 kinds=8"),
     lambda: LinkpathEnv("20x19 kinds=8"),
     lambda: LinkpathEnv("2x1000000 kinds=1"),
     lambda: SameGameEnv("10x1000000"),
     lambda: SameGameEnv("300x300"),
     lambda: SameGameEnv(f"{2**64}x10"),
     lambda: TrominoEnv("200x200 holes=1"),
     lambda: TrominoEnv("4x4 holes=17")],
    ids=["linkpath-200", "linkpath-over-cap", "linkpath-tall", "samegame-tall",
         "samegame-over-cap", "samegame-2**64", "tromino-200", "tromino-holes"],
)
def test_sizes_an_environment_cannot_serve_are_refused_at_once(make):
    started = time.perf_counter()
    with pytest.raises(ValueError, match=r"actions|must be|at most|WIDTHxHEIGHT"):
        make()
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize("make", [LinkpathEnv, SameGameEnv, TrominoEnv, TwistEnv])
@pytest.mark.parametrize("generator", [3, "deal", [lambda seed: None]])
def test_a_generator_that_is_not_callable_is_refused(make, generator):
    with pytest.raises(TypeError, match="generator must be a function"):
        make(generator=generator)


@pytest.mark.parametrize(
    ("size", "message"),
    [("4x4 kinds=61", "kinds"),
     ("4x4 kinds=9", "kinds"),
     ("3x3 kinds=2", "odd number of cells")],
)
def test_linkpath_sizes_no_deal_fits_are_refused_at_construction(size, message):
    # was: accepted, then every reset failed
    with pytest.raises(ValueError, match=message):
        LinkpathEnv(size)


def test_the_largest_sizes_taken_serve_a_reset_and_a_step():
    for env in (LinkpathEnv("20x18 kinds=8"), SameGameEnv("256x256"),
                TrominoEnv("129x129 holes=0")):
        _, info = env.reset(seed=1)
        _, _, _, _, info = env.step(int(info["action_mask"].argmax()))
        assert not info["illegal"]
