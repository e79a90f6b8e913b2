"""The par sheet fit for a submission (issue 21, item 1, in part): printed on A4 by default (Letter
by option) with numbered pages and the title on each, every collapsed section printed open, a title
block naming the table by its digest, and every pay that differs from the shipped table marked.
The PDF's text is read back with pdftotext (Debian's poppler-utils; CI installs it)."""
import subprocess

import pytest

from oddscalc.engines.base import load
from oddscalc.report.html import Details, Page, Section, render_page
from oddscalc.report.model import Table
from oddscalc.tools.parsheet import changed_pays, pay_cells, shipped_of


def pdf_text(path):
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True,
                          text=True).stdout


def pdf_size(path):
    info = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True).stdout
    return next(line for line in info.splitlines() if line.startswith("Page size"))


def test_a_changed_pay_is_marked_beside_the_shipped_one():
    game = load("caribbean-stud", pays=["flush=6", "straight=none"])
    cells = pay_cells(game, shipped_of(game))
    call = dict(cells["call"])
    assert call["flush"] == "6  (changed; shipped: 5)" and call["straight"] == "none  (changed; shipped: 4)"
    assert call["full-house"] == "7" and changed_pays(cells) == 2
    assert changed_pays(pay_cells(load("caribbean-stud"), shipped_of(load("caribbean-stud")))) == 0
    assert game.digest() != load("caribbean-stud").digest()


def test_a_printed_page_opens_every_section_and_numbers_its_pages():
    page = Page("T", "s", (Section("a", "A", (Details("more", (Table("hidden", ("x",), ((1,),)),)),)),))
    assert "<details>" in render_page(page) and "@page" not in render_page(page)
    printed = render_page(page, "a4")
    assert "<details open>" in printed and "size: A4" in printed and "counter(pages)" in printed
    assert "size: letter" in render_page(page, "letter")


@pytest.mark.slow
def test_the_pdf_is_a4_numbered_with_the_title_block_and_every_table(cli, tmp_path):
    target = tmp_path / "cs.pdf"
    done = cli("report", "caribbean-stud", "--pay", "flush=6", "--output", target, "--sweep-points", "3",
               "--rounds", "20")
    assert done.status == 0, done.err
    text = pdf_text(target)
    assert "(A4)" in pdf_size(target)
    pages = text.count("\f") + 1 if not text.endswith("\f") else text.count("\f")
    assert f"page 1 of {pages}" in text and f"page {pages} of {pages}" in text
    assert load("caribbean-stud", pays=["flush=6"]).digest() in text
    assert "6 (changed; shipped: 5)" in " ".join(text.split()) or "6  (changed; shipped: 5)" in text
    # the collapsed sections are printed: the strategy counts and every sweep point
    assert "the counts behind the chart" in text and "every point of the sweeps" in text
    assert "payout" in text.split("every point of the sweeps", 1)[1][:2000]


@pytest.mark.slow
def test_letter_by_option(cli, tmp_path):
    target = tmp_path / "bonus.pdf"
    assert cli("report", "five-plus-one-bonus", "--output", target, "--paper", "letter", "--sweep-points", "2",
               "--rounds", "5").status == 0
    assert "(letter)" in pdf_size(target)
    assert cli("report", "five-plus-one-bonus", "--output", tmp_path / "x.pdf", "--paper", "a5").refused("a5")


@pytest.mark.slow
def test_the_sheet_prices_the_simple_strategies_and_gives_true_odds(tmp_path):
    import oddscalc
    target = tmp_path / "tcp.html"
    found = oddscalc.par_sheet("three-card-poker", target, sweep_points=2, rounds=3)
    html = target.read_text()
    assert 'id="strategies-compared"' in html and "play every hand" in html
    assert found.sheet.compared is not None
    assert [row[0] for row in found.sheet.compared.rows] == [
        row[0] for row in oddscalc.strategy("three-card-poker", compare=True).report.tables[-1].rows]
    assert "<th>true odds</th>" in html and "1 in " in html
    assert 'id="identification"' in html and load("three-card-poker").digest() in html


@pytest.mark.slow
def test_the_sheet_confirms_by_simulation_and_gives_per_hour_figures_and_its_method(tmp_path, cli):
    import oddscalc
    from oddscalc.core.numbers import exact_text
    target = tmp_path / "tcp.html"
    found = oddscalc.par_sheet("three-card-poker", target, sweep_points=2, rounds=3, simulate=20_000, seed=5,
                               hands_per_hour=50)
    html = target.read_text()
    r = found.sheet.confirmation
    assert r is not None and r.rounds == 20_000 and r.passed
    assert 'id="simulation-confirmation"' in html and "ESTIMATE" in html and "(seed 5)" in html
    edge = found.sheet.main.house_edge
    assert 'id="per-hour"' in html and exact_text(50 * edge) in html
    assert 'id="method"' in html and "Every deal of the Three Card Poker is counted" in html
    # no simulation asked: the section says how to ask; a game without a simulator is refused first
    plain = tmp_path / "b.html"
    assert oddscalc.par_sheet("three-card-poker", plain, sweep_points=2, rounds=3).sheet.confirmation is None
    assert "--simulate N" in plain.read_text() and "--simulate N" not in html
    assert cli("report", "five-plus-one-bonus", "--output", tmp_path / "c.html", "--simulate", "100").refused(
        "simulate is not available")
    assert not (tmp_path / "c.html").exists()


@pytest.mark.slow
def test_every_sweep_shares_one_y_range_and_is_titled_above(tmp_path):
    import re

    import oddscalc
    target = tmp_path / "tcp.html"
    oddscalc.par_sheet("three-card-poker", target, sweep_points=3, rounds=3)
    html = target.read_text()
    section = html[html.index('id="sweeps"'):html.index('id="distribution"')]
    figures = re.findall(r"<figure>(.*?)</figure>", section, re.S)
    assert len(figures) > 3 and all(f.startswith("<figcaption>") for f in figures)
    ticks = {tuple(re.findall(r'text-anchor="end"[^>]*>([^<]*)<', f)) for f in figures}
    assert len(ticks) == 1 and len(next(iter(ticks))) >= 3


@pytest.mark.slow
def test_every_wager_of_the_game_is_on_its_sheet_with_its_own_house_edge(tmp_path):
    """Live Caribbean Stud's 5+1 Bonus and Caribbean Stud's progressive (with its break-even meter)
    are on the main game's sheet, each with the house edge its own analysis gives."""
    import json

    import oddscalc
    from oddscalc.cli.main import run
    from oddscalc.core.numbers import percent_text
    target = tmp_path / "live.html"
    found = oddscalc.par_sheet("live-caribbean-stud", target, sweep_points=0, rounds=2)
    html = target.read_text()
    bonus = oddscalc.analyze("five-plus-one-bonus")
    [(side, wagers)] = found.sheet.side_games
    assert side.name == "five-plus-one-bonus" and wagers[0].analysis == bonus.analysis
    assert 'id="every-wager"' in html and 'id="outcomes-five-plus-one-bonus"' in html
    assert percent_text(bonus.analysis.house_edge, 4) in html and side.digest() in html
    progressive = tmp_path / "cs.html"
    oddscalc.par_sheet("caribbean-stud", progressive, sweep_points=0, rounds=2)
    data = json.loads(run(["analyze", "caribbean-stud-progressive", "--format", "json"])[0])
    text = progressive.read_text()
    assert 'id="progressive-meter-caribbean-stud-progressive"' in text
    assert data["break_even_meter"] in text and "meter 250000" in text


def test_side_games_name_built_in_games(tmp_path):
    from oddscalc.core.errors import InputError
    for line, message in (('side_games = ["caribean-stud-progressive"]', "did you mean 'caribbean-stud-progressive'"),
                          ('side_games = "five-plus-one-bonus"', "side_games must be a list"),
                          ('side_games = ["caribbean-stud"]', "names the table itself"),
                          ('side_games = ["five-plus-one-bonus", "five-plus-one-bonus"]', "names a game twice")):
        overlay = tmp_path / "o.toml"
        overlay.write_text(line + "\n")
        with pytest.raises(InputError, match=message):
            load("caribbean-stud", table=overlay)
