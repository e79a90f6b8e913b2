"""The par sheet: a well-formed, self-contained page whose every figure is the analysis' own, the
``report`` command's checks, and the page as a real browser loads it (headless Chromium)."""
import json
import os
import re
import subprocess
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from oddscalc.cli.main import run
from oddscalc.engines.base import engine_of, load
from oddscalc.report.html import render_page
from oddscalc.report.pdf import find_browser, headless_flags
from oddscalc.tools.distribution import analysis_distribution, power
from oddscalc.tools.parsheet import collect, page, sweep_values

VOID = {"meta", "br", "img", "input", "link", "hr", "col", "area", "base", "embed", "source", "track", "wbr"}


class PageParser(HTMLParser):
    """Checks nesting as it goes and collects every table by id: its header and rows of cell texts."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.tables, self.links, self.tags = [], [], {}, [], set()
        self._table = self._row = self._cell = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.add(tag)
        for name in ("src", "href", "xlink:href", "action", "srcset"):
            if name in attrs:
                self.links.append(attrs[name])
        if tag not in VOID:
            self.stack.append(tag)
        if tag == "table":
            self._table = self.tables.setdefault(attrs.get("id"), {"headers": [], "rows": []})
        elif tag == "tr" and self._table is not None:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_startendtag(self, tag, attrs):
        self.tags.add(tag)
        for name, value in attrs:
            if name in ("src", "href", "xlink:href"):
                self.links.append(value)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
            return
        self.stack.pop()
        if tag in ("td", "th") and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if self._row and self.stack[-1] == "thead":
                self._table["headers"] = self._row
            elif self._row:
                self._table["rows"].append(self._row)
            self._row = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def parse_page(text):
    parser = PageParser()
    parser.feed(text)
    parser.close()
    return parser


def column(table, header):
    return [row[table["headers"].index(header)] for row in table["rows"]]


def by_key(table, value_header="exact"):
    return dict(zip(column(table, "key"), column(table, value_header), strict=True))


def exact(text):
    return Fraction(text)


def check_self_contained(text, parser):
    assert not parser.errors and not parser.stack, (parser.errors, parser.stack)
    assert text.startswith("<!DOCTYPE html>")
    assert not re.search(r"(src|href)\s*=\s*[\"']?\s*(https?:)?//", text, re.I)
    assert all(link.startswith("#") for link in parser.links), parser.links
    assert not parser.tags & {"script", "link", "img", "iframe", "object", "embed"}
    assert "@import" not in text and "url(" not in text


def check_metrics_equal_analyze(parser, table_id, analyze_json):
    """Every exact metric on the page equals the analyze command's, and each irrational one its decimal."""
    table = parser.tables[table_id]
    shown = by_key(table)
    decimals = by_key(table, "decimal")
    for key, value in shown.items():
        if value == "(irrational)":
            assert decimals[key] == f"{analyze_json[key]:.8f}", key
        else:
            assert exact(value) == Fraction(analyze_json[key]), key
    assert {"hit_frequency", "volatility_index_90", "volatility_index_95", "house_edge", "rtp"} <= set(shown)


@pytest.fixture(scope="module")
def three_card_page():
    game = load("three-card-poker")
    sheet = collect(game, rounds=12, sweep_points=3)
    return sheet, render_page(page(sheet, "oddscalc report three-card-poker --output x.html", "2026-01-01"))


@pytest.mark.slow
def test_page_is_well_formed_and_self_contained(three_card_page):
    _sheet, text = three_card_page
    parser = parse_page(text)
    check_self_contained(text, parser)
    assert {"svg", "polyline", "polygon", "rect", "details", "footer"} <= parser.tags
    for anchor in ("summary", "rules", "outcomes", "metrics", "strategy", "sweeps", "distribution", "side-bets"):
        assert f'<section id="{anchor}">' in text
    assert "oddscalc report three-card-poker --output x.html" in text and "2026-01-01" in text


@pytest.mark.slow
def test_every_figure_is_the_analysis(three_card_page):
    sheet, text = three_card_page
    parser = parse_page(text)
    analyzed, status = run(["analyze", "three-card-poker", "--format", "json"])
    data = json.loads(analyzed)
    check_metrics_equal_analyze(parser, "metrics-main", data)
    check_metrics_equal_analyze(parser, "metrics-pair-plus", data["side_bets"]["pair-plus"])
    figures = by_key(parser.tables["key-figures"])
    for key in ("house_edge", "rtp", "element_of_risk", "call_probability", "hit_frequency"):
        assert exact(figures[key]) == Fraction(data[key])
    outcomes = parser.tables["outcomes-main"]
    assert column(outcomes, "outcome") == [row["outcome"] for row in data["outcomes"]]
    assert [int(c) for c in column(outcomes, "count")] == [row["count"] for row in data["outcomes"]]
    nets = parser.tables["net-main"]
    assert [exact(p) for p in column(nets, "probability")] == [Fraction(r["probability"])
                                                              for r in data["net_distribution"]]
    # the strategy chart's counts give the call probability, and the paytables are the table's
    counts = parser.tables["strategy-counts"]
    played = sum(int(row[1]) for row in counts["rows"])
    situations = sum(int(row[2]) for row in counts["rows"])
    assert Fraction(played, situations) == Fraction(data["call_probability"])
    pair_plus = parser.tables["paytable-pair-plus"]
    assert dict(zip(column(pair_plus, "category"), map(exact, column(pair_plus, "pays (to one)")), strict=True)) \
        == dict(load("three-card-poker").paytable("pair-plus").pays)
    # the sweep points are exact analyses at each payout
    points = parser.tables["sweep-points"]
    flush = [row for row in points["rows"] if row[0] == "flush"]
    assert [exact(row[1]) for row in flush] == sweep_values(Fraction(1), 3)
    game = load("three-card-poker")
    engine = engine_of(game)
    at_two = engine.analyze(game.replace_paytable(game.paytable().with_pay("flush", Fraction(2))))
    assert flush[-1][3] == f"{float(at_two.rtp) * 100:.4f} %"


@pytest.mark.slow
def test_the_distribution_is_that_of_the_distribution_tool(three_card_page):
    sheet, text = three_card_page
    table = parse_page(text).tables["distribution-table"]
    rows = {int(row[0]): row for row in table["rows"]}
    one = analysis_distribution(sheet.whole)
    for n in (1, 10, 12):
        exact_n = power(one, n)
        ahead = exact_n.above(0)
        assert abs(Fraction(rows[n][1]) - ahead) <= Fraction(1, 10 ** 10)       # 10 places shown
        assert sheet.horizon.ahead[n - 1].low <= ahead <= sheet.horizon.ahead[n - 1].high
        assert list(sheet.horizon.quantiles[n - 1]) == exact_n.quantiles(
            [Fraction(5, 100), Fraction(25, 100), Fraction(1, 2), Fraction(75, 100), Fraction(95, 100)])


@pytest.mark.slow
def test_a_side_bet_page_has_no_strategy_chart():
    sheet = collect(load("five-plus-one-bonus"), rounds=3, sweep_points=2)
    text = render_page(page(sheet, "oddscalc report five-plus-one-bonus --output x.html", "today"))
    parser = parse_page(text)
    check_self_contained(text, parser)
    assert "no decision" in text and "strategy-counts" not in parser.tables
    assert exact(by_key(parser.tables["key-figures"])["rtp"]) == Fraction(136879, 149695)


def test_the_command_checks_the_output_before_the_work(cli, tmp_path):
    for path, message in ((tmp_path / "sheet.doc", "must end in .html or .htm or .pdf"),
                          (tmp_path / "missing" / "sheet.html", "no such folder")):
        result = cli("report", "five-plus-one-bonus", "--output", path)
        assert result.status == 2 and message in result.err and result.out == ""
    target = tmp_path / "sheet.html"
    for args, message in ((("--strategy", "optimel"), "unknown strategy"), (("--rounds", "0"), "--rounds"),
                          (("--pay", "flush=-1"), "negative")):
        result = cli("report", "five-plus-one-bonus", "--output", target, *args)
        assert result.status == 2 and message in result.err
        assert not target.exists() and os.listdir(tmp_path) == []         # a failure writes nothing
    result = cli("report", "fast-action-poker", "--output", target)
    assert result.status == 2 and "exact analysis" in result.err and not target.exists()


@pytest.mark.slow
def test_the_command_writes_the_page_and_prints_the_key_figures(cli, tmp_path):
    target = tmp_path / "sheet.html"
    result = cli("report", "five-plus-one-bonus", "--output", target, "--rounds", "5", "--sweep-points", "2",
                 "--format", "json")
    assert result.status == 0 and result.err == ""
    data = json.loads(result.out)
    assert data["output"] == str(target) and data["rtp"] == "136879/149695"
    text = target.read_text(encoding="utf-8")
    assert "oddscalc report five-plus-one-bonus --output " in text
    assert os.listdir(tmp_path) == ["sheet.html"]                         # no temporary file left
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask                 # readable as any new file is


# --- the page in a real browser ----------------------------------------------------------------

def browser_dump(browser, page_path, profile, screenshot=None):
    """The DOM headless Chromium builds from the page (and a screenshot when asked)."""
    flags = headless_flags(browser, profile)
    dumped = subprocess.run([*flags, "--dump-dom", page_path.as_uri()], capture_output=True, text=True, timeout=120)
    assert dumped.returncode == 0, dumped.stderr[-2000:]
    if screenshot is not None:
        shot = subprocess.run([*flags, "--hide-scrollbars", "--window-size=1280,2000", f"--screenshot={screenshot}",
                               page_path.as_uri()], capture_output=True, text=True, timeout=120)
        assert shot.returncode == 0, shot.stderr[-2000:]
    return dumped.stdout, dumped.stderr


@pytest.mark.slow
def test_the_page_in_headless_chromium(cli, tmp_path):
    browser = find_browser()
    if browser is None:
        pytest.skip("chromium not installed: apt-get install chromium")
    target = tmp_path / "caribbean-stud.html"
    result = cli("report", "caribbean-stud", "--output", target, "--sweep-points", "3", "--rounds", "50")
    assert result.status == 0, result.err
    dom, log = browser_dump(browser, target, tmp_path / "profile", tmp_path / "shot.png")
    assert "Uncaught" not in log and "SyntaxError" not in log
    parser = parse_page(dom)
    assert not parser.errors and not parser.stack
    assert {"svg", "table", "section", "footer", "polyline", "rect"} <= parser.tags
    # the figures the browser shows are the analysis'
    table = load("caribbean-stud")
    analysis = engine_of(table).analyze(table)
    figures = by_key(parser.tables["key-figures"])
    assert exact(figures["house_edge"]) == analysis.house_edge == Fraction(142031221, 2718662100)
    assert exact(figures["rtp"]) == analysis.rtp
    assert exact(figures["call_probability"]) == analysis.call_probability == Fraction(5316167, 10179260)
    assert exact(figures["hit_frequency"]) == analysis.hit_frequency
    metrics = by_key(parser.tables["metrics-main"])
    assert exact(metrics["element_of_risk"]) == analysis.element_of_risk
    assert by_key(parser.tables["metrics-main"], "decimal")["std_dev"] == f"{analysis.std_dev:.8f}"
    counts = parser.tables["strategy-counts"]["rows"]
    called = sum(int(cell) for row in counts for cell in row[1::2])
    situations = sum(int(cell) for row in counts for cell in row[2::2])
    assert Fraction(called, situations) == analysis.call_probability
    shot = tmp_path / "shot.png"
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


@pytest.mark.slow
def test_the_page_printed_to_pdf(cli, tmp_path):
    if find_browser() is None:
        pytest.skip("chromium not installed: apt-get install chromium")
    target = tmp_path / "three-card-poker.pdf"
    result = cli("report", "three-card-poker", "--output", target, "--sweep-points", "3", "--rounds", "20")
    assert result.status == 0, result.err
    data = target.read_bytes()
    pages = re.findall(rb"/Type\s*/Page\b", data)
    assert data.startswith(b"%PDF-") and len(pages) >= 2
    assert [path.name for path in tmp_path.iterdir()] == [target.name]


def test_a_pdf_without_chromium_is_refused_before_the_work(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    result = cli("report", "caribbean-stud", "--output", tmp_path / "sheet.pdf")
    assert result.refused("a PDF is printed by Chromium, which is not installed")
    assert list(tmp_path.iterdir()) == []
