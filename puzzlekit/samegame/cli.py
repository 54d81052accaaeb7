"""The ``puzzlekit samegame`` commands: show, play, solve and random.

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
import sys
from typing import Any

from puzzlekit.cli import EXIT_OK, add_command, add_group, add_limits, emit_json, read_input
from puzzlekit.errors import quoted
from puzzlekit.grid import parse_size
from puzzlekit.samegame.board import Board, Move
from puzzlekit.samegame.positions import STANDARD_SET_SIZE, load_standard_set, random_board
from puzzlekit.samegame.rules import PRESETS, STANDARD, Rules, play_sequence

__all__ = ["demo", "register"]

_MAX_CELLS = 1_000_000  # what `random` prints in a second or two; the library has no cap
_DEMO_SEED = 5
_DEMO_NODES = 5000  # a node limit, not a time limit, so the demo prints the same every time


def _rules(args: argparse.Namespace) -> Rules:
    return PRESETS[args.rules]


def _add_rules(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules",
        choices=sorted(PRESETS),
        default="standard",
        help="the scoring rules (default: standard, (n-2)^2 per move and 1000 for clearing)",
    )


def _board_summary(board: Board) -> dict[str, Any]:
    return {
        "board": str(board),
        "rows": board.height,
        "cols": board.width,
        "count": board.count,
        "colours": {str(colour): count for colour, count in board.colour_counts().items()},
        "legal_moves": [list(move) for move in board.legal_moves()],
        "over": board.is_over,
        "cleared": board.is_cleared,
    }


def _show(args: argparse.Namespace) -> int:
    board = Board.parse(read_input(args.file))
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
        + (", cleared" if board.is_cleared else ", game over" if board.is_over else "")
    )
    return EXIT_OK


def _play(args: argparse.Namespace) -> int:
    board = Board.parse(read_input(args.file))
    moves = [Move.parse(text) for text in args.moves]
    final, score = play_sequence(board, moves, _rules(args))
    if args.json:
        emit_json({"score": score, **_board_summary(final)})
        return EXIT_OK
    print(final)
    state = "cleared" if final.is_cleared else "game over" if final.is_over else "game on"
    plural = "" if len(moves) == 1 else "s"
    print(f"score {score} after {len(moves)} move{plural}, {final.count} blocks left, {state}")
    return EXIT_OK


def _solve(args: argparse.Namespace) -> int:
    from puzzlekit.samegame.solver import solve

    if (args.file is None) == (args.standard is None):
        raise ValueError("give either a board FILE or --standard N, not both or neither")
    if args.standard is not None:
        if not 1 <= args.standard <= STANDARD_SET_SIZE:
            raise ValueError(
                f"--standard takes a position from 1 to {STANDARD_SET_SIZE}, not {args.standard}"
            )
        board = load_standard_set()[args.standard - 1]
    else:
        board = Board.parse(read_input(args.file))
    rules = _rules(args)
    solution = solve(
        board,
        rules,
        time_limit=args.time_limit,
        node_limit=args.node_limit,
        seed=args.seed,
        progress=_show_progress if sys.stderr.isatty() else None,
    )
    final, _ = play_sequence(board, solution.moves, rules)
    moves = [Move(*move) for move in solution.moves]
    if args.json:
        emit_json(
            {
                "score": solution.score,
                "complete": solution.complete,
                "nodes": solution.nodes,
                "seconds": round(solution.seconds, 3),
                "moves": [list(move) for move in moves],
                "final": str(final),
                "left": final.count,
                "cleared": final.is_cleared,
            }
        )
        return EXIT_OK
    print(" ".join(map(str, moves)) if moves else "(no moves)")
    print(final)
    flag = "" if solution.complete else " (search stopped by its limit)"
    print(f"score {solution.score} in {len(moves)} moves, {final.count} blocks left{flag}")
    return EXIT_OK


def _show_progress(score: int, elapsed: float) -> None:
    print(f"  best score {score} after {elapsed:.1f} s", file=sys.stderr)


def _size(text: str) -> tuple[int, int]:
    rows, cols = parse_size(text)
    if rows * cols > _MAX_CELLS:
        raise ValueError(f"board size {quoted(text)} has more than {_MAX_CELLS:,} cells")
    return rows, cols


def _random(args: argparse.Namespace) -> int:
    rows, cols = _size(args.size)
    board = random_board(rows, cols, args.colours, seed=args.seed)
    if args.json:
        emit_json(_board_summary(board))
    else:
        print(board)
    return EXIT_OK


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
    _add_rules(solve)

    rand = add_command(
        sub, "random", run=_random,
        summary="print a random full board",
        description="Print a random full board of ROWSxCOLS blocks.",
        example="puzzlekit samegame random 10x10 --colours 4 --seed 7",
    )
    rand.add_argument("size", metavar="ROWSxCOLS", help="board size, for example 15x15")
    rand.add_argument("--colours", type=int, default=5, help="number of colours (default 5)")
    rand.add_argument("--seed", type=int, help="random seed (default: a fresh board each time)")


def demo() -> str:
    """A small random board, the line the solver finds on it, and its score.

    >>> print(demo())  # doctest: +ELLIPSIS
    board:
    ...
    score ...
    """
    from puzzlekit.samegame.solver import solve

    board = random_board(6, 6, 3, seed=_DEMO_SEED)
    solution = solve(board, STANDARD, node_limit=_DEMO_NODES, seed=0)
    final, score = play_sequence(board, solution.moves, STANDARD)
    line = " ".join(str(Move(*move)) for move in solution.moves)
    return (
        f"board:\n{board}\nmoves: {line}\nafter them:\n{final}\n"
        f"score {score} (STANDARD rules), {final.count} blocks left"
    )
