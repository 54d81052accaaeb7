"""The docs' examples run: every ``.. code-block:: python`` of every page.

Blocks written as doctests (``>>>``) are run by pytest's doctest collection
(``--doctest-glob=*.rst``) and compared with their output; the other Python
blocks of a page run here, one after the other in one namespace, as a reader
would type them. A block that cannot run here (it needs a cluster address,
say) is preceded by the comment ``.. example-not-run: REASON``.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

DOCS = Path(__file__).parent.parent / "docs"
BLOCK = re.compile(
    r"(?P<skip>\.\. example-not-run:[^\n]*\n\n)?"
    r"\.\. code-block:: python\n\n(?P<body>(?:[ \t]+.*\n|\n)+)"
)


def script_blocks(page: Path) -> list[str]:
    """The Python blocks of *page* that are not doctests and not marked as not run."""
    blocks = []
    for match in BLOCK.finditer(page.read_text(encoding="utf-8")):
        body = textwrap.dedent(match["body"])
        if match["skip"] is None and ">>>" not in body:
            blocks.append(body)
    return blocks


PAGES = sorted(page for page in DOCS.glob("*.rst") if script_blocks(page))


def test_the_pages_with_script_examples_are_found():
    assert {page.name for page in PAGES} >= {"twist.rst", "linkpath.rst"}


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_the_examples_of_a_page_run(page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # examples that write files write them here
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem}"}
    for number, block in enumerate(script_blocks(page), 1):
        code = compile(block, f"{page.name}, Python block {number}", "exec")
        exec(code, namespace)


ROOT = DOCS.parent
INSTALL = re.compile(r"pip install (?P<arguments>.+?)(?:``|&&|\s#|$)")
WHEEL = re.compile(r"(?:\$\(echo )?dist/puzzlekit_engines-\*\.whl\)?(?:\[(?P<extras>[\w,]+)\])?")
EDITABLE = re.compile(r"\.\[(?P<extras>[\w,]+)\]")


def extras() -> dict[str, list[str]]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project["optional-dependencies"]


def install_lines() -> list[tuple[str, str]]:
    """Every ``pip install ...`` of the README and the docs' pages and notebooks."""
    pages = [ROOT / "README.rst", *DOCS.glob("*.rst"), *DOCS.glob("notebooks/*.md")]
    return [
        (f"{page.name}:{number}", match["arguments"].strip())
        for page in sorted(pages)
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        for match in INSTALL.finditer(line)
    ]


def test_every_install_line_installs_from_the_clone_or_the_built_wheel():
    import shlex

    known = extras()
    required = {re.split(r"[<>=\[ ]", requirement)[0]
                for requirements in known.values() for requirement in requirements}
    lines = install_lines()
    assert len(lines) >= 6
    for where, arguments in lines:
        words = shlex.split(arguments)
        assert words, where
        while words:
            word = words.pop(0)
            if word == "-e":
                found = EDITABLE.fullmatch(words.pop(0))
                assert found, f"{where}: pip install -e takes '.[EXTRA]', not {arguments!r}"
            elif word.startswith(("$(echo", "dist/")):
                found = WHEEL.fullmatch(word)
                assert found, f"{where}: {word!r} is not the built wheel's path"
            elif word == "build":  # the tool `python -m build` needs (the test below)
                continue
            else:
                assert word in required, f"{where}: {word!r} is not a requirement of any extra"
                continue
            names = (found["extras"] or "").split(",") if found["extras"] else []
            unknown = [name for name in names if name not in known]
            assert not unknown, f"{where}: no extra {unknown} in pyproject.toml"


def test_the_readme_builds_the_wheel_with_the_tool_it_installs():
    readme = (ROOT / "README.rst").read_text(encoding="utf-8")
    assert "pip install build && python -m build" in readme
    assert "pip install 'puzzlekit-engines" not in readme + "".join(
        page.read_text(encoding="utf-8") for page in DOCS.glob("*.rst"))


