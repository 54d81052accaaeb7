"""The ``puzzlekit linkpath`` commands: deal, generate, solve, hint and path.

Boards are read from a file or ``-`` (standard input) in the text form of
:class:`~puzzlekit.linkpath.Board`, so commands chain::

    puzzlekit linkpath deal 12x16 --kinds 24 --seed 7 | puzzlekit linkpath solve -

>>> print(demo().splitlines()[0])
A 4 x 6 deal (seed 3), and a way to clear it:
"""

from __future__ import annotations

import argparse
from typing import Any

from puzzlekit.cli import (
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
    exit_status,
    progress_line,
    read_input,
    write_record,
)
from puzzlekit.grid import parse_cell, parse_size
from puzzlekit.linkpath.board import Board, Path, Rules
from puzzlekit.linkpath.deal import LAYOUTS, deal
from puzzlekit.linkpath.levels import GRADES, generate
from puzzlekit.linkpath.solver import solve

__all__ = ["demo", "register"]

_DEAL_AND_SOLVE = (
    "puzzlekit linkpath deal 12x16 --kinds 24 --seed 7 | puzzlekit linkpath solve -"
)


def _read_board(source: str) -> Board:
    return Board.parse(read_input(source))


def _layout(name: str) -> str:
    """A named layout as it is, anything else read as a mask file."""
    return name if name in LAYOUTS else read_input(name)


def _rules(args: argparse.Namespace) -> Rules:
    return Rules(
        outside=not args.closed, max_turns=args.max_turns, gravity=args.gravity,
        groups=args.groups, slide=args.slide,
    )


def _deal(args: argparse.Namespace) -> int:
    height, width = parse_size(args.size)
    try:
        board = deal(
            height, width, args.kinds, seed=args.seed, solvable=not args.any, rules=_rules(args),
            layout=None if args.layout is None else _layout(args.layout), traps=args.traps,
            node_limit=args.node_limit, time_limit=args.time_limit, progress=progress_line(args),
        )
    finally:
        end_progress(args)
    if args.json:
        emit_json({"board": str(board), "height": board.height, "width": board.width})
    else:
        print(board)
    return EXIT_OK


def _generate(args: argparse.Namespace) -> int:
    height, width = parse_size(args.size)
    try:
        level = generate(
            args.grade, height=height, width=width, kinds=args.kinds,
            layout=None if args.layout is None else _layout(args.layout), rules=_rules(args),
            seed=args.seed, node_limit=args.node_limit, time_limit=args.time_limit,
            progress=progress_line(args),
        )
    finally:
        end_progress(args)
    return emit_level(args, level)


def _solve(args: argparse.Namespace) -> int:
    board = _read_board(args.board)
    try:
        result = solve(
            board, node_limit=args.node_limit, time_limit=args.time_limit,
            progress=progress_line(args),
        )
    finally:
        end_progress(args)
    write_record(args, result)
    status = exit_status(result)
    if args.json:
        emit_json(
            {
                "solved": result.solved if result.solved or result.complete else None,
                "complete": result.complete,
                "moves": [str(move) for move in result.moves],
                "board": str(result.final),
                "nodes": result.nodes,
                "seconds": result.seconds,
            }
        )
    elif result.proved_unsolvable:
        print("no solution: this board cannot be cleared")
    else:
        for move in result.moves:
            print(move)
        if not result.complete:
            print(
                f"stopped by a limit after {len(result.moves)} pairs, before clearing the board"
            )
    return status


def _hint(args: argparse.Namespace) -> int:
    board = _read_board(args.board)
    pair = board.hint(node_limit=args.node_limit, time_limit=args.time_limit)
    path = None if pair is None else board.link(pair)
    if args.json:
        emit_json(
            {
                "move": None if pair is None else str(pair),
                "path": None if path is None else [list(point) for point in path.points],
                "solved": board.is_solved,
            }
        )
    elif pair is None:
        print("no move: the board is " + ("cleared" if board.is_solved else "stuck"))
    else:
        print(pair)
        print(board.to_text(move=pair))
    return EXIT_OK if pair is not None or board.is_solved else EXIT_NO_SOLUTION


def _path(args: argparse.Namespace) -> int:
    board = _read_board(args.board)
    a, b = parse_cell(args.first), parse_cell(args.second)
    path: Path | None = board.find_path(a, b)
    if args.json:
        emit_json(
            {
                "path": None if path is None else [list(point) for point in path.points],
                "turns": None if path is None else path.turns,
                "length": None if path is None else path.length,
            }
        )
    elif path is None:
        print(f"no link: {board._why_not(a, b)}")
    else:
        print(f"{path}  (length {path.length}, {path.turns} turns)")
        print(board.to_text(path=path))
    return EXIT_OK if path is not None else EXIT_NO_SOLUTION


def register(commands: Any) -> None:
    """Add the ``linkpath`` command group to the ``puzzlekit`` subcommands *commands*.

    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> register(parser.add_subparsers())
    >>> parser.parse_args(["linkpath", "deal", "4x6", "--kinds", "3"]).kinds
    3
    """
    sub = add_group(
        commands, "linkpath",
        summary="Lianliankan / Shisen-Sho: deal, solve, hint, find links",
        description="Link-matching puzzles (Lianliankan, Onet, Shisen-Sho).",
        example=_DEAL_AND_SOLVE,
    )
    board_help = "board file, or - for standard input"

    dealer = add_command(
        sub, "deal", run=_deal,
        summary="deal a full board that can be cleared",
        description="Deal a full HEIGHTxWIDTH board (at most 200x200); it can be cleared "
        "unless --any is given.",
        example="puzzlekit linkpath deal 12x16 --kinds 24 --seed 7",
    )
    dealer.add_argument("size", help="HEIGHTxWIDTH, e.g. 12x16")
    dealer.add_argument("--kinds", type=int, required=True, help="number of tile kinds")
    _add_deal_options(dealer)
    dealer.add_argument("--any", action="store_true", help="a random deal, maybe unsolvable")
    dealer.add_argument(
        "--traps", type=int, default=0, metavar="N",
        help="plant up to N crossings (two kinds crossing in a 2x2 square) that a player "
        "who does not look ahead can get stuck on (default 0; at most one per 8 tiles)",
    )
    add_limits(dealer, nodes="pairs placed and links tried")

    generator = add_command(
        sub, "generate", run=_generate,
        summary="make a level of a grade: a deal that can be cleared, graded by a random player",
        description="Make a deal of a grade (of 16 random playouts, easy: at most one gets stuck, "
        "medium: 2 to 5, hard: 6 or more); the same seed gives the same deal. "
        "--json adds the pairs that clear it.",
        example="puzzlekit linkpath generate hard --size 8x12 --kinds 24 --seed 7",
    )
    add_grade_argument(generator, GRADES)
    generator.add_argument("--size", default="8x12", help="HEIGHTxWIDTH (default 8x12)")
    generator.add_argument(
        "--kinds", type=int, default=24, help="number of tile kinds (default 24)"
    )
    _add_deal_options(generator)
    add_limits(generator, nodes="pairs placed, links tried, solver nodes and playout moves")

    solver = add_command(
        sub, "solve", run=_solve,
        summary="find a way to clear a board (exit 1 when there is none)",
        description="Print the pairs that clear the board, one 'R1,C1 R2,C2' per line. "
        "Exit 1 when the board is proved impossible to clear, 3 when a limit stops the "
        "search first (the longest line found is printed).",
        example=_DEAL_AND_SOLVE,
    )
    solver.add_argument("board", help=board_help)
    add_limits(solver, time_limit=60.0, nodes="search steps")
    add_record_option(solver)

    hinter = add_command(
        sub, "hint", run=_hint,
        summary="show a pair to remove that keeps the board clearable",
        description="Show a pair whose removal keeps the board clearable, and its link. "
        "Exit 1 when the board is stuck or cannot be cleared, 3 when a limit stops the search.",
        example="puzzlekit linkpath hint board.txt",
    )
    hinter.add_argument("board", help=board_help)
    add_limits(hinter, time_limit=10.0, nodes="search steps", progress=False)

    pather = add_command(
        sub, "path", run=_path,
        summary="show the link between two cells (exit 1 when there is none)",
        description="Show the canonical link between the tiles at R1,C1 and R2,C2.",
        example="puzzlekit linkpath path board.txt 0,0 3,5",
    )
    pather.add_argument("board", help=board_help)
    pather.add_argument("first", help="R1,C1")
    pather.add_argument("second", help="R2,C2")


def _add_deal_options(parser: argparse.ArgumentParser) -> None:
    """The options a deal and a level share: seed, rules and layout."""
    parser.add_argument("--seed", type=int, default=None, help="random seed (repeatable deals)")
    parser.add_argument(
        "--gravity", choices=["down"], default=None, help="tiles fall after removals"
    )
    parser.add_argument("--closed", action="store_true", help="links may not leave the board")
    parser.add_argument(
        "--max-turns", type=int, choices=[0, 1, 2], default=None,
        help="the most turns a link may take (default 2, or 1 with --slide)",
    )
    parser.add_argument(
        "--slide", action="store_true",
        help="tiles can slide, as in KShisen: a tile may push the tiles next to it along "
        "its row or column; links have two segments at most",
    )
    parser.add_argument(
        "--groups", action="store_true",
        help="tiles match by group of four kinds (1-4, 5-8, ...), like flowers and seasons",
    )
    parser.add_argument(
        "--layout", metavar="LAYOUT",
        help="the cells to fill: full, vertical, horizontal, or a mask file of # and . "
        "(- for standard input)",
    )


def demo() -> str:
    """A small deal and the pairs that clear it, as text.

    >>> "0," in demo()
    True
    """
    board = deal(4, 6, 5, seed=3)
    result = solve(board)
    assert result.solved
    moves = "\n".join(str(move) for move in result.moves)
    return f"A 4 x 6 deal (seed 3), and a way to clear it:\n{board}\n\n{moves}"
