"""The ``oddscalc`` command (argparse lives only here)."""
from oddscalc.cli.main import main, run

__all__ = ["main", "run"]
