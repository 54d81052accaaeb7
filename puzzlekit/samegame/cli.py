"""SameGame's own command-line verb, ``rules``, and the demo.

The verbs every puzzle has (``show``, ``play``, ``solve``, ``hint``,
``random``, ``generate``, ``replay``) come from :mod:`puzzlekit.cli`; the
standard test set is ``--shipped N`` there. ``rules`` puts a board under
other rules, so that any verb plays by them::

    puzzlekit samegame rules clickomania --shipped 1 | puzzlekit samegame solve -

>>> from puzzlekit.cli import main
>>> main(["samegame", "rules", "clickomania", "--shipped", "1"])  # doctest: +ELLIPSIS
rules: min_group=2 offset=0 squared=no clear_bonus=0 end_penalty=none
311410404411023
...
0
"""

from __future__ import annotations

import argparse
from typing import Any

from puzzlekit.cli import EXIT_OK, add_command, emit, read_start
from puzzlekit.samegame.positions import random_board
from puzzlekit.samegame.rules import RULE_SETS, Rules
from puzzlekit.samegame.solver import solve
from puzzlekit.serial import to_json

__all__ = ["demo", "register"]

_DEMO_SEED = 5
_DEMO_NODES = 5000  # a node limit, not a time limit, so the demo prints the same every time


def _rules(args: argparse.Namespace) -> int:
    board = read_start(args).with_rules(Rules.parse(args.rules))
    if args.json:
        emit(to_json(board))
    else:
        print(board)
    return EXIT_OK


def register(commands: Any) -> None:
    """Add SameGame's own verb, ``rules``, to its command group *commands*.

    >>> from puzzlekit.cli import build_parser
    >>> args = build_parser().parse_args(["samegame", "rules", "clickomania", "--shipped", "1"])
    >>> args.rules, args.shipped
    ('clickomania', 1)
    """
    parser = add_command(
        commands, "rules", run=_rules,
        summary="print a board under other rules",
        description="Print the board of FILE (or --shipped N) under RULES: a named rule set ("
        + ", ".join(RULE_SETS) + ") or key=value words in one argument (min_group, offset, "
        "squared, clear_bonus, end_penalty), for the other verbs to read.",
        example="puzzlekit samegame rules clickomania --shipped 1 | puzzlekit samegame solve -",
    )
    parser.add_argument(
        "rules", metavar="RULES",
        help="a rule set's name, or words such as 'offset=1 clear_bonus=0'",
    )
    parser.add_argument(
        "file", metavar="FILE", nargs="?", help="the board's text form ('-' for standard input)"
    )
    parser.add_argument(
        "--shipped", type=int, metavar="N", help="standard position N (1-20) instead of FILE"
    )


def demo() -> str:
    """A small random board, the line the solver finds on it, and its score.

    >>> print(demo())  # doctest: +ELLIPSIS
    board:
    ...
    score ...
    """
    board = random_board(6, 6, 3, seed=_DEMO_SEED)
    result = solve(board, node_limit=_DEMO_NODES, seed=0)
    line = " ".join(map(str, result.moves))
    return (
        f"board:\n{board}\nmoves: {line}\nafter them:\n{result.final}\n"
        f"score {result.score} (STANDARD rules), {result.final.count} blocks left"
    )
