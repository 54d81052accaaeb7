"""Headless Chromium driven by Selenium, and a player that makes moves by clicks and drags.

Shared by the browser tests and docs/_static/play/take_screenshots.py.

Every wait is tied to a view change: the page counts the answers it has shown
(``window.puzzlekitPage.shown``), the one whose board is drawn (``drawn``) and
the requests still queued (``pending``); :meth:`Player.settle` waits until an
answer newer than the one before the action is shown and drawn, nothing is
pending, and the view passes a test. Points are computed from the board as it
is when the pointer moves, so no element can go stale in between.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")

_PAGE = """const p = window.puzzlekitPage;
return p ? {view: p.view, shown: p.shown, drawn: p.drawn, pending: p.pending} : null;"""

_CENTRE = """const e = document.querySelector(arguments[0]);
if (!e) return null;
const r = e.getBoundingClientRect();
return [r.left + r.width / 2, r.top + r.height / 2];"""


def available() -> bool:
    return all(os.path.exists(path) for path in (CHROMIUM, CHROMEDRIVER))


def start_browser(download_dir: str, *, size: tuple[int, int] = (1200, 900)):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={size[0]},{size[1]}")
    profile = tempfile.mkdtemp(prefix="puzzlekit-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    options.add_experimental_option("prefs", {"download.default_directory": download_dir})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.profile_dir = profile
    return driver


def stop_browser(driver) -> None:
    driver.quit()
    shutil.rmtree(driver.profile_dir, ignore_errors=True)


class Player:
    """Plays the page as a person would: clicks, drags, the wheel and keys."""

    def __init__(self, driver):
        self.driver = driver

    def page(self):
        return self.driver.execute_script(_PAGE)

    def view(self):
        page = self.page()
        return page and page["view"]

    def wait(self, test, timeout=30.0, what="the page"):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = test()
            if value:
                return value
            time.sleep(0.02)
        message = self.driver.find_element("id", "message").text
        raise AssertionError(f"timed out waiting for {what} (the page says {message!r})")

    def shown(self) -> int:
        page = self.page()
        return page["shown"] if page else 0

    def settle(self, after, until=lambda view: True, what="the view", timeout=30.0):
        """The view once an answer after the *after*-th is shown and drawn, no request is
        pending, and *until(view)* holds."""
        def done():
            page = self.page()
            if not page or page["shown"] <= after or page["pending"] or (
                    page["drawn"] != page["shown"]):
                return None
            return page["view"] if until(page["view"]) else None
        return self.wait(done, timeout, what)

    def new_game(self, puzzle, grade, seed, *, size="", shipped=None):
        from selenium.webdriver.support.ui import Select

        d = self.driver
        self.wait(lambda: d.execute_script("return document.body.dataset.ready === 'yes'"))
        Select(d.find_element("id", "puzzle")).select_by_value(puzzle)
        Select(d.find_element("id", "grade")).select_by_value(grade)
        presets = d.execute_script("return [...document.getElementById('size').options]"
                                   ".map((option) => option.value)")
        if size in presets:  # a preset is chosen from the list, a params text typed
            Select(d.find_element("id", "size")).select_by_value(size)
            size = ""
        for box, value in (("params", size), ("seed", seed), ("shipped", shipped)):
            element = d.find_element("id", box)
            if element.is_displayed():
                element.clear()
                if value not in (None, ""):
                    element.send_keys(str(value))
        after = self.shown()
        d.find_element("id", "start").click()
        return self.settle(after, lambda v: v["puzzle"] == puzzle, "a new level", 60)

    def button(self, css, until, what=None):
        after = self.shown()
        self.driver.find_element("css selector", css).click()
        return self.settle(after, until, what or css)

    def hint(self):
        view = self.button("#hint", lambda v: v["hint"] or v["message"], "a hint")
        assert view["hint"], view["message"]
        return view["hint"]

    def point(self, row, col, *, dx=0.5, dy=0.5, cell=None, origin=None):
        """The page point of picture point origin + (col + dx, row + dy) * cell."""
        return self.driver.execute_script("""
            const svg = document.querySelector('#board svg');
            const p = svg.createSVGPoint();
            p.x = arguments[0]; p.y = arguments[1];
            const s = p.matrixTransform(svg.getScreenCTM());
            return [s.x, s.y];""", origin[0] + (col + dx) * cell, origin[1] + (row + dy) * cell)

    def centre(self, css):
        """The page point at the middle of the element *css* as the board is now."""
        point = self.driver.execute_script(_CENTRE, css)
        assert point is not None, f"no element {css} on the page"
        return point

    def _pointer(self):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        return ActionBuilder(self.driver, duration=20)

    def click_at(self, x, y, until, what="a click"):
        after = self.shown()
        builder = self._pointer()
        builder.pointer_action.move_to_location(int(x), int(y))
        builder.pointer_action.click()
        builder.perform()
        return self.settle(after, until, what)

    def click_cell(self, cell, until, what="a click"):
        return self.click_at(*self.centre(f'#board [data-cell="{cell[0]},{cell[1]}"]'),
                             until, what)

    def click_to_move(self, cell):
        """Click *cell* and wait for the move it makes."""
        moves = self.view()["moves"]
        return self.click_cell(cell, lambda v: v["moves"] != moves or v["message"], "a move")

    def key(self, key, until, what=None):
        after = self.shown()
        self.driver.find_element("id", "board").send_keys(key)
        return self.settle(after, until, what or f"key {key}")

    def drag(self, source_css, x, y):
        """Press on *source_css*, move to page point (*x*, *y*) and release; the move made."""
        moves = self.view()["moves"]
        after = self.shown()
        start = self.centre(source_css)
        builder = self._pointer()
        builder.pointer_action.move_to_location(int(start[0]), int(start[1]))
        builder.pointer_action.pointer_down()
        builder.pointer_action.move_to_location(int((start[0] + x) / 2), int((start[1] + y) / 2))
        builder.pointer_action.move_to_location(int(x), int(y))
        builder.pointer_action.pointer_up()
        builder.perform()
        return self.settle(after, lambda v: v["moves"] != moves or v["message"], "a drag")
