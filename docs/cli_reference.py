"""The command reference, generated from the ``puzzlekit`` argument parser at build time.

``conf.py`` calls :func:`write` when Sphinx starts, so the reference lists
exactly the commands, options and defaults the installed command has.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

from puzzlekit.cli import build_parser
from puzzlekit.registry import PUZZLES, package_of


def _subcommands(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def _option_row(action: argparse.Action) -> list[str] | None:
    if action.help == argparse.SUPPRESS or isinstance(action, argparse._HelpAction):
        return None
    if action.option_strings:
        names = ", ".join(f"``{name}``" for name in action.option_strings)
        if action.metavar or action.nargs not in (0, None) or action.type is not None:
            names += f" ``{action.metavar or action.dest.upper()}``"
    else:
        names = f"``{action.metavar or action.dest.upper()}``"
    default = action.default
    shown = "" if default in (None, False, argparse.SUPPRESS) else f"``{default}``"
    text = (action.help or "").replace("%(default)s", str(default)).replace("\n", " ")
    if action.choices and not isinstance(action, argparse._SubParsersAction):
        text += " (one of " + ", ".join(f"``{choice}``" for choice in action.choices) + ")"
    return [names, shown, text]


def _table(rows: list[list[str]]) -> list[str]:
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 30 15 55", ""]
    for row in [["option", "default", "meaning"], *rows]:
        lines.append(f"   * - {row[0] or ' '}")
        lines += [f"     - {cell or ' '}" for cell in row[1:]]
    return [*lines, ""]


def _command(path: str, parser: argparse.ArgumentParser, level: int) -> list[str]:
    title = f"``{path}``"
    underline = "-~^"[min(level, 2)]
    lines = [title, underline * len(title), ""]
    if parser.description:
        lines += [parser.description, ""]
    usage = parser.format_usage().strip().removeprefix("usage: ")
    lines += [".. code-block:: text", "", f"   {' '.join(usage.split())}", ""]
    rows = [row for action in parser._actions if (row := _option_row(action)) is not None]
    subcommands = list(_subcommands(parser))
    if rows and not subcommands:
        lines += _table(rows)
    if parser.epilog:
        example = parser.epilog.removeprefix("example: ")
        lines += [".. code-block:: console", "", f"   $ {example}", ""]
    for name, sub in subcommands:
        lines += _command(f"{path} {name}", sub, level + 1)
    return lines


def reference() -> str:
    """The reference as reStructuredText: puzzlekit's own commands (not those of puzzles
    other distributions register, such as the tests' Lights Out when it is installed)."""
    parser = build_parser()
    lines: list[str] = []
    for name, sub in _subcommands(parser):
        if name in PUZZLES and not package_of(PUZZLES[name]).startswith("puzzlekit."):
            continue
        lines += _command(f"puzzlekit {name}", sub, 0)
    return "\n".join(lines) + "\n"


def write(folder: Path) -> None:
    """Write ``cli-reference.rst`` into *folder*."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cli-reference.rst").write_text(reference(), encoding="utf-8")
