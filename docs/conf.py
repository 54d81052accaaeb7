"""Sphinx configuration for puzzlekit's documentation."""

import puzzlekit

project = "puzzlekit"
author = "The puzzlekit developers"
copyright = "2026, The puzzlekit developers"
release = puzzlekit.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinx.ext.intersphinx",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
intersphinx_mapping: dict[str, tuple[str, None]] = {}
nitpicky = False
html_theme = "furo"
html_title = f"puzzlekit {release}"
html_static_path = ["_static"]


def _write_pictures(app: object) -> None:
    import sys
    from pathlib import Path

    here = Path(__file__).parent
    sys.path.insert(0, str(here))
    import cli_reference
    import pictures

    pictures.write_all(here / "_generated")
    cli_reference.write(here / "_generated")


def setup(app: object) -> None:
    app.connect("builder-inited", _write_pictures)  # type: ignore[attr-defined]
