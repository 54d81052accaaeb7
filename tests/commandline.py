"""Running the ``puzzlekit`` command the way a user does, for the CLI tests."""

import subprocess
import sys


def run_puzzlekit(
    *args: str, stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m puzzlekit ARGS`` with *stdin*; capture its output as text."""
    return subprocess.run(
        [sys.executable, "-m", "puzzlekit", *args],
        input=stdin, capture_output=True, text=True, timeout=timeout,
    )
