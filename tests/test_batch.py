"""Batch solving with a process pool: states, moves and results cross process
boundaries, and the solvers are plain functions an executor can map."""

from concurrent.futures import ProcessPoolExecutor
from functools import partial

from puzzlekit import linkpath, samegame, twist


def test_twist_challenges_solve_in_a_process_pool():
    challenges = twist.challenges()[:12]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(twist.solve, [challenge.start for challenge in challenges]))
    assert [result.final.canonical() for result in results] == [
        challenge.solution for challenge in challenges
    ]


def test_samegame_standard_set_solves_in_a_process_pool():
    boards = samegame.load_standard_set()[:4]
    # A node limit, not a time limit, so the pool and the loop below agree exactly.
    solve = partial(samegame.solve, node_limit=300, seed=3)
    with ProcessPoolExecutor(max_workers=2) as pool:
        solutions = list(pool.map(solve, boards))
    assert solutions == [solve(board) for board in boards]
    for board, solution in zip(boards, solutions, strict=True):
        final, score = samegame.play_sequence(board, solution.moves)
        assert score == solution.score > 0
        assert final.count < board.count


def test_linkpath_deals_and_solutions_cross_processes():
    deal = partial(linkpath.deal, 8, 10, 12)
    with ProcessPoolExecutor(max_workers=2) as pool:
        boards = list(pool.map(deal_with_seed, range(4)))
        results = list(pool.map(linkpath.solve, boards))
    assert boards == [deal(seed=seed) for seed in range(4)]
    for board, result in zip(boards, results, strict=True):
        assert result.complete and result.solved and result.start == board
        assert result.replayed() == result.final


def deal_with_seed(seed: int) -> linkpath.Board:
    return linkpath.deal(8, 10, 12, seed=seed)
