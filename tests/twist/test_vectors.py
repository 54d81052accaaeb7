"""The official TwistGame test vectors and the shipped challenges."""

import json
from pathlib import Path

import pytest

from puzzlekit.twist import (
    State,
    challenges,
    count_solutions,
    find_solutions,
    is_placement_string_valid,
    is_placement_string_well_formed,
    is_placement_well_formed,
    solutions,
    viable_piece_placements,
)

DATA = Path(__file__).parent / "data"


def vectors(name):
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def mismatches(name, function):
    """The vectors of *name* where *function* disagrees: [(input, expected, got)]."""
    return [
        (case["input"], case["expected"], got)
        for case in vectors(name)
        if (got := function(case["input"])) != case["expected"]
    ]


def test_vector_files_are_not_empty():
    sizes = [
        len(vectors(name))
        for name in (
            "placement_well_formed",
            "placement_string_well_formed",
            "placement_string_valid",
            "viable_piece_placements",
            "solutions",
        )
    ]
    assert min(sizes) > 10


def test_placement_well_formed():
    assert mismatches("placement_well_formed", is_placement_well_formed) == []


def test_placement_string_well_formed():
    assert mismatches("placement_string_well_formed", is_placement_string_well_formed) == []


def test_placement_string_valid():
    assert mismatches("placement_string_valid", is_placement_string_valid) == []


def test_viable_piece_placements():
    def viable(text):
        found = viable_piece_placements(text)
        return None if found is None else sorted(found)

    assert mismatches("viable_piece_placements", viable) == []


def test_solutions():
    assert mismatches("solutions", solutions) == []


def shipped():
    cases = json.loads((DATA / "challenges.json").read_text(encoding="utf-8"))["challenges"]
    return [pytest.param(case["start"], case["solution"], id=case["id"]) for case in cases]


@pytest.mark.parametrize(("start", "solution"), shipped())
def test_each_challenge_has_exactly_its_stored_solution(start, solution):
    result = find_solutions(State.parse(start))
    assert result.complete
    assert result.solutions == (State.parse(solution),)
    pieces = solution[:32]
    assert solutions(start) == [pieces]


def test_package_data_holds_the_same_challenges():
    cases = json.loads((DATA / "challenges.json").read_text(encoding="utf-8"))["challenges"]
    assert [(str(c.start), str(c.solution)) for c in challenges()] == [
        (str(State.parse(case["start"])), str(State.parse(case["solution"]))) for case in cases
    ]


def test_challenge_one_starts_with_f3C4_and_solves_with_f3C2():
    start = challenges()[0].start
    assert start.piece("f") is not None and str(start.piece("f")) == "f3C4"
    assert str(challenges()[0].solution.piece("f")) == "f3C2"


def test_empty_board_has_5992_tilings():
    assert count_solutions(State()) == 5992
