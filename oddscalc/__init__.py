"""oddscalc: exact combinatorial odds for banked poker table games.

Cards (oddscalc.core.cards) → evaluators (ext/, oddscalc.core.evaluate) → enumeration kernels (ext/) →
exact integer counts → paytable economics (oddscalc.core.economics, Fractions) → reports and CLI.
"""
from oddscalc.core.version import __version__

__all__ = ["__version__"]
