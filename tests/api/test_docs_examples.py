"""The Python examples of docs/api.md and README.md run and print what the pages show."""
import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


@pytest.mark.slow
def test_the_api_page_examples():
    failures, attempted = doctest.testfile(str(DOCS / "api.md"), module_relative=False,
                                           optionflags=doctest.ELLIPSIS)
    assert attempted > 10 and failures == 0


@pytest.mark.slow
def test_the_readme_examples():
    failures, attempted = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                                           optionflags=doctest.ELLIPSIS)
    assert attempted >= 3 and failures == 0
