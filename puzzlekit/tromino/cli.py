"""The ``puzzlekit tromino`` commands: ``tile``, ``check``, ``count``, ``random`` and
``generate``.

>>> from puzzlekit.cli import main
>>> main(["tromino", "tile", "4", "--hole", "0,0"])
#abb
aacb
bcca
bbaa
0
>>> main(["tromino", "count", "2x9"])
8
0
>>> main(["tromino", "random", "2", "--holes", "1", "--seed", "1"])
#.
..
0
"""

from __future__ import annotations

import argparse
from typing import Any

from puzzlekit.cli import (
    EXIT_LIMIT,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    add_command,
    add_grade_argument,
    add_group,
    add_limits,
    add_record_option,
    emit_json,
    emit_level,
    end_progress,
    progress_line,
    read_input,
    write_record,
)
from puzzlekit.contract import SearchResult
from puzzlekit.errors import ArgumentError, LimitReached, ParseError, UnsolvableError
from puzzlekit.grid import Cell, check_characters, parse_cell, parse_grid, parse_size
from puzzlekit.tromino.board import FREE, HOLE, LABELS, Board
from puzzlekit.tromino.construct import DEFAULT_MAX_CELLS, tile, untileable_reason
from puzzlekit.tromino.count import check_pieces, count_tilings
from puzzlekit.tromino.levels import GRADES, generate
from puzzlekit.tromino.shuffle import random_board, random_tiling
from puzzlekit.tromino.tiling import Tiling

__all__ = ["demo", "register"]


def _holes(values: list[str] | None) -> list[Cell]:
    return [parse_cell(value) for value in values or []]


def _tiling_json(tiling: Tiling) -> dict[str, Any]:
    board = tiling.board
    return {
        "height": board.height,
        "width": board.width,
        "holes": sorted([row, col] for row, col in board.holes),
        "moves": [str(tromino) for tromino in tiling.moves()],
        "board": str(tiling),
    }


def _size(args: argparse.Namespace) -> tuple[int, int]:
    height = args.height if args.height is not None else args.n
    width = args.width if args.width is not None else args.n
    if height is None or width is None:
        raise ArgumentError("give the board size: N, or --height and --width")
    return height, width


def _tile(args: argparse.Namespace) -> int:
    height, width = _size(args)
    board = Board(height, width, _holes(args.hole))
    try:
        tiling = tile(board, max_cells=args.max_cells, node_limit=args.node_limit,
                      time_limit=args.time_limit, progress=progress_line(args))
    except UnsolvableError as error:
        if args.json:
            emit_json({"tileable": False, "reason": str(error)})
        else:
            print(f"no tiling: {error}")
        return EXIT_NO_SOLUTION
    except LimitReached as error:
        if not args.json:
            raise
        emit_json({"tileable": None, "reason": str(error)})  # undecided: null, not false
        return EXIT_LIMIT
    finally:
        end_progress(args)
    if args.record is not None:
        moves = tiling.moves()
        final = Board(height, width, board.holes, moves)
        write_record(args, SearchResult(board, moves, final, complete=True))
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as handle:
            handle.write(tiling.to_svg(colours=args.colours))
    if args.json:
        emit_json({"tileable": True, **_tiling_json(tiling)})
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
        tiling, problems = None, [str(error)]
    if args.json:
        emit_json({"valid": not problems, "problems": problems,
                   "trominoes": len(tiling) if tiling is not None else None})
    elif problems:
        print("not a valid tiling:")
        for problem in problems:
            print(f"  {problem}")
    else:
        print(f"valid tiling: {len(tiling or ())} trominoes")
    return EXIT_NO_SOLUTION if problems else EXIT_OK


def _count(args: argparse.Namespace) -> int:
    height, width = parse_size(args.size)
    board = Board(height, width, _holes(args.hole))
    pieces = check_pieces(args.pieces)
    answer: dict[str, Any] = {"height": height, "width": width, "pieces": pieces}
    try:
        count = count_tilings(board, pieces, node_limit=args.node_limit,
                              time_limit=args.time_limit, progress=progress_line(args))
    except LimitReached as error:
        if not args.json:
            raise
        emit_json({**answer, "count": None, "reason": str(error)})  # undecided: null
        return EXIT_LIMIT
    finally:
        end_progress(args)
    if args.json:
        emit_json({**answer, "count": count})
    else:
        print(count)
    return EXIT_OK


def _random(args: argparse.Namespace) -> int:
    height, width = _size(args)
    limits = {"seed": args.seed, "node_limit": args.node_limit, "time_limit": args.time_limit,
              "progress": progress_line(args)}
    try:
        if args.untileable:
            board = random_board(height, width, holes=args.holes, tileable=False, **limits)
        else:
            tiling = random_tiling(height, width, holes=args.holes, **limits)
            board = tiling.board
    finally:
        end_progress(args)
    if args.json:
        found: dict[str, Any] = {"tileable": False, "reason": untileable_reason(board)}
        if not args.untileable:
            found = {"tileable": True, **_tiling_json(tiling)}
        emit_json({"seed": args.seed, "start": str(board), **found})
    else:
        print(board)
    return EXIT_OK


def _generate(args: argparse.Namespace) -> int:
    try:
        level = generate(args.grade, height=args.height, width=args.width, holes=args.holes,
                         seed=args.seed, node_limit=args.node_limit,
                         time_limit=args.time_limit, progress=progress_line(args))
    finally:
        end_progress(args)
    return emit_level(args, level)


def _add_size(parser: argparse.ArgumentParser, *, square: bool) -> None:
    if square:
        parser.add_argument("n", type=int, nargs="?", help="side of a square board")
    parser.add_argument("--height", "--rows", type=int, dest="height",
                        default=None if square else 8, help="rows of a rectangular board")
    parser.add_argument("--width", "--cols", type=int, dest="width",
                        default=None if square else 8, help="columns of a rectangular board")


def register(commands: Any) -> None:
    """Add the ``tromino`` command group to the ``puzzlekit`` parser.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="puzzlekit")
    >>> register(parser.add_subparsers())
    >>> parser.parse_args(["tromino", "count", "2x3"]).size
    '2x3'
    """
    sub = add_group(
        commands, "tromino",
        summary="tile deficient boards with L-trominoes",
        description="Tile boards with holes by L-trominoes, check tilings, count them.",
        example="puzzlekit tromino tile 16 --hole 3,5",
    )
    hole_help = "a hole (0-based row,col); repeat for more"

    tile_parser = add_command(
        sub, "tile", run=_tile,
        summary="tile a board and print the tiling",
        description="Tile an N x N (or --height x --width) board with the given holes. "
        "Exit 1 when it cannot be tiled, 3 when a limit stops the search first.",
        example="puzzlekit tromino tile 16 --hole 3,5 --svg out.svg",
    )
    _add_size(tile_parser, square=True)
    tile_parser.add_argument("--hole", action="append", metavar="R,C", help=hole_help)
    tile_parser.add_argument("--svg", metavar="FILE", help="also write an SVG picture")
    tile_parser.add_argument("--colours", type=int, choices=(3, 4), default=4,
                             help="colours in the SVG (3 only for 2^k boards)")
    tile_parser.add_argument("--max-cells", type=int, default=DEFAULT_MAX_CELLS,
                             help=f"refuse larger boards (default {DEFAULT_MAX_CELLS})")
    add_limits(tile_parser, nodes="search nodes")
    add_record_option(tile_parser)

    check_parser = add_command(
        sub, "check", run=_check,
        summary="check a tiling written as text",
        description="Check a tiling ('#' holes, letters trominoes, '.' uncovered) from "
        "FILE or '-' for stdin: exit 0 when valid, 1 when not (saying why).",
        example="puzzlekit tromino check my_tiling.txt",
    )
    check_parser.add_argument("file", help="the tiling text, or - for stdin")

    count_parser = add_command(
        sub, "count", run=_count,
        summary="count the tilings of a board",
        description="Count the tilings of a ROWSxCOLS board exactly (its shorter side at "
        "most 16 with L-trominoes, 11 with L and straight ones). Exit 3 when a limit "
        "stops the count.",
        example="puzzlekit tromino count 8x8 --hole 0,0 --pieces L",
    )
    count_parser.add_argument("size", help="ROWSxCOLS, e.g. 9x12")
    count_parser.add_argument("--hole", action="append", metavar="R,C", help=hole_help)
    count_parser.add_argument("--pieces", choices=("L", "LI"), default="L",
                              help="L-trominoes only, or L and straight (LI)")
    add_limits(count_parser, nodes="sweep states")

    random_parser = add_command(
        sub, "random", run=_random,
        summary="deal a random board that can be tiled (or cannot)",
        description="Deal an N x N (or --height x --width) board with --holes holes that "
        "can be tiled, built with a tiling (--json gives it), or with --untileable one "
        "that cannot (proved as it is made). The same --seed gives the same board.",
        example="puzzlekit tromino random 64 --holes 301 --seed 5",
    )
    _add_size(random_parser, square=True)
    random_parser.add_argument("--holes", type=int, default=1, help="how many holes (default 1)")
    random_parser.add_argument("--untileable", action="store_true",
                               help="a board that cannot be tiled")
    random_parser.add_argument("--seed", type=int, help="random seed (default: fresh)")
    add_limits(random_parser, nodes="local moves and search nodes")

    generate_parser = add_command(
        sub, "generate", run=_generate,
        summary="make a level of a grade",
        description="Make a tileable board of GRADE (how a careful person fares: easy "
        "boards hold no trap, hard ones many) and print it; --json adds a tiling as the "
        "witness. Exit 3 when a limit stops the search for the grade first.",
        example="puzzlekit tromino generate hard --height 10 --width 10 --seed 7 --json",
    )
    add_grade_argument(generate_parser, GRADES)
    _add_size(generate_parser, square=False)
    generate_parser.add_argument("--holes", type=int,
                                 help="how many holes (default: about a sixth of the cells)")
    generate_parser.add_argument("--seed", type=int, help="random seed (default: fresh)")
    add_limits(generate_parser, nodes="local moves, player steps and search nodes")


def demo() -> str:
    """Golomb's tiling of an 8 x 8 board with a hole at (2, 5), as text.

    >>> print(demo().splitlines()[0])
    aabbaabb
    """
    return str(tile(Board.square(8, (2, 5))))
