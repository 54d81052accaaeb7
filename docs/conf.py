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
    "myst_nb",  # MyST markdown, and the notebooks in docs/notebooks run at every build
]
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb"}
exclude_patterns = ["_build", "jupyter_execute"]
# Every build runs every notebook afresh (they take a few seconds): an error fails the build.
nb_execution_mode = "force"
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_execution_timeout = 60
nb_merge_streams = True
autodoc_member_order = "bysource"
autodoc_typehints = "description"
# No default "members": Sphinx 9 lets a bool default replace a directive's own member list.
autodoc_default_options = {"show-inheritance": True}
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
    (r"py:.*", r"(puzzlekit(\.\w+)*\.)?(S|M|M_co|T|S_co|StateT|MoveT|P)"),
    (r"py:.*", r"(str|int|float|bool|bytes|object|None|type|tuple|list|dict|set|frozenset)"),
    (r"py:.*", r"(TimeoutError|ValueError|TypeError|KeyError|Exception|KeyboardInterrupt)"),
]
html_theme = "furo"
html_title = f"puzzlekit {release}"
html_static_path = ["_static"]
html_css_files = ["puzzlekit.css"]


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
    domain = env.get_domain("py")  # type: ignore[attr-defined]
    # A module of a puzzle's package first, then the top level (``Game`` in puzzlekit.game
    # is documented as ``puzzlekit.Game``).
    for scope in (".".join(package.split(".")[:2]), "puzzlekit"):
        suffix = "." + target.removeprefix(scope + ".")
        found = sorted(
            (name for name, entry in domain.objects.items()
             if name.startswith(scope + ".") and name.endswith(suffix) and not entry.aliased),
            key=len,
        )
        if found:
            break
    else:
        return None
    name = found[0]  # the shortest: the public path where there are two
    entry = domain.objects[name]
    return make_refnode(
        app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, name  # type: ignore[attr-defined,index]
    )


def _split_parameters(text: str) -> list[str]:
    """The parameters of a signature's text, split at the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += (char in "([{") - (char in ")]}")
        if char == "," and depth == 0:
            parts.append(text[start:index].strip())
            start = index + 1
    parts.append(text[start:].strip())
    return [part for part in parts if part]


def _public_signature(
    app: object, what: str, name: str, obj: object, options: object, signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """Leave private parameters (an attrs field such as ``tromino.Board``'s ``_free``, a
    cache the class fills itself) out of the signatures the API pages show."""
    if not signature or "_" not in signature:
        return None
    kept = [part for part in _split_parameters(signature[1:-1])
            if not part.lstrip("*").startswith("_")]
    while kept and kept[-1] == "*":  # no keyword-only parameter left after the star
        kept.pop()
    return f"({', '.join(kept)})", return_annotation


def _drop_private_fields(app: object, doctree: object, docname: str) -> None:
    """The same for the parameter lists that the type hints add to a description."""
    from docutils import nodes
    from sphinx import addnodes

    for description in list(doctree.findall(addnodes.desc_content)):  # type: ignore[attr-defined]
        for field_list in list(description.findall(nodes.field_list)):
            for item in list(field_list.findall(nodes.list_item)):
                name = next(iter(item.findall(nodes.strong)), None)
                if name is not None and name.astext().startswith("_"):
                    item.parent.remove(item)


def setup(app: object) -> None:
    app.connect("builder-inited", _write_pictures)  # type: ignore[attr-defined]
    app.connect("missing-reference", _reexported)  # type: ignore[attr-defined]
    app.connect("autodoc-process-signature", _public_signature)  # type: ignore[attr-defined]
    app.connect("doctree-resolved", _drop_private_fields)  # type: ignore[attr-defined]
