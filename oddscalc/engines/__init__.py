"""Game engines: one subpackage per family, each an :class:`~oddscalc.engines.base.Engine`."""
