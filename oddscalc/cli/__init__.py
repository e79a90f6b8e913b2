"""The ``oddscalc`` command (argparse lives only here)."""
from oddscalc.cli.main import main, run  # noqa: F401
