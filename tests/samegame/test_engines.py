"""Engine choice (argument, environment variable, missing numba, unsupported boards) and
the NRPA search on the compiled kernel: limits, anytime, Ctrl-C, seeds, workers."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from puzzlekit import ArgumentError, Progress
from puzzlekit.samegame import Board, Rules, play_sequence, random_board
from puzzlekit.samegame.solver import (
    BEAM_BLOCKS,
    ENGINE_VARIABLE,
    KERNEL_MAX_CELLS,
    choose_engine,
    kernel_supports,
    solve,
)

BIG = random_board(12, 12, 4, seed=3)  # more than BEAM_BLOCKS blocks
SMALL = random_board(4, 4, 3, seed=3)


@pytest.fixture(autouse=True)
def engine_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    """Engine choice is what these tests check: a PUZZLEKIT_ENGINE set around the run
    (to run the other tests on one engine) must not decide it."""
    monkeypatch.delenv(ENGINE_VARIABLE, raising=False)


def needs_numba() -> None:
    pytest.importorskip("numba")


def test_importing_puzzlekit_never_imports_numba() -> None:
    code = (
        "import sys, puzzlekit, puzzlekit.samegame as s; "
        "small = s.random_state(1, s.PRESETS['small']); s.solve(small); small.hint(); "
        "assert 'numba' not in sys.modules, 'numba was imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_python_engine_by_argument_and_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    assert BIG.count > BEAM_BLOCKS
    assert solve(BIG, node_limit=300, engine="python").engine == "python"
    monkeypatch.setenv(ENGINE_VARIABLE, "python")
    assert choose_engine(BIG) == "python"
    assert solve(BIG, node_limit=300).engine == "python"
    monkeypatch.setenv(ENGINE_VARIABLE, "")
    assert choose_engine(SMALL) == "python"  # empty: auto; a small board gets the beam


def test_bad_engine_names(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ArgumentError, match="engine must be one of auto, python, numba"):
        solve(BIG, engine="fast")
    monkeypatch.setenv(ENGINE_VARIABLE, "turbo")
    with pytest.raises(ArgumentError, match=f"environment variable {ENGINE_VARIABLE}"):
        solve(BIG, node_limit=10)
    with pytest.raises(ArgumentError, match="worker"):
        solve(BIG, worker=-1)


def test_missing_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)  # import numba now fails
    with pytest.raises(ArgumentError, match=r"install the extra fast"):
        solve(BIG, node_limit=100, engine="numba")
    monkeypatch.setenv(ENGINE_VARIABLE, "numba")
    with pytest.raises(ArgumentError, match=ENGINE_VARIABLE):
        solve(BIG, node_limit=100)
    assert choose_engine(BIG, "auto") == "python"
    assert solve(BIG, node_limit=100, engine="auto").engine == "python"


def test_unsupported_boards_fall_back_to_python() -> None:
    huge_scores = BIG.with_rules(Rules(offset=-(10**9)))
    assert kernel_supports(BIG) and not kernel_supports(huge_scores)
    wide = Board.from_rows([[0, 1] * 51] * 100)
    assert wide.width * wide.height > KERNEL_MAX_CELLS and not kernel_supports(wide)
    needs_numba()
    assert choose_engine(huge_scores, "numba") == "python"
    result = solve(huge_scores, node_limit=200, engine="numba")
    assert result.engine == "python"
    assert play_sequence(huge_scores, result.moves)[1] == result.score


def test_auto_picks_numba_for_large_boards_and_the_beam_for_small() -> None:
    needs_numba()
    assert choose_engine(BIG) == "numba" and choose_engine(SMALL) == "python"
    assert choose_engine(SMALL, "numba") == "numba"
    assert choose_engine(Board.parse("12\n21"), "numba") == "python"  # over: nothing to search


def check(board: Board, result) -> None:  # type: ignore[no-untyped-def]
    assert result.engine == "numba"
    assert play_sequence(board, result.moves) == (result.final, result.score)
    assert result.replayed() == result.final and not result.complete


@pytest.mark.parametrize(
    "rule_set", [Rules(), Rules(min_group=3, end_penalty="per-colour"),
                 Rules(offset=0, squared=False, end_penalty="total"), Rules(min_group=1)],
    ids=["standard", "min3-per-colour", "linear-total", "min1"],
)
def test_nrpa_is_reproducible_and_keeps_its_node_limit(rule_set: Rules) -> None:
    needs_numba()
    board = BIG.with_rules(rule_set)
    first = solve(board, node_limit=4000, seed=3, engine="numba")
    check(board, first)
    assert first.nodes <= 4000
    assert solve(board, node_limit=4000, seed=3, engine="numba") == first
    other = [solve(board, node_limit=4000, seed=s, engine="numba") for s in (4, 5)]
    assert any(result != first for result in other)


@pytest.mark.parametrize("seed", ["1", 1.5, True])
def test_a_seed_that_is_no_int_is_a_type_error_on_every_engine(seed: object) -> None:
    needs_numba()
    for engine in ("python", "numba"):
        with pytest.raises(TypeError, match="seed must be an int or None"):
            solve(BIG, node_limit=100, seed=seed, engine=engine)  # type: ignore[arg-type]


def test_workers_vary_the_tabu_colour() -> None:
    needs_numba()
    from puzzlekit.samegame.nrpa import tabu_colour

    ranked = sorted(BIG.colours, key=lambda c: -BIG.colour_counts()[c])
    picked = [BIG.colours[tabu_colour(BIG, worker)] for worker in range(5)]
    assert picked == ranked + ranked[:1]
    results = {solve(BIG, node_limit=3000, worker=w, engine="numba").moves for w in range(2)}
    assert len(results) == 2


def test_nrpa_limits_progress_and_ctrl_c() -> None:
    needs_numba()
    board = random_board(15, 15, 5, seed=1)
    solve(board, node_limit=10, engine="numba")  # compiled before the timing below
    for result in (solve(board, node_limit=0, engine="numba"),
                   solve(board, time_limit=0, engine="numba")):
        check(board, result)
        assert result.moves
    started = time.perf_counter()
    seen: list[Progress] = []
    result = solve(board, time_limit=0.5, engine="numba", progress=seen.append)
    assert time.perf_counter() - started < 1.5
    check(board, result)
    best = [report.best for report in seen if report.best is not None]
    assert best and best == sorted(best) and best[-1] <= result.score

    def interrupt(report: Progress) -> bool:
        if report.seconds > 0.2:
            raise KeyboardInterrupt
        return False

    started = time.perf_counter()
    result = solve(board, time_limit=30, engine="numba", progress=interrupt)
    assert time.perf_counter() - started < 2
    check(board, result)
    assert result.score > 0
    stopped = solve(board, engine="numba", progress=lambda report: report.seconds > 0.2)
    check(board, stopped)
    assert stopped.seconds < 1.5


def test_ctrl_c_during_numbas_import_raises_keyboard_interrupt_and_leaves_it_usable() -> None:
    needs_numba()
    # The interrupt is sent when numba's import reaches numba.core.types, half-way through:
    # deterministic, where a timer could land after the import, in the search (which
    # stops cleanly on Ctrl-C). Without the deferral the second solve then fails with an
    # AttributeError (numba half imported). Ctrl-C is made to raise KeyboardInterrupt first:
    # a suite started in the background of a shell inherits SIGINT ignored.
    code = (
        "import os, signal, sys\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from puzzlekit.samegame import random_board, solver\n"
        "assert 'numba' not in sys.modules\n"
        "class InterruptOnImport:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'numba.core.types':\n"
        "            sys.meta_path.remove(self)\n"
        "            os.kill(os.getpid(), signal.SIGINT)\n"
        "sys.meta_path.insert(0, InterruptOnImport())\n"
        "try:\n"
        "    solver.hint(random_board(12, 12, 4, seed=3), node_limit=3000)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
        "board = random_board(12, 12, 4, seed=3)\n"
        "print(solver.solve(board, node_limit=500, engine='numba').engine)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.split() == ["interrupted", "numba"], done.stderr
