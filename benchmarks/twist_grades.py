"""How well IQ-Twist's difficulty grade agrees with the levels the shipped challenges carry.

The 10 booklet challenges carry the booklet's level (starter to wizard); the
90 others the level their student authors gave (1 to 3). For each, the script
prints the grade :func:`puzzlekit.twist.level_of` gives (bands of solver
effort), and for comparison the measures of a human-like search: pegs and
pieces given, and the guesses made by a solver that first places every
forced piece (a cell or a piece with one placement left) and otherwise tries
each option of the most constrained cell or piece, exploring every option.

Agreement is the share of booklet challenges graded at their level, and for
the student levels Kendall's tau (pairs of different level ranked the same
way, minus pairs ranked the other way, over all such pairs).

Run from the repository root: ``python benchmarks/twist_grades.py``
(``--quick`` is accepted and changes nothing: the run takes about a second).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

from puzzlekit.twist import State, challenges, effort, level_of
from puzzlekit.twist.solver import _COMPATIBLE, _COVERING, _FOOTPRINT_ITEMS, _bits, _problem

BOOKLET = ("starter", "junior", "expert", "master", "wizard")
STUDENT = ("student level 1", "student level 2", "student level 3")


def guesses(start: State) -> int:
    """The guesses of the human-like search over every option (forced placements are free)."""
    problem = _problem(start)
    assert problem is not None
    made = 0
    stack = [(problem.open, problem.items)]
    while stack:
        open_, items = stack.pop()
        while items:
            fewest = open_
            for item in _bits(items):
                covering = open_ & _COVERING[item]
                if covering.bit_count() < fewest.bit_count():
                    fewest = covering
            if fewest.bit_count() != 1:
                break
            footprint = fewest.bit_length() - 1  # forced: place it and look again
            items ^= _FOOTPRINT_ITEMS[footprint]
            open_ &= _COMPATIBLE[footprint]
        if not items or not fewest:
            continue  # solved, or a dead end
        made += 1
        for footprint in _bits(fewest):
            stack.append((open_ & _COMPATIBLE[footprint], items ^ _FOOTPRINT_ITEMS[footprint]))
    return made


def kendall(scores: Sequence[float], levels: Sequence[int]) -> float:
    """Kendall's tau over the pairs of different level."""
    agree = total = 0
    for i in range(len(scores)):
        for j in range(i + 1, len(scores)):
            if levels[i] != levels[j]:
                total += 1
                order = (scores[i] > scores[j]) - (scores[i] < scores[j])
                agree += order * (1 if levels[i] > levels[j] else -1)
    return agree / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="accepted for CI; same run")
    parser.parse_args()
    rows = []
    for item in challenges():
        start = item.start
        rows.append((item, effort(start), level_of(start), guesses(start)))
    print(f"{'challenge':12} {'label':8} {'pegs':>4} {'pieces':>6} {'effort':>6} "
          f"{'grade':8} {'guesses':>7}")
    booklet = [row for row in rows if row[0].level.lower() in BOOKLET]
    for item, spent, grade, made in booklet:
        mark = "" if grade == item.level.lower() else "  <- differs"
        print(f"{item.name:12} {item.level.lower():8} {len(item.start.pegs):4} "
              f"{len(item.start.pieces):6} {spent:6} {grade:8} {made:7}{mark}")
    agree = sum(grade == item.level.lower() for item, _, grade, _ in booklet)
    print(f"booklet: the grade agrees with the label on {agree} of {len(booklet)}")
    students = [row for row in rows if row[0].level in STUDENT]
    levels = [STUDENT.index(item.level) for item, *_ in students]
    measures = {
        "effort (the grade's measure)": [spent for _, spent, _, _ in students],
        "grade": [BOOKLET.index(grade) for _, _, grade, _ in students],
        "human-like guesses": [made for *_, made in students],
        "fewer pegs": [-len(item.start.pegs) for item, *_ in students],
        "log2(1 + guesses) + 1.5 * (7 - pegs)": [
            math.log2(1 + made) + 1.5 * (7 - len(item.start.pegs))
            for item, _, _, made in students
        ],
    }
    print(f"{len(students)} student-labelled challenges, Kendall's tau against the label:")
    for name, scores in measures.items():
        print(f"  {name:40} {kendall(scores, levels):6.3f}")


if __name__ == "__main__":
    main()
