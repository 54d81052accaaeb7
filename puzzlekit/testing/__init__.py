"""Hypothesis strategies for property-testing code built on puzzlekit.

Needs `hypothesis <https://hypothesis.readthedocs.io>`_ (``pip install
'puzzlekit-engines[testing]'``). One submodule per puzzle module, each giving
strategies for its states and moves:

>>> from puzzlekit.testing import samegame, twist
>>> sorted(twist.__all__)
['moves', 'placements', 'solutions', 'states']
"""

from puzzlekit.testing import linkpath, samegame, tromino, twist

__all__ = ["linkpath", "samegame", "tromino", "twist"]
