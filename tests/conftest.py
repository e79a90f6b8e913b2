"""Shared fixtures: the CLI run in-process, and all hands as card arrays; under CI a skipped
test fails (a browser or plot test that skips proves nothing)."""
import array
import itertools
import os
import subprocess
import sys

import pytest

# the test loop keeps its compiled modules and rewritten tests (__pycache__, ignored by git) even
# where the environment says PYTHONDONTWRITEBYTECODE: without them every run compiles the package
# and rewrites every test's asserts again, about a quarter of the `not slow` loop on this machine.
# So the package is first imported below this line (the cli fixture), not above it.
sys.dont_write_bytecode = False

# every test computes what it checks: no solution kept on disk by an earlier run (or by an earlier
# version of the code) is read (tests/core/test_solution_store.py checks the store itself)
os.environ["ODDSCALC_CACHE"] = "off"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Under CI (``CI`` set, as ``.ci/run`` runs) a test that skips fails instead: CI installs every
    browser and extra the tests need, so a skip there means a missing install step."""
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.longrepr = f"skipped under CI, which must run every test: {reason}"


class CliResult:
    def __init__(self, status, out, err):
        self.status, self.out, self.err = status, out, err

    def refused(self, message=""):
        """Whether the command refused its input as promised: exit status 2, nothing written, one
        line on stderr (naming ``message``)."""
        return (self.status == 2 and self.out == "" and self.err.startswith("oddscalc: error: ")
                and self.err.count("\n") == 1 and message in self.err)


@pytest.fixture
def cli(capsys):
    """Run ``oddscalc ARGS`` in-process; returns status, stdout and stderr."""
    from oddscalc.cli import main

    def run(*args):
        status = main([str(a) for a in args])
        captured = capsys.readouterr()
        return CliResult(status, captured.out, captured.err)
    return run


@pytest.fixture
def cli_process(tmp_path):
    """Run ``python -m oddscalc ARGS`` as a separate process (from a neutral folder)."""
    def run(*args):
        done = subprocess.run([sys.executable, "-m", "oddscalc", *map(str, args)], cwd=tmp_path,
                              capture_output=True, text=True)
        return CliResult(done.returncode, done.stdout, done.stderr)
    return run


def hand_array(hands, size):
    """A (rows, size) uint8 memoryview of card tuples."""
    flat = array.array("B", itertools.chain.from_iterable(hands))
    return memoryview(flat).cast("B", (len(flat) // size, size))


@pytest.fixture
def card_array():
    """The function that packs card tuples into a (rows, size) uint8 memoryview."""
    return hand_array


@pytest.fixture(scope="session")
def all_five_card_hands():
    hands = list(itertools.combinations(range(52), 5))
    return hands, hand_array(hands, 5)
