"""The tromino puzzle's own commands, besides the verbs every puzzle has (``puzzlekit
tromino show``, ``solve``, ``hint``, ``count``, ``random``, ... of :mod:`puzzlekit.cli`):
``tile`` (a tiling of a board of any size by construction), ``check`` (a tiling
written as text), ``tilings`` (the tilings of a size, with L or L and straight
trominoes) and ``untileable`` (a random board proved to have no tiling).

Sizes are written ``WIDTHxHEIGHT`` and holes ``ROW,COL`` (0-based), as
everywhere in puzzlekit.

>>> from puzzlekit.cli import main
>>> main(["tromino", "tile", "4x4", "--hole", "0,0"])
#abb
aacb
bcca
bbaa
0
>>> main(["tromino", "tilings", "9x2"])
8
0
"""

from __future__ import annotations

import argparse
from typing import Any

from puzzlekit.cli import (
    DEFAULT_TIME_LIMIT,
    EXIT_LIMIT,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    add_command,
    add_limits,
    emit,
    end_progress,
    progress_line,
    read_input,
)
from puzzlekit.errors import LimitReached, ParseError, UnsolvableError
from puzzlekit.grid import Cell, check_characters, parse_cell, parse_grid
from puzzlekit.params import parse_size
from puzzlekit.serial import Count, to_json
from puzzlekit.tromino.board import FREE, HOLE, LABELS, Board
from puzzlekit.tromino.construct import DEFAULT_MAX_CELLS, tile, untileable_reason
from puzzlekit.tromino.count import check_pieces, count_tilings
from puzzlekit.tromino.params import Params
from puzzlekit.tromino.shuffle import random_board
from puzzlekit.tromino.tiling import Tiling

__all__ = ["demo", "register"]


def _board(args: argparse.Namespace) -> Board:
    """The board of a SIZE argument and its ``--hole`` options."""
    width, height = parse_size(args.size)
    holes: list[Cell] = [parse_cell(value) for value in args.hole or []]
    return Board(height, width, holes)


def _tile(args: argparse.Namespace) -> int:
    board = _board(args)
    try:
        tiling = tile(board, max_cells=args.max_cells, node_limit=args.node_limit,
                      time_limit=args.time_limit, progress=progress_line(args))
    except UnsolvableError as error:
        if not args.json:
            raise
        emit(to_json(board, kind="tiling", tileable=False, reason=str(error), tiling=None))
        return EXIT_NO_SOLUTION
    except LimitReached as error:
        if not args.json:
            raise
        # Undecided: null, never false.
        emit(to_json(board, kind="tiling", tileable=None, reason=str(error), tiling=None))
        return EXIT_LIMIT
    finally:
        end_progress(args)
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as handle:
            handle.write(tiling.to_svg(colours=args.colours))
    if args.json:
        emit(to_json(board, kind="tiling", tileable=True, reason=None, tiling=str(tiling),
                     moves=[str(tromino) for tromino in tiling.moves()]))
    else:
        print(tiling)
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    text = read_input(args.file)
    # Malformed text is bad input (exit 2); a letter group that is not a tromino
    # or an uncovered cell is a wrong tiling (exit 1).
    check_characters(parse_grid(text, what="tromino tiling"), HOLE + FREE + LABELS,
                     what="tromino tiling")
    try:
        tiling = Tiling.parse(text)
        problems = tiling.problems()
    except ParseError as error:
        tiling, problems = None, (str(error),)
    if args.json:
        emit({"kind": "check", "puzzle": "tromino", "valid": not problems,
              "problems": problems, "trominoes": None if tiling is None else len(tiling)})
    elif problems:
        print("not a valid tiling:")
        for problem in problems:
            print(f"  {problem}")
    else:
        print(f"valid tiling: {len(tiling or ())} trominoes")
    return EXIT_NO_SOLUTION if problems else EXIT_OK


def _tilings(args: argparse.Namespace) -> int:
    board = _board(args)
    pieces = check_pieces(args.pieces)
    try:
        count = count_tilings(board, pieces, node_limit=args.node_limit,
                              time_limit=args.time_limit, progress=progress_line(args))
    finally:
        end_progress(args)
    if args.json:
        emit(to_json(Count(board, count), pieces=pieces))
    else:
        print(count)
    return EXIT_OK


def _untileable(args: argparse.Namespace) -> int:
    params = Params.parse(" ".join(args.params)) if args.params else Params(8, 8)
    try:
        board = random_board(params.height, params.width, holes=params.holes, tileable=False,
                             seed=args.seed, node_limit=args.node_limit,
                             time_limit=args.time_limit, progress=progress_line(args))
    finally:
        end_progress(args)
    if args.json:
        emit(to_json(board, seed=args.seed, reason=untileable_reason(board)))
    else:
        print(board)
    return EXIT_OK


def _add_board(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("size", metavar="SIZE", help="WIDTHxHEIGHT, e.g. 16x16")
    parser.add_argument("--hole", action="append", metavar="R,C",
                        help="a hole (0-based row,col); repeat for more")


def register(group: Any) -> None:
    """Add the tromino puzzle's own verbs to its command group *group*.

    >>> from puzzlekit.cli import build_parser
    >>> build_parser().parse_args(["tromino", "tilings", "3x2"]).size
    '3x2'
    """
    parser = add_command(
        group, "tile", run=_tile,
        summary="tile a board of any size and print the tiling",
        description="Tile a WIDTHxHEIGHT board with the given holes, by the theorems' "
        "constructions (any size) or the exact search. Exit 1 when it cannot be tiled, "
        "3 when a limit stops the search first.",
        example="puzzlekit tromino tile 16x16 --hole 3,5 --svg out.svg",
    )
    _add_board(parser)
    parser.add_argument("--svg", metavar="FILE", help="also write an SVG picture")
    parser.add_argument("--colours", type=int, choices=(3, 4), default=4,
                        help="colours in the SVG (3 only for 2^k boards)")
    parser.add_argument("--max-cells", type=int, default=DEFAULT_MAX_CELLS,
                        help=f"refuse larger boards (default {DEFAULT_MAX_CELLS})")
    add_limits(parser, time_limit=DEFAULT_TIME_LIMIT, nodes="search nodes")

    parser = add_command(
        group, "check", run=_check,
        summary="check a tiling written as text",
        description="Check a tiling ('#' holes, letters trominoes, '.' uncovered) from "
        "FILE or '-' for stdin: exit 0 when valid, 1 when not (saying why).",
        example="puzzlekit tromino check my_tiling.txt",
    )
    parser.add_argument("file", metavar="FILE", help="the tiling text, or - for stdin")

    parser = add_command(
        group, "tilings", run=_tilings,
        summary="count the tilings of a board size, with L or L and straight trominoes",
        description="Count the tilings of a WIDTHxHEIGHT board with the given holes exactly "
        "(its shorter side at most 16 with L-trominoes, 11 with L and straight ones). "
        "Exit 3 when a limit stops the count.",
        example="puzzlekit tromino tilings 8x8 --hole 0,0 --pieces LI",
    )
    _add_board(parser)
    parser.add_argument("--pieces", choices=("L", "LI"), default="L",
                        help="L-trominoes only, or L and straight (LI)")
    add_limits(parser, time_limit=DEFAULT_TIME_LIMIT, nodes="sweep states")

    parser = add_command(
        group, "untileable", run=_untileable,
        summary="deal a random board that cannot be tiled",
        description="Deal a random board of PARAMS (WIDTHxHEIGHT holes=N; default 8x8) "
        "that cannot be tiled, proved as it is made (--json gives the reason when one "
        "shows). The same --seed gives the same board.",
        example="puzzlekit tromino untileable 64x64 holes=301 --seed 5",
    )
    parser.add_argument("params", metavar="PARAMS", nargs="*",
                        help="size WIDTHxHEIGHT and holes=N")
    parser.add_argument("--seed", type=int, metavar="N", help="the seed (default: fresh)")
    add_limits(parser, time_limit=DEFAULT_TIME_LIMIT, nodes="local moves and search nodes")


def demo() -> str:
    """Golomb's tiling of an 8 x 8 board with a hole at (2, 5), as text.

    >>> print(demo().splitlines()[0])
    aabbaabb
    """
    return str(tile(Board.square(8, (2, 5))))
