"""The app served by uvicorn in a background thread, for tests and screenshot scripts.

Needs the ``play`` extra; :func:`running` binds a free port on 127.0.0.1.
"""

from __future__ import annotations

import secrets
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from puzzlekit.play import LOOPBACK
from puzzlekit.play.app import create_app

__all__ = ["running"]


@contextmanager
def running(data_dir: Path, *, first_puzzle: str | None = None) -> Iterator[str]:
    """Serve the app on a free loopback port while the ``with`` block runs; yields its
    address with the token (``http://127.0.0.1:PORT/?token=...``)."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind((LOOPBACK, 0))
    port = listener.getsockname()[1]
    token = secrets.token_urlsafe(24)
    app = create_app(token=token, hosts=frozenset({f"{LOOPBACK}:{port}"}), data_dir=data_dir,
                     first_puzzle=first_puzzle)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://{LOOPBACK}:{port}/?token={token}"
    finally:
        server.should_exit = True
        thread.join(10)
        listener.close()
