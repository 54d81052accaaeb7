"""``python -m puzzlekit`` runs the ``puzzlekit`` command."""

import sys

from puzzlekit.cli import main

sys.exit(main())
