"""Every public example in the package's docstrings runs and gives what it shows."""
import doctest
import importlib
import pkgutil

import pytest

import oddscalc

MODULES = sorted(m.name for m in pkgutil.walk_packages(oddscalc.__path__, "oddscalc.")
                 if not m.name.startswith("oddscalc._native") and m.name != "oddscalc.__main__")


# modules whose examples price a whole game or run a sampler (a few tenths of a second each)
SLOW = {"oddscalc.api.simulation", "oddscalc.tools.exposure_report", "oddscalc.engines.stud.exposure",
        "oddscalc.cli.exposure", "oddscalc.tools.parsheet", "oddscalc.api.payouts",
        "oddscalc.engines.three_card.exposure", "oddscalc.tools.design", "oddscalc.engines.handclasses",
        "oddscalc.tools.design_report", "oddscalc.tools.sweep", "oddscalc.tools.distribution",
        "oddscalc.tools.symbolic", "oddscalc.engines.three_card.classes",
        "oddscalc.engines.three_card.ultimate_strategy", "oddscalc.engines.staged.exposure", "oddscalc.tools.payouts",
        "oddscalc.tools.exposure", "oddscalc.api.visibility"}


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) if name in SLOW else name
                                  for name in MODULES])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
