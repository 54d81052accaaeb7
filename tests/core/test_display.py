"""The Jupyter display of states, results, levels and games (puzzlekit.display)."""

import random
import xml.etree.ElementTree as ET
from html import escape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import PUZZLES, Game, SearchResult, samegame, tromino
from puzzlekit.display import MAX_DISPLAY_SIZE, MAX_TEXT_SIZE, Displayed, caption, html
from puzzlekit.svg import Svg
from puzzlekit.testing import strategies as strategies_of

SVG = "{http://www.w3.org/2000/svg}"


class Printer:
    """IPython's pretty printer, as far as the hooks use it."""

    def __init__(self):
        self.parts = []

    def text(self, text):
        self.parts.append(text)


def pretty(thing):
    printer = Printer()
    thing._repr_pretty_(printer, False)
    return "".join(printer.parts)


def display_size(thing):
    return len(thing._repr_html_()) + len(pretty(thing))


def random_samegame(side, seed=1):
    rng = random.Random(seed)
    return samegame.Board.from_rows([[rng.randrange(5) for _ in range(side)]
                                     for _ in range(side)])


@pytest.fixture(scope="module")
def big_tiling():
    return tromino.tile(tromino.Board.square(512, hole=(3, 5)))


def big_things(tiling):
    start = tromino.Board.square(512, hole=(3, 5))
    solved = tiling.to_board()
    game = Game(start)
    for move in tiling.trominoes[:5]:
        game.play(move)
    board = random_samegame(300)
    return [
        tiling, solved, game, SearchResult(start, tuple(tiling.trominoes), solved, True),
        board, samegame.solve(board, node_limit=5), Game(board),
    ]


def test_big_boards_display_a_bounded_summary_and_never_raise(big_tiling):
    for thing in big_things(big_tiling):
        page, text = thing._repr_html_(), pretty(thing)
        assert len(page) + len(text) <= MAX_DISPLAY_SIZE
        assert "(no picture:" in page and "too large to draw" in page
        assert escape(caption(thing)) in page
        assert len(text) <= MAX_TEXT_SIZE and caption(thing) in text


def test_every_form_ipython_keeps_is_under_the_cap(big_tiling):
    formatters = pytest.importorskip("IPython.core.formatters")
    formatter = formatters.DisplayFormatter()
    for thing in [*big_things(big_tiling), random_samegame(40), random_samegame(80)]:
        data, _ = formatter.format(thing)
        assert "text/html" in data
        assert sum(len(form) for form in data.values()) <= MAX_DISPLAY_SIZE


def test_a_picture_over_the_budget_is_left_out_after_drawing():
    board = random_samegame(80)  # few enough cells to try, too many for the budget
    assert len(board.to_svg()) > MAX_DISPLAY_SIZE
    page = board._repr_html_()
    assert "its picture of" in page and "<svg" not in page
    assert display_size(board) <= MAX_DISPLAY_SIZE


def test_a_board_within_the_budget_shows_its_picture():
    board = random_samegame(40)
    assert board.to_svg() in board._repr_html_()
    assert pretty(board) == repr(board)


def test_a_cleared_samegame_board_draws_its_grid_and_caption():
    board = samegame.Board.parse("1122\n1212\n2211")
    result = samegame.solve(board)
    assert result.final.is_solved and result.final.count == 0
    root = ET.fromstring(result.final.to_svg())
    lines = root.findall(f"{SVG}line")
    assert len(lines) == (board.height + 1) + (board.width + 1)
    assert {line.get("stroke") for line in lines} == {samegame.render.GRID}
    assert samegame.render.GRID != samegame.render.BACKGROUND
    assert escape(caption(result.final)) in result.final._repr_html_()
    assert caption(result.final).startswith("SameGame, 4x3")
    assert caption(result.final).endswith(": solved")


def test_a_cleared_link_board_draws_its_grid():
    from puzzlekit import linkpath

    board = linkpath.Board.parse("a.a\nb.b")
    cleared = linkpath.solve(board).final
    assert cleared.is_solved
    root = ET.fromstring(cleared.to_svg())
    assert len(root.findall(f"{SVG}line")) == (2 + 1) + (3 + 1)


def test_a_result_shows_start_and_final_and_a_game_its_position():
    puzzle = PUZZLES["tromino"]
    start = puzzle.random_state(1, puzzle.presets["small"])
    result = puzzle.solve(start)
    page = result._repr_html_()
    assert start.to_svg() in page and result.final.to_svg() in page
    assert f"solved in {len(result.moves)} moves" in page
    game = Game(start)
    game.play(game.hint())
    page = game._repr_html_()
    assert game.position.to_svg() in page and "after 1 move<" in page
    assert "1 move played, in play" in page
    level = puzzle.generate("easy", seed=2)
    assert "level graded easy" in level._repr_html_()


def test_a_game_caption_says_score_and_outcome():
    game = Game(samegame.Board.parse("1122\n1212\n2211"))
    while not game.is_over:
        game.play(game.hint())
    assert caption(game) == f"SameGame, 4x3: 3 moves played, score {game.score:,}, solved"


class Broken(Displayed):
    """A drawable thing whose picture fails: the display says so instead of raising."""

    size = (2, 2)
    caption = "a broken picture"

    def to_svg(self):
        raise RuntimeError("no ink")


def test_a_display_hook_never_raises():
    page = Broken()._repr_html_()
    assert "(no picture: RuntimeError: no ink)" in page


def test_a_large_svg_string_is_not_put_in_a_notebook():
    picture = Svg("<svg>" + " " * MAX_DISPLAY_SIZE + "</svg>")
    assert picture._repr_svg_() is None
    assert pretty(picture) == f"<SVG picture of {len(picture):,} characters>"


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(sorted(name for name in PUZZLES if name != "lightsout")), st.data())
def test_every_state_shows_its_picture_and_caption(name, data):
    state = data.draw(strategies_of(name).states())
    page = html(state)
    assert str(state.to_svg()) in page
    assert escape(caption(state)) in page
    assert PUZZLES[name].title in caption(state)
    assert display_size(state) <= MAX_DISPLAY_SIZE
    assert pretty(state) == repr(state)
