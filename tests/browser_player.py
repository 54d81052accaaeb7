"""Headless Chromium driven by Selenium, and a player that makes moves by clicks and drags.

Shared by the browser tests and docs/play_screenshots.py.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1200,900")


def available() -> bool:
    return all(os.path.exists(path) for path in (CHROMIUM, CHROMEDRIVER))


def start_browser(download_dir: str):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
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

    def view(self):
        return self.driver.execute_script("return window.puzzlekitView || null")

    def wait(self, test, timeout=30.0, what="the page"):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = test()
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}")

    def settled(self, before=None):
        """Wait until no request is in flight and the view changed from *before*."""
        return self.wait(lambda: (v := self.view()) and v is not before and (
            before is None or v != before) and v, what="the view")

    def new_game(self, puzzle, grade, seed):
        from selenium.webdriver.support.ui import Select

        d = self.driver
        self.wait(lambda: d.execute_script("return document.body.dataset.ready === 'yes'"))
        Select(d.find_element("id", "puzzle")).select_by_value(puzzle)
        Select(d.find_element("id", "grade")).select_by_value(grade)
        seed_box = d.find_element("id", "seed")
        seed_box.clear()
        seed_box.send_keys(str(seed))
        d.execute_script("window.puzzlekitView = null")
        d.find_element("id", "start").click()
        return self.wait(self.view, 60, "a new level")

    def button(self, name, until):
        self.driver.find_element("id", name).click()
        return self.wait(lambda: (v := self.view()) and until(v) and v, what=name)

    def hint(self):
        self.driver.find_element("id", "hint").click()
        view = self.wait(lambda: (v := self.view()) and v["hint"] and v, what="a hint")
        return view["hint"]

    def point(self, row, col, *, dx=0.5, dy=0.5, cell=None, origin=None):
        """The page point of picture point origin + (col + dx, row + dy) * cell."""
        return self.driver.execute_script("""
            const svg = document.querySelector('#board svg');
            const p = svg.createSVGPoint();
            p.x = arguments[0]; p.y = arguments[1];
            const s = p.matrixTransform(svg.getScreenCTM());
            return [s.x, s.y];""", origin[0] + (col + dx) * cell, origin[1] + (row + dy) * cell)

    def _act(self):
        from selenium.webdriver.common.action_chains import ActionChains

        return ActionChains(self.driver, duration=20)

    def click_cell(self, cell):
        before = self.view()
        element = self.driver.find_element(
            "css selector", f'#board [data-cell="{cell[0]},{cell[1]}"]')
        self._act().move_to_element(element).click().perform()
        return self.wait(lambda: (v := self.view()) != before and v, what="a click")

    def click_to_move(self, cell):
        """Click *cell* and wait for the move it makes."""
        moves = self.view()["moves"]
        self.click_cell(cell)
        return self.wait(lambda: (v := self.view()) and (v["moves"] != moves or v["message"])
                         and v, what="a move")

    def key(self, key):
        before = self.view()
        self.driver.find_element("id", "board").send_keys(key)
        return self.wait(lambda: (v := self.view()) != before and v, what=f"key {key}")

    def drag(self, source_css, x, y):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        before = self.view()
        source = self.driver.find_element("css selector", source_css)
        chain = self._act()
        chain.move_to_element(source).click_and_hold().perform()
        builder = ActionBuilder(self.driver, duration=20)
        builder.pointer_action.move_to_location(int(x), int(y))
        builder.pointer_action.release()
        builder.perform()
        return self.wait(lambda: (v := self.view()) != before and v["moves"] != before["moves"]
                         and v, what="a drag")
