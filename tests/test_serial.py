"""One JSON form: every kind reads back, and every document fits the shipped schema."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import PUZZLES, Game, ParseError
from puzzlekit.serial import SCHEMA, Count, Hint, dumps, error_json, from_json, seconds, to_json

jsonschema = pytest.importorskip("jsonschema")
NAMES = list(PUZZLES)


def valid(document):
    jsonschema.validate(json.loads(dumps(document)), SCHEMA)
    return document


def test_the_schema_is_a_valid_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_kind_round_trips_and_fits_the_schema(name, seed):
    puzzle = PUZZLES[name]
    rng = random.Random(seed)
    start = puzzle.random_state(seed, puzzle.presets["small"])
    state = start
    for _ in range(rng.randrange(4)):
        moves = list(state.legal_moves())
        if not moves:
            break
        state = state.play(rng.choice(moves))
    assert from_json(valid(to_json(state))) == state
    result = puzzle.solve(start, node_limit=2000, **({"seed": 1} if puzzle.seeded else {}))
    document = valid(to_json(result))
    assert from_json(document) == result
    assert document["width"], document["height"] == puzzle.params_of(start).size
    game = Game(start)
    for move in result.moves[:3]:
        game.play(move)
    again = from_json(valid(to_json(game)))
    assert again.moves == game.moves and again.start == game.start
    hint = Hint(start, result.moves[0] if result.moves else None)
    assert from_json(valid(to_json(hint))) == hint
    count = Count(start, 3)
    assert from_json(valid(to_json(count))) == count


@pytest.mark.parametrize("name", NAMES)
def test_levels_round_trip(name):
    puzzle = PUZZLES[name]
    level = puzzle.generate(puzzle.grades[0], puzzle.presets["small"], seed=2)
    document = valid(to_json(level, seed=2))
    assert document["seed"] == 2 and from_json(document) == level


@pytest.mark.parametrize(
    "document",
    [
        [],
        {"kind": "state"},
        {"kind": "state", "puzzle": "no such puzzle", "text": ""},
        {"kind": "state", "puzzle": NAMES[0], "text": 3},
        {"kind": "level", "puzzle": NAMES[0], "grade": "easy", "start": "", "witness": "x"},
        {"kind": "teapot", "puzzle": NAMES[0]},
    ],
)
def test_malformed_documents_are_parse_errors(document):
    with pytest.raises(ParseError):
        from_json(document)


def test_errors_have_one_form():
    document = valid(error_json(ParseError("bad")))
    assert document == {"kind": "error", "error": "ParseError", "message": "bad", "exit": 2}


def test_durations_have_one_rounding():
    assert seconds(1.23456789) == 1.234568
    assert dumps({"kind": "count", "x": float("inf")}) == '{"kind": "count", "x": null}'
