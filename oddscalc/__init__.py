"""oddscalc: exact combinatorial odds for banked poker table games.

Cards (oddscalc.cards) → evaluators (ext/, oddscalc.evaluate) → enumeration kernels (ext/) →
exact integer counts → paytable economics (oddscalc.economics, Fractions) → reports and CLI.
"""
__version__ = "0.1.0"
