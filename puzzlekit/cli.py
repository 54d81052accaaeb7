"""The ``puzzlekit`` command (also ``python -m puzzlekit``), written once over the registry.

Every puzzle in :data:`puzzlekit.PUZZLES` gets one command group with the
same verbs and options: ``show``, ``play``, ``solve``, ``hint``, ``count``
(where the puzzle counts), ``random``, ``generate`` and ``replay``; a
puzzle adds only the verbs no other puzzle has, through the ``register``
function of its :attr:`~puzzlekit.PuzzleType.commands` module. Then come
``demo`` and ``batch`` (:mod:`puzzlekit.batch`). Sizes are written
``WIDTHxHEIGHT`` (:mod:`puzzlekit.params`); every command that searches
takes ``--time-limit`` (default :data:`DEFAULT_TIME_LIMIT` seconds) and
``--node-limit``; ``--json`` prints one document of :mod:`puzzlekit.serial`
(an error too, on standard output, besides the line on standard error). Exit status:
0 on success, 1 when the input is proved to have no solution, 2 on bad
input, 3 when a limit (or Ctrl-C) stopped the work before an answer, and 70
for an internal error (a bug in puzzlekit: please report it). Errors are one
line on stderr, never a traceback. In ``--json`` output an answer a limit left
undecided is ``null``, never ``false``.

>>> main(["--version"])  # doctest: +ELLIPSIS
puzzlekit ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import math
import os
import signal
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from puzzlekit import __version__, batch, portfolio
from puzzlekit.contract import Level, PuzzleType, SearchResult
from puzzlekit.errors import (
    ArgumentError,
    LimitReached,
    ParseError,
    PuzzleError,
    UnsolvableError,
)
from puzzlekit.game import Game, read_records
from puzzlekit.limits import Progress, ProgressCallback
from puzzlekit.registry import PUZZLES
from puzzlekit.serial import Count, Hint, dumps, error_json, to_json

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "EXIT_BAD_INPUT",
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERNAL_ERROR",
    "EXIT_LIMIT",
    "EXIT_NO_SOLUTION",
    "EXIT_OK",
    "add_command",
    "add_grade_argument",
    "add_group",
    "add_limits",
    "add_record_option",
    "emit",
    "emit_level",
    "end_progress",
    "exit_status",
    "main",
    "progress_line",
    "read_input",
    "read_start",
    "write_record",
]

EXIT_OK = 0
"""The command did what was asked."""
EXIT_NO_SOLUTION = 1
"""The input was fine and is proved to have no solution."""
EXIT_BAD_INPUT = 2
"""The input or the arguments were malformed."""
EXIT_LIMIT = 3
"""A limit (or Ctrl-C) stopped the work before an answer: the answer is unknown."""
EXIT_INTERNAL_ERROR = 70
"""An unexpected exception: a bug in puzzlekit (``EX_SOFTWARE`` of ``sysexits.h``)."""
EXIT_BROKEN_PIPE = 141
"""The reader of standard output went away (128 + SIGPIPE, as shells report it)."""

def read_input(source: str) -> str:
    """The text of file *source*, or of standard input when it is ``-``.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", delete=False, suffix=".txt") as f:
    ...     _ = f.write("ab\\n")
    >>> read_input(f.name)
    'ab\\n'
    >>> os.remove(f.name)
    """
    name = "standard input" if source == "-" else repr(source)
    try:
        if source == "-":
            return sys.stdin.buffer.read().decode("utf-8")
        with open(source, "rb") as handle:
            return handle.read().decode("utf-8")
    except UnicodeDecodeError as error:
        raise ParseError(f"{name} is not UTF-8 text (byte {error.start})") from None


def add_group(commands: Any, name: str, *, summary: str, description: str, example: str) -> Any:
    """Add a module's command group to *commands*; return the group's own subcommands.

    >>> parser = argparse.ArgumentParser(prog="puzzlekit")
    >>> group = add_group(parser.add_subparsers(), "toy", summary="a toy puzzle",
    ...                   description="Play the toy puzzle.", example="puzzlekit toy solve")
    >>> _ = add_command(group, "solve", run=lambda args: 0, summary="solve it",
    ...                 description="Solve the toy.", example="puzzlekit toy solve")
    >>> parser.parse_args(["toy", "solve", "--json"]).json
    True
    """
    parser = commands.add_parser(
        name, help=summary, description=description, epilog=f"example: {example}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return parser.add_subparsers(dest="command", required=True, metavar="COMMAND")


def add_command(
    commands: Any,
    name: str,
    *,
    run: Callable[[argparse.Namespace], int],
    summary: str,
    description: str,
    example: str,
) -> argparse.ArgumentParser:
    """Add subcommand *name*: its ``--help`` shows *example* as written, it takes ``--json``,
    and ``run(args)`` carries it out and returns the exit status (see :func:`add_group`)."""
    parser: argparse.ArgumentParser = commands.add_parser(
        name, help=summary, description=description, epilog=f"example: {example}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run)
    return parser


def add_limits(
    parser: argparse.ArgumentParser,
    *,
    time_limit: float | None = None,
    nodes: str = "nodes",
    progress: bool = True,
) -> None:
    """Add ``--time-limit S`` (default *time_limit*), ``--node-limit N`` (counting *nodes*)
    and, with *progress*, ``--progress/--no-progress`` (default: on when standard error is
    a terminal; for commands whose work reports progress).

    >>> parser = argparse.ArgumentParser()
    >>> add_limits(parser, time_limit=10)
    >>> parser.parse_args(["--node-limit", "5"])
    Namespace(time_limit=10, node_limit=5, progress=None)
    """
    default = "none" if time_limit is None else f"{time_limit:g}"
    parser.add_argument(
        "--time-limit", type=float, default=time_limit, metavar="S",
        help=f"stop after S seconds (default {default}; inf for none)",
    )
    parser.add_argument("--node-limit", type=int, metavar="N", help=f"stop after N {nodes}")
    if progress:
        parser.add_argument(
            "--progress", action=argparse.BooleanOptionalAction, default=None,
            help="show progress on one stderr line (default: when stderr is a terminal)",
        )


def progress_line(args: argparse.Namespace) -> ProgressCallback | None:
    """The progress callback the command's ``--progress`` asks for, or ``None``.

    It redraws one line on standard error: best score (where there is one),
    nodes, elapsed seconds and the limits.

    >>> progress_line(argparse.Namespace(progress=False)) is None
    True
    """
    if not _shows_progress(args):
        return None

    def show(report: Progress) -> bool:
        parts = [] if report.best is None else [f"best {report.best}"]
        nodes = f"{report.nodes:,} nodes"
        if report.node_limit is not None:
            nodes += f" of {report.node_limit:,}"
        seconds = f"{report.seconds:.1f} s"
        if report.time_limit is not None:
            seconds += f" of {report.time_limit:g}"
        parts += [nodes, seconds]
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write("\r\033[K" + " | ".join(parts))
            sys.stderr.flush()
        return _CTRL_C.is_set()  # stop, should the KeyboardInterrupt have been lost

    return show


def _shows_progress(args: argparse.Namespace) -> bool:
    wanted: bool | None = getattr(args, "progress", None)
    return sys.stderr.isatty() if wanted is None else wanted


def end_progress(args: argparse.Namespace) -> None:
    """Clear the progress line, if the command showed one."""
    if _shows_progress(args):
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def add_grade_argument(parser: argparse.ArgumentParser, grades: Sequence[str]) -> None:
    """Add the ``GRADE`` argument of a ``generate`` command: one of *grades*.

    >>> parser = argparse.ArgumentParser()
    >>> add_grade_argument(parser, ("easy", "hard"))
    >>> parser.parse_args(["hard"]).grade
    'hard'
    """
    parser.add_argument(
        "grade", metavar="GRADE", choices=grades, help="the grade: " + ", ".join(grades)
    )


def add_record_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--record FILE``: write the solver's line as a game record (see :mod:`puzzlekit.game`).

    >>> parser = argparse.ArgumentParser()
    >>> add_record_option(parser)
    >>> parser.parse_args(["--record", "line.txt"]).record
    'line.txt'
    """
    parser.add_argument(
        "--record", metavar="FILE",
        help="write the line found as a game record to FILE ('-' for standard output)",
    )


def write_record(
    args: argparse.Namespace, result: SearchResult[Any, Any]
) -> str | None:
    """Write *result*'s line as a game record where ``--record FILE`` asks for it.

    With ``--record -`` the record goes to standard output, or with ``--json`` into the
    JSON document: the record text is returned for that, ``None`` otherwise.
    """
    path = getattr(args, "record", None)
    if path is None:
        return None
    game: Game[Any, Any] = Game(result.start, headers={"Source": "puzzlekit solver"})
    for move in result.moves:
        game.play(move)
    text = game.record()
    if path == "-":
        if not args.json:
            sys.stdout.write(text + "\n")
        return text
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text + "\n")
    return None


def exit_status(result: SearchResult[Any, Any]) -> int:
    """The exit status of a ``solve`` command that found *result*.

    ``0`` for a solution (or any line of a puzzle with a score), ``1`` when
    the search proved there is none, :data:`EXIT_LIMIT` when it stopped first.
    """
    if result.solved or result.score is not None:
        return EXIT_OK
    return EXIT_NO_SOLUTION if result.proved_unsolvable else EXIT_LIMIT


# -- the verbs every puzzle has, written once over the registry --------------------------------

DEFAULT_TIME_LIMIT: Final = 10.0
"""The one default time limit, in seconds, of every command that searches."""


def _puzzle(args: argparse.Namespace) -> PuzzleType[Any, Any]:
    return PUZZLES[args.module]


def _add_start(parser: argparse.ArgumentParser, puzzle: PuzzleType[Any, Any]) -> None:
    parser.add_argument(
        "file", metavar="FILE", nargs="?" if puzzle.shipped else None,
        help="the start's text form ('-' for standard input)",
    )
    if puzzle.shipped is not None:
        parser.add_argument(
            "--shipped", type=int, metavar="N",
            help="the puzzle's shipped start N (from 1) instead of FILE",
        )


def read_start(args: argparse.Namespace) -> Any:
    """The start a command names: ``FILE`` parsed by the puzzle's state type, or the
    puzzle's shipped start ``--shipped N``."""
    puzzle = _puzzle(args)
    number = getattr(args, "shipped", None)
    if (args.file is None) == (number is None):
        raise ArgumentError("give either a FILE or --shipped N, not both or neither")
    if number is not None:
        assert puzzle.shipped is not None
        starts = puzzle.shipped()
        if not 1 <= number <= len(starts):
            raise ArgumentError(f"--shipped takes 1 to {len(starts)}, not {number}")
        return starts[number - 1]
    return puzzle.state.parse(read_input(args.file))


def _read_params(args: argparse.Namespace) -> Any:
    puzzle = _puzzle(args)
    if args.params:
        return puzzle.params.parse(" ".join(args.params))
    return puzzle.presets[args.preset]


def _add_params(parser: argparse.ArgumentParser, puzzle: PuzzleType[Any, Any]) -> None:
    presets = ", ".join(puzzle.presets)
    parser.add_argument(
        "params", metavar="PARAMS", nargs="*",
        help=f"size WIDTHxHEIGHT and settings key=value (default: the preset's: "
        f"{puzzle.presets['default']})",
    )
    parser.add_argument(
        "--preset", choices=list(puzzle.presets), default="default",
        help=f"the preset's params when no PARAMS are given ({presets})",
    )
    parser.add_argument("--seed", type=int, metavar="N", help="the seed (default: fresh)")


def _add_svg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--svg", metavar="FILE", help="also write the picture to FILE")


def _write_svg(args: argparse.Namespace, state: Any) -> None:
    if getattr(args, "svg", None):
        with open(args.svg, "w", encoding="utf-8") as handle:
            handle.write(state.to_svg())


def _summary(puzzle: PuzzleType[Any, Any], state: Any) -> str:
    moves = state.legal_moves()
    status = "solved" if state.is_solved else "over" if state.is_over else f"{len(moves)} moves"
    return f"{puzzle.title}, {puzzle.params_of(state)}: {status}"


def _show(args: argparse.Namespace) -> int:
    puzzle = _puzzle(args)
    state = read_start(args)
    _write_svg(args, state)
    if args.json:
        emit(to_json(state, legal_moves=[str(move) for move in state.legal_moves()]))
    else:
        print(state)
        print(_summary(puzzle, state))
    return EXIT_OK


def _play(args: argparse.Namespace) -> int:
    puzzle = _puzzle(args)
    start = state = read_start(args)
    moves = [puzzle.move.parse(text) for text in args.moves]
    for move in moves:
        state = state.play(move)
    score = None if puzzle.score is None else puzzle.score(start, moves)
    _write_svg(args, state)
    if args.json:
        emit(to_json(state, score=score, legal_moves=[str(move) for move in state.legal_moves()]))
    else:
        print(state)
        print(_summary(puzzle, state) + ("" if score is None else f", score {score}"))
    return EXIT_OK


def _limits(args: argparse.Namespace) -> dict[str, Any]:
    time_limit = args.time_limit
    return {
        "node_limit": args.node_limit,
        "time_limit": None if time_limit is not None and math.isinf(time_limit) else time_limit,
    }


def _solve(args: argparse.Namespace) -> int:
    puzzle = _puzzle(args)
    state = read_start(args)
    limits = _limits(args)
    jobs = getattr(args, "jobs", 1)
    seed = getattr(args, "seed", None)
    if jobs > 1:
        result = portfolio.solve(puzzle, state, jobs=jobs, seed=seed, **limits)
    else:
        try:
            result = puzzle.solve(
                state, progress=progress_line(args), **puzzle.seeding(seed), **limits
            )
        finally:
            end_progress(args)
    _write_svg(args, result.final)
    record = write_record(args, result)
    if args.json:
        extra: dict[str, Any] = {"seed": seed}
        if jobs > 1:
            extra["jobs"] = jobs
        if record is not None:
            extra["record"] = record
        emit(to_json(result, **extra))
    elif record is None or args.record != "-":
        print(result.final)
        print(_result_line(result))
    return exit_status(result)


def _result_line(result: SearchResult[Any, Any]) -> str:
    plural = "" if len(result.moves) == 1 else "s"
    found = (
        f"solved in {len(result.moves)} move{plural}" if result.solved
        else "proved: no solution" if result.proved_unsolvable
        else f"{len(result.moves)} move{plural}, not solved"
    )
    score = "" if result.score is None else f", score {result.score}"
    search = "complete search" if result.complete else "stopped by a limit"
    return f"{found}{score} ({search}, {result.nodes:,} nodes, {result.seconds:.2f} s)"


def _hint(args: argparse.Namespace) -> int:
    puzzle = _puzzle(args)
    state = read_start(args)
    move = puzzle.hint(state, **_limits(args))
    if args.json:
        emit(to_json(Hint(state, move)))
    else:
        print("no move: the game is over" if move is None else move)
    return EXIT_OK


def _grade(args: argparse.Namespace) -> int:
    puzzle = _puzzle(args)
    state = read_start(args)
    grade = puzzle.grade(state, **_limits(args))
    if args.json:
        emit(to_json(state, kind="grade", grade=grade))
    else:
        print(grade)
    return EXIT_OK


def _count(args: argparse.Namespace) -> int:
    puzzle = _puzzle(args)
    assert puzzle.count is not None
    state = read_start(args)
    count = puzzle.count(state, **_limits(args))
    if args.json:
        emit(to_json(Count(state, count)))
    else:
        print(count)
    return EXIT_OK


def _random(args: argparse.Namespace) -> int:
    puzzle = _puzzle(args)
    state = puzzle.random_state(args.seed, _read_params(args))
    _write_svg(args, state)
    if args.json:
        emit(to_json(state, seed=args.seed))
    else:
        print(state)
    return EXIT_OK


def _generate(args: argparse.Namespace) -> int:
    puzzle = _puzzle(args)
    level = puzzle.generate(
        args.grade, _read_params(args), seed=args.seed, progress=progress_line(args),
        **_limits(args),
    )
    end_progress(args)
    return emit_level(args, level)


def emit_level(args: argparse.Namespace, level: Level[Any, Any]) -> int:
    """Print a generated level: its start, or with ``--json`` its JSON form (with the seed).

    >>> from puzzlekit import PUZZLES
    >>> puzzle = PUZZLES["tromino"]
    >>> level = puzzle.generate("easy", puzzle.params.parse("3x2 holes=0"), seed=1)
    >>> import io
    >>> with contextlib.redirect_stdout(io.StringIO()) as out:
    ...     status = emit_level(argparse.Namespace(json=False, seed=1), level)
    >>> out.getvalue() == str(level.start) + chr(10), status
    (True, 0)
    """
    if args.json:
        emit(to_json(level, seed=args.seed))
    else:
        print(level.start)
    return EXIT_OK


def _replay(args: argparse.Namespace) -> int:
    puzzle = _puzzle(args)
    text = read_input(args.file)
    frames = args.svg
    for number, game in enumerate(read_records(text.splitlines()), 1):
        if game.puzzle.name != puzzle.name:
            raise ParseError(f"game {number} is a {game.puzzle.name} record, not {puzzle.name}")
        position = game.start
        steps = [(None, position)]
        for move in game.moves:
            position = position.play(move)
            steps.append((move, position))
        for step, (move, position) in enumerate(steps):
            if frames is not None:
                os.makedirs(frames, exist_ok=True)
                path = os.path.join(frames, f"game{number:03d}-step{step:04d}.svg")
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(position.to_svg())
            if args.json:
                emit(to_json(
                    position, kind="step", game=number, step=step,
                    move=None if move is None else str(move),
                ))
            else:
                print(f"-- game {number}, " + ("start" if move is None else f"move {step}: {move}"))
                print(position)
        if not args.json:
            outcome = game.outcome
            print(f"-- result: {outcome.reason if outcome else 'in progress'}")
    return EXIT_OK


def emit(document: Mapping[str, Any]) -> None:
    """Print one JSON document of :mod:`puzzlekit.serial` on standard output.

    >>> emit({"kind": "count", "count": 2})
    {"kind": "count", "count": 2}
    """
    print(dumps(document))


def _add_shared_verbs(group: Any, puzzle: PuzzleType[Any, Any]) -> None:
    name = puzzle.name
    example = f"puzzlekit {name}"
    parser = add_command(
        group, "show", run=_show, summary="show a position and its legal moves",
        description=f"Print a {puzzle.title} position, its params and how many moves it has.",
        example=f"{example} show start.txt --svg start.svg",
    )
    _add_start(parser, puzzle)
    _add_svg(parser)

    parser = add_command(
        group, "play", run=_play, summary="play moves on a position",
        description="Play MOVES one after the other from the start and print where they lead.",
        example=f"{example} play start.txt MOVE MOVE",
    )
    _add_start(parser, puzzle)
    parser.add_argument("moves", metavar="MOVE", nargs="*", help="a move's text form")
    _add_svg(parser)

    parser = add_command(
        group, "solve", run=_solve, summary="solve a position",
        description="Search for a line that solves the start (for a scored puzzle: the best "
        "line found) and print where it ends; --json prints the whole result.",
        example=f"{example} solve start.txt --time-limit 5 --record line.txt",
    )
    _add_start(parser, puzzle)
    add_limits(parser, time_limit=DEFAULT_TIME_LIMIT)
    if puzzle.seeded:
        parser.add_argument("--seed", type=int, metavar="N", help="the seed (default: fresh)")
        parser.add_argument(
            "--jobs", type=int, default=1, metavar="N",
            help="run N searches side by side (seeds N, N+1, ...) and keep the best",
        )
    add_record_option(parser)
    _add_svg(parser)

    parser = add_command(
        group, "hint", run=_hint, summary="suggest a move",
        description="Print a move that keeps the game winnable (for a scored puzzle: the best "
        "line's first move).",
        example=f"{example} hint start.txt",
    )
    _add_start(parser, puzzle)
    add_limits(parser, time_limit=DEFAULT_TIME_LIMIT, progress=False)

    parser = add_command(
        group, "grade", run=_grade, summary="grade a start",
        description=f"Print the grade of the start on the puzzle's scale: "
        f"{', '.join(puzzle.grades)}.",
        example=f"{example} grade start.txt",
    )
    _add_start(parser, puzzle)
    add_limits(parser, time_limit=DEFAULT_TIME_LIMIT, progress=False)

    if puzzle.count is not None:
        parser = add_command(
            group, "count", run=_count, summary="count the solutions",
            description="Print how many solutions the start has.",
            example=f"{example} count start.txt",
        )
        _add_start(parser, puzzle)
        add_limits(parser, time_limit=DEFAULT_TIME_LIMIT, progress=False)

    parser = add_command(
        group, "random", run=_random, summary="print a random start",
        description="Print a random start of the given params.",
        example=f"{example} random {puzzle.presets['small']} --seed 7",
    )
    _add_params(parser, puzzle)
    _add_svg(parser)

    parser = add_command(
        group, "generate", run=_generate, summary="make a level of a grade",
        description="Make a level of GRADE (a start with a line that solves it).",
        example=f"{example} generate {puzzle.grades[0]} --seed 7 --json",
    )
    add_grade_argument(parser, puzzle.grades)
    _add_params(parser, puzzle)
    add_limits(parser, time_limit=DEFAULT_TIME_LIMIT)

    parser = add_command(
        group, "replay", run=_replay, summary="replay a game record step by step",
        description="Replay every game of a record file, checking each move, and print each "
        "position (or write SVG frames).",
        example=f"{example} solve start.txt --record line.txt && {example} replay line.txt",
    )
    parser.add_argument("file", metavar="FILE", help="the record file ('-' for standard input)")
    parser.add_argument("--svg", metavar="DIR", help="also write one SVG picture per step to DIR")


def _demo(_args: argparse.Namespace) -> int:
    for name in PUZZLES:
        puzzle = PUZZLES[name]
        print(f"== {name} ==")
        if puzzle.commands is not None:
            print(importlib.import_module(puzzle.commands).demo())
        else:
            start = puzzle.random_state(1, puzzle.presets["small"])
            print(puzzle.solve(start, node_limit=100_000, **puzzle.seeding(1)).final)
        print()
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the whole command: the shared verbs of every registered
    puzzle, each puzzle's own verbs, ``demo``, ``batch`` and ``play``.

    >>> commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    >>> {"batch", "demo", "linkpath", "play", "samegame", "tromino", "twist"} <= set(commands)
    True
    """
    parser = argparse.ArgumentParser(
        prog="puzzlekit",
        description="Solve, check, generate and play the registered puzzles: "
        + ", ".join(PUZZLES) + ".",
        epilog="example: puzzlekit demo",
    )
    parser.add_argument("--version", action="version", version=f"puzzlekit {__version__}")
    commands = parser.add_subparsers(dest="module", required=True, metavar="COMMAND")
    commands.add_parser(
        "demo",
        help="print a solved instance of each puzzle",
        description="Print a solved instance of each puzzle.",
        epilog="example: puzzlekit demo",
    ).set_defaults(run=_demo)
    for name in PUZZLES:
        puzzle = PUZZLES[name]
        group = add_group(
            commands, name, summary=puzzle.title,
            description=f"Commands for {puzzle.title}.",
            example=f"puzzlekit {name} generate {puzzle.grades[0]}",
        )
        _add_shared_verbs(group, puzzle)
        if puzzle.commands is not None:
            importlib.import_module(puzzle.commands).register(group)
    batch.register(commands)
    importlib.import_module("puzzlekit.play").register(commands)
    return parser


_CTRL_C = threading.Event()
"""Set by Ctrl-C while :func:`main` runs: the progress line then asks the search to stop
too, in case the ``KeyboardInterrupt`` went off where Python drops it (in a finaliser)."""


def _on_ctrl_c(signum: int, frame: object) -> None:
    _CTRL_C.set()
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with *argv* (default: ``sys.argv[1:]``) and return the exit status."""
    if threading.current_thread() is not threading.main_thread():
        return _run(argv)  # signal handlers belong to the main thread
    _CTRL_C.clear()
    previous = signal.signal(signal.SIGINT, _on_ctrl_c)
    try:
        return _run(argv)
    except KeyboardInterrupt:  # between two guarded steps
        return _fail("interrupted before an answer", EXIT_LIMIT, None)
    finally:
        if previous is not None:  # None: a handler not set from Python, left as it was
            signal.signal(signal.SIGINT, previous)


def _run(argv: Sequence[str] | None) -> int:
    args: argparse.Namespace | None = None
    try:
        parser = build_parser()  # imports every puzzle: Ctrl-C may come here too
        try:
            args = parser.parse_args(argv)
        except SystemExit as stop:
            return stop.code if isinstance(stop.code, int) else EXIT_BAD_INPUT
        status: int = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (``puzzlekit demo | head``): not an error of ours.
        # Point stdout at devnull so the interpreter's final flush stays quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except LimitReached as error:
        return _fail(f"limit reached: {error}", EXIT_LIMIT, args, error)
    except UnsolvableError as error:
        return _fail(f"no solution: {error}", EXIT_NO_SOLUTION, args, error)
    except (PuzzleError, OSError) as error:
        return _fail(f"error: {error}", EXIT_BAD_INPUT, args, error)
    except KeyboardInterrupt as error:
        return _fail("interrupted before an answer", EXIT_LIMIT, args, error)
    except Exception as error:  # a bug of ours: say so, not "bad input"
        return _fail(
            f"internal error (please report it): {type(error).__name__}: {error}",
            EXIT_INTERNAL_ERROR, args, error,
        )
    return status


def _fail(
    message: str,
    status: int,
    args: argparse.Namespace | None,
    error: BaseException | None = None,
) -> int:
    with contextlib.suppress(OSError, ValueError):  # a closed stream: the status still tells
        if error is not None and args is not None and getattr(args, "json", False):
            print(dumps(error_json(error, status=status)), flush=True)
        print(f"puzzlekit: {message}", file=sys.stderr)
    return status
