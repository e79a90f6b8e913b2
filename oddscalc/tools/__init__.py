"""Tools that work on any engine through the Engine protocol: design, sweep, distribution, simulate, check."""
