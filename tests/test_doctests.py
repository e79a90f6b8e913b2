"""Every public example in the package's docstrings runs and gives what it shows."""
import doctest
import importlib
import pkgutil

import pytest

import oddscalc

MODULES = sorted(m.name for m in pkgutil.walk_packages(oddscalc.__path__, "oddscalc.")
                 if not m.name.startswith("oddscalc._native") and m.name != "oddscalc.__main__")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
