"""``compare`` (oddscalc/tools/compare.py, oddscalc/api/comparison.py): every column equals ``analyze``
of the same table and strategy, whatever the variant changes (a pay, a side bet's pay, a rule, the
strategy, a table file); the first column is the game as given; bad variants are one line naming the
variant; every format renders."""
import json

import pytest

import oddscalc
from oddscalc.engines.base import EXACT, load

CS, TCP = "caribbean-stud", "three-card-poker"


@pytest.mark.slow
def test_each_column_is_analyzes_figures():
    found = oddscalc.compare(CS, ["flush=6", "flush=6,straight=3"])
    assert [v.label for v in found.variants] == ["as shipped", "flush=6", "flush=6,straight=3"]
    expected = [oddscalc.analyze(CS), oddscalc.analyze(CS, pays={"flush": 6}),
                oddscalc.analyze(CS, pays={"flush": 6, "straight": 3})]
    assert list(found.house_edges.values()) == [a.analysis.house_edge for a in expected]
    assert found.house_edges["flush=6"] != found.house_edges["as shipped"]
    for v, a in zip(found.variants, expected, strict=True):
        assert v.wagers[0].analysis.element_of_risk == a.analysis.element_of_risk


def test_a_side_bets_pay_moves_only_its_wager():
    found = oddscalc.compare(TCP, ["pair-plus.flush=3"])
    shipped, changed = found.variants
    assert shipped.wagers[0].analysis == changed.wagers[0].analysis
    assert changed.wagers[1].key == "pair-plus"
    assert changed.wagers[1].analysis.house_edge > shipped.wagers[1].analysis.house_edge
    assert json.loads(oddscalc.analyze(TCP, pays={"pair-plus.flush": 3}).to_json())["side_bets"]["pair-plus"][
        "house_edge"] == str(changed.wagers[1].analysis.house_edge)


@pytest.mark.slow
def test_rules_strategies_and_files_are_variants(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text("[paytables.pair-plus.pays]\nflush = 3\n")
    found = oddscalc.compare(TCP, ["strategy=always", str(mine)])
    assert found.variants[1].strategy == "always"
    table = load(TCP)
    assert found.variants[1].wagers[0].analysis == EXACT.of(table).analyze(table, "always")
    assert found.house_edges["strategy=always"] > found.house_edges["as shipped"]
    assert found.variants[2].settings.startswith("table ")
    by_pay = oddscalc.compare(TCP, ["pair-plus.flush=3"]).variants[1]
    assert found.variants[2].wagers[1].analysis == by_pay.wagers[1].analysis
    staged = oddscalc.compare("mississippi-stud", ["tie_break=wager_less"])
    assert staged.variants[1].settings == "rules tie_break=wager_less"
    assert staged.house_edges["tie_break=wager_less"] == staged.house_edges["as shipped"]


@pytest.mark.slow
def test_the_calls_own_overlays_are_the_first_column():
    found = oddscalc.compare(CS, ["straight=3"], pays={"flush": 6})
    assert found.variants[0].label == "as given"
    assert found.house_edges["as given"] == oddscalc.analyze(CS, pays={"flush": 6}).analysis.house_edge
    assert found.house_edges["straight=3"] == oddscalc.analyze(
        CS, pays={"flush": 6, "straight": 3}).analysis.house_edge


@pytest.mark.parametrize(("variants", "message"), [
    (["flush"], "KEY=VALUE"),
    (["five-aces=3"], "five-aces"),
    (["flush=abc"], "abc"),
    ([""], "empty"),
    (["nothere.toml"], "nothere.toml"),
    ([], "one or more"),
    (["flush=6"] * 13, "at most 12"),
])
def test_bad_variants_are_refused_naming_them(cli, variants, message):
    args = [a for v in variants for a in ("--variant", v)] or ["--variant", ""]
    if variants:
        assert cli("compare", CS, *args).refused(message)
    with pytest.raises(oddscalc.InputError, match=message if variants else "one or more"):
        oddscalc.compare(CS, variants)


def test_a_game_without_an_exact_analysis_is_refused(cli):
    assert cli("compare", "fast-action-poker", "--variant", "x=1").refused("exact analysis")


@pytest.mark.slow
@pytest.mark.parametrize("form", ["text", "json", "csv", "markdown", "latex"])
def test_every_format_renders(cli, form):
    done = cli("compare", CS, "--variant", "flush=6", "--format", form)
    assert done.status == 0 and "flush=6" in done.out
    if form == "json":
        data = json.loads(done.out)
        assert [v["variant"] for v in data["variants"]] == ["as shipped", "flush=6"]
        assert data["variants"][1]["wagers"]["main"]["house_edge"] == str(
            oddscalc.analyze(CS, pays={"flush": 6}).analysis.house_edge)
