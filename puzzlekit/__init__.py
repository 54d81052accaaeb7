"""puzzlekit: typed, pure-Python puzzle engines.

Four modules, one style: :mod:`puzzlekit.twist` (IQ-Twist),
:mod:`puzzlekit.tromino` (L-tromino tilings of deficient boards),
:mod:`puzzlekit.linkpath` (Lianliankan / Onet / Shisen-Sho) and
:mod:`puzzlekit.samegame` (SameGame / Clickomania).

>>> import puzzlekit
>>> puzzlekit.ParseError.__mro__[1:3] == (puzzlekit.PuzzleError, ValueError)
True
"""

__version__ = "0.1.0"

from puzzlekit import linkpath, samegame, tromino, twist
from puzzlekit.errors import IllegalMoveError, ParseError, PuzzleError, UnsolvableError

__all__ = [
    "IllegalMoveError",
    "ParseError",
    "PuzzleError",
    "UnsolvableError",
    "__version__",
    "linkpath",
    "samegame",
    "tromino",
    "twist",
]
