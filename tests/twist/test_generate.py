"""Generated challenges: one solution each, graded levels, deterministic seeds."""

import pytest

from puzzlekit import ArgumentError, LimitReached
from puzzlekit.twist import (
    EFFORT,
    LEVELS,
    State,
    challenges,
    count_solutions,
    effort,
    generate,
    level_of,
)


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_gives_a_unique_start_in_its_band(level):
    for seed in range(3):
        start = generate(level, seed=seed)
        assert start.is_valid() and not start.is_solved
        assert count_solutions(start) == 1
        low, high = EFFORT[level]
        spent = effort(start)
        assert low <= spent and (high is None or spent <= high)
        assert level_of(start) == level
        assert generate(level, seed=seed) == start


def test_levels_differ_in_search_effort():
    means = []
    for level in LEVELS:
        efforts = [effort(generate(level, seed=seed)) for seed in range(4)]
        means.append(sum(efforts) / len(efforts))
    assert means == sorted(means)
    assert means[-1] > 10 * means[0]


def test_harder_levels_give_fewer_pegs():
    def given(level):
        return sum(len(generate(level, seed=seed).placements) for seed in range(4))

    assert given("starter") > given("wizard")


def test_different_seeds_give_different_starts():
    assert len({str(generate("junior", seed=seed)) for seed in range(5)}) > 1


def test_bad_levels_and_seeds():
    with pytest.raises(ArgumentError, match="starter"):
        generate("easy")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        generate(1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        generate("junior", seed="1")  # type: ignore[arg-type]


def test_booklet_starts_grade_sensibly():
    assert level_of(State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0")) == "starter"


def test_the_bands_give_most_booklet_challenges_their_booklet_level():
    # was: 3 of 10 with the search before sub-problems were remembered (issue #18)
    booklet = [item for item in challenges() if item.name.startswith("booklet-")]
    assert len(booklet) == 10
    agree = [item.name for item in booklet if level_of(item.start) == item.level.lower()]
    assert len(agree) >= 8, agree


def test_limits_stop_generation():
    with pytest.raises(LimitReached, match="generate stopped by its node limit"):
        generate("wizard", seed=1, node_limit=20)
    with pytest.raises(LimitReached):
        generate("wizard", seed=1, time_limit=0)
    with pytest.raises(LimitReached, match="effort"):
        effort(State(), node_limit=10)
