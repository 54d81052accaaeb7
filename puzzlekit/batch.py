"""Many puzzle jobs at once, on local processes or a Dask cluster: ``puzzlekit batch``.

A job is one JSON object on a line of its own::

    {"id": 1, "puzzle": "samegame", "command": "solve", "start": "...", "time_limit": 5}
    {"id": 2, "puzzle": "tromino", "command": "generate", "seed": 7}
    {"id": 3, "puzzle": "twist", "command": "count", "start": "i6B0j2B0"}

* ``solve`` takes ``start`` (the state's text form) and the limits
  ``node_limit``/``time_limit``, and ``seed`` for solvers that take one;
* ``generate`` draws ``PUZZLES[puzzle].random_state(seed, params)`` (``params``
  a params text, default the ``default`` preset), or with
  ``grade`` makes a level of that grade, ``PUZZLES[puzzle].generate(grade, params,
  seed=seed)`` under the limits (its ``witness`` and ``grade`` join the result);
* ``count`` counts the solutions of ``start`` where the puzzle counts
  (:attr:`~puzzlekit.PuzzleType.count`), under the same limits; other puzzles
  answer it with an error line.

:func:`run_jobs` runs them through any ``concurrent.futures.Executor``
and yields one result per job as it finishes, with ``id``, ``puzzle``,
``command``, ``ok``, ``attempt`` and ``seconds``, then the fields of the
answer's JSON form (:mod:`puzzlekit.serial`: a ``result`` for a solve, a
``level`` or ``state`` for a generate, a ``count`` for a count), or ``error``
and ``retry`` when the job failed. A job whose input is wrong (a
:class:`~puzzlekit.PuzzleError`) fails once and for all; a job that
raised anything else, or whose worker died (``BrokenProcessPool``,
Dask's ``KilledWorker``, a cancelled future), gets an error line with
``"retry": true`` and runs again, *retries* times at most.

>>> jobs = read_jobs([
...     '{"id": "a", "puzzle": "tromino", "command": "solve", "start": "#.\\\\n.."}',
...     '{"id": "b", "puzzle": "linkpath", "command": "count", "start": "aa"}',
... ])
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     results = sorted(run_jobs(jobs, pool), key=lambda result: result["id"])
>>> results[0]["ok"], results[0]["moves"], results[0]["solved"]
(True, ['0,0 nw'], True)
>>> results[1]["ok"], results[1]["error"]
(False, 'ArgumentError: count does not apply to linkpath (it applies to tromino, twist...)')
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import (
    FIRST_COMPLETED,
    CancelledError,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from concurrent.futures.process import BrokenProcessPool
from typing import Any, BinaryIO, Literal, TypeAlias

import attrs

from puzzlekit.errors import ArgumentError, ParseError, PuzzleError
from puzzlekit.grid import check_int
from puzzlekit.levels import check_grade
from puzzlekit.limits import check_limit
from puzzlekit.registry import PUZZLES
from puzzlekit.serial import Count, to_json

__all__ = [
    "COMMANDS",
    "BatchProgress",
    "Command",
    "Job",
    "JobId",
    "finished_ids",
    "job_from_json",
    "read_jobs",
    "register",
    "run_job",
    "run_jobs",
]

Command: TypeAlias = Literal["solve", "generate", "count"]
"""What a job asks for."""

JobId: TypeAlias = str | int
"""A job's id: a JSON string or integer, unique in its batch."""

COMMANDS: Mapping[str, frozenset[str]] = {
    "solve": frozenset({"start", "node_limit", "time_limit", "seed"}),
    "generate": frozenset({"seed", "grade", "params", "node_limit", "time_limit"}),
    "count": frozenset({"start", "node_limit", "time_limit"}),
}
"""Each command and the options a job line may give it (besides id, puzzle, command)."""

_LIMITS = ("node_limit", "time_limit")
_BOM = "\ufeff"
_POLL = 0.5  # seconds between two looks at futures that wait() may not report


@attrs.frozen
class Job:
    """One line of a batch: what to run on which puzzle, with its options.

    >>> Job("x", "twist", "generate", {"seed": 3}).to_json()
    {'id': 'x', 'puzzle': 'twist', 'command': 'generate', 'seed': 3}
    """

    id: JobId
    """The job's id, copied into its results."""
    puzzle: str
    """The puzzle's name in :data:`puzzlekit.PUZZLES`."""
    command: Command
    """``"solve"``, ``"generate"`` or ``"count"``."""
    options: Mapping[str, Any] = attrs.field(factory=dict, hash=False)
    """The rest of the line: ``start``, ``seed``, ``node_limit``, ``time_limit``."""

    def to_json(self) -> dict[str, Any]:
        """The job as the JSON object of its line."""
        return {"id": self.id, "puzzle": self.puzzle, "command": self.command, **self.options}


@attrs.frozen
class BatchProgress:
    """How far a batch has come, as :func:`run_jobs` reports it after each result.

    >>> BatchProgress(done=3, failed=1, total=10, seconds=2.5).line()
    'batch: 3/10 done, 1 failed, 2.5 s'
    """

    done: int
    """Jobs finished for good (ok, or failed with no retry left)."""
    failed: int
    """Of those, the ones that failed."""
    total: int
    """Jobs in this run (the ones an earlier run finished are not counted)."""
    seconds: float
    """Seconds since the run started."""

    def line(self) -> str:
        """The progress as one short line."""
        return (
            f"batch: {self.done}/{self.total} done, {self.failed} failed, {self.seconds:.1f} s"
        )


# -- reading jobs ------------------------------------------------------------------------


def read_jobs(lines: Iterable[str]) -> list[Job]:
    """The jobs of *lines* (JSON objects, one a line; blank lines are skipped).

    Raises :class:`~puzzlekit.ParseError` naming the line (counted from 1)
    for a line that is not a job: bad JSON, a missing or repeated ``id``, an
    unknown puzzle, command or option, a limit or seed of the wrong kind.

    >>> read_jobs(['{"id": 1, "puzzle": "twist", "command": "generate", "seed": 2}'])
    [Job(id=1, puzzle='twist', command='generate', options={'seed': 2})]
    >>> read_jobs(['', '{"id": 1, "puzzle": "chess", "command": "solve"}'])
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: line 2: no puzzle named 'chess'; the puzzles are linkpath, ...
    """
    jobs: list[Job] = []
    seen: dict[JobId, int] = {}
    for number, line in enumerate(lines, start=1):
        if number == 1:
            line = line.removeprefix(_BOM)  # editors on Windows start UTF-8 files with one
        if not line.strip():
            continue
        try:
            job = _read_job(line)
        except (PuzzleError, TypeError) as error:
            raise ParseError(f"line {number}: {error}") from None
        if job.id in seen:
            raise ParseError(f"line {number}: id {job.id!r} repeats line {seen[job.id]}")
        seen[job.id] = number
        jobs.append(job)
    return jobs


def _read_job(line: str) -> Job:
    value = _json_value(line)
    if not isinstance(value, dict):
        raise ParseError(f"a job is a JSON object, not {type(value).__name__}")
    return job_from_json(value)


def _json_value(line: str) -> Any:
    """The JSON value of *line*; :class:`~puzzlekit.ParseError` for anything json cannot read."""
    try:
        return json.loads(line)
    except json.JSONDecodeError as error:
        raise ParseError(f"not JSON: {error}") from None
    except ValueError as error:  # an integer of more digits than Python converts
        raise ParseError(f"not JSON this reader accepts: {error}") from None
    except RecursionError:
        raise ParseError("not JSON this reader accepts: nested too deeply") from None


def job_from_json(value: Mapping[str, Any]) -> Job:
    """The :class:`Job` of a JSON object, checked (:class:`~puzzlekit.ParseError` if not).

    >>> job_from_json({"id": 2, "puzzle": "tromino", "command": "count"})
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: count needs "start", the text of a state
    """
    options = dict(value)
    job_id, puzzle, command = (options.pop(key, None) for key in ("id", "puzzle", "command"))
    if isinstance(job_id, bool) or not isinstance(job_id, (str, int)):
        raise ParseError(f'a job needs an "id", a string or an integer, not {job_id!r}')
    if puzzle not in PUZZLES:
        raise ParseError(f"no puzzle named {puzzle!r}; the puzzles are {', '.join(PUZZLES)}")
    if command not in COMMANDS:
        raise ParseError(f"no command {command!r}; the commands are {', '.join(COMMANDS)}")
    unknown = sorted(set(options) - COMMANDS[command])
    if unknown:
        allowed = ", ".join(sorted(COMMANDS[command]))
        raise ParseError(f"{command} takes {allowed}; not {unknown[0]!r}")
    if "start" in COMMANDS[command] and not isinstance(options.get("start"), str):
        raise ParseError(f'{command} needs "start", the text of a state')
    try:
        for name in _LIMITS:
            check_limit(name, options.get(name))
        if options.get("grade") is not None:
            check_grade(options["grade"], PUZZLES[puzzle].grades)
    except (ArgumentError, TypeError) as error:
        raise ParseError(str(error)) from None
    seed = options.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ParseError(f'"seed" must be an integer or null, not {seed!r}')
    return Job(job_id, puzzle, command, options)


# -- running one job (in a worker) ---------------------------------------------------------


def run_job(job: Job) -> dict[str, Any]:
    """Run *job* here and now; return its result line (without ``attempt``).

    A :class:`~puzzlekit.PuzzleError` (bad start, a command that does not
    apply, a limit that stopped a count) becomes a failed result; anything
    else propagates, so that :func:`run_jobs` retries the job.

    >>> run_job(Job(1, "tromino", "count", {"start": "#.\\n.."}))["count"]
    1
    >>> failed = run_job(Job(2, "tromino", "solve", {"start": "#?"}))
    >>> failed["ok"], failed["retry"], failed["error"].split(":")[0]
    (False, False, 'ParseError')
    """
    started = time.perf_counter()
    head: dict[str, Any] = {"id": job.id, "puzzle": job.puzzle, "command": job.command}
    try:
        # Checked here too: a Job made in code skips read_jobs, and wrong input must not retry.
        fields = _COMMAND_RUNNERS[job.command](job_from_json(job.to_json()))
    except PuzzleError as error:
        fields = {"ok": False, "error": f"{type(error).__name__}: {error}", "retry": False}
    else:
        fields = {"ok": True, **fields}
    return {**head, **fields, "seconds": round(time.perf_counter() - started, 6)}


def _attempt(job: Job, attempt: int) -> dict[str, Any]:
    # The attempt number makes each try a new task to executors that cache by
    # arguments (Dask's are "pure" by default and would hand back the failure).
    return run_job(job)


def _limits(job: Job) -> dict[str, Any]:
    return {name: job.options[name] for name in _LIMITS if job.options.get(name) is not None}


def _solve(job: Job) -> dict[str, Any]:
    puzzle = PUZZLES[job.puzzle]
    start = puzzle.state.parse(job.options["start"])
    extra = {}
    if "seed" in job.options:
        if not puzzle.seeded:
            raise ArgumentError(
                f"the {puzzle.name} solver takes no seed (its search is not randomised)"
            )
        extra["seed"] = job.options["seed"]
    return to_json(puzzle.solve(start, **_limits(job), **extra), **extra)


def _params(job: Job) -> Any:
    puzzle = PUZZLES[job.puzzle]
    text = job.options.get("params")
    if text is None:
        return puzzle.presets["default"]
    if not isinstance(text, str):
        raise ArgumentError("params must be a params text such as '8x8'")
    return puzzle.params.parse(text)


def _generate(job: Job) -> dict[str, Any]:
    seed = job.options.get("seed")
    puzzle = PUZZLES[job.puzzle]
    grade = job.options.get("grade")
    if grade is None:
        return to_json(puzzle.random_state(seed, _params(job)), seed=seed)
    return to_json(puzzle.generate(grade, _params(job), seed=seed, **_limits(job)), seed=seed)


def _count(job: Job) -> dict[str, Any]:
    puzzle = PUZZLES[job.puzzle]
    if puzzle.count is None:
        counting = ", ".join(name for name in PUZZLES if PUZZLES[name].count is not None)
        raise ArgumentError(f"count does not apply to {job.puzzle} (it applies to {counting})")
    start = puzzle.state.parse(job.options["start"])
    return to_json(Count(start, puzzle.count(start, **_limits(job))))


_COMMAND_RUNNERS: dict[str, Callable[[Job], dict[str, Any]]] = {
    "solve": _solve,
    "generate": _generate,
    "count": _count,
}


# -- running many --------------------------------------------------------------------------


def run_jobs(
    jobs: Iterable[Job | Mapping[str, Any]],
    executor: Executor | None = None,
    *,
    output: str | os.PathLike[str] | None = None,
    retries: int = 1,
    progress: Callable[[BatchProgress], object] | None = None,
    workers: int | None = None,
    max_pending: int | None = None,
) -> Iterator[dict[str, Any]]:
    """Run *jobs* through *executor*; yield each result line as its job finishes.

    *jobs* are :class:`Job` values or their JSON objects. Without an
    *executor*, a ``ProcessPoolExecutor`` of
    *workers* processes (default: one per CPU) runs them, and is made afresh
    when a worker dies; any executor works, such as
    ``distributed.Client(address).get_executor()``. At most *max_pending*
    jobs are handed to the executor at a time (default: the own pool's
    workers, or twice the CPUs for a given executor), so that a dying worker
    takes few jobs down with it.

    With *output*, results are appended to that file, one flushed line each,
    and jobs whose id already has a final line there (ok, or failed with no
    retry) are skipped: a rerun resumes an interrupted batch. The run locks
    the file, so a second run on it is an :class:`~puzzlekit.ArgumentError`
    (raised when its iteration starts) instead of running every job twice. *progress* is
    called with a :class:`BatchProgress` after every result. Stopping the
    iteration (or Ctrl-C) cancels the jobs not yet finished.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> job = {"id": 7, "puzzle": "tromino", "command": "generate", "seed": 1}
    >>> with ThreadPoolExecutor(1) as pool:
    ...     [result] = run_jobs([job], pool)
    >>> result["ok"], result["attempt"], result["text"].count("#")  # the default preset's holes
    (True, 1, 10)
    """
    # Job values are checked as their lines are: a bad one fails here, not in a worker.
    todo = [job_from_json(job.to_json() if isinstance(job, Job) else job) for job in jobs]
    check_int("retries", retries, minimum=0)
    if workers is not None:
        check_int("workers", workers, minimum=1)
        if executor is not None:
            raise ArgumentError("workers applies to the pool run_jobs makes; not with an executor")
    if max_pending is not None:
        check_int("max_pending", max_pending, minimum=1)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable or None, not {type(progress).__name__}")
    cpus = os.cpu_count() or 1
    window = max_pending or (workers or cpus if executor is None else 2 * cpus)
    return _run(todo, executor, workers, output, retries, progress, window)


def finished_ids(path: str | os.PathLike[str]) -> set[JobId]:
    """The ids that already have a final result line in the results file *path*.

    A missing file has none. Only result lines count (a JSON object with the
    ``id``, ``puzzle``, ``command``, ``ok`` and ``attempt`` a batch writes),
    and of those the final ones: ok, or failed with no retry. Anything else
    is skipped: a line cut short when a run was killed, bytes that are not
    UTF-8, a job line.

    >>> import os, tempfile
    >>> head = '"puzzle": "twist", "command": "generate", "attempt": 1'
    >>> with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
    ...     _ = f.write('{"id": 1, "ok": true, %s}\\n' % head)
    ...     _ = f.write('{"id": 2, "ok": false, "retry": true, %s}\\n{"id": 3}\\n{"id"' % head)
    >>> finished_ids(f.name)
    {1}
    >>> os.remove(f.name)
    """
    found: set[JobId] = set()
    try:
        with open(path, "rb") as handle:
            for raw in handle:
                job_id = _final_id(raw)
                if job_id is not None:
                    found.add(job_id)
    except FileNotFoundError:
        pass
    return found


def _final_id(raw: bytes) -> JobId | None:
    """The id of the result line *raw* if it is a final one, else ``None``."""
    try:
        result = _json_value(raw.decode("utf-8"))
    except (UnicodeDecodeError, ParseError):
        return None
    if not isinstance(result, dict):
        return None
    job_id, ok = result.get("id"), result.get("ok")
    shaped = (
        isinstance(job_id, (str, int)) and not isinstance(job_id, bool)
        and isinstance(ok, bool)
        and isinstance(result.get("puzzle"), str) and isinstance(result.get("command"), str)
        and isinstance(result.get("attempt"), int)
    )
    return job_id if shaped and (ok or result.get("retry") is False) else None


def _ignore_interrupts() -> None:
    # Workers leave Ctrl-C to the parent, which cancels the batch and ends them.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _local_pool(workers: int | None = None) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(workers, initializer=_ignore_interrupts)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Shut *pool* down without waiting for the jobs still running in it."""
    if hasattr(pool, "terminate_workers"):  # Python 3.14
        pool.terminate_workers()
        return
    # Before 3.14 there is no public way to end the running jobs: end their processes.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _open_output(path: str | os.PathLike[str]) -> BinaryIO:
    """*path* opened to append result lines, locked against a second batch writing to it."""
    handle = open(path, "a+b")  # noqa: SIM115 -- closed by _run
    try:
        _lock(handle, path)
        if handle.tell():
            handle.seek(-1, os.SEEK_END)
            if handle.read(1) != b"\n":  # a line cut short by a killed run: end it
                handle.write(b"\n")
    except BaseException:
        handle.close()
        raise
    return handle


def _lock(handle: BinaryIO, path: str | os.PathLike[str]) -> None:
    """Lock *handle* for this process, or refuse: two runs would both run the jobs left."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks to take
        return
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        shown = os.fspath(path)
        raise ArgumentError(
            f"another batch is writing to {shown!r}; wait for it or choose another output"
        ) from None


def _failure(job: Job, error: BaseException, retry: bool) -> dict[str, Any]:
    message = str(error) or "no message"
    return {
        "id": job.id,
        "puzzle": job.puzzle,
        "command": job.command,
        "ok": False,
        "error": f"{type(error).__name__}: {message}",
        "retry": retry,
    }


def _run(
    todo: list[Job],
    executor: Executor | None,
    workers: int | None,
    output: str | os.PathLike[str] | None,
    retries: int,
    progress: Callable[[BatchProgress], object] | None,
    window: int,
) -> Iterator[dict[str, Any]]:
    sink = None
    if output is not None:
        # Locked before it is read, so that a second run cannot take the same jobs.
        sink = _open_output(output)
        already = finished_ids(output)
        todo = [job for job in todo if job.id not in already]
    own = executor is None
    try:
        pool: Executor = _local_pool(workers) if executor is None else executor
    except BaseException:
        if sink is not None:
            sink.close()
        raise
    queue: deque[tuple[Job, int]] = deque((job, 1) for job in todo)
    # Each future with its job, attempt and the executor it went to.
    pending: dict[Future[dict[str, Any]], tuple[Job, int, Executor]] = {}
    refused: set[Future[dict[str, Any]]] = set()
    started = time.perf_counter()
    done = failed = 0
    try:
        while queue or pending:
            while queue and len(pending) < window:
                job, attempt = queue.popleft()
                try:
                    future = pool.submit(_attempt, job, attempt)
                except RuntimeError as error:  # a broken or shut down executor: no retry
                    future = Future()
                    future.set_exception(error)
                    refused.add(future)
                pending[future] = (job, attempt, pool)
            finished, _ = wait(pending, timeout=_POLL, return_when=FIRST_COMPLETED)
            # A future cancelled outside its executor never counts as done for wait().
            finished |= {future for future in pending if future.cancelled()}
            broken = False
            for future in finished:
                job, attempt, origin = pending.pop(future)
                try:
                    line = future.result()
                except (Exception, CancelledError) as error:  # a bug, or the worker died
                    # Only the current pool needs replacing: an older one is gone already.
                    broken = broken or (isinstance(error, BrokenProcessPool) and origin is pool)
                    retry = attempt <= retries and future not in refused
                    line = _failure(job, error, retry=retry)
                    if line["retry"]:
                        queue.append((job, attempt + 1))
                line["attempt"] = attempt
                if line["ok"] or not line.get("retry"):
                    done += 1
                    failed += not line["ok"]
                if sink is not None:
                    sink.write(json.dumps(line).encode() + b"\n")
                    sink.flush()
                if progress is not None:
                    progress(BatchProgress(done, failed, len(todo), time.perf_counter() - started))
                yield line
            if broken and own:
                # A dead worker breaks the whole pool: the retries need a new one.
                assert isinstance(pool, ProcessPoolExecutor)
                _stop_pool(pool)
                pool = _local_pool(workers)
    finally:
        for future in pending:
            future.cancel()
        if own:
            assert isinstance(pool, ProcessPoolExecutor)
            if pending or queue:
                _stop_pool(pool)
            else:
                pool.shutdown()
        if sink is not None:
            sink.close()


# -- the command line ------------------------------------------------------------------------


def register(commands: Any) -> None:
    """Add ``puzzlekit batch`` to the top-level subcommands *commands*.

    >>> parser = argparse.ArgumentParser(prog="puzzlekit")
    >>> register(parser.add_subparsers())
    >>> args = parser.parse_args(["batch", "jobs.jsonl", "-o", "out.jsonl"])
    >>> args.jobs, args.output, args.retries, args.scheduler
    ('jobs.jsonl', 'out.jsonl', 1, None)
    """
    from puzzlekit.cli import add_command  # here: the command line imports this module

    parser = add_command(
        commands,
        "batch",
        run=_batch_command,
        summary="run many solve/generate/count jobs in parallel",
        description=(
            "Run the jobs of JOBS (JSON lines: id, puzzle, command, options) on local "
            "processes or a Dask cluster, writing one JSON line per result as it finishes. "
            "With --output, a rerun skips the jobs already done. Exit status 0 when every "
            "job succeeded, 2 when some failed (their lines say why). With --json a last "
            "line sums the run up: jobs, done, failed, skipped (done before)."
        ),
        example="puzzlekit batch jobs.jsonl --output results.jsonl",
    )
    parser.add_argument("jobs", metavar="JOBS", help="file of jobs, or - for standard input")
    parser.add_argument(
        "-o", "--output", metavar="FILE",
        help="append results to FILE and skip the jobs it already has (default: print them)",
    )
    parser.add_argument(
        "--scheduler", metavar="ADDRESS",
        help="run on the Dask cluster at ADDRESS (needs the extra dask)",
    )
    parser.add_argument(
        "--workers", type=int, metavar="N", help="local worker processes (default: one per CPU)"
    )
    parser.add_argument(
        "--retries", type=int, default=1, metavar="N",
        help="run a job whose worker died N more times at most (default 1)",
    )


def _batch_command(args: argparse.Namespace) -> int:
    from puzzlekit.cli import EXIT_BAD_INPUT, EXIT_OK, read_input

    if args.output is not None and args.jobs != "-" and _same_file(args.jobs, args.output):
        raise ArgumentError(
            f"--output {args.output!r} is the jobs file; results need a file of their own"
        )
    jobs = read_jobs(read_input(args.jobs).splitlines())
    show = _show_progress if sys.stderr.isatty() else None
    failed = False
    counts = {"done": 0, "failed": 0}
    with contextlib.ExitStack() as stack:
        executor, window = (None, None)
        if args.scheduler is not None:
            executor, window = _dask_executor(args.scheduler, stack)
        try:
            for line in run_jobs(
                jobs, executor, output=args.output, retries=args.retries, progress=show,
                workers=args.workers, max_pending=window,
            ):
                failed = failed or (not line["ok"] and not line["retry"])
                if line["ok"] or not line["retry"]:
                    counts["done" if line["ok"] else "failed"] += 1
                if args.output is None:
                    print(json.dumps(line), flush=True)
        finally:
            if show is not None:
                print(file=sys.stderr)
    if args.json:  # the run's summary, after the result lines (or alone, with --output)
        skipped = len(jobs) - counts["done"] - counts["failed"]
        print(json.dumps({"kind": "batch", "jobs": len(jobs), **counts, "skipped": skipped,
                          "output": args.output}))
    return EXIT_BAD_INPUT if failed else EXIT_OK


def _dask_executor(address: str, stack: contextlib.ExitStack[Any]) -> tuple[Executor, int]:
    if not address.strip():
        raise ArgumentError(
            "--scheduler needs the address of a Dask scheduler, such as tcp://host:8786"
        )
    try:
        from distributed import Client
    except ImportError:
        raise ArgumentError(
            "--scheduler needs Dask: install the extra dask (pip install -e '.[dask]' in a clone)"
        ) from None
    try:
        client = stack.enter_context(Client(address))  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError) as error:  # a bad address, or no scheduler there
        raise ArgumentError(f"--scheduler {address!r}: {type(error).__name__}: {error}") from None
    threads = sum(client.nthreads().values())
    return client.get_executor(), 2 * max(threads, 1)


def _same_file(first: str, second: str) -> bool:
    try:
        return os.path.samefile(first, second)
    except OSError:  # one of them does not exist (yet)
        return False


def _show_progress(report: BatchProgress) -> None:
    print(f"\r{report.line()}", end="", file=sys.stderr, flush=True)
