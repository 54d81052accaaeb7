"""Hypothesis profiles: ``ci`` (the default) is derandomised and bounded so the
suite is repeatable and stays fast on two cores; ``dev`` searches harder.
Choose with ``HYPOTHESIS_PROFILE=dev pytest``."""

import importlib.util
import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=60,
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# puzzlekit.gym needs the optional extra ``gym``: without it, skip its doctests.
collect_ignore_glob = (
    []
    if importlib.util.find_spec("gymnasium")
    else ["puzzlekit/gym/*.py", "puzzlekit/*/gym.py", "tests/lightsout/*/gym.py", "docs/gym.rst"]
)
# The compiled SameGame kernel needs the optional extra ``fast`` (numba).
if not importlib.util.find_spec("numba"):
    collect_ignore_glob += ["puzzlekit/samegame/kernel.py", "puzzlekit/samegame/nrpa.py"]
