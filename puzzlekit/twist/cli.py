"""The ``puzzlekit twist`` commands: solve, hint, generate and show.

A START is a placement string such as ``f3C4i6B0j2B0``, or ``-`` to read
it from standard input, or the name of a file holding one. Exit status 1
means the start is proved to have no solution, 3 that a limit stopped the
search before an answer (``null`` in ``--json`` output).

>>> from puzzlekit.cli import main
>>> main(["twist", "hint", "b6A7c1A3d2A6e2C3f3C4g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"])
a7A7
0
"""

from __future__ import annotations

import argparse
import os
import sys
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
    exit_status,
    progress_line,
    read_input,
    write_record,
)
from puzzlekit.errors import ArgumentError, LimitReached, ParseError, UnsolvableError, quoted
from puzzlekit.twist.challenges import challenge
from puzzlekit.twist.generate import generate
from puzzlekit.twist.grading import GRADES
from puzzlekit.twist.solver import find_solutions, hint, solve
from puzzlekit.twist.state import State

__all__ = ["demo", "register"]


def _start(source: str) -> State:
    """The start named by a START argument: stdin, a file, or a placement string."""
    if source == "-" or os.path.isfile(source):
        return State.parse(read_input(source))
    try:
        return State.parse(source)
    except ParseError as error:
        # Not a file either: a mistyped file name must not read as a bad placement only.
        raise ParseError(
            f"START {quoted(source)} is neither a file (no such file) "
            f"nor a placement string ({error})"
        ) from None


def _summary(state: State) -> dict[str, Any]:
    return {
        "board": str(state),
        "grid": state.grid().splitlines(),
        "valid": state.is_valid(),
        "problems": list(state.problems()),
        "solved": state.is_solved,
    }


def _solve(args: argparse.Namespace) -> int:
    if (args.start is None) == (args.challenge is None):
        raise ArgumentError("give either a START or --challenge N, not both or neither")
    start = challenge(args.challenge).start if args.challenge is not None else _start(args.start)
    limits = {"node_limit": args.node_limit, "time_limit": args.time_limit}
    progress = progress_line(args)
    if args.all:
        found = find_solutions(start, progress=progress, **limits)
        end_progress(args)
        return _print_all(args, start, found.solutions, found.complete, found.nodes, found.seconds)
    result = solve(start, progress=progress, **limits)
    end_progress(args)
    write_record(args, result)
    status = exit_status(result)
    if args.json:
        emit_json(
            {
                "start": str(start),
                "board": str(result.final),
                "moves": [str(move) for move in result.moves],
                "solved": None if status == EXIT_LIMIT else result.solved,
                "complete": result.complete,
                "nodes": result.nodes,
                "seconds": round(result.seconds, 6),
            }
        )
    elif result.solved:
        print(result.final)
        print(result.final.grid())
    else:
        _say_why_none(start, result.complete)
    return status


def _print_all(
    args: argparse.Namespace,
    start: State,
    solutions: tuple[State, ...],
    complete: bool,
    nodes: int,
    seconds: float,
) -> int:
    if args.json:
        emit_json(
            {
                "start": str(start),
                "solutions": [str(solution) for solution in solutions],
                "count": len(solutions) if complete else None,
                "complete": complete,
                "nodes": nodes,
                "seconds": round(seconds, 6),
            }
        )
    else:
        for solution in solutions:
            print(solution)
            print(solution.grid())
        if solutions:
            print(f"{len(solutions)} solutions" + ("" if complete else " so far"))
        else:
            _say_why_none(start, complete)
    if solutions:
        return EXIT_OK
    return EXIT_NO_SOLUTION if complete else EXIT_LIMIT


def _say_why_none(start: State, complete: bool) -> None:
    problems = start.problems()
    if problems:
        print("no solution: the start breaks a rule: " + "; ".join(problems))
    elif complete:
        print("no solution")
    else:
        print("puzzlekit: limit reached before a solution was found", file=sys.stderr)


def _hint(args: argparse.Namespace) -> int:
    start = _start(args.start)
    try:
        move = hint(start, node_limit=args.node_limit, time_limit=args.time_limit)
    except (LimitReached, UnsolvableError) as error:
        if not args.json:
            raise
        limited = isinstance(error, LimitReached)
        emit_json({"start": str(start), "hint": None, "solvable": None if limited else False})
        return EXIT_LIMIT if limited else EXIT_NO_SOLUTION
    # No move at all: the board is full, or stuck with a gap no piece fits.
    solvable = move is not None or start.is_solved
    if args.json:
        emit_json(
            {"start": str(start), "hint": None if move is None else str(move), "solvable": solvable}
        )
    elif move is not None:
        print(move)
    else:
        print("no hint: the board is solved" if solvable else "no hint: no piece fits any more")
    return EXIT_OK if solvable else EXIT_NO_SOLUTION


def _generate(args: argparse.Namespace) -> int:
    level = generate(
        args.grade,
        seed=args.seed,
        node_limit=args.node_limit,
        time_limit=args.time_limit,
        progress=progress_line(args),
    )
    end_progress(args)
    emit_level(args, level)
    if not args.json:
        print(level.start.grid())
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

    solve_ = add_command(
        sub, "solve", run=_solve,
        summary="solve a start (exit 1: no solution, 3: limit reached first)",
        description="Print the solution of a start: its placement string and the board.",
        example="puzzlekit twist solve f3C4i6B0j2B0j1C0k3C0l4B0l5C0",
    )
    solve_.add_argument("start", metavar="START", nargs="?", help=start_help)
    solve_.add_argument(
        "--challenge",
        type=int,
        metavar="N",
        help="solve shipped challenge N, 1-100 (the order of challenges.json; "
        "1-10 are booklet challenges 1, 2, 25, 26, 49, 50, 73, 74, 97, 98)",
    )
    solve_.add_argument("--all", action="store_true", help="print every solution")
    add_limits(solve_, nodes="sub-problems")
    add_record_option(solve_)

    hint_ = add_command(
        sub, "hint", run=_hint,
        summary="print one piece placement on the way to a solution",
        description="Print the placement of the first missing piece in a solution "
        "(exit 1: no solution, 3: limit reached first).",
        example="puzzlekit twist hint f3C4i6B0j2B0j1C0k3C0l4B0l5C0",
    )
    hint_.add_argument("start", metavar="START", help=start_help)
    add_limits(hint_, nodes="sub-problems", progress=False)

    generate_ = add_command(
        sub, "generate", run=_generate,
        summary="make a level of a grade: a start with exactly one solution",
        description="Make a start of a grade with exactly one solution (same seed, same "
        "start); --json adds the placements that solve it.",
        example="puzzlekit twist generate wizard --seed 7",
    )
    add_grade_argument(generate_, GRADES)
    generate_.add_argument(
        "--seed", type=int, default=None, help="random seed (default: a fresh random start)"
    )
    add_limits(generate_, nodes="nodes (solver sub-problems, grader positions), summed")

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
