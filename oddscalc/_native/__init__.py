"""Compiled kernels built from ext/ (see setup.py); use them through the oddscalc modules."""
