"""How well IQ-Twist's grade agrees with the labelled challenges, and how fast levels come.

The 10 booklet challenges carry the booklet's level (starter to wizard); the
90 others the level their student authors gave (1 to 3). For each, the script
prints what :func:`puzzlekit.twist.difficulty` measures (pegs and pieces
given, forced placements and guesses on the way to the solution, the bits
of luck the guesses need, the score) and the grade, next to the solver's
effort and the grade the effort bands of puzzlekit 0.1 gave. Agreement is
the share of booklet challenges graded at their level; for the student
levels, the mean grade per level (starter 0 to wizard 4) and Kendall's tau
(pairs of different level ranked the same way, minus pairs ranked the other
way, over all such pairs).

Then, per grade, levels per second of :func:`puzzlekit.twist.levels` over
seeds 0, 1, 2, ... and the mean effort and pegs of those levels.

Run from the repository root: ``python benchmarks/twist_grades.py``
(``--quick``: a quarter of a second of generating per grade instead of 3).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from puzzlekit.twist import GRADES, challenges, difficulty, effort, generate

STUDENT = ("student level 1", "student level 2", "student level 3")
OLD_BANDS = (30, 90, 200, 450)
"""The highest effort of each grade but the last, as puzzlekit 0.1 graded."""


def old_grade(spent: int) -> str:
    """The grade puzzlekit 0.1 gave: a band of solver effort."""
    return GRADES[sum(spent > bound for bound in OLD_BANDS)]


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


def labels() -> None:
    """The table of the booklet challenges and the summary of the student ones."""
    rows = [(item, difficulty(item.start), effort(item.start)) for item in challenges()]
    print(f"{'challenge':11} {'label':8} {'pegs':>4} {'pieces':>6} {'forced':>6} {'guesses':>7} "
          f"{'bits':>5} {'score':>5} {'grade':8} {'effort':>6} {'0.1 grade':9}")
    booklet = [row for row in rows if row[0].level.lower() in GRADES]
    for item, found, spent in booklet:
        mark = "" if found.grade == item.level.lower() else "  <- differs"
        print(f"{item.name:11} {item.level.lower():8} {found.pegs:4} {found.pieces:6} "
              f"{found.forced:6} {found.guesses:7} {found.bits:5.2f} {found.score:5.2f} "
              f"{found.grade:8} {spent:6} {old_grade(spent):9}{mark}")
    agree = sum(found.grade == item.level.lower() for item, found, _ in booklet)
    was = sum(old_grade(spent) == item.level.lower() for item, _, spent in booklet)
    print(f"booklet: the grade agrees with the label on {agree} of {len(booklet)} "
          f"(0.1's effort bands: {was})")
    students = [row for row in rows if row[0].level in STUDENT]
    levels = [STUDENT.index(item.level) for item, *_ in students]
    for name, grades in (
        ("grade", [GRADES.index(found.grade) for _, found, _ in students]),
        ("0.1 grade", [GRADES.index(old_grade(spent)) for *_, spent in students]),
    ):
        means = [
            sum(g for g, level in zip(grades, levels, strict=True) if level == wanted)
            / levels.count(wanted)
            for wanted in range(len(STUDENT))
        ]
        print(f"{len(students)} student challenges, mean {name} per student level: "
              + ", ".join(f"{mean:.2f}" for mean in means)
              + f"; Kendall's tau {kendall(grades, levels):.3f}")
    print("Kendall's tau against the student level:")
    for name, scores in (
        ("score", [found.score for _, found, _ in students]),
        ("bits", [found.bits for _, found, _ in students]),
        ("guesses", [found.guesses for _, found, _ in students]),
        ("fewer pegs", [-found.pegs for _, found, _ in students]),
        ("effort", [spent for *_, spent in students]),
    ):
        print(f"  {name:12} {kendall(scores, levels):6.3f}")


def speed(seconds: float) -> None:
    """Levels per second per grade, with the mean effort and pegs of the levels made."""
    print(f"{'grade':8} {'levels/s':>8} {'effort':>6} {'pegs':>5}  (seeds 0, 1, ...)")
    for grade in GRADES:
        made = []
        started = time.perf_counter()
        while time.perf_counter() - started < seconds or not made:
            made.append(generate(grade, seed=len(made)).start)
        rate = len(made) / (time.perf_counter() - started)
        spent = sum(map(effort, made)) / len(made)
        pegs = sum(len(start.pegs) for start in made) / len(made)
        print(f"{grade:8} {rate:8.1f} {spent:6.0f} {pegs:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="generate for 0.25 s per grade")
    args = parser.parse_args()
    labels()
    speed(0.25 if args.quick else 3.0)


if __name__ == "__main__":
    main()
