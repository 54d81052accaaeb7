"""Take a PNG of each puzzle's page of ``puzzlekit play`` in headless Chromium.

Run from a clone with the ``play`` and ``browser`` extras installed and Debian's
``chromium`` and ``chromium-driver``::

    PYTHONPATH=.:tests python docs/_static/play/take_screenshots.py

Each puzzle gets its first shipped start, or else a generated level (the first
grade, the ``small`` preset, seed 1), with one hint taken, saved as
``docs/_static/play/PUZZLE.png`` (900 x 700).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import browser_player as browser

from puzzlekit import PUZZLES
from puzzlekit.play.server import running

HERE = Path(__file__).resolve().parent
SIZE = (900, 700)


def shoot(player: browser.Player, name: str) -> Path:
    """Start a level of *name*, take a hint, and save the page's picture."""
    puzzle = PUZZLES[name]
    if puzzle.shipped is not None:
        player.new_game(name, puzzle.grades[0], 1, shipped=1)
    else:
        player.new_game(name, puzzle.grades[0], 1, size="small")
    player.hint()
    player.driver.execute_script("window.scrollTo(0, 0)")
    path = HERE / f"{name}.png"
    player.driver.save_screenshot(str(path))
    return path


def main() -> int:
    with tempfile.TemporaryDirectory() as data, running(Path(data)) as url:
        driver = browser.start_browser(data, size=SIZE)
        try:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": SIZE[0], "height": SIZE[1], "deviceScaleFactor": 1, "mobile": False})
            driver.get(url)
            player = browser.Player(driver)
            for name in PUZZLES:
                print(shoot(player, name))
        finally:
            browser.stop_browser(driver)
    return 0


if __name__ == "__main__":
    sys.exit(main())
