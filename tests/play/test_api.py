"""The JSON API of ``puzzlekit play``: its safety checks, every puzzle's game flow, a load test."""

from __future__ import annotations

import concurrent.futures
import statistics
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from puzzlekit import PUZZLES, Game
from puzzlekit.play.app import MAX_BODY, create_app
from puzzlekit.play.levels import new_level

TOKEN = "secret-token-for-tests"
HOST = "testserver"


@pytest.fixture
def client(tmp_path):
    app = create_app(token=TOKEN, hosts=frozenset({HOST}), data_dir=tmp_path)
    with TestClient(app, headers={"X-Puzzlekit-Token": TOKEN}) as client:
        yield client


def new_game(client, puzzle, grade=None, seed=1):
    grade = grade or PUZZLES[puzzle].grades[0]
    response = client.post("/api/new", json={"puzzle": puzzle, "grade": grade, "seed": seed})
    assert response.status_code == 200, response.text
    return response.json()


def test_the_page_and_its_assets_need_the_token(client, tmp_path):
    page = client.get("/")
    assert page.status_code == 200 and TOKEN in page.text and "<script" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/play.js").status_code == 200
    assert client.get("/static/../app.py").status_code == 404
    bare = TestClient(create_app(token=TOKEN, hosts=frozenset({HOST}), data_dir=tmp_path))
    assert bare.get("/").status_code == 403
    assert bare.get("/?token=wrong").status_code == 403
    assert bare.get(f"/?token={TOKEN}").status_code == 200
    assert bare.post("/api/new", json={"puzzle": "tromino"}).status_code == 403


def test_a_foreign_host_header_is_refused(client):
    response = client.get("/api/puzzles", headers={"Host": "evil.example:8000"})
    assert response.status_code == 403 and "Host" in response.text


def test_large_bodies_are_refused(client):
    response = client.post("/api/load", content=b"x" * (MAX_BODY + 1))
    assert response.status_code == 413


@pytest.mark.parametrize("body", [
    b"not json", b"[1, 2]", b'{"puzzle": "chess"}', b'{"puzzle": "tromino", "grade": "epic"}',
    b'{"puzzle": "tromino", "seed": -1}', b'{"puzzle": "tromino", "seed": 1e400}',
    b"[" * 100_000,
])
def test_bad_new_game_requests_get_a_clear_error(client, body):
    response = client.post("/api/new", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and response.json()["error"]


@pytest.mark.parametrize("request_body", [
    {"game": "nope", "action": "undo"},
    {"action": "undo"},
])
def test_actions_on_unknown_games_get_a_clear_error(client, request_body):
    response = client.post("/api/action", json=request_body)
    assert response.status_code == 400 and "no such game" in response.json()["error"]


def test_bad_events_and_actions_are_messages_not_crashes(client):
    view = new_game(client, "samegame")
    for event in ({"kind": "fly"}, {"kind": "click", "x": "a"}, {"kind": "click", "x": 1e308},
                  {"kind": "click", "data": {"cell": "99,99"}}, "text",
                  {"kind": "click", "data": {"cell": "0,0" * 40}}):
        response = client.post("/api/action",
                               json={"game": view["game"], "action": "event", "event": event})
        assert response.status_code == 200
    response = client.post("/api/action", json={"game": view["game"], "action": "move",
                                                "move": "99,99"})
    assert response.status_code == 200 and response.json()["message"]
    response = client.post("/api/action", json={"game": view["game"], "action": "explode"})
    assert response.status_code == 200 and "unknown action" in response.json()["message"]


@pytest.mark.parametrize("text", [
    b"", b"\xff\xfe", b"Puzzle: chess\nStart:\nMoves:", b"Puzzle: tromino\nStart:\n    ..\n",
    b"Puzzle: tromino\nStart:\n    ...\n    ...\nMoves:\n    1. 0,0 sw\n",
])
def test_bad_uploads_get_a_clear_message(client, text):
    response = client.post("/api/load", content=text)
    assert response.status_code == 400 and response.json()["error"]


def _play_to_the_end(client, view):
    """Play hints to the end, the moves going through the puzzle's own interpret."""
    for _ in range(400):
        if view["outcome"] is not None:
            return view
        view = client.post("/api/action", json={"game": view["game"], "action": "hint"}).json()
        move = view["message"].removeprefix("hint: ")
        view = client.post("/api/action", json={"game": view["game"], "action": "move",
                                                "move": move}).json()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", list(PUZZLES))
def test_every_puzzle_plays_undoes_saves_loads_and_scores(client, name):
    view = new_game(client, name)
    assert view["svg"].startswith("<svg") and view["status"] and view["outcome"] is None
    view = _play_to_the_end(client, view)
    assert view["won"], view["outcome"]
    assert view["hints"] >= 1 and view["can_undo"]
    undone = client.post("/api/action", json={"game": view["game"], "action": "undo"}).json()
    assert undone["moves"] == view["moves"] - 1 and undone["can_redo"] and undone["undos"] == 1
    redone = client.post("/api/action", json={"game": view["game"], "action": "redo"}).json()
    assert redone["outcome"] == view["outcome"]
    record = client.get("/api/record", params={"game": view["game"]}).text
    game = Game.from_record(record)
    assert game.outcome.reason == view["outcome"]["reason"] and game.undos == 1
    loaded = client.post("/api/load", content=record.encode()).json()
    assert loaded["moves"] == view["moves"] and loaded["puzzle"] == name
    scores = client.get("/api/scores", params={"puzzle": name}).json()
    assert len(scores) == 1 and scores[0]["moves"] == view["moves"]
    assert scores[0]["hints"] == game.hints_taken


def test_a_demonstration_plays_the_solver_line(client):
    view = new_game(client, "tromino")
    demo = client.post("/api/demonstration", json={"game": view["game"]}).json()
    while demo["can_redo"]:
        demo = client.post("/api/action", json={"game": demo["game"], "action": "redo"}).json()
    assert demo["outcome"]["reason"] == "solved"
    assert client.get("/api/scores", params={"puzzle": "tromino"}).json() == []


def test_a_square_tromino_board_is_demonstrated_by_divide_and_conquer(client):
    response = client.post("/api/new", json={"puzzle": "tromino", "grade": "easy",
                                             "size": "8x8 holes=1", "seed": 3})
    view = response.json()
    assert response.status_code == 200, view
    board = Game.from_record(client.get("/api/record", params={"game": view["game"]}).text).start
    demo = client.post("/api/demonstration", json={"game": view["game"]}).json()
    assert demo["svg"].count("#7b1fa2") == 2 + 4 + 8  # the quadrant lines, level by level
    played = []
    while demo["can_redo"]:
        demo = client.post("/api/action", json={"game": demo["game"], "action": "redo"}).json()
        played.append(demo["moves"])
    record = Game.from_record(client.get("/api/record", params={"game": demo["game"]}).text)
    assert demo["outcome"]["reason"] == "solved" and len(played) == 21
    # Golomb's order: the centre tromino first, each quadrant then tiled in turn.
    first = record.moves[0]
    assert set(first.cells) <= {(3, 3), (3, 4), (4, 3), (4, 4)}
    assert record.start == board


def test_a_link_is_flashed_and_gravity_is_animated(client):
    view = new_game(client, "linkpath")
    view = client.post("/api/action", json={"game": view["game"], "action": "hint"}).json()
    move = view["message"].removeprefix("hint: ")
    after = client.post("/api/action", json={"game": view["game"], "action": "move",
                                             "move": move}).json()
    assert 'class="link"' in after["flash"]
    assert sum(m["to"] is None for m in after["motions"]) == 2


def test_a_lost_game_says_so_with_the_move(client):
    view = new_game(client, "tromino")
    board = Game.from_record(client.get("/api/record", params={"game": view["game"]}).text).start
    corner = next(m for m in board.legal_moves() if not board.play(m).is_over and _loses(board, m))
    view = client.post("/api/action", json={"game": view["game"], "action": "move",
                                            "move": str(corner)}).json()
    assert view["outcome"]["reason"] == "lost" and str(corner) in view["outcome"]["detail"]


def _loses(board, move):
    try:
        board.play(move).hint(node_limit=2000)
    except ValueError:
        return True
    except TimeoutError:
        return False
    return False


def test_many_concurrent_games_are_held_and_answered(client):
    games = [new_game(client, "samegame", seed=seed)["game"] for seed in range(40)]
    latencies: list[float] = []

    def play(game):
        for _ in range(5):
            started = time.perf_counter()
            view = client.post("/api/action", json={"game": game, "action": "event",
                                                    "event": {"kind": "move", "x": 40, "y": 40}})
            latencies.append(time.perf_counter() - started)
            assert view.status_code == 200 and view.json()["game"] == game
        return game

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        assert sorted(pool.map(play, games)) == sorted(games)
    for game in games:  # none lost
        assert client.post("/api/action", json={"game": game, "action": "view"}).status_code == 200
    latencies.sort()
    print(f"\n{len(latencies)} moves in {len(games)} games: median "
          f"{statistics.median(latencies) * 1000:.1f} ms, 95th percentile "
          f"{latencies[int(len(latencies) * 0.95)] * 1000:.1f} ms")


def test_the_puzzle_list_offers_grades_sizes_and_shipped_starts(client):
    listed = {entry["name"]: entry for entry in client.get("/api/puzzles").json()}
    assert set(listed) == set(PUZZLES)
    for name, entry in listed.items():
        puzzle = PUZZLES[name]
        assert entry["grades"] == list(puzzle.grades)
        assert entry["presets"] == [[key, str(value)] for key, value in puzzle.presets.items()]
        assert entry["shipped"] == (0 if puzzle.shipped is None else len(puzzle.shipped()))
    assert listed["twist"]["shipped"] > 0 and listed["samegame"]["shipped"] > 0


@pytest.mark.parametrize("name", list(PUZZLES))
def test_a_size_is_a_preset_name_or_a_params_text(client, name):
    puzzle = PUZZLES[name]
    small = puzzle.presets["small"]
    for size, params in (("small", small), (str(small), small), ("", puzzle.presets["default"])):
        response = client.post("/api/new", json={"puzzle": name, "grade": puzzle.grades[0],
                                                 "size": size, "seed": 2})
        assert response.status_code == 200, response.text
        assert response.json()["size"] == str(params)
    bad = client.post("/api/new", json={"puzzle": name, "size": "huge and wobbly"})
    assert bad.status_code == 400 and bad.json()["error"]


@pytest.mark.parametrize("name", [name for name in PUZZLES if PUZZLES[name].shipped])
def test_shipped_starts_are_chosen_by_number(client, name):
    starts = PUZZLES[name].shipped()
    for number in (1, len(starts)):
        view = client.post("/api/new", json={"puzzle": name, "shipped": number}).json()
        record = client.get("/api/record", params={"game": view["game"]}).text
        assert Game.from_record(record).start == starts[number - 1]
        assert view["grade"] == f"shipped {number}"
    for number in (0, len(starts) + 1, "1", True):
        response = client.post("/api/new", json={"puzzle": name, "shipped": number})
        assert response.status_code == 400 and "ships starts 1 to" in response.json()["error"]


def test_a_puzzle_without_shipped_starts_says_so(client):
    name = next(name for name in PUZZLES if PUZZLES[name].shipped is None)
    response = client.post("/api/new", json={"puzzle": name, "shipped": 1})
    assert response.status_code == 400 and "ships no starts" in response.json()["error"]


def test_a_stuck_link_game_is_shuffled_and_played_on(client):
    from puzzlekit.linkpath import Board

    stuck = Game(Board.parse("ab\nba"), headers={"Grade": "easy"}, time_limit=100)
    view = client.post("/api/load", content=stuck.record().encode()).json()
    assert view["outcome"]["reason"] == "stuck" and view["actions"] == [["shuffle", "Shuffle", "s"]]
    shuffled = client.post("/api/action", json={"game": view["game"], "action": "extra",
                                                "name": "shuffle"}).json()
    assert shuffled["game"] == view["game"] and shuffled["outcome"] is None
    assert shuffled["remaining"] is not None and shuffled["remaining"] <= 100
    shuffled = _play_to_the_end(client, shuffled)
    assert shuffled["won"]
    game = Game.from_record(client.get("/api/record", params={"game": view["game"]}).text)
    assert game.headers["Shuffle"] == "1" and game.headers["Grade"] == "easy"
    assert sorted(game.start.tiles) == sorted(Board.parse("ab\nba").tiles)
    refused = client.post("/api/action", json={"game": view["game"], "action": "extra",
                                               "name": "shuffle"}).json()
    assert "over" in refused["message"]
    unknown = client.post("/api/action", json={"game": view["game"], "action": "extra",
                                               "name": "explode"}).json()
    assert "no action named" in unknown["message"]


def test_only_the_events_a_puzzle_reads_are_asked_for(client):
    view = new_game(client, "linkpath")
    assert view["events"] == ["click", "key"]
    view = new_game(client, "twist")
    assert "down" in view["events"] and "wheel" in view["events"]


def test_a_placed_twist_piece_is_picked_up_and_the_later_moves_kept(client):
    view = new_game(client, "twist", grade="starter", seed=3)
    played = []
    for _ in range(2):
        view = client.post("/api/action", json={"game": view["game"], "action": "hint"}).json()
        played.append(view["hint"])
        view = client.post("/api/action", json={"game": view["game"], "action": "move",
                                                "move": view["hint"]}).json()
    first = played[0][0]
    picked = client.post("/api/action", json={"game": view["game"], "action": "event", "event": {
        "kind": "down", "data": {"piece": first}}}).json()
    assert picked["moves"] == 1 and picked["undos"] == 1, picked["message"]
    assert picked["status"].startswith(f"holding {first}")
    game = Game.from_record(client.get("/api/record", params={"game": view["game"]}).text)
    assert [str(move) for move in game.moves] == played[1:]
    client.post("/api/action", json={"game": view["game"], "action": "event",
                                     "event": {"kind": "key", "key": "Escape"}})
    assert game.start.pieces  # the challenge's own pieces stay put
    locked = client.post("/api/action", json={"game": view["game"], "action": "event", "event": {
        "kind": "down", "data": {"piece": game.start.pieces[0].piece}}}).json()
    assert locked["moves"] == 1 and locked["undos"] == 1
    assert not locked["status"].startswith("holding")


def test_concurrent_games_on_the_real_server_over_loopback(tmp_path):
    """20 games x 10 moves against uvicorn on 127.0.0.1, each a real HTTP request."""
    import httpx

    pytest.importorskip("uvicorn")
    from puzzlekit.play.server import running

    with running(tmp_path) as url:
        base, _, token = url.partition("/?token=")
        headers = {"X-Puzzlekit-Token": token}
        latencies: list[float] = []

        def play(seed):
            board = new_level(PUZZLES["samegame"], "easy", "", seed=seed).start  # as served
            with httpx.Client(base_url=base, headers=headers, timeout=30) as http:
                view = http.post("/api/new", json={"puzzle": "samegame", "grade": "easy",
                                                   "seed": seed}).json()
                for _ in range(10):
                    if board.is_over:
                        break
                    move = next(iter(board.legal_moves()))
                    board = board.play(move)
                    started = time.perf_counter()
                    response = http.post("/api/action", json={
                        "game": view["game"], "action": "move", "move": str(move)})
                    latencies.append(time.perf_counter() - started)
                    assert response.status_code == 200
                    assert response.json()["moves"] == view["moves"] + 1
                    view = response.json()
                return view["game"]

        with concurrent.futures.ThreadPoolExecutor(20) as pool:
            games = list(pool.map(play, range(20)))
        with httpx.Client(base_url=base, headers=headers) as http:
            for game in games:  # none lost
                assert http.post("/api/action", json={"game": game, "action": "view"}).json()[
                    "game"] == game
    latencies.sort()
    assert len(latencies) >= 20
    print(f"\nloopback: {len(latencies)} moves in {len(games)} games: median "
          f"{statistics.median(latencies) * 1000:.1f} ms, 95th percentile "
          f"{latencies[int(len(latencies) * 0.95)] * 1000:.1f} ms, "
          f"worst {latencies[-1] * 1000:.1f} ms")
