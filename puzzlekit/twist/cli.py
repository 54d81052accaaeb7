"""IQ-Twist's own commands, besides the verbs every puzzle has (``puzzlekit twist show``,
``solve``, ``hint``, ``count``, ... of :mod:`puzzlekit.cli`): ``solutions`` (every
solution of a start), ``viable`` (every legal placement of the missing pieces) and
``challenges`` (the shipped challenges, ``--shipped N`` of the shared verbs).

A START is a file holding a placement string such as ``f3C4i6B0j2B0``, ``-`` for
standard input, or ``--shipped N``. Exit status 1 means the start is proved to
have no solution, 3 that a limit stopped the search before an answer (``null``
in ``--json`` output).

>>> from puzzlekit.cli import main
>>> main(["twist", "solutions", "--shipped", "1"])
a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0
cdddgbaa
cddggbba
ceefggba
cefffhhh
1 solution
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
    read_start,
)
from puzzlekit.serial import seconds, to_json
from puzzlekit.twist.api import viable_piece_placements
from puzzlekit.twist.board import State
from puzzlekit.twist.challenges import challenge, challenges
from puzzlekit.twist.solver import find_solutions

__all__ = ["demo", "register"]


def _add_start(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", metavar="FILE", nargs="?",
        help="a file holding a placement string such as f3C4i6B0 ('-' for standard input)",
    )
    parser.add_argument(
        "--shipped", type=int, metavar="N",
        help=f"shipped challenge N, 1-{len(challenges())} (see 'puzzlekit twist challenges')",
    )


def _solutions(args: argparse.Namespace) -> int:
    start: State = read_start(args)
    try:
        found = find_solutions(
            start, node_limit=args.node_limit, time_limit=args.time_limit,
            progress=progress_line(args),
        )
    finally:
        end_progress(args)
    solutions = [str(solution) for solution in found.solutions]
    if args.json:
        emit(to_json(
            start, kind="solutions", solutions=solutions,
            count=len(solutions) if found.complete else None, complete=found.complete,
            nodes=found.nodes, seconds=seconds(found.seconds),
        ))
    else:
        for solution in found.solutions:
            print(solution)
            print(solution.grid())
        plural = "" if len(solutions) == 1 else "s"
        print(f"{len(solutions)} solution{plural}" + ("" if found.complete else " so far"))
    if solutions:
        return EXIT_OK
    return EXIT_NO_SOLUTION if found.complete else EXIT_LIMIT


def _viable(args: argparse.Namespace) -> int:
    start: State = read_start(args)
    found = viable_piece_placements(str(start))
    placements = sorted(found or ())
    if args.json:
        emit(to_json(start, kind="placements", placements=placements))
    else:
        print(" ".join(placements) if placements else "no placement: no piece fits")
    return EXIT_OK if placements else EXIT_NO_SOLUTION


def _challenges(args: argparse.Namespace) -> int:
    shipped = challenges()
    if args.json:
        emit({
            "kind": "shipped",
            "puzzle": "twist",
            "starts": [
                {"number": found.number, "name": found.name, "level": found.level,
                 "start": str(found.start), "solution": str(found.solution)}
                for found in shipped
            ],
        })
    else:
        for found in shipped:
            print(f"{found.number:3d}  {found.name:<14} {found.level:<8} {found.start}")
    return EXIT_OK


def register(group: Any) -> None:
    """Add IQ-Twist's own verbs to its command group *group* (``puzzlekit twist ...``).

    >>> from puzzlekit.cli import build_parser
    >>> build_parser().parse_args(["twist", "solutions", "--shipped", "3"]).shipped
    3
    """
    parser = add_command(
        group, "solutions", run=_solutions,
        summary="print every solution of a start (exit 1: none, 3: limit reached first)",
        description="Print every solution of a start, each as its placement string and "
        "board, and how many there are.",
        example="puzzlekit twist solutions start.txt",
    )
    _add_start(parser)
    add_limits(parser, time_limit=DEFAULT_TIME_LIMIT, nodes="sub-problems")

    parser = add_command(
        group, "viable", run=_viable,
        summary="print every legal placement of the pieces not yet placed",
        description="Print every legal placement of each missing piece (placements of one "
        "piece covering the same cells once), whether or not it leads to a solution "
        "(exit 1: none).",
        example="puzzlekit twist viable --shipped 1",
    )
    _add_start(parser)

    add_command(
        group, "challenges", run=_challenges,
        summary="list the shipped challenges",
        description="List the shipped challenges: number (for --shipped N), source, the "
        "level the source gives, and the start (1-10 are booklet challenges 1, 2, 25, "
        "26, 49, 50, 73, 74, 97, 98).",
        example="puzzlekit twist challenges",
    )


def demo() -> str:
    """Booklet challenge 1 and its solution, as text.

    >>> print(demo().splitlines()[0])
    start:    f3C4i6B0j2B0j1C0k3C0l4B0l5C0
    """
    first = challenge(1)
    return "\n".join(
        [f"start:    {first.start}", f"solution: {first.solution}", first.solution.grid()]
    )
