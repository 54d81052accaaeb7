"""The ``puzzlekit`` command (also ``python -m puzzlekit``).

One subcommand group per puzzle module, each defined in that module's
``cli.py`` by a ``register(commands)`` function, plus ``demo`` and ``batch``
(:mod:`puzzlekit.batch`). Exit status:
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
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from puzzlekit import __version__, batch
from puzzlekit.contract import Level, SearchResult
from puzzlekit.errors import LimitReached, ParseError, PuzzleError, UnsolvableError
from puzzlekit.game import Game, read_records
from puzzlekit.limits import Progress, ProgressCallback
from puzzlekit.registry import PUZZLES

__all__ = [
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
    "emit_json",
    "emit_level",
    "end_progress",
    "exit_status",
    "main",
    "progress_line",
    "read_input",
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

class _ModuleCli(Protocol):
    def register(self, commands: Any) -> None: ...

    def demo(self) -> str: ...


def _module_cli(name: str) -> _ModuleCli:
    module: _ModuleCli = importlib.import_module(PUZZLES[name].cli)
    return module


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


def emit_json(value: object) -> None:
    """Print *value* as one JSON document on standard output.

    >>> emit_json({"score": 3, "moves": [[0, 1]]})
    {"score": 3, "moves": [[0, 1]]}
    """
    print(json.dumps(value))


_GROUPS: dict[str, Any] = {}
"""Each puzzle group's subcommands, so that commands shared by all puzzles can be added."""


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
    group = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _GROUPS[name] = group
    return group


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


def emit_level(args: argparse.Namespace, level: Level[Any, Any]) -> int:
    """Print a generated level: its start, or with ``--json`` its grade, seed, start and witness.

    >>> from puzzlekit import tromino
    >>> level = tromino.generate("easy", height=2, width=3, holes=0, seed=1)
    >>> emit_level(argparse.Namespace(json=True, seed=1), level)
    {"grade": "easy", "seed": 1, "start": "...\\n...", "witness": ["0,0 se", "0,1 nw"]}
    0
    """
    if args.json:
        emit_json(
            {
                "grade": level.grade,
                "seed": args.seed,
                "start": str(level.start),
                "witness": [str(move) for move in level.witness],
            }
        )
    else:
        print(level.start)
    return EXIT_OK


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


def write_record(args: argparse.Namespace, result: SearchResult[Any, Any]) -> None:
    """Write *result* as a game record where the command's ``--record`` asks for it."""
    path = getattr(args, "record", None)
    if path is None:
        return
    game: Game[Any, Any] = Game(result.start, headers={"Source": "puzzlekit solver"})
    for move in result.moves:
        game.play(move)
    text = game.record() + "\n"
    if path == "-":
        sys.stdout.write(text)
        return
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def _replay(args: argparse.Namespace) -> int:
    text = read_input(args.file)
    frames = args.svg
    for number, game in enumerate(read_records(text.splitlines()), 1):
        if game.puzzle.name != args.module:
            raise ParseError(f"game {number} is a {game.puzzle.name} record, not {args.module}")
        steps = [(None, game.start), *zip(game.moves, game.positions[1:], strict=True)]
        for step, (move, position) in enumerate(steps):
            if frames is not None:
                os.makedirs(frames, exist_ok=True)
                path = os.path.join(frames, f"game{number:03d}-step{step:04d}.svg")
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(position.to_svg())
            if args.json:
                emit_json({
                    "game": number, "step": step, "move": None if move is None else str(move),
                    "board": str(position),
                })
            else:
                print(f"-- game {number}, " + ("start" if move is None else f"move {step}: {move}"))
                print(position)
        if not args.json:
            outcome = game.outcome
            print(f"-- result: {outcome.reason if outcome else 'in progress'}")
    return EXIT_OK


def _add_replay(group: Any, name: str) -> None:
    parser = add_command(
        group, "replay", run=_replay, summary="replay a game record step by step",
        description="Replay every game of a record file, checking each move, and print each "
        "position (or write SVG frames).",
        example=f"puzzlekit {name} solve ... --record line.txt && puzzlekit {name} replay line.txt",
    )
    parser.add_argument("file", metavar="FILE", help="the record file ('-' for standard input)")
    parser.add_argument("--svg", metavar="DIR", help="also write one SVG picture per step to DIR")


def exit_status(result: SearchResult[Any, Any]) -> int:
    """The exit status of a ``solve`` command that found *result*.

    ``0`` for a solution (or any line of a puzzle with a score), ``1`` when
    the search proved there is none, :data:`EXIT_LIMIT` when it stopped first.
    """
    if result.solved or result.score is not None:
        return EXIT_OK
    return EXIT_NO_SOLUTION if result.proved_unsolvable else EXIT_LIMIT


def _demo(_args: argparse.Namespace) -> int:
    for name in PUZZLES:
        print(f"== {name} ==")
        print(_module_cli(name).demo())
        print()
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the whole command, with every module's group.

    >>> sorted(build_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    ['batch', 'demo', 'linkpath', 'play', 'samegame', 'tromino', 'twist']
    """
    parser = argparse.ArgumentParser(
        prog="puzzlekit",
        description=(
            "Solve, check and generate IQ-Twist, tromino, link-matching and SameGame puzzles."
        ),
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
        _module_cli(name).register(commands)
        _add_replay(_GROUPS[name], name)
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
    finally:
        if previous is not None:  # None: a handler not set from Python, left as it was
            signal.signal(signal.SIGINT, previous)


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else EXIT_BAD_INPUT
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (``puzzlekit demo | head``): not an error of ours.
        # Point stdout at devnull so the interpreter's final flush stays quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except LimitReached as error:
        return _fail(f"limit reached: {error}", EXIT_LIMIT)
    except UnsolvableError as error:
        return _fail(f"no solution: {error}", EXIT_NO_SOLUTION)
    except (PuzzleError, OSError) as error:
        return _fail(f"error: {error}", EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        return _fail("interrupted before an answer", EXIT_LIMIT)
    except Exception as error:  # a bug of ours: say so, not "bad input"
        return _fail(
            f"internal error (please report it): {type(error).__name__}: {error}",
            EXIT_INTERNAL_ERROR,
        )
    return status


def _fail(message: str, status: int) -> int:
    with contextlib.suppress(OSError, ValueError):  # stderr closed: the status still tells
        print(f"puzzlekit: {message}", file=sys.stderr)
    return status
