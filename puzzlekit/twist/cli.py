"""The ``puzzlekit twist`` commands: solve, hint, generate and show.

A START is a placement string such as ``f3C4i6B0j2B0``, or ``-`` to read
it from standard input, or the name of a file holding one.

>>> from puzzlekit.cli import main
>>> main(["twist", "hint", "b6A7c1A3d2A6e2C3f3C4g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"])
a7A7
0
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from puzzlekit.cli import (
    EXIT_NO_SOLUTION,
    EXIT_OK,
    add_command,
    add_group,
    add_limits,
    emit_json,
    read_input,
)
from puzzlekit.twist.challenges import challenge
from puzzlekit.twist.generate import LEVELS, effort, generate
from puzzlekit.twist.solver import hint, search
from puzzlekit.twist.state import State

__all__ = ["demo", "register"]


def _start(source: str) -> State:
    if source == "-" or os.path.isfile(source):
        return State.parse(read_input(source))
    return State.parse(source)


def _summary(state: State) -> dict[str, Any]:
    return {
        "placements": str(state),
        "grid": state.grid().splitlines(),
        "valid": state.is_valid(),
        "problems": list(state.problems()),
        "solved": state.is_solved,
    }


def _solve(args: argparse.Namespace) -> int:
    if (args.start is None) == (args.challenge is None):
        raise ValueError("give either a START or --challenge N, not both or neither")
    start = challenge(args.challenge).start if args.challenge is not None else _start(args.start)
    result = search(
        start,
        max_solutions=None if args.all else 1,
        node_limit=args.node_limit,
        time_limit=args.time_limit,
    )
    if args.json:
        emit_json(
            {
                "start": str(start),
                "solutions": [str(solution) for solution in result.solutions],
                "complete": result.complete,
                "nodes": result.nodes,
            }
        )
    else:
        for solution in result.solutions:
            print(solution)
            print(solution.grid())
        if not result.solutions:
            problems = start.problems()
            if problems:
                print("no solution: the start breaks a rule: " + "; ".join(problems))
            else:
                print("no solution" if result.complete else "no solution found within the limits")
        elif args.all:
            print(f"{len(result.solutions)} solutions" + ("" if result.complete else " so far"))
    return EXIT_OK if result.solutions else EXIT_NO_SOLUTION


def _hint(args: argparse.Namespace) -> int:
    start = _start(args.start)
    move = hint(start, node_limit=args.node_limit, time_limit=args.time_limit)
    if args.json:
        emit_json({"start": str(start), "hint": None if move is None else str(move)})
    else:
        print(move if move is not None else "no hint: solved, or no solution")
    return EXIT_OK if move is not None else EXIT_NO_SOLUTION


def _generate(args: argparse.Namespace) -> int:
    start = generate(args.level, seed=args.seed)
    if args.json:
        emit_json(
            {"level": args.level, "seed": args.seed, "start": str(start), "effort": effort(start)}
        )
    else:
        print(start)
        print(start.grid())
    return EXIT_OK


def _show(args: argparse.Namespace) -> int:
    state = _start(args.start)
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as handle:
            handle.write(state.to_svg())
    if args.json:
        emit_json(_summary(state))
        return EXIT_OK
    print(state.grid())
    for problem in state.problems():
        print(f"problem: {problem}")
    print("solved" if state.is_solved else f"missing pieces: {state.missing_pieces()}")
    return EXIT_OK


def register(commands: Any) -> None:
    """Add the ``twist`` command group to the ``puzzlekit`` command.

    >>> from puzzlekit.cli import build_parser
    >>> build_parser().parse_args(["twist", "solve", "--challenge", "3"]).challenge
    3
    """
    sub = add_group(
        commands, "twist",
        summary="IQ-Twist: solve, hint, generate and show challenges",
        description="IQ-Twist challenges: solve them, get a hint, generate new ones, draw them.",
        example="puzzlekit twist solve --challenge 1",
    )
    start_help = "placement string (e.g. f3C4i6B0), a file holding one, or - for stdin"

    solve = add_command(
        sub, "solve", run=_solve,
        summary="solve a start (exit 1 when it has no solution)",
        description="Print the solution of a start: its placement string and the board.",
        example="puzzlekit twist solve f3C4i6B0j2B0j1C0k3C0l4B0l5C0",
    )
    solve.add_argument("start", metavar="START", nargs="?", help=start_help)
    solve.add_argument(
        "--challenge",
        type=int,
        metavar="N",
        help="solve shipped challenge N, 1-100 (the order of challenges.json; "
        "1-10 are booklet challenges 1, 2, 25, 26, 49, 50, 73, 74, 97, 98)",
    )
    solve.add_argument("--all", action="store_true", help="print every solution")
    add_limits(solve, nodes="placements")

    hint_ = add_command(
        sub, "hint", run=_hint,
        summary="print one piece placement on the way to a solution",
        description="Print the placement of the first missing piece in a solution.",
        example="puzzlekit twist hint f3C4i6B0j2B0j1C0k3C0l4B0l5C0",
    )
    hint_.add_argument("start", metavar="START", help=start_help)
    add_limits(hint_, nodes="placements")

    generate_ = add_command(
        sub, "generate", run=_generate,
        summary="make a start with exactly one solution",
        description="Make a start of a level with exactly one solution (same seed, same start).",
        example="puzzlekit twist generate --level wizard --seed 7",
    )
    generate_.add_argument(
        "--level", choices=LEVELS, default="junior", help="difficulty (default junior)"
    )
    generate_.add_argument("--seed", type=int, default=0, help="random seed (default 0)")

    show = add_command(
        sub, "show", run=_show,
        summary="draw a state as text (and SVG) and list its problems",
        description="Print the board of a placement string and any rule it breaks.",
        example="puzzlekit twist show f3C4i6B0 --svg board.svg",
    )
    show.add_argument("start", metavar="START", help=start_help)
    show.add_argument("--svg", metavar="FILE", help="also write an SVG picture to FILE")


def demo() -> str:
    """Booklet challenge 1 and its solution, as text.

    >>> print(demo().splitlines()[0])
    start:    f3C4i6B0j2B0j1C0k3C0l4B0l5C0
    """
    first = challenge(1)
    return "\n".join(
        [f"start:    {first.start}", f"solution: {first.solution}", first.solution.grid()]
    )
