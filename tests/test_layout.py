"""The layout of the package: nothing above the engines names a puzzle, and no module
imports another module's private names.

Code is read with :mod:`ast`, so docstrings (documentation, with examples that
need some puzzle) and comments do not count; every other string and name does.
"""

from __future__ import annotations

import ast
import itertools
import pathlib
import re

import pytest

import puzzlekit
from puzzlekit import PUZZLES
from puzzlekit.registry import package_of

ROOT = pathlib.Path(puzzlekit.__file__).resolve().parent
OWN = [name for name in PUZZLES if package_of(PUZZLES[name]).startswith("puzzlekit.")]


def modules() -> list[pathlib.Path]:
    return sorted(ROOT.rglob("*.py"))


def docstring_nodes(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
        # An attribute's docstring: a string expression right after an assignment.
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for before, after in itertools.pairwise(body):
                if (
                    isinstance(before, ast.Assign | ast.AnnAssign)
                    and isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                ):
                    found.add(id(after.value))
    return found


def code_words(path: pathlib.Path) -> set[str]:
    """The names and the words of the strings of *path*'s code, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = docstring_nodes(tree)
    words: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.add(node.id)
        elif isinstance(node, ast.Attribute):
            words.add(node.attr)
        elif isinstance(node, ast.alias):
            words.update(node.name.split("."))
        elif isinstance(node, ast.ImportFrom) and node.module:
            words.update(node.module.split("."))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docs:
                continue
            words.update(re.findall(r"[A-Za-z_]+", node.value))
    return {word.lower() for word in words}


def owner(path: pathlib.Path) -> str | None:
    relative = path.relative_to(ROOT).parts
    return relative[0] if relative and relative[0] in OWN else None


@pytest.mark.parametrize("path", modules(), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_file_outside_a_puzzles_folder_names_it(path):
    words = code_words(path)
    named = sorted(name for name in OWN if name in words and owner(path) != name)
    assert not named, f"{path.relative_to(ROOT)} names {', '.join(named)} outside its folder"


@pytest.mark.parametrize("path", modules(), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_module_imports_a_private_name_of_another(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    private = [
        f"{node.module}.{alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("puzzlekit")
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]
    assert not private, f"{path.relative_to(ROOT)} imports {', '.join(private)}"


@pytest.mark.parametrize("name", [name for name in PUZZLES if name not in OWN])
def test_no_file_of_puzzlekit_names_a_puzzle_registered_from_outside(name):
    # The tests' own fifth puzzle among them: it plugs in through its entry point alone.
    found = [path for path in modules() if name in code_words(path)]
    text = [path for path in ROOT.rglob("*") if path.is_file() and path.suffix in {".py", ".json",
            ".js", ".html", ".css", ".txt"} and name in path.read_text(errors="ignore").lower()]
    assert not found and not text, f"{name} is named in {found or text}"


def test_the_check_sees_a_name_in_code_and_not_in_a_docstring(tmp_path):
    source = tmp_path / "example.py"
    source.write_text('"""Uses tromino in prose."""\nNAME = "samegame"\nx = 1\n"""twist doc."""\n')
    words = code_words(source)
    assert "samegame" in words
    assert "tromino" not in words and "twist" not in words
