"""The front-end hooks of the pictures: addressable elements, geometry, motions, twist turns."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlekit import PUZZLES, IllegalMoveError, linkpath, samegame, tromino
from puzzlekit.linkpath import render as linkpath_render
from puzzlekit.samegame import render as samegame_render
from puzzlekit.svg import GridGeometry
from puzzlekit.testing import linkpath as linkpath_st
from puzzlekit.testing import samegame as samegame_st
from puzzlekit.tromino import render as tromino_render
from puzzlekit.twist import Placement, State
from puzzlekit.twist import render as twist_render
from puzzlekit.twist.pieces import ORIENTATIONS, PIECES, flipped, loops, next_orientation, rotated

SVG = "{http://www.w3.org/2000/svg}"


def _normal(cells):
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return sorted((r - top, c - left) for r, c in cells)


def _shape(piece, orientation):
    return _normal([(r, c) for r, c, _ in loops(piece, orientation)])


@pytest.mark.parametrize("piece", PIECES)
@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_rotate_and_flip_turn_and_mirror_the_loops(piece, orientation):
    cells = [(r, c, hole) for r, c, hole in loops(piece, orientation)]
    turned = _normal([(c, -r) for r, c, _ in cells])  # a clockwise quarter: (r, c) -> (c, -r)
    assert _shape(piece, rotated(orientation)) == turned
    mirrored = _normal([(-r, c) for r, c, _ in cells])
    assert _shape(piece, flipped(orientation)) == mirrored
    assert rotated(rotated(orientation), -1) == orientation
    following = next_orientation(piece, orientation)
    assert _shape(piece, following) != _shape(piece, orientation) or loops(
        piece, following) != loops(piece, orientation)


@given(st.floats(allow_nan=True, allow_infinity=True), st.floats(allow_nan=True),
       st.integers(1, 6), st.integers(1, 6), st.integers(4, 50))
def test_geometry_maps_points_to_cells_and_centres_back(x, y, height, width, size):
    geometry = GridGeometry((size, size / 2), size, height, width)
    cell = geometry.cell_at(x, y)
    if cell is not None:
        cx, cy = geometry.centre(cell)
        assert abs(cx - x) <= size / 2 and abs(cy - y) <= size / 2
    for every in geometry.cells():
        assert geometry.cell_at(*geometry.centre(every)) == every


def _elements(svg):
    return list(ET.fromstring(svg).iter())


def _cells_of(svg, tag):
    found = {}
    for element in _elements(svg):
        if element.tag == SVG + tag and "data-cell" in element.attrib:
            row, col = map(int, element.attrib["data-cell"].split(","))
            found[row, col] = element
    return found


@settings(max_examples=40)
@given(samegame_st.states())
def test_every_samegame_block_is_addressable_where_the_geometry_says(board):
    svg = board.to_svg(cell_size=20)
    blocks = _cells_of(svg, "rect")
    geometry = samegame_render.geometry(board, cell_size=20)
    assert set(blocks) == {(r, c) for r, row in enumerate(board.rows)
                           for c, colour in enumerate(row) if colour is not None}
    for cell, element in blocks.items():
        x = float(element.attrib["x"]) + float(element.attrib["width"]) / 2
        y = float(element.attrib["y"]) + float(element.attrib["height"]) / 2
        assert geometry.cell_at(x, y) == cell
        assert int(element.attrib["data-colour"]) == board.rows[cell[0]][cell[1]]


@settings(max_examples=40)
@given(linkpath_st.states())
def test_every_link_tile_is_addressable_where_the_geometry_says(board):
    svg = board.to_svg(cell_size=20)
    tiles = _cells_of(svg, "rect")
    geometry = linkpath_render.geometry(board, cell_size=20)
    assert set(tiles) == set(board.tiles)
    for cell, element in tiles.items():
        x = float(element.attrib["x"]) + float(element.attrib["width"]) / 2
        y = float(element.attrib["y"]) + float(element.attrib["height"]) / 2
        assert geometry.cell_at(x, y) == cell == board.tile_at_point(x, y, 20, origin=(20, 20))


def test_tromino_cells_and_pieces_are_addressable():
    board = tromino.Board.square(4, (0, 0)).play("1,1 nw")
    svg = board.to_svg(cell_size=10)
    cells = _cells_of(svg, "rect")
    assert set(cells) == set(board.free_cells) | {(1, 2), (2, 1), (2, 2)}
    moves = [e.attrib["data-move"] for e in _elements(svg) if "data-move" in e.attrib]
    assert moves == ["1,1 nw"]
    geometry = tromino_render.geometry(board, cell_size=10)
    assert geometry.cell_at(*geometry.centre((3, 2))) == (3, 2)


def test_twist_wells_and_ghosts():
    state = State.parse("e1A0k2A0")
    svg = twist_render.svg(state, cell_size=20, ghost=Placement.parse("h6D0"))
    wells = [e for e in _elements(svg) if e.attrib.get("class") == "well"]
    geometry = twist_render.geometry(cell_size=20)
    assert len(wells) == 32
    for well in wells:
        cell = tuple(map(int, well.attrib["data-cell"].split(",")))
        assert geometry.cell_at(float(well.attrib["cx"]), float(well.attrib["cy"])) == cell
    assert svg.count("ghost legal") == 3 and "ghost illegal" not in svg


def _apply(rows, motions, empty):
    """The board a move leaves, built from the motions alone."""
    after = [[empty] * len(rows[0]) for _ in rows]
    moved = {m.start: m.to for m in motions}
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value == empty:
                continue
            to = moved.get((r, c), (r, c))
            if to is not None:
                assert after[to[0]][to[1]] == empty, "two things moved to one cell"
                after[to[0]][to[1]] = value
    return [tuple(row) for row in after]


@settings(max_examples=60)
@given(st.data())
def test_samegame_motions_rebuild_the_board_a_move_leaves(data):
    board = data.draw(samegame_st.states())
    if board.is_over:
        return
    move = data.draw(samegame_st.moves(board))
    motions = samegame_render.motions(board, move)
    assert _apply(board.rows, motions, None) == list(board.play(move).rows)
    assert sum(m.removed for m in motions) == board.group_at(move).size


@settings(max_examples=60)
@given(st.data())
def test_linkpath_motions_rebuild_the_board_a_move_leaves(data):
    board = data.draw(linkpath_st.boards(rules=linkpath_st.rules(slide=data.draw(st.booleans()))))
    if not board.legal_moves():
        return
    move = data.draw(linkpath_st.moves(board))
    motions = linkpath_render.motions(board, move)
    assert _apply(board.rows, motions, 0) == list(board.play(move).rows)
    assert sum(m.removed for m in motions) == 2


def test_motions_refuse_illegal_moves():
    with pytest.raises(IllegalMoveError, match="lone block"):
        samegame_render.motions(samegame.Board.parse("12"), "0,0")
    with pytest.raises(ValueError, match="different kinds"):
        linkpath_render.motions(linkpath.Board.parse("ab\nba"), "0,0 0,1")


def test_every_registered_picture_parses_as_xml():
    for name in PUZZLES:
        svg = PUZZLES[name].random_state(1).to_svg()
        assert re.match(r"<svg", svg) and ET.fromstring(svg) is not None
