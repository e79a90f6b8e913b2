"""The workbench in a real browser (Debian's headless Chromium, driven by Playwright): the figures
on the page are the command line's, exactly, after every change; a bad value shows its one-line
message beside its field; a design target solves and applies; the exports reproduce the page; a
long task shows its progress and is cancelled.  Screenshots are taken as it goes (into
``$ODDSCALC_SCREENSHOTS``, when set: ``docs/web-*.png`` are made that way)."""
import json
import os
import shutil
import time
from fractions import Fraction

import pytest

pytestmark = pytest.mark.slow
HOUSE_EDGE = "[data-metric=house_edge] td:nth-child(2) .exact"


def cli_json(cli, *args):
    done = cli(*args, "--format", "json")
    assert done.status == 0, done.err
    return json.loads(done.out)


def shot(page, tmp_path, name, whole=True):
    """A screenshot of the page, whole or what the window shows (copied to
    $ODDSCALC_SCREENSHOTS/web-NAME.png when set)."""
    path = tmp_path / f"web-{name}.png"
    page.screenshot(path=str(path), full_page=whole)
    wanted = os.environ.get("ODDSCALC_SCREENSHOTS")
    if wanted:
        shutil.copy(path, os.path.join(wanted, path.name))
    return path


def opened(page, workbench, game, timeout=90_000):
    page.goto(f"{workbench.url}/?game={game}")
    page.wait_for_selector("body[data-state=ready]", timeout=timeout)
    return page


def shows(page, selector, text, timeout=30_000):
    """Wait until the element shows exactly ``text``."""
    page.wait_for_function("([s, t]) => document.querySelector(s) && document.querySelector(s).textContent === t",
                           arg=[selector, text], timeout=timeout)


def test_a_flush_pay_changed_shows_analyzes_exact_house_edge(page, workbench, cli, tmp_path):
    opened(page, workbench, "caribbean-stud")
    shipped = cli_json(cli, "analyze", "caribbean-stud")
    assert page.text_content(HOUSE_EDGE) == shipped["house_edge"]
    for flush in ("6", "8", "11/2"):
        page.fill('[data-field="pays.call.flush"]', flush)
        expected = cli_json(cli, "analyze", "caribbean-stud", "--pay", f"flush={flush}")
        shows(page, HOUSE_EDGE, expected["house_edge"])
        row = page.locator("[data-metric=element_of_risk] td:nth-child(2)")
        assert row.locator(".exact").text_content() == expected["element_of_risk"]
        assert page.locator("[data-metric=hit_frequency] td:nth-child(2) .exact").text_content() == \
            expected["hit_frequency"]
        assert page.locator("[data-metric=house_edge] td:nth-child(3) .exact").text_content() == shipped["house_edge"]
        assert "call.flush 5 → " + flush in page.text_content("#changes")
        assert "changed" in page.get_attribute("[data-metric=house_edge]", "class")
    shot(page, tmp_path, "caribbean-stud")


def test_a_bad_value_shows_its_one_line_message_beside_the_field(page, workbench, cli):
    opened(page, workbench, "three-card-poker")
    page.fill('[data-field="pays.pair-plus.flush"]', "-4")
    page.wait_for_selector("body[data-state=refused]")
    message = page.text_content('[data-error-for="pays.pair-plus.flush"]')
    refused = cli("analyze", "three-card-poker", "--pay", "pair-plus.flush=-4")
    assert refused.refused() and message == "pays= " + refused.err.split("--pay ", 1)[1].strip()
    page.fill('[data-field="rules.dealer_qualifies"]', "Q 3 Z")
    page.fill('[data-field="pays.pair-plus.flush"]', "4")
    page.wait_for_function("document.querySelector('[data-error-for=\"rules.dealer_qualifies\"]').textContent !== ''")
    assert page.text_content('[data-error-for="pays.pair-plus.flush"]') == ""
    page.fill('[data-field="rules.dealer_qualifies"]', "Q 3 2")
    page.wait_for_selector("body[data-state=ready]")


def test_a_design_target_solves_and_applies(page, workbench, tmp_path):
    opened(page, workbench, "three-card-poker")
    page.select_option("#design-vary", "pair-plus.flush")
    page.fill("#design-target", "39/40")
    page.click("#design-run")
    page.wait_for_selector("#design-result .payout-exact", timeout=60_000)
    assert page.text_content("#design-result .payout-exact") == "8687/2192"
    page.click("#design-apply")
    cell = "[data-wager=pair-plus] td:nth-child(4) .exact"
    shows(page, cell, str(Fraction(39, 40)))
    shot(page, tmp_path, "design", whole=False)


def test_the_overlay_export_reproduces_the_page(page, workbench, cli, workbench_folder):
    opened(page, workbench, "caribbean-stud")
    page.fill('[data-field="pays.call.straight"]', "5")
    page.select_option('[data-field="rules.ties"]', "dealer")
    expected = cli_json(cli, "analyze", "caribbean-stud", "--pay", "straight=5", "--rule", "ties=dealer")
    shows(page, HOUSE_EDGE, expected["house_edge"])
    page.click("#export-overlay")
    page.wait_for_selector("#overlay-link")
    name = page.text_content("#overlay-link")
    with page.expect_download() as download:
        page.click("#overlay-link")
    saved = download.value.path()
    text = open(saved, encoding="utf-8").read()
    assert text == page.text_content("#overlay-text") == (workbench_folder / name).read_text()
    again = cli_json(cli, "analyze", "caribbean-stud", "--table", saved)
    assert again["house_edge"] == page.text_content(HOUSE_EDGE)


def test_the_par_sheet_export_reproduces_the_page(page, workbench, workbench_folder):
    opened(page, workbench, "fast-poker")
    page.fill('[data-field="pays.play.flush"]', "2")
    page.wait_for_function("document.querySelector('#changes').textContent.includes('play.flush')")
    edge = page.text_content(HOUSE_EDGE)
    page.click("#export-html")
    page.wait_for_selector("#sheet-link", timeout=120_000)
    sheet = (workbench_folder / page.text_content("#sheet-link")).read_text(encoding="utf-8")
    assert edge in sheet and "flush" in sheet


def test_the_strategy_chart_sweep_and_compare(page, workbench, tmp_path):
    import oddscalc
    opened(page, workbench, "three-card-poker")
    page.click("#strategy-run")
    page.wait_for_selector("#strategy-chart table.chart", timeout=60_000)
    chart = oddscalc.strategy("three-card-poker").chart()
    cells = page.locator("#strategy-chart table.chart td")
    assert cells.count() == len(chart.rows) * len(chart.columns)
    shares = [cells.nth(i).get_attribute("data-share") for i in range(cells.count())]
    assert shares == [str(chart.share(r, c)) for r in range(len(chart.rows)) for c in range(len(chart.columns))]
    assert "play Q-6-4 or better" in page.text_content("#strategy-chart")
    page.select_option("#sweep-vary", "pair-plus.flush")
    page.fill("#sweep-from", "2")
    page.fill("#sweep-to", "8")
    page.click("#sweep-run")
    page.wait_for_selector("#sweep-chart svg polyline", timeout=60_000)
    rows = page.locator("#sweep-table tr")
    assert rows.count() == 1 + 7
    page.fill('[data-field="pays.pair-plus.flush"]', "3")
    page.wait_for_function("document.querySelector('#changes').textContent.includes('pair-plus.flush')")
    page.click("#pin")
    page.fill('[data-field="pays.pair-plus.flush"]', "5")
    page.wait_for_function("document.querySelector('#changes').textContent.includes('4 → 5')")
    page.click("#pin")
    page.click("#compare-run")
    page.wait_for_selector("#compare-result table", timeout=60_000)
    text = page.text_content("#compare-result")
    assert "pair-plus.flush=3" in text and "pair-plus.flush=5" in text
    shot(page, tmp_path, "tools")


def test_a_long_task_shows_progress_and_is_cancelled(page, workbench, tmp_path):
    opened(page, workbench, "mississippi-stud")
    page.select_option("#sweep-vary", "hand.flush")
    page.fill("#sweep-from", "0")
    page.fill("#sweep-to", "100")
    page.click("#sweep-run")
    page.wait_for_selector("#sweep-job:not([hidden]) progress[value]", timeout=60_000)
    page.wait_for_function("Number(document.querySelector('#sweep-job progress').value) > 0", timeout=60_000)
    shot(page, tmp_path, "progress", whole=False)
    page.click("#sweep-job .cancel")
    page.wait_for_selector("#sweep-job", state="hidden", timeout=30_000)
    assert page.text_content("#sweep-error") == "cancelled"
    start = time.monotonic()
    page.fill('[data-field="pays.hand.flush"]', "7")
    page.wait_for_function("document.querySelector('#changes').textContent.includes('hand.flush')")
    assert time.monotonic() - start < 10


def test_a_sampled_analysis_runs_as_a_task_from_the_page(page, workbench):
    page.goto(f"{workbench.url}/?game=fast-action-poker")
    page.wait_for_selector("body[data-state=refused]", timeout=60_000)
    assert "needs seats=" in page.text_content("#form-error")           # the family's declared input, asked for
    page.fill('[data-field="inputs.seats"]', "1,2,4,7")
    page.wait_for_selector("body[data-state=ready]", timeout=60_000)
    assert "no exact analysis" in page.text_content("#key-figures")
    assert "first action hand" in page.text_content("#report-tables")
