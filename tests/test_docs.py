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
