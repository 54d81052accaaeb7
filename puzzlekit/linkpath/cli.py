"""The link-matching puzzle's own command-line verbs, ``deal`` and ``path``, and the demo.

The verbs every puzzle has (``show``, ``play``, ``solve``, ``hint``,
``random``, ``generate``, ``replay``) come from :mod:`puzzlekit.cli`.
``deal`` deals boards ``random`` does not: on a layout (a named one or a mask
file), with traps planted, or at random without a guarantee that they can be
cleared; ``path`` shows the link between two tiles. Boards are read from a
file or ``-`` (standard input), so commands chain::

    puzzlekit linkpath deal 16x12 kinds=24 --seed 7 | puzzlekit linkpath solve -

>>> print(demo().splitlines()[0])
A 6 x 4 deal (seed 3), and a way to clear it:
"""

from __future__ import annotations

import argparse
from typing import Any

from puzzlekit.cli import (
    EXIT_NO_SOLUTION,
    EXIT_OK,
    add_command,
    add_limits,
    emit,
    end_progress,
    progress_line,
    read_input,
    read_start,
)
from puzzlekit.grid import parse_cell
from puzzlekit.linkpath.deal import LAYOUTS, deal
from puzzlekit.linkpath.params import PRESETS, Params
from puzzlekit.linkpath.solver import solve
from puzzlekit.serial import to_json

__all__ = ["demo", "register"]

_DEAL_AND_SOLVE = "puzzlekit linkpath deal 16x12 kinds=24 --seed 7 | puzzlekit linkpath solve -"


def _layout(name: str) -> str:
    """A named layout as it is, anything else read as a mask file."""
    return name if name in LAYOUTS else read_input(name)


def _deal(args: argparse.Namespace) -> int:
    params = Params.parse(" ".join(args.params)) if args.params else PRESETS[args.preset]
    try:
        board = deal(
            params.height, params.width, params.kinds, seed=args.seed, solvable=not args.any,
            rules=params.rules, layout=None if args.layout is None else _layout(args.layout),
            traps=args.traps, node_limit=args.node_limit, time_limit=args.time_limit,
            progress=progress_line(args),
        )
    finally:
        end_progress(args)
    if args.json:
        emit(to_json(board, seed=args.seed))
    else:
        print(board)
    return EXIT_OK


def _path(args: argparse.Namespace) -> int:
    board = read_start(args)
    a, b = parse_cell(args.first), parse_cell(args.second)
    path = board.find_path(a, b)
    if args.json:
        emit({
            "kind": "path",
            "points": None if path is None else [list(point) for point in path.points],
            "turns": None if path is None else path.turns,
            "length": None if path is None else path.length,
        })
    elif path is None:
        print(f"no link: {board.why_not(a, b)}")
    else:
        print(f"{path}  (length {path.length}, {path.turns} turns)")
        print(board.to_text(path=path))
    return EXIT_OK if path is not None else EXIT_NO_SOLUTION


def register(commands: Any) -> None:
    """Add the puzzle's own verbs, ``deal`` and ``path``, to its command group *commands*.

    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> register(parser.add_subparsers())
    >>> parser.parse_args(["deal", "6x4", "kinds=3", "--traps", "1"]).params
    ['6x4', 'kinds=3']
    """
    dealer = add_command(
        commands, "deal", run=_deal,
        summary="deal a board: on a layout, with traps, or maybe unsolvable",
        description="Deal a board of PARAMS (WIDTHxHEIGHT kinds=N and rule switches such as "
        "gravity=down; at most 200x200) that can be cleared unless --any is given, on a "
        "layout and with traps if asked.",
        example=_DEAL_AND_SOLVE,
    )
    dealer.add_argument(
        "params", metavar="PARAMS", nargs="*",
        help=f"size WIDTHxHEIGHT and settings key=value (default: {PRESETS['default']})",
    )
    dealer.add_argument(
        "--preset", choices=list(PRESETS), default="default",
        help=f"the preset's params when no PARAMS are given ({', '.join(PRESETS)})",
    )
    dealer.add_argument("--seed", type=int, metavar="N", help="the seed (default: fresh)")
    dealer.add_argument("--any", action="store_true", help="a random deal, maybe unsolvable")
    dealer.add_argument(
        "--traps", type=int, default=0, metavar="N",
        help="plant up to N crossings (two kinds crossing in a 2x2 square) that a player "
        "who does not look ahead can get stuck on (default 0; at most one per 8 tiles)",
    )
    dealer.add_argument(
        "--layout", metavar="LAYOUT",
        help="the cells to fill: full, vertical, horizontal, or a mask file of # and . "
        "(- for standard input)",
    )
    add_limits(dealer, nodes="pairs placed and links tried")

    pather = add_command(
        commands, "path", run=_path,
        summary="show the link between two cells (exit 1 when there is none)",
        description="Show the canonical link between the tiles at R1,C1 and R2,C2.",
        example="puzzlekit linkpath path board.txt 0,0 3,5",
    )
    pather.add_argument("file", metavar="FILE", help="board file, or - for standard input")
    pather.add_argument("first", help="R1,C1")
    pather.add_argument("second", help="R2,C2")


def demo() -> str:
    """A small deal and the pairs that clear it, as text.

    >>> "0," in demo()
    True
    """
    board = deal(4, 6, 5, seed=3)
    result = solve(board)
    assert result.solved
    moves = "\n".join(str(move) for move in result.moves)
    return f"A 6 x 4 deal (seed 3), and a way to clear it:\n{board}\n\n{moves}"
