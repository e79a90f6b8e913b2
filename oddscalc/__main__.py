"""``python -m oddscalc`` is the ``oddscalc`` command."""
import sys

from oddscalc.cli import main

if __name__ == "__main__":
    sys.exit(main())
