"""Rules, presets and play_sequence, checked against hand-worked scores and the
published 60-move line on standard position 10."""

import json
import pickle
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlekit.errors import ArgumentError, IllegalMoveError, ParseError
from puzzlekit.samegame import (
    CLEAR_THE_BOARD,
    CLICKOMANIA,
    RULE_SETS,
    STANDARD,
    Board,
    Rules,
    load_standard_set,
    play_sequence,
)
from puzzlekit.samegame.strategies import games, rules

DATA = Path(__file__).parent / "data"


def test_standard_move_and_end_scores():
    assert [STANDARD.score_move(n) for n in range(2, 7)] == [0, 1, 4, 9, 16]
    assert STANDARD.score_end([]) == STANDARD.score_end([0, 0, 0]) == 1000
    assert STANDARD.score_end([0, 5, 1]) == 0


def test_clear_the_board_scores_n_minus_1_squared_without_bonus():
    assert [CLEAR_THE_BOARD.score_move(n) for n in range(2, 6)] == [1, 4, 9, 16]
    assert CLEAR_THE_BOARD.score_end([]) == 0


def test_clickomania_scores_the_blocks_removed():
    board = Board.parse("1122\n3344")
    final, score = play_sequence(board.with_rules(CLICKOMANIA), [(0, 0), (1, 0)])
    assert score == board.count - final.count == 4
    assert final == Board.parse("22..\n44..", rules=CLICKOMANIA)
    assert RULE_SETS["clickomania"] is CLICKOMANIA


def test_end_penalties():
    per_colour = Rules(end_penalty="per-colour")
    total = Rules(end_penalty="total")
    # colours with 1, 2, 3 and 6 blocks: only 3 and 6 pay, (3-2)^2 + (6-2)^2.
    assert per_colour.score_end([1, 2, 3, 6]) == -17
    # 12 blocks left in all: (12-2)^2.
    assert total.score_end([1, 2, 3, 6]) == -100
    assert total.score_end([1, 1]) == 0
    assert per_colour.score_end([]) == total.score_end([]) == 1000


def test_end_score_applies_only_when_the_game_is_over():
    total, per_colour = Rules(end_penalty="total"), Rules(end_penalty="per-colour")
    board = Board.parse("1.\n12\n13")  # the three 1s, then two lone blocks: over.
    assert play_sequence(board.with_rules(total), []) == (board.with_rules(total), 0)
    final, score = play_sequence(board.with_rules(per_colour), [(0, 0)])
    assert final == Board.parse("..\n2.\n3.", rules=per_colour)
    assert score == 1  # (3-2)^2; 1 block a colour: free
    checker = Board.parse("1.\n1.\n23\n32\n23")
    # Removing the 1s (0 points) leaves a 3x2 checkerboard of three 2s and three 3s: over.
    final, score = play_sequence(checker.with_rules(per_colour), [(0, 0)])
    assert final.rows == Board.parse("..\n..\n23\n32\n23").rows and score == -2  # -(1 + 1)
    assert play_sequence(checker.with_rules(total), [(1, 0)])[1] == -16  # -(6-2)^2
    assert play_sequence(checker, [(1, 0)])[1] == 0
    final, score = play_sequence(Board.parse("11\n22"), [(0, 0), (1, 0)])
    assert final.is_solved and score == 1000
    # A finished board scores its end score with no move at all.
    assert play_sequence(Board.parse("..\n.."), []) == (Board.parse("..\n.."), 1000)
    # min_group comes from the rules: with 3, two 1s left end the game.
    assert play_sequence(Board.parse("rules: min_group=3 end_penalty=total\n11"), [])[1] == 0


def test_play_sequence_names_the_illegal_move():
    lone = r"move 1 \(1,0\): cell \(1, 0\) holds a lone block of colour 2"
    with pytest.raises(IllegalMoveError, match=lone):
        play_sequence(Board.parse("11\n21"), [(1, 1), (1, 0)])
    with pytest.raises(IllegalMoveError, match=r"move 0 \(5,0\): cell \(5, 0\) is off"):
        play_sequence(Board.parse("11\n21"), ["5,0"])
    with pytest.raises(TypeError, match="must be a Board"):
        play_sequence("11", [])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"min_group": 0}, ArgumentError),
        ({"min_group": -5}, ArgumentError),
        ({"min_group": 2.5}, TypeError),
        ({"min_group": 2.0}, TypeError),
        ({"min_group": 10**9 + 1}, ArgumentError),
        ({"offset": True}, TypeError),
        ({"offset": 10**400}, ArgumentError),
        ({"squared": 1}, TypeError),
        ({"clear_bonus": "1000"}, TypeError),
        ({"end_penalty": "colours"}, ArgumentError),
    ],
)
def test_rules_check_their_fields(kwargs, error):
    with pytest.raises(error):
        Rules(**kwargs)


@given(rules())
def test_rules_text_round_trips(rule_set):
    assert Rules.parse(str(rule_set)) == rule_set
    board = Board.parse("12\n21").with_rules(rule_set)
    assert Board.parse(str(board)) == board
    assert str(board).startswith("rules: ") == (rule_set != STANDARD)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("min_group=1 min_group=2", "min_group is set twice"),
        ("colour=3", "unknown setting 'colour=3'"),
        ("min_group", "unknown setting 'min_group'"),
        ("min_group=0", "min_group must be a whole number from 1 to 1000000000"),
        ("offset=" + "9" * 5000, "offset must be a whole number"),
        ("offset=²", "offset must be a whole number"),
        ("squared=1", "squared must be yes or no"),
        ("end_penalty=all", "end_penalty must be none, per-colour or total"),
        ("standard clickomania", "unknown setting 'standard'"),
    ],
)
def test_rules_text_errors_say_what(text, message):
    with pytest.raises(ParseError, match=message):
        Rules.parse(text)


def test_board_rules_header():
    board = Board.parse("rules: clickomania\n11")
    assert board.rules == CLICKOMANIA and str(board).splitlines()[1] == "11"
    assert Board.parse("11", rules=CLICKOMANIA) == board
    assert Board.parse("rules: clickomania\n11", rules=CLICKOMANIA) == board
    with pytest.raises(ParseError, match="differ"):
        Board.parse("rules: clickomania\n11", rules=STANDARD)
    with pytest.raises(ParseError, match="second 'rules:' line"):
        Board.parse("rules: clickomania\nrules: standard\n11")


def test_rules_are_frozen_values_that_pickle_and_rebuild():
    for preset in RULE_SETS.values():
        assert pickle.loads(pickle.dumps(preset)) == preset
        assert eval(repr(preset)) == preset
    with pytest.raises(AttributeError):
        STANDARD.min_group = 3  # type: ignore[misc]


def test_position_10_line_scores_3215():
    line = json.loads((DATA / "position10_line.json").read_text())
    board = load_standard_set()[9]
    moves = []
    current = board
    for (col, row_from_bottom), size in zip(line["moves"], line["group_sizes"], strict=True):
        cell = (current.height - 1 - row_from_bottom, col)
        assert current.group_at(cell).size == size
        current = current.play(cell)
        moves.append(cell)
    final, score = play_sequence(board, moves)
    assert final.is_solved
    assert score == line["score_standard_rules"] == 3215
    assert score == sum((n - 2) ** 2 for n in line["group_sizes"]) + 1000


@given(games(max_rows=6, max_cols=6), rules())
def test_play_sequence_adds_the_move_scores_and_the_end_score(game, rule_set):
    board, line = game
    if rule_set.min_group != 2:  # the drawn line is legal under min_group 2 only
        rule_set = Rules(offset=rule_set.offset, squared=rule_set.squared,
                         clear_bonus=rule_set.clear_bonus, end_penalty=rule_set.end_penalty)
    board = board.with_rules(rule_set)
    final, score = play_sequence(board, line)
    expected = 0
    current = board
    for move in line:
        n = current.group_at(move).size
        expected += (n - rule_set.offset) ** 2 if rule_set.squared else n - rule_set.offset
        current = current.play(move)
    assert final == current
    if final.is_over:
        left = list(final.colour_counts().values())
        if not left:
            expected += rule_set.clear_bonus
        elif rule_set.end_penalty == "per-colour":
            expected -= sum((c - 2) ** 2 for c in left if c > 2)
        elif rule_set.end_penalty == "total" and sum(left) > 2:
            expected -= (sum(left) - 2) ** 2
    assert score == expected


@given(st.integers(1, 400))
def test_clickomania_total_is_blocks_removed(seed):
    from puzzlekit.samegame import random_board

    board = random_board(5, 5, 3, seed=seed, rules=CLICKOMANIA)
    line = []
    current = board
    while not current.is_over:
        moves = list(current.legal_moves())
        move = moves[seed % len(moves)]
        line.append(move)
        current = current.play(move)
    final, score = play_sequence(board, line)
    assert score == board.count - final.count
