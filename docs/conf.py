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
nitpicky = True
# A class documented under its public path also has its canonical (private) path, so a
# bare name can find both: that ambiguity is harmless.
suppress_warnings = ["ref.python"]
# No network at build time, so no intersphinx: references to the standard library
# and to the optional dependencies are not checked; type variables have no page.
nitpick_ignore_regex = [
    (
        r"py:.*",
        r"(collections\.abc|typing|random|argparse|os|io|concurrent|threading|types|pathlib"
        r"|enum|numpy|hypothesis|attrs|attr|gymnasium|distributed|dask)(\..*)?",
    ),
    (r"py:.*", r"(puzzlekit(\.\w+)*\.)?(S|M|M_co|T|S_co|StateT|MoveT)"),
    (r"py:.*", r"(str|int|float|bool|bytes|object|None|type|tuple|list|dict|set|frozenset)"),
    (r"py:.*", r"(TimeoutError|ValueError|TypeError|KeyError|Exception|KeyboardInterrupt)"),
]
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


def _reexported(app: object, env: object, node: object, contnode: object) -> object:
    """Resolve a reference to a name a package re-exports (``puzzlekit.samegame.STANDARD``)
    to where it is documented (``puzzlekit.samegame.rules.STANDARD``), the same way for
    unqualified names inside a package's docstrings."""
    from sphinx.util.nodes import make_refnode

    if node.get("refdomain") != "py":  # type: ignore[attr-defined]
        return None
    target: str = node["reftarget"]  # type: ignore[index]
    context = node.get("py:module") or ""  # type: ignore[attr-defined]
    package = target.rsplit(".", 1)[0] if target.startswith("puzzlekit.") else context
    if not package.startswith("puzzlekit"):
        return None
    package = ".".join(package.split(".")[:2])
    suffix = "." + target.removeprefix(package + ".")
    domain = env.get_domain("py")  # type: ignore[attr-defined]
    found = sorted(
        (name for name, entry in domain.objects.items()
         if name.startswith(package + ".") and name.endswith(suffix) and not entry.aliased),
        key=len,
    )
    if not found:
        return None
    name = found[0]  # the shortest: the public path where there are two
    entry = domain.objects[name]
    return make_refnode(
        app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, name  # type: ignore[attr-defined,index]
    )


def setup(app: object) -> None:
    app.connect("builder-inited", _write_pictures)  # type: ignore[attr-defined]
    app.connect("missing-reference", _reexported)  # type: ignore[attr-defined]
