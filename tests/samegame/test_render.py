"""SVG pictures parse as XML and show what the board holds."""

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given

from puzzlekit import ArgumentError, IllegalMoveError
from puzzlekit.samegame import COLOUR_CHARS, Board, Move
from puzzlekit.samegame.strategies import boards
from puzzlekit.svg import COLOUR_BLIND_PALETTE, Svg

SVG = "{http://www.w3.org/2000/svg}"


def _rects(svg, cls):
    return [e for e in ET.fromstring(svg).iter(f"{SVG}rect") if e.get("class") == cls]


@given(boards())
def test_svg_parses_with_one_square_per_block(board):
    svg = board.to_svg(cell_size=10)
    root = ET.fromstring(svg)
    assert root.get("width") == str(board.width * 10)
    assert root.get("height") == str(board.height * 10)
    blocks = _rects(svg, "block")
    assert len(blocks) == board.count
    fills = sorted(e.get("fill") for e in blocks)
    expected = sorted(
        COLOUR_BLIND_PALETTE[c % len(COLOUR_BLIND_PALETTE)]
        for row in board.rows for c in row if c is not None
    )
    assert fills == expected
    marks = sorted(e.text for e in root.iter("{http://www.w3.org/2000/svg}text"))
    assert marks == []  # cell size 10 is too small for a readable mark
    marked = ET.fromstring(board.to_svg(cell_size=24))
    marks = sorted(e.text for e in marked.iter("{http://www.w3.org/2000/svg}text"))
    assert marks == sorted(COLOUR_CHARS[c] for row in board.rows for c in row if c is not None)


def test_every_colour_has_its_own_fill_and_mark():
    colours = range(len(COLOUR_BLIND_PALETTE))
    board = Board.from_rows([list(colours)])
    root = ET.fromstring(board.to_svg(cell_size=24))
    fills = [e.get("fill") for e in root.iter("{http://www.w3.org/2000/svg}rect")
             if e.get("class") == "block"]
    assert len(set(fills)) == len(fills) == len(colours)


def test_pictures_of_huge_boards_are_refused_with_a_clear_error():
    board = Board.from_rows([[1] * 1000] * 300)
    with pytest.raises(ArgumentError, match="too large to draw"):
        board.to_svg()


def test_highlight_outlines_the_whole_group():
    board = Board.parse("1..\n12.\n221")
    svg = board.to_svg(highlight=(2, 1))
    assert len(_rects(svg, "highlight")) == 3
    assert board.to_svg() in board._repr_html_()
    assert board.to_svg(highlight="2,1") == board.to_svg(highlight=Move(1, 1)) == svg
    with pytest.raises(IllegalMoveError, match="cell 0,1 is empty"):
        board.to_svg(highlight=(0, 1))
    with pytest.raises(IllegalMoveError, match="off the board"):
        board.to_svg(highlight=(5, 1))


def test_svg_has_a_title_and_shows_in_notebooks():
    svg = Board.parse("12\n21").to_svg()
    assert isinstance(svg, Svg) and svg._repr_svg_() == svg
    assert ET.fromstring(svg).find(f"{SVG}title").text == (
        "SameGame board, 2 x 2, 4 blocks, game over")


@pytest.mark.parametrize(
    ("size", "error"),
    [(0, ArgumentError), (2.5, TypeError), (10**400, ArgumentError), (401, ArgumentError)],
)
def test_svg_checks_the_cell_size(size, error):
    with pytest.raises(error):
        Board.parse("1").to_svg(cell_size=size)
