"""Hostile input to ``puzzlekit.batch``: job lines, results files, options of the wrong
kind, scheduler addresses and two runs on one output. Each is a clear puzzlekit error
(or is skipped, for a results file's garbage), never an internal error or a lost or
duplicated result. The sweep (tests/test_sweep.py) runs the same classes with many more
examples."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st
from integrations.jobs import batch_command

from puzzlekit import PUZZLES, ArgumentError, ParseError, portfolio
from puzzlekit.batch import Job, finished_ids, read_jobs, run_job, run_jobs

JOBS = [{"id": n, "puzzle": "tromino", "command": "generate", "seed": n} for n in range(4)]


def run_to(output, jobs=JOBS):
    with ThreadPoolExecutor(2) as pool:
        return sorted(line["id"] for line in run_jobs(jobs, pool, output=output))


@pytest.mark.parametrize(
    "garbage",
    [b"\xff", b"\xe2\x82", b'{"id": 3}', b'{"id": 3, "ok": true}', b"[" * 10000,
     b'{"id": ' + b"9" * 5000 + b"}", b"\x00\n\n", b'"\xff"\n{"id": 2, "ok": tr'],
    ids=["bad-byte", "cut-character", "job-line", "no-attempt", "deep", "long-number",
         "nul", "mixed"],
)
def test_garbage_in_a_results_file_is_skipped_and_the_rerun_finishes(tmp_path, garbage):
    output = tmp_path / "out.jsonl"
    assert run_to(output, JOBS[:2]) == [0, 1]
    with open(output, "ab") as handle:
        handle.write(garbage)
    assert finished_ids(output) == {0, 1}
    assert run_to(output) == [2, 3]  # each job once: none lost, none run twice
    assert finished_ids(output) == {0, 1, 2, 3}
    assert run_to(output) == []


def test_the_batch_command_resumes_after_a_bad_byte_and_refuses_its_jobs_file(tmp_path):
    jobs = tmp_path / "jobs.jsonl"
    jobs.write_text("".join(json.dumps(job) + "\n" for job in JOBS))
    output = tmp_path / "out.jsonl"
    output.write_bytes(b"\xff")
    assert batch_command(str(jobs), "-o", str(output), "--workers", "1") == 0
    assert finished_ids(output) == {0, 1, 2, 3}
    with pytest.raises(ArgumentError, match="is the jobs file"):
        batch_command(str(jobs), "-o", str(jobs))


def test_a_second_run_on_the_same_output_is_refused_while_the_first_runs(tmp_path):
    output = tmp_path / "out.jsonl"
    with ThreadPoolExecutor(1) as pool:
        first = run_jobs(JOBS, pool, output=output)
        next(first)  # the first run holds the file now
        with pytest.raises(ArgumentError, match="another batch is writing"):
            next(run_jobs(JOBS, pool, output=output))
        rest = list(first)
    assert len(rest) == 3 and finished_ids(output) == {0, 1, 2, 3}
    assert run_to(output) == []  # the lock ends with the run


@pytest.mark.parametrize(
    "line",
    ["[" * 100000 + "]" * 100000, '{"a":' * 50000 + "1" + "}" * 50000,
     '{"id": ' + "1" * 5000 + ', "puzzle": "twist", "command": "generate"}',
     '{"id": 1, "puzzle": "twist", "command": "generate", "seed": ' + "7" * 5000 + "}",
     '{"id": 1, "puzzle": "twist", "command": "solve", "start": "", "time_limit": '
     + "5" * 5000 + "}"],
    ids=["deep-list", "deep-object", "long-id", "long-seed", "long-limit"],
)
def test_hostile_job_lines_are_parse_errors_naming_the_line(line):
    with pytest.raises(ParseError, match=r"^line 2: "):
        read_jobs(['{"id": 0, "puzzle": "twist", "command": "generate"}', line])


def test_a_jobs_file_may_start_with_a_utf8_bom(tmp_path):
    jobs = tmp_path / "jobs.jsonl"
    jobs.write_bytes(b"\xef\xbb\xbf" + json.dumps(JOBS[0]).encode() + b"\n")
    assert batch_command(str(jobs), "--workers", "1") == 0
    # only at the start of the file: inside, it is not JSON
    with pytest.raises(ParseError, match="line 2: not JSON"):
        read_jobs([json.dumps(JOBS[0]), "\ufeff" + json.dumps(JOBS[1])])


WRONG_KINDS = [
    *(("grade", value) for value in (3, 2.5, True, [], {}, "", "impossible")),
    *(("seed", value) for value in (2.5, True, "1", [], {})),
    *((limit, value) for limit in ("node_limit", "time_limit") for value in (True, "1", [], {})),
    ("time_limit", -1), ("node_limit", -0.5),
]


@pytest.mark.parametrize(("key", "value"), WRONG_KINDS)
def test_options_of_the_wrong_kind_fail_once_for_all(key, value):
    job = {"id": 1, "puzzle": "samegame", "command": "generate", key: value}
    with pytest.raises(ParseError, match=r"^line 1: "):
        read_jobs([json.dumps(job)])
    # A Job made in code does not pass read_jobs: run_job checks it the same way.
    failed = run_job(Job(1, "samegame", "generate", {key: value}))
    assert failed["ok"] is False and failed["retry"] is False
    assert failed["error"].startswith("ParseError: ")


@pytest.mark.parametrize("address", ["", "  ", "nonsense://x"])
def test_a_bad_scheduler_address_is_an_argument_error(tmp_path, address):
    jobs = tmp_path / "jobs.jsonl"
    jobs.write_text(json.dumps(JOBS[0]) + "\n")
    with pytest.raises(ArgumentError, match="--scheduler"):
        batch_command(str(jobs), "--scheduler", address)


@pytest.mark.parametrize("start", ["11", 3, None, PUZZLES["tromino"].state.parse("...")])
def test_a_portfolio_of_a_start_of_another_type_is_a_type_error(start):
    with pytest.raises(TypeError, match="state must be a Board"):
        portfolio.solve(PUZZLES["samegame"], start, jobs=2, node_limit=10)


@given(st.lists(st.binary(max_size=40) | st.text(max_size=40).map(str.encode), max_size=8))
def test_any_bytes_in_a_results_file_count_only_result_lines(tmp_path_factory, chunks):
    path = tmp_path_factory.mktemp("results") / "out.jsonl"
    result = {"id": 9, "puzzle": "twist", "command": "generate", "ok": True, "attempt": 1}
    path.write_bytes(b"\n".join([*chunks, json.dumps(result).encode(), b""]))
    assert 9 in finished_ids(path) <= {9}
