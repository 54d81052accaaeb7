"""Every puzzle played in headless Chromium: to the end by clicks and drags, undo, a hint,
the record saved and loaded again, the high score shown.

Skipped when Chromium or Selenium is missing, except under CI (CI=... set): then it fails.
"""

from __future__ import annotations

import os
import time

import browser_player as browser
import pytest

from puzzlekit import PUZZLES
from puzzlekit.tromino.board import ORIENTATIONS
from puzzlekit.twist.pieces import loops
from puzzlekit.twist.render import geometry as twist_geometry
from puzzlekit.twist.state import Placement


def _missing() -> str | None:
    try:
        import selenium  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as error:
        return f"{error.name} is not installed"
    if not browser.available():
        return "Chromium and chromedriver are not installed"
    return None


if (why := _missing()) is not None:
    if os.environ.get("CI"):
        raise RuntimeError(f"the browser tests must run under CI: {why}")
    pytest.skip(why, allow_module_level=True)

from puzzlekit.play.server import running  # noqa: E402

# Small, quick levels: the grade and seed per puzzle.
LEVELS = {"twist": ("starter", 3), "tromino": ("easy", 1), "linkpath": ("easy", 1),
          "samegame": ("easy", 1)}


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    data = tmp_path_factory.mktemp("data")
    downloads = tmp_path_factory.mktemp("downloads")
    with running(data) as url:
        driver = browser.start_browser(str(downloads))
        try:
            driver.get(url)
            yield browser.Player(driver), downloads
        finally:
            browser.stop_browser(driver)


def press(player, key):
    """Press *key* on the board and wait for the status line to change."""
    status = player.view()["status"]
    player.driver.find_element("id", "board").send_keys(key)
    player.wait(lambda: player.view()["status"] != status, what=f"key {key}")


def play(player: browser.Player, name: str, move: str):
    """Make *move* (the hint's text) with the pointer and keys, as a player would."""
    if name == "samegame":
        cell = tuple(map(int, move.split(",")))
        return player.click_to_move(cell)
    if name == "linkpath":
        a, b = (tuple(map(int, part.split(","))) for part in move.split()[:2])
        player.click_cell(a)
        player.wait(lambda: "selected" in player.driver.find_element("id", "board").get_attribute(
            "innerHTML"), what="a selected tile")
        return player.click_to_move(b)
    if name == "tromino":
        anchor, orientation = move.split()
        row, col = map(int, anchor.split(","))
        wanted = ORIENTATIONS.index(orientation)
        while f"orientation {orientation}," not in player.view()["status"]:
            press(player, "r")
        corner = {0: (1, 1), 1: (1, 0), 2: (0, 1), 3: (0, 0)}[wanted]
        return player.click_to_move((row + corner[0], col + corner[1]))
    placement = Placement.parse(move)  # twist: take from the tray, turn, flip, drag
    player.driver.find_element("id", "board").send_keys(placement.piece)
    player.wait(lambda: player.view()["status"].startswith(f"holding {placement.piece}"))
    if placement.orientation >= 4:
        press(player, "x")
    while f"(orientation {placement.orientation})" not in player.view()["status"]:
        press(player, "r")
    assert f"(orientation {placement.orientation})" in player.view()["status"]
    shape = loops(placement.piece, placement.orientation)
    height = 1 + max(r for r, _, _ in shape)
    width = 1 + max(c for _, c, _ in shape)
    where = twist_geometry(cell_size=48)
    x, y = player.point(placement.row, placement.col, dx=width / 2, dy=height / 2,
                        cell=48, origin=where.origin)
    return player.drag(f'#board [data-tray="{placement.piece}"]', x, y)


@pytest.mark.parametrize("name", list(PUZZLES))
def test_play_a_level_to_the_end_undo_hint_save_load_and_score(page, name):
    player, downloads = page
    started = time.monotonic()
    grade, seed = LEVELS[name]
    view = player.new_game(name, grade, seed)
    assert view["puzzle"] == name and view["outcome"] is None
    first = player.hint()
    view = play(player, name, first)
    assert view["moves"] == 1, view["message"]
    view = player.button("undo", lambda v: v["undos"] == 1)
    assert view["moves"] == 0 and view["undos"] == 1
    while view["outcome"] is None:
        move = player.hint()
        assert move and view["outcome"] is None
        view = play(player, name, move)
        assert not view["message"], view["message"]
    assert view["won"], view["outcome"]
    assert player.driver.find_element("id", "outcome").text.startswith("Won!")
    player.driver.find_element("id", "save").click()
    record = player.wait(lambda: player.driver.execute_script("return window.puzzlekitSaved"))
    assert f"Puzzle: {name}" in record and "Undos: 1" in record
    saved = downloads / f"{name}-saved.txt"
    saved.write_text(record)
    before = player.view()
    player.driver.find_element("id", "load").send_keys(str(saved))
    loaded = player.wait(lambda: (v := player.view()) is not before and v != before and v,
                         what="the loaded record")
    assert loaded["moves"] == view["moves"] and loaded["outcome"] == view["outcome"]
    rows = player.wait(lambda: player.driver.find_elements("css selector", "#scores tbody tr"))
    assert len(rows) == 1 and grade in rows[0].text
    print(f"\n{name}: {view['moves']} moves by pointer in {time.monotonic() - started:.1f} s")


def test_a_bad_upload_gets_a_message(page, tmp_path):
    player, _ = page
    bad = tmp_path / "bad.txt"
    bad.write_text("Puzzle: chess\nStart:\nMoves:\n")
    player.driver.find_element("id", "load").send_keys(str(bad))
    message = player.wait(lambda: player.driver.find_element("id", "message").text)
    assert "could not load the record" in message and "chess" in message
