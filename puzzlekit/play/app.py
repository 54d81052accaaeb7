"""The web app of ``puzzlekit play``: one page and a JSON API over every registered puzzle.

Every request must carry the run's secret token (``?token=`` or the
``X-Puzzlekit-Token`` header) and a ``Host`` header naming the address the
app was started on; request bodies are capped; uploaded records are read
only by :meth:`puzzlekit.Game.from_record`; the only file written is the
high-score table in the data directory.
"""

from __future__ import annotations

import hmac
import itertools
import json
import secrets
import threading
from collections import OrderedDict
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from puzzlekit.contract import PuzzleType, SearchResult
from puzzlekit.errors import ArgumentError, IllegalMoveError, LimitReached, ParseError
from puzzlekit.game import Clock, Game
from puzzlekit.interface import (
    EVENT_KINDS,
    Event,
    FrontEnd,
    TakeBack,
    UiState,
    actions_of,
    front_end,
)
from puzzlekit.play.levels import new_level, shipped_start, size_of
from puzzlekit.play.scores import Scores, won
from puzzlekit.registry import PUZZLES

__all__ = ["MAX_BODY", "MAX_GAMES", "create_app"]

MAX_BODY = 256 * 1024
"""The largest request body accepted, in bytes (a record of a big game fits)."""
MAX_GAMES = 2000
"""The most games held at once; the least recently used goes first."""
HINT_NODES = 20_000
"""The node budget of a hint."""
PROVE_LOST_NODES = 2_000
"""The node budget of the proof, after each move, that the game is lost."""
MAX_LISTED_MOVES = 300
"""The most legal moves listed for a puzzle without front-end hooks."""
DEMO_NODES = 200_000
"""The node budget of the search whose line a demonstration plays."""

_STATIC = {"play.js": "text/javascript", "play.css": "text/css"}


@attrs.define
class Session:
    """One game on the page: the game, its interface state and what to show next."""

    game: Game[Any, Any]
    hooks: FrontEnd
    ui: UiState
    grade: str
    lock: threading.Lock = attrs.field(factory=threading.Lock)
    hint: Any = None
    message: str = ""
    motions: list[dict[str, Any]] = attrs.field(factory=list)
    flash: str | None = None
    scored: bool = False


class _Guard:
    """ASGI middleware: the Host header, the token and the body size, on every request."""

    def __init__(self, app: ASGIApp, token: str, hosts: frozenset[str]) -> None:
        self.app, self.token, self.hosts = app, token, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.decode("latin-1").lower(): value.decode("latin-1")
                   for key, value in scope["headers"]}
        if headers.get("host", "") not in self.hosts:
            await PlainTextResponse("unknown Host header", 403)(scope, receive, send)
            return
        query = dict(part.split("=", 1) for part in scope.get("query_string", b"").decode(
            "latin-1").split("&") if "=" in part)
        given = headers.get("x-puzzlekit-token") or query.get("token", "")
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            await PlainTextResponse("wrong or missing token", 403)(scope, receive, send)
            return
        length = headers.get("content-length", "0")
        if not length.isdigit() or int(length) > MAX_BODY:
            await PlainTextResponse("request too large", 413)(scope, receive, send)
            return
        await self.app(scope, _capped(receive), send)


def _capped(receive: Receive) -> Receive:
    seen = 0

    async def capped() -> Any:
        nonlocal seen
        message = await receive()
        seen += len(message.get("body", b""))
        if seen > MAX_BODY:
            raise _TooLarge
        return message

    return capped


class _TooLarge(Exception):
    pass


class _Games:
    """The games held, by id, the least recently used dropped past :data:`MAX_GAMES`."""

    def __init__(self) -> None:
        self._games: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()
        self._ids = itertools.count(1)

    def add(self, session: Session) -> str:
        with self._lock:
            key = f"{next(self._ids)}-{secrets.token_hex(4)}"
            self._games[key] = session
            while len(self._games) > MAX_GAMES:
                self._games.popitem(last=False)
            return key

    def get(self, key: object) -> Session:
        with self._lock:
            if not isinstance(key, str) or key not in self._games:
                raise ArgumentError("no such game (it may have ended long ago): start a new one")
            self._games.move_to_end(key)
            return self._games[key]

    def __len__(self) -> int:
        return len(self._games)


def _puzzle(name: object) -> PuzzleType[Any, Any]:
    if not isinstance(name, str) or name not in PUZZLES:
        raise ArgumentError(f"no puzzle named {name!r:.40}; the puzzles are {', '.join(PUZZLES)}")
    return PUZZLES[name]


def _time_limit(hooks: FrontEnd) -> float | None:
    limit = getattr(hooks, "TIME_LIMIT", None)
    return float(limit) if isinstance(limit, (int, float)) else None


def _described(puzzle: PuzzleType[Any, Any]) -> dict[str, Any]:
    """What the page offers for *puzzle*: its grades, sizes and shipped starts."""
    return {
        "name": puzzle.name,
        "title": puzzle.title,
        "grades": list(puzzle.grades),
        "presets": [[name, str(params)] for name, params in puzzle.presets.items()],
        "shipped": 0 if puzzle.shipped is None else len(puzzle.shipped()),
    }


def _view(key: str, session: Session) -> dict[str, Any]:
    game = session.game
    outcome = game.outcome
    position = game.position
    listed: list[str] | None = None
    if getattr(game.puzzle, "ui", None) is None and outcome is None:
        listed = [str(move) for move in itertools.islice(game.legal_moves(), MAX_LISTED_MOVES)]
    view = {
        "game": key,
        "puzzle": game.puzzle.name,
        "title": game.puzzle.title,
        "grade": session.grade,
        "size": size_of(game.start),
        "svg": str(session.hooks.draw(position, session.ui, hint=session.hint)),
        "flash": session.flash,
        "status": session.hooks.status(position, session.ui),
        "help": session.hooks.HELP,
        "cell_size": getattr(session.hooks, "CELL_SIZE", None),
        "events": list(getattr(session.hooks, "EVENTS", EVENT_KINDS)),
        "actions": [list(triple) for triple in actions_of(session.hooks)],
        "moves": len(game.moves),
        "score": game.score,
        "elapsed": round(game.clock.elapsed, 1),
        "remaining": None if game.clock.remaining is None else round(game.clock.remaining, 1),
        "running": game.clock.running,
        "hints": game.hints_taken,
        "undos": game.undos,
        "can_undo": bool(game.moves) and (
            outcome is None or outcome.reason in ("solved", "stuck", "lost")),
        "can_redo": bool(game.redo_moves) and outcome is None,
        "outcome": None if outcome is None else {"reason": outcome.reason,
                                                 "detail": outcome.detail},
        "won": won(game),
        "message": session.message,
        "hint": None if session.hint is None else str(session.hint),
        "motions": session.motions,
        "legal": listed,
    }
    session.flash = None
    session.motions = []
    return view


def _after_move(session: Session, before: Any, move: Any) -> None:
    session.motions = [
        {"from": list(m.start), "to": None if m.to is None else list(m.to)}
        for m in session.hooks.motions(before, move)
    ]
    picture = session.hooks.draw_move(before, move)
    session.flash = None if picture is None else str(picture)
    session.hint = None


def _extra(session: Session, name: object) -> None:
    """Run the puzzle's own action *name* (see :func:`puzzlekit.interface.actions_of`):
    a new position goes on as a new game with the same clock, counters and headers."""
    if not isinstance(name, str) or name not in {triple[0] for triple in actions_of(session.hooks)}:
        raise ArgumentError(f"no action named {name!r:.40} for this puzzle")
    old = session.game
    outcome = old.outcome
    if outcome is not None and outcome.reason not in ("stuck", "lost"):
        raise ArgumentError(f"the game is over ({outcome.reason})")
    hook = getattr(session.hooks, "action", None)
    if hook is None:
        raise ArgumentError(f"the puzzle's front end lists {name!r} but has no action hook")
    session.ui, position = hook(old.position, session.ui, name)
    if position is None:
        return
    headers = dict(old.headers)
    headers[name.capitalize()] = str(int(headers.get(name.capitalize(), "0")) + 1)
    game: Game[Any, Any] = Game(position, time_limit=old.clock.time_limit, headers=headers,
                                prove_lost=int(old.prove_lost))
    game.clock = Clock(time_limit=old.clock.time_limit, elapsed=old.clock.elapsed,
                       running=game.outcome is None)
    game.hints_taken, game.undos = old.hints_taken, old.undos
    session.game, session.hint = game, None


def _take_back(session: Session, move: Any) -> None:
    """Undo back to before *move* and play the moves after it again (one undo counted);
    :class:`IllegalMoveError`, the game unchanged, when that cannot be done."""
    game = session.game
    moves = list(game.moves)
    if move not in moves:
        raise IllegalMoveError(f"{move} was not played in this game")
    index = moves.index(move)
    later = moves[index + 1:]
    position = game.positions[index]
    for again in later:  # check before changing anything
        position = position.play(again)
    undos = game.undos
    for _ in range(len(moves) - index):
        game.undo()
    for again in later:
        game.play(again)
    game.undos = undos + 1
    session.hint = None


def _play(session: Session, move: Any) -> None:
    before = session.game.position
    session.game.play(move)
    _after_move(session, before, move)


def create_app(
    *,
    token: str,
    hosts: frozenset[str],
    data_dir: Path,
    first_puzzle: str | None = None,
) -> ASGIApp:
    """The app: the page at ``/``, its assets, and the JSON API under ``/api``."""
    games = _Games()
    scores = Scores(data_dir / "scores.sqlite")

    async def body(request: Request) -> dict[str, Any]:
        try:
            raw = await request.body()
        except _TooLarge:
            raise ArgumentError("request too large") from None
        try:
            value = json.loads(raw or b"{}")
        except (ValueError, RecursionError):
            raise ParseError("the request is not JSON") from None
        if not isinstance(value, dict):
            raise ParseError("the request is not a JSON object")
        return value

    def page(request: Request) -> Response:
        html = resources.files("puzzlekit.play").joinpath("static/index.html").read_text()
        html = html.replace("{{token}}", token).replace("{{puzzle}}", first_puzzle or "")
        return Response(html, media_type="text/html", headers={
            "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                                       "style-src 'self' 'unsafe-inline'",
            "Referrer-Policy": "no-referrer",
            "X-Content-Type-Options": "nosniff",
        })

    def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC:
            return PlainTextResponse("not found", 404)
        text = resources.files("puzzlekit.play").joinpath("static", name).read_text()
        return Response(text, media_type=_STATIC[name])

    def puzzles(request: Request) -> Response:
        return JSONResponse([_described(PUZZLES[name]) for name in PUZZLES])

    async def new(request: Request) -> Response:
        data = await body(request)
        puzzle = _puzzle(data.get("puzzle"))
        grade = data.get("grade", puzzle.grades[0])
        seed = data.get("seed")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
            raise ArgumentError("seed must be an int from 0 to 2**63 - 1")
        size = data.get("size", "")
        if not isinstance(grade, str) or not isinstance(size, str) or len(size) > 200:
            raise ArgumentError("grade and size are short strings")
        number = data.get("shipped")
        if number is not None:
            start = shipped_start(puzzle, number)
            return JSONResponse(_start(puzzle, start, f"shipped {number}"))
        level = await run_in_threadpool(new_level, puzzle, grade, size, seed=seed)
        return JSONResponse(_start(puzzle, level.start, grade))

    def _start(puzzle: PuzzleType[Any, Any], start: Any, grade: str) -> dict[str, Any]:
        hooks = front_end(puzzle)
        game: Game[Any, Any] = Game(start, time_limit=_time_limit(hooks),
                                    headers={"Grade": grade}, prove_lost=PROVE_LOST_NODES)
        session = Session(game, hooks, hooks.new_ui(start), grade)
        key = games.add(session)
        return _view(key, session)

    def act(data: dict[str, Any]) -> dict[str, Any]:
        key = data.get("game")
        session = games.get(key)
        assert isinstance(key, str)
        with session.lock:
            action = data.get("action")
            if action != "view":  # a message stays until the player does something
                session.message = ""
            game = session.game
            try:
                if action == "event":
                    event = Event.from_json(data.get("event"))
                    session.ui, move = session.hooks.interpret(game.position, session.ui, event)
                    if isinstance(move, TakeBack):
                        _take_back(session, move.move)
                    elif move is not None:
                        _play(session, move)
                elif action == "move":
                    text = data.get("move")
                    if not isinstance(text, str) or len(text) > 200:
                        raise ParseError("a move is a short text")
                    _play(session, game.puzzle.move.parse(text))
                elif action == "undo":
                    game.undo()
                    session.hint = None
                elif action == "redo":
                    before = game.position
                    move = game.redo()
                    _after_move(session, before, move)
                elif action == "hint":
                    session.hint = game.hint(node_limit=HINT_NODES)
                    session.message = ("no move is left" if session.hint is None
                                       else f"hint: {session.hint}")
                elif action == "pause":
                    game.clock.pause()
                elif action == "resume":
                    if game.outcome is None:
                        game.clock.resume()
                elif action == "resign":
                    game.resign()
                elif action == "extra":
                    _extra(session, data.get("name"))
                elif action != "view":
                    raise ArgumentError(f"unknown action {action!r:.40}")
            except (IllegalMoveError, ParseError, LimitReached) as error:
                session.message = str(error)
            except ValueError as error:  # UnsolvableError from a hint, ArgumentError
                session.message = str(error)
            if won(game) and not session.scored:
                session.scored = scores.add(game.record())
            return _view(key, session)

    async def action(request: Request) -> Response:
        data = await body(request)
        return JSONResponse(await run_in_threadpool(act, data))

    async def demonstration(request: Request) -> Response:
        data = await body(request)
        session = games.get(data.get("game"))

        def solved() -> dict[str, Any]:
            with session.lock:
                start = session.game.position
            # The puzzle's own demonstration where it has one (the tromino's divide and
            # conquer, drawn with its quadrants), else the solver's line.
            own = getattr(session.hooks, "demonstration", None)
            shown = None if own is None else own(start)
            if shown is None:
                result = session.game.puzzle.solve(start, node_limit=DEMO_NODES, time_limit=10)
                demo_ui = session.hooks.new_ui(start)
            else:
                line, demo_ui = shown
                final = start
                for move in line:
                    final = final.play(move)
                result = SearchResult(start, tuple(line), final, True)
            demo = Game.demonstration(result, headers={"Grade": session.grade},
                                      time_limit=None)
            demo_session = Session(demo, session.hooks, demo_ui, session.grade, scored=True)
            return _view(games.add(demo_session), demo_session)

        return JSONResponse(await run_in_threadpool(solved))

    def record(request: Request) -> Response:
        session = games.get(request.query_params.get("game"))
        with session.lock:
            text = session.game.record()
        name = f"{session.game.puzzle.name}-game.txt"
        return PlainTextResponse(text + "\n", headers={
            "Content-Disposition": f'attachment; filename="{name}"'})

    async def load(request: Request) -> Response:
        try:
            raw = await request.body()
        except _TooLarge:
            raise ArgumentError("request too large") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ParseError("a game record is UTF-8 text") from None
        game = await run_in_threadpool(Game.from_record, text)
        hooks = front_end(game.puzzle)
        session = Session(game, hooks, hooks.new_ui(game.start),
                          game.headers.get("Grade", "any"), scored=True)
        return JSONResponse(_view(games.add(session), session))

    def high_scores(request: Request) -> Response:
        name = request.query_params.get("puzzle")
        _puzzle(name)
        assert name is not None
        return JSONResponse(scores.best(name))

    async def refused(request: Request, error: Exception) -> Response:
        return JSONResponse({"error": str(error)}, 400)

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/static/{name}", static),
            Route("/api/puzzles", puzzles),
            Route("/api/new", new, methods=["POST"]),
            Route("/api/action", action, methods=["POST"]),
            Route("/api/demonstration", demonstration, methods=["POST"]),
            Route("/api/record", record),
            Route("/api/load", load, methods=["POST"]),
            Route("/api/scores", high_scores),
        ],
        exception_handlers={ValueError: refused, LimitReached: refused},
    )
    app.state.games = games
    return _Guard(app, token, hosts)
