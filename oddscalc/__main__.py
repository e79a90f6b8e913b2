"""``python -m oddscalc`` is the ``oddscalc`` command."""
import sys

from oddscalc.cli import main

sys.exit(main())
