"""report/text_table.py lays tables out as tabulate does, byte for byte, wherever it answers: on random
tables of the characters it accepts, on the reports of real commands in every tabulated format, and
it hands back (None) whatever it cannot lay out the same."""
import importlib
import random
import unicodedata

import pytest
from tabulate import tabulate

import oddscalc
from oddscalc.report.text_table import NARROW_SIGNS, STYLES, layout, narrow

render_module = importlib.import_module("oddscalc.report.render")   # the package exports the function
ALPHABET = [chr(code) for code in range(0x20, 0x7F)] + list(NARROW_SIGNS)
# cells tabulate would read as numbers or booleans if number parsing were on, and padded ones
SPECIAL = ["True", "False", "1", "-2.5", "1e5", "1,000", "nan", "inf", "", " ", "  x  ", "+3/4"]


def reference(rows, headers, style):
    return tabulate(rows, headers=headers, tablefmt=style, disable_numparse=True)


def random_cell(rng):
    if rng.random() < 0.15:
        return rng.choice(SPECIAL)
    return "".join(rng.choice(ALPHABET) for _ in range(rng.choice([0, 1, 3, 8, 25])))


@pytest.mark.parametrize("style", STYLES)
def test_random_tables_come_out_as_tabulate_writes_them(style):
    rng = random.Random(19)
    for _ in range(150):
        columns = rng.randint(1, 5)
        headers = [random_cell(rng) for _ in range(columns)]
        rows = [[random_cell(rng) for _ in range(columns)] for _ in range(rng.randint(1, 6))]
        assert layout(rows, headers, style) == reference(rows, headers, style), (headers, rows)


@pytest.mark.parametrize(("rows", "headers"), [
    ([["王", "x"]], ["a", "b"]),               # East Asian wide: two columns in a terminal
    ([["e\u0301", "x"]], ["a", "b"]),          # a combining accent: no column of its own
    ([["\x1b[31mred\x1b[0m"]], ["a"]),         # an ANSI colour, invisible
    ([["two\nlines"]], ["a"]),                 # a cell of several lines
    ([["\x01"]], ["a"]),                       # tabulate's separating-line marker
    ([["a", "b"]], ["one"]),                   # a row longer than the headers
    ([], ["a"]),                               # no rows
    ([["a"]], []),                             # no headers
    ([["a"]], ["王"]),                          # a wide header
])
def test_what_it_cannot_lay_out_the_same_it_leaves_to_tabulate(rows, headers):
    for style in STYLES:
        assert layout(rows, headers, style) is None


def test_the_signs_it_accepts_are_one_column_wide_printable_and_not_space():
    for sign in NARROW_SIGNS:
        assert unicodedata.east_asian_width(sign) not in ("W", "F"), sign
        assert unicodedata.category(sign)[0] not in "MCZ", sign      # no mark, control, separator
        assert sign.isprintable() and not sign.isspace() and len(sign.splitlines()) == 1
    try:
        import wcwidth  # tabulate measures with it when it is installed
    except ImportError:
        return
    assert [wcwidth.wcwidth(sign) for sign in NARROW_SIGNS] == [1] * len(NARROW_SIGNS)
    assert narrow(NARROW_SIGNS) and not narrow("王") and not narrow("\t")


REPORTS = [("decide", ("mississippi-stud", "Qh Jh", "Th")), ("decide", ("let-it-ride", "9c 8d 2h")),
           ("decide", ("three-card-poker", "Qh 6d 4s")), ("decide", ("ultimate-three-card-poker", "8h 8d 3s", "Kc")),
           ("analyze", ("three-card-poker",)), ("analyze", ("five-plus-one-bonus",))]


@pytest.mark.parametrize(("function", "arguments"), REPORTS, ids=[" ".join([f, *a]) for f, a in REPORTS])
def test_reports_render_as_with_tabulate_in_every_tabulated_format(function, arguments, monkeypatch):
    report = getattr(oddscalc, function)(*arguments).report
    laid_out = []

    def counted(rows, headers, style):
        laid_out.append(layout(rows, headers, style) is not None)
        return layout(rows, headers, style)

    for fmt in ("text", "markdown", "latex"):
        with monkeypatch.context() as patched:
            patched.setattr(render_module, "layout", counted)
            fast = render_module.render(report, fmt)
        with monkeypatch.context() as patched:
            patched.setattr(render_module, "layout", lambda rows, headers, style: None)
            assert render_module.render(report, fmt) == fast, fmt
    assert laid_out and all(laid_out)      # the project's own reports never need tabulate itself
