"""The shared helpers: grid text, cells, limits, random sources, SVG, errors."""

import pickle
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

import puzzlekit
from puzzlekit.errors import IllegalMoveError, ParseError, PuzzleError, UnsolvableError
from puzzlekit.grid import (
    as_cell,
    check_characters,
    check_on_board,
    parse_cell,
    parse_grid,
    parse_token_grid,
)
from puzzlekit.limits import Budget, check_limit, make_rng
from puzzlekit.svg import Svg, SvgCanvas, check_cell_size


@pytest.mark.parametrize("error", [ParseError, IllegalMoveError, UnsolvableError])
def test_errors_are_puzzle_errors_and_value_errors(error):
    assert issubclass(error, PuzzleError)
    assert issubclass(error, ValueError)
    assert getattr(puzzlekit, error.__name__) is error


def test_errors_pickle_with_their_message():
    error = pickle.loads(pickle.dumps(ParseError("bad 'x' at row 1, column 2")))
    assert isinstance(error, ParseError)
    assert str(error) == "bad 'x' at row 1, column 2"


def test_version_is_a_release_string():
    assert puzzlekit.__version__.count(".") == 2


def test_parse_grid_strips_blank_lines_and_margins():
    assert parse_grid("\n  ab \n cd\n\n") == ("ab", "cd")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "has no rows"),
        ("ab\n\ncd", "empty line at row 1"),
        ("ab\nabc", "row 1 'abc' has 3 cells, expected 2"),
        ("a b\nabc", "white space at row 0, column 1"),
    ],
)
def test_parse_grid_rejects_with_position(text, message):
    with pytest.raises(ParseError, match=message):
        parse_grid(text)


def test_parse_grid_refuses_non_text():
    with pytest.raises(TypeError, match="must be a str"):
        parse_grid(b"ab")  # type: ignore[arg-type]


@given(st.lists(st.text(alphabet="ab.#", min_size=3, max_size=3), min_size=1, max_size=6))
def test_parse_grid_round_trips_rectangles(rows):
    assert parse_grid("\n".join(rows)) == tuple(rows)


@given(st.text())
def test_parse_grid_gives_rows_or_parse_error(text):
    try:
        rows = parse_grid(text)
    except ParseError:
        return
    assert len({len(row) for row in rows}) == 1


def test_token_grid_checks_row_lengths():
    assert parse_token_grid("1 2\n3 4") == (("1", "2"), ("3", "4"))
    with pytest.raises(ParseError, match="row 1 has 1 entries, expected 2"):
        parse_token_grid("1 2\n3")


def test_check_characters_names_the_position():
    check_characters(("..", "#."), ".#")
    with pytest.raises(ParseError, match="'x' at row 1, column 0"):
        check_characters(("..", "x."), ".#")


@pytest.mark.parametrize("text", ["1", "1,2,3", "a,b", "", ",", "1.5,2"])
def test_parse_cell_rejects_malformed(text):
    with pytest.raises(ParseError):
        parse_cell(text)


@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_parse_cell_round_trips(row, col):
    assert parse_cell(f"{row},{col}") == (row, col)


@pytest.mark.parametrize("value", [(1,), (1, 2, 3), (1.0, 2), (True, 1), "12", None, (1, "2")])
def test_as_cell_refuses_non_cells(value):
    with pytest.raises(TypeError):
        as_cell(value)


def test_budget_node_limit_and_time_limit():
    budget = Budget(node_limit=10)
    assert not any(budget.spend() for _ in range(10))
    assert budget.spend() and budget.exhausted and budget.nodes == 11
    assert Budget(time_limit=0).spend()
    assert Budget(time_limit=100).remaining is not None


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [({"node_limit": -1}, ValueError), ({"time_limit": "1"}, TypeError),
     ({"time_limit": float("nan")}, ValueError)],
)
def test_budget_refuses_bad_limits(kwargs, error):
    with pytest.raises(error):
        Budget(**kwargs)


@given(st.integers())
def test_make_rng_is_deterministic(seed):
    assert make_rng(seed).getrandbits(64) == make_rng(seed).getrandbits(64)


def test_svg_canvas_is_well_formed_xml_with_escaped_text():
    canvas = SvgCanvas(10, 10, background="white")
    canvas.polyline([(0, 0), (5.5, 5)], stroke="black", stroke_width=2)
    canvas.polygon([(0, 0), (1, 0), (1, 1)], fill="red", class_="piece")
    canvas.line(0, 0, 1, 1, stroke="blue")
    canvas.text(1, 1, '<&"quoted">')
    root = ET.fromstring(canvas.to_string())
    assert root.tag.endswith("svg")
    assert len(root) == 5
    assert root[1].get("stroke-width") == "2"
    assert root[2].get("class") == "piece"
    assert root[4].text == '<&"quoted">'


@pytest.mark.parametrize("text", ["²,1", "١,2", "1" * 5000 + ",1", "1,2\n3"])
def test_parse_cell_takes_only_short_ascii_numbers(text):
    with pytest.raises(ParseError, match="is not of the form ROW,COL"):
        parse_cell(text)


@given(st.text())
def test_parse_cell_gives_a_cell_or_parse_error(text):
    try:
        row, col = parse_cell(text)
    except ParseError:
        return
    assert row >= 0 and col >= 0


@pytest.mark.parametrize("value", [None, float("inf"), 1e308 * 10, 10**400])
def test_infinite_and_huge_limits_mean_no_limit(value):
    budget = Budget(node_limit=value if not isinstance(value, float) else None, time_limit=value)
    assert budget.time_limit is None and budget.remaining is None
    assert not any(budget.spend() for _ in range(1000))


@given(st.one_of(st.floats(max_value=-1e-300), st.just(float("nan")), st.integers(max_value=-1)))
def test_negative_and_nan_limits_are_argument_errors(value):
    with pytest.raises(puzzlekit.ArgumentError, match="time_limit"):
        Budget(time_limit=value)


@given(st.one_of(st.floats(allow_nan=False), st.integers()))
def test_check_limit_gives_none_or_a_non_negative_finite_number(value):
    try:
        limit = check_limit("time_limit", value)
    except puzzlekit.ArgumentError:
        assert value < 0
    else:
        assert limit is None or 0 <= limit < float("inf")


def test_a_progress_callback_sees_reports_and_can_stop_the_search():
    reports = []
    budget = Budget(node_limit=10**6, progress=lambda report: reports.append(report) or True)
    while not budget.spend():
        pass
    assert budget.stopped_by == "stop requested" and budget.nodes <= 256
    assert reports and reports[0].node_limit == 10**6
    error = budget.limit_reached("count")
    assert isinstance(error, puzzlekit.LimitReached) and isinstance(error, TimeoutError)
    assert not isinstance(error, ValueError) and "a request to stop" in str(error)


def test_limit_reached_names_what_stopped_it():
    budget = Budget(node_limit=2)
    while not budget.spend():
        pass
    assert budget.stopped_by == "node limit"
    assert "node limit after 3 nodes" in str(budget.limit_reached("tile"))
    budget = Budget()
    budget.interrupt()
    # Ctrl-C is no limit: what the caller raises is the KeyboardInterrupt again.
    assert budget.exhausted and type(budget.limit_reached("solve")) is KeyboardInterrupt


@given(st.integers(min_value=0, max_value=300_000), st.integers(min_value=0, max_value=300_000))
def test_parse_grid_blank_margins_cost_linear_time(before, after):
    assert parse_grid("\n" * before + "ab\ncd" + " \n" * after) == ("ab", "cd")


def test_parse_grid_with_a_million_blank_lines_is_quick():
    assert parse_grid("\n" * 10**6 + "1") == ("1",)


@given(st.tuples(st.integers(), st.integers()), st.integers(1, 50), st.integers(1, 50))
def test_check_on_board_accepts_exactly_the_cells_of_the_board(cell, height, width):
    row, col = cell
    if 0 <= row < height and 0 <= col < width:
        assert check_on_board(cell, height, width) == cell
    else:
        with pytest.raises(IllegalMoveError, match=r"is off the board \(\d+ rows, \d+ columns\)"):
            check_on_board(cell, height, width)


def test_svg_documents_display_themselves_and_have_a_title():
    picture = SvgCanvas(10, 10, title="a <board>").to_string()
    assert isinstance(picture, Svg) and picture._repr_svg_() == picture
    assert ET.fromstring(picture).find("{http://www.w3.org/2000/svg}title").text == "a <board>"


@pytest.mark.parametrize("size", [0, 3, 401, 10**400, -5])
def test_cell_size_out_of_range_is_an_argument_error(size):
    with pytest.raises(puzzlekit.ArgumentError, match="cell_size"):
        check_cell_size(size)


@pytest.mark.parametrize("size", [1.5, "24", True, None])
def test_cell_size_of_another_type_is_a_type_error(size):
    with pytest.raises(TypeError, match="cell_size"):
        check_cell_size(size)


def test_limit_reached_is_a_timeout_not_a_value_error():
    assert issubclass(puzzlekit.LimitReached, puzzlekit.PuzzleError)
    assert issubclass(puzzlekit.LimitReached, TimeoutError)
    assert not issubclass(puzzlekit.LimitReached, ValueError)
    assert issubclass(puzzlekit.ArgumentError, ValueError)


def test_importing_the_errors_does_not_import_the_engines():
    import subprocess
    import sys

    code = (
        "import sys, puzzlekit.errors; "
        "print(sorted(m for m in sys.modules if m.count('.') == 1 and m.startswith('puzzlekit.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = out.stdout
    for engine in puzzlekit.PUZZLES:
        assert f"puzzlekit.{engine}'" not in loaded
