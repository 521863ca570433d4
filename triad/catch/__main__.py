"""``python -m triad.catch ...``: the same as ``python -m triad catch ...``."""

import sys

from triad.catch.cli import main

if __name__ == "__main__":
    sys.exit(main(["catch", *sys.argv[1:]]))
