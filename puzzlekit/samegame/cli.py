"""The ``puzzlekit samegame`` commands: show, play, solve, hint, random and generate.

Boards are read from a file (or ``-`` for standard input) in the text form
of :meth:`~puzzlekit.samegame.Board.parse`; moves are written ``ROW,COL``.

>>> from puzzlekit.cli import main
>>> main(["samegame", "random", "3x4", "--colours", "2", "--seed", "1"])
1100
0111
0010
0
"""

from __future__ import annotations

import argparse
from typing import Any

from puzzlekit.cli import (
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
from puzzlekit.errors import ArgumentError, quoted
from puzzlekit.grid import parse_size
from puzzlekit.samegame.board import MAX_SIDE, Board, Move, play_sequence
from puzzlekit.samegame.generate import GRADES, generate
from puzzlekit.samegame.positions import STANDARD_SET_SIZE, load_standard_set, random_board
from puzzlekit.samegame.rules import PRESETS

__all__ = ["demo", "register"]

_DEMO_SEED = 5
_DEMO_NODES = 5000  # a node limit, not a time limit, so the demo prints the same every time


def _read_board(args: argparse.Namespace) -> Board:
    """The board of FILE, under the ``--rules`` preset when one is given."""
    board = Board.parse(read_input(args.file))
    rules = getattr(args, "rules", None)
    return board if rules is None else board.with_rules(PRESETS[rules])


def _add_rules(
    parser: argparse.ArgumentParser,
    default: str = "those the board text names, else standard",
) -> None:
    parser.add_argument(
        "--rules",
        choices=sorted(PRESETS),
        help=f"the rules to play by (default: {default}: (n-2)^2 per move and 1000 for clearing)",
    )


def _state(board: Board) -> str:
    return "cleared" if board.is_solved else "game over" if board.is_over else "game on"


def _board_summary(board: Board) -> dict[str, Any]:
    return {
        "board": str(board),
        "height": board.height,
        "width": board.width,
        "count": board.count,
        "colours": {str(colour): count for colour, count in board.colour_counts().items()},
        "legal_moves": [str(move) for move in board.legal_moves()],
        "over": board.is_over,
        "solved": board.is_solved,
    }


def _show(args: argparse.Namespace) -> int:
    board = _read_board(args)
    if args.svg:
        highlight = Move.parse(args.highlight) if args.highlight else None
        with open(args.svg, "w", encoding="utf-8") as handle:
            handle.write(board.to_svg(highlight=highlight))
    if args.json:
        emit_json(_board_summary(board))
        return EXIT_OK
    print(board)
    print(
        f"{board.height} rows x {board.width} columns, {board.count} blocks, "
        f"{len(board.legal_moves())} legal moves"
        + (", cleared" if board.is_solved else ", game over" if board.is_over else "")
    )
    return EXIT_OK


def _play(args: argparse.Namespace) -> int:
    board = _read_board(args)
    moves = [Move.parse(text) for text in args.moves]
    final, score = play_sequence(board, moves)
    if args.json:
        emit_json({"score": score, **_board_summary(final)})
        return EXIT_OK
    print(final)
    plural = "" if len(moves) == 1 else "s"
    print(f"score {score} after {len(moves)} move{plural}, {final.count} blocks left, "
          f"{_state(final)}")
    return EXIT_OK


def _solve(args: argparse.Namespace) -> int:
    from puzzlekit.samegame.solver import solve

    if (args.file is None) == (args.standard is None):
        raise ArgumentError("give either a board FILE or --standard N, not both or neither")
    if args.standard is not None:
        if not 1 <= args.standard <= STANDARD_SET_SIZE:
            raise ArgumentError(
                f"--standard takes a position from 1 to {STANDARD_SET_SIZE}, not {args.standard}"
            )
        board = load_standard_set()[args.standard - 1]
        if args.rules is not None:
            board = board.with_rules(PRESETS[args.rules])
    else:
        board = _read_board(args)
    # The solver answers Ctrl-C with its best line so far, printed below.
    result = solve(
        board,
        time_limit=args.time_limit,
        node_limit=args.node_limit,
        seed=args.seed,
        progress=progress_line(args),
    )
    end_progress(args)
    write_record(args, result)
    final = result.final
    if args.json:
        emit_json(
            {
                "score": result.score,
                "complete": result.complete,
                "nodes": result.nodes,
                "seconds": round(result.seconds, 3),
                "moves": [str(move) for move in result.moves],
                "board": str(final),
                "left": final.count,
                "solved": final.is_solved,
                "engine": result.engine,
            }
        )
        return EXIT_OK
    print(" ".join(map(str, result.moves)) if result.moves else "(no moves)")
    print(final)
    flag = " (the best score)" if result.complete else " (best found; the search was stopped)"
    print(f"score {result.score}{flag} in {len(result.moves)} moves, {final.count} blocks "
          f"left, {_state(final)}")
    return EXIT_OK


def _hint(args: argparse.Namespace) -> int:
    board = _read_board(args)
    move = board.hint(node_limit=args.node_limit, time_limit=args.time_limit)
    if args.json:
        emit_json({"move": None if move is None else str(move), "board": str(board)})
    elif move is None:
        print(f"no move: {_state(board)}")
    else:
        print(move)
    return EXIT_OK


def _size(text: str) -> tuple[int, int]:
    height, width = parse_size(text)
    if height > MAX_SIDE or width > MAX_SIDE:
        raise ArgumentError(f"board size {quoted(text)} is more than {MAX_SIDE} on a side")
    return height, width


def _random(args: argparse.Namespace) -> int:
    height, width = _size(args.size)
    board = random_board(height, width, args.colours, seed=args.seed)
    if args.json:
        emit_json(_board_summary(board))
    else:
        print(board)
    return EXIT_OK


def _generate(args: argparse.Namespace) -> int:
    height, width = _size(args.size)
    level = generate(
        args.grade,
        height=height,
        width=width,
        colours=args.colours,
        rules=PRESETS[args.rules or "standard"],
        seed=args.seed,
        node_limit=args.node_limit,
        time_limit=args.time_limit,
        progress=progress_line(args),
    )
    end_progress(args)
    return emit_level(args, level)


def register(commands: Any) -> None:
    """Add the ``samegame`` command group to the ``puzzlekit`` command.

    >>> from puzzlekit.cli import build_parser
    >>> build_parser().parse_args(["samegame", "play", "b.txt", "0,0"]).moves
    ['0,0']
    """
    sub = add_group(
        commands, "samegame",
        summary="SameGame / Clickomania: show, play, solve and generate boards",
        description="SameGame / Clickomania boards: show, play, solve and generate them.",
        example="puzzlekit samegame solve --standard 1 --time-limit 10",
    )
    file_help = "board text file, or - for stdin"

    show = add_command(
        sub, "show", run=_show,
        summary="print a board, its size and its legal moves",
        description="Read a board and print it with its size, blocks and legal moves.",
        example="puzzlekit samegame show board.txt --svg board.svg",
    )
    show.add_argument("file", metavar="FILE", help=file_help)
    show.add_argument("--svg", metavar="OUT", help="also write an SVG picture to OUT")
    show.add_argument("--highlight", metavar="ROW,COL", help="outline this group in the SVG")

    play = add_command(
        sub, "play", run=_play,
        summary="play moves on a board and print the result and the score",
        description=(
            "Play MOVEs (each ROW,COL: any cell of the group, 0-based, row 0 at the top) "
            "and print the final board and the score."
        ),
        example="puzzlekit samegame play board.txt 14,0 14,3",
    )
    play.add_argument("file", metavar="FILE", help=file_help)
    play.add_argument("moves", metavar="MOVE", nargs="*", help="a move, ROW,COL")
    _add_rules(play)

    solve = add_command(
        sub, "solve", run=_solve,
        summary="search for a high-scoring line of moves",
        description="Search for a high-scoring line of moves on a board or a standard position.",
        example="puzzlekit samegame solve --standard 1 --time-limit 10 --json",
    )
    solve.add_argument("file", metavar="FILE", nargs="?", help=file_help)
    solve.add_argument(
        "--standard", type=int, metavar="N", help="solve position N (1-20) of the standard set"
    )
    add_limits(solve, time_limit=10.0, nodes="search nodes")
    solve.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    add_record_option(solve)
    _add_rules(solve)

    hint = add_command(
        sub, "hint", run=_hint,
        summary="print the first move of the best line found",
        description="Print a move for the board: the first move of the best line the solver "
        "finds within the limits (nothing when the game is over).",
        example="puzzlekit samegame hint board.txt --time-limit 2",
    )
    hint.add_argument("file", metavar="FILE", help=file_help)
    add_limits(hint, time_limit=2.0, nodes="search nodes", progress=False)
    _add_rules(hint)

    rand = add_command(
        sub, "random", run=_random,
        summary="print a random full board",
        description="Print a random full board of ROWSxCOLS blocks.",
        example="puzzlekit samegame random 10x10 --colours 4 --seed 7",
    )
    rand.add_argument("size", metavar="ROWSxCOLS", help="board size, for example 15x15")
    rand.add_argument("--colours", type=int, default=5, help="number of colours (default 5)")
    rand.add_argument("--seed", type=int, help="random seed (default: a fresh board each time)")

    gen = add_command(
        sub, "generate", run=_generate,
        summary="make a level of a grade: a full board that can be cleared",
        description="Make a full board of ROWSxCOLS blocks (default 10x10) of a grade that "
        "can be cleared (same seed, same board); --json adds a line of moves that clears it.",
        example="puzzlekit samegame generate hard 15x15 --colours 3 --seed 7",
    )
    add_grade_argument(gen, GRADES)
    gen.add_argument("size", metavar="ROWSxCOLS", nargs="?", default="10x10",
                     help="board size (default 10x10)")
    gen.add_argument("--colours", type=int, default=3, help="number of colours (default 3)")
    gen.add_argument("--seed", type=int, help="random seed (default: a fresh board each time)")
    add_limits(gen, nodes="placements and search moves, summed over every board tried")
    _add_rules(gen, default="standard")


def demo() -> str:
    """A small random board, the line the solver finds on it, and its score.

    >>> print(demo())  # doctest: +ELLIPSIS
    board:
    ...
    score ...
    """
    from puzzlekit.samegame.solver import solve

    board = random_board(6, 6, 3, seed=_DEMO_SEED)
    result = solve(board, node_limit=_DEMO_NODES, seed=0)
    line = " ".join(map(str, result.moves))
    return (
        f"board:\n{board}\nmoves: {line}\nafter them:\n{result.final}\n"
        f"score {result.score} (STANDARD rules), {result.final.count} blocks left"
    )
