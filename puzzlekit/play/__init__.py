"""``puzzlekit play``: every registered puzzle in the browser, written once over the registry.

The page, its script, the game flow, records, clock, score, hints,
demonstrations, saving and loading and the high scores are generic; each
puzzle brings only its drawing and how pointer and keys map to moves (its
``ui`` module, see :mod:`puzzlekit.interface`). Starlette and uvicorn (the
``play`` extra) are imported only when the command runs.

>>> import argparse
>>> commands = argparse.ArgumentParser().add_subparsers()
>>> register(commands)
>>> args = commands.choices["play"].parse_args(["samegame", "--no-browser", "--port", "0"])
>>> args.puzzle, args.browser, args.host
('samegame', False, '127.0.0.1')
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import webbrowser
from pathlib import Path
from typing import Any

from puzzlekit.errors import ArgumentError
from puzzlekit.registry import PUZZLES

__all__ = ["LOOPBACK", "data_directory", "register", "run"]

LOOPBACK = "127.0.0.1"
"""The address the app listens on unless told otherwise."""


def data_directory() -> Path:
    """Where ``puzzlekit play`` keeps its high scores: ``$XDG_DATA_HOME/puzzlekit``
    (by default ``~/.local/share/puzzlekit``).

    >>> data_directory().name
    'puzzlekit'
    """
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "puzzlekit"


def register(commands: Any) -> None:
    """Add the ``play`` command to the subcommands *commands*."""
    parser = commands.add_parser(
        "play",
        help="play the puzzles in the browser (needs the play extra)",
        description="Start a local web app to play the puzzles and open the browser on it.",
        epilog="example: puzzlekit play --port 8765",
    )
    parser.add_argument("puzzle", nargs="?", choices=list(PUZZLES), metavar="PUZZLE",
                        help=f"the puzzle to start with ({', '.join(PUZZLES)})")
    parser.add_argument("--port", type=int, default=0,
                        help="the port to listen on (default: any free port)")
    parser.add_argument("--no-browser", dest="browser", action="store_false",
                        help="print the address instead of opening a browser")
    parser.add_argument("--host", default=LOOPBACK,
                        help=f"the address to listen on (default {LOOPBACK}: this machine only)")
    parser.add_argument("--i-understand-this-exposes-the-game", dest="exposed",
                        action="store_true",
                        help="needed with --host other than 127.0.0.1: anyone who can reach "
                             "the address and learns the token can play and write high scores")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="where high scores are kept (default: the user's data directory)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Serve the app until Ctrl-C."""
    try:
        import uvicorn

        from puzzlekit.play.app import create_app
    except ImportError as error:
        raise ArgumentError(
            f"puzzlekit play needs the play extra ({error.name} is missing): "
            "pip install -e '.[play]' (or pip install 'puzzlekit-engines[play]')"
        ) from None
    if args.host != LOOPBACK and not args.exposed:
        raise ArgumentError(
            f"--host {args.host} would let other machines reach the game; "
            "add --i-understand-this-exposes-the-game to do it anyway")
    if not 0 <= args.port < 65536:
        raise ArgumentError(f"--port must be from 0 to 65535, not {args.port}")
    if args.host != LOOPBACK:
        print(f"puzzlekit: warning: listening on {args.host}: anyone who can reach it and "
              "learns the token in the address can play and write high scores",
              file=sys.stderr)
    import socket

    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((args.host, args.port))
    port = listener.getsockname()[1]
    shown = f"[{args.host}]" if family == socket.AF_INET6 else args.host
    hosts = frozenset({f"{shown}:{port}", f"localhost:{port}"} if args.host == LOOPBACK
                      else {f"{shown}:{port}"})
    token = secrets.token_urlsafe(24)
    app = create_app(token=token, hosts=hosts, data_dir=args.data_dir or data_directory(),
                     first_puzzle=args.puzzle)
    url = f"http://{shown}:{port}/?token={token}"
    print(f"puzzlekit play: {url}  (Ctrl-C stops it)", flush=True)
    if args.browser:
        webbrowser.open(url)
    config = uvicorn.Config(app, log_level="warning", lifespan="off")
    uvicorn.Server(config).run(sockets=[listener])
    return 0
