"""The examples of docs/api.md run and print what the page shows."""
import doctest
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_api_page_examples():
    failures, attempted = doctest.testfile(str(DOCS / "api.md"), module_relative=False,
                                           optionflags=doctest.ELLIPSIS)
    assert attempted > 10 and failures == 0
