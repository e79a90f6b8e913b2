"""sweep: return against one payout, as a table and a chart."""
import json
import sys
from fractions import Fraction

import pytest

from oddscalc.core.errors import InputError
from oddscalc.engines import stud
from oddscalc.engines.base import load
from oddscalc.tools.payouts import payout_key, with_payout
from oddscalc.tools.sweep import parse_sweep, parse_values, sweep


@pytest.mark.slow
def test_each_row_is_the_analysis_of_that_paytable():
    game = load("caribbean-stud")
    key, values = parse_sweep(game, "ace-king=0..2", "1/2")
    rows = sweep(game, key, values)
    assert [r.payout for r in rows] == [0, Fraction(1, 2), 1, Fraction(3, 2), 2]
    for row in rows:
        assert row.analysis == stud.ENGINE.analyze(with_payout(game, key, row.payout))
    assert rows[2].analysis == stud.ENGINE.analyze(game)          # the table pays 1
    returns = [r.analysis.rtp for r in rows]
    assert returns == sorted(returns) and len(set(returns)) == len(returns)


def test_parse_values():
    assert parse_values("1..10") == [Fraction(v) for v in range(1, 11)]
    assert parse_values("1..2", "0.25")[-1] == 2
    assert parse_values("7, 5,5") == [5, 7]
    for text, step in (("10..1", None), ("1..5", "0"), ("1..10000", "1/1000"), ("", None), ("a..b", None),
                       ("5,6", "1")):
        with pytest.raises(InputError):
            parse_values(text, step)


def test_parse_sweep_checks_the_category():
    game = load("caribbean-stud")
    assert parse_sweep(game, "flush=5")[0] == payout_key(game, "flush")
    for text in ("flush", "flsh=1..3", "=1..3"):
        with pytest.raises(InputError):
            parse_sweep(game, text)


@pytest.mark.slow
def test_cli_sweep_json(cli):
    result = cli("sweep", "live-caribbean-stud", "--vary", "flush=6..8", "--format", "json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert [row["payout"] for row in data["rows"]] == ["6", "7", "8"]
    live = stud.ENGINE.analyze(load("live-caribbean-stud"))
    assert Fraction(data["rows"][1]["rtp_total"]) == live.rtp_total


@pytest.mark.slow
def test_cli_sweep_text_marks_the_tables_payout(cli):
    result = cli("sweep", "caribbean-stud", "--vary", "flush=4,5")
    assert result.status == 0
    assert "the table's payout" in next(line for line in result.out.splitlines() if line.startswith("5 "))


def test_plot_without_matplotlib_is_one_clear_error_and_writes_nothing(cli, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    target = tmp_path / "sweep.png"
    result = cli("sweep", "caribbean-stud", "--vary", "flush=4..6", "--plot", target)
    assert result.status == 2 and result.out == ""
    assert "matplotlib" in result.err and len(result.err.strip().splitlines()) == 1
    assert not target.exists()


@pytest.mark.slow
@pytest.mark.parametrize("vary, plot", [("flsh=4..6", "sweep.png"), ("flush=6..4", "sweep.png"),
                                        ("flush=4..6", "sweep.txt"), ("flush=4..6", "missing/sweep.png")])
def test_bad_input_writes_no_plot(cli, tmp_path, vary, plot):
    result = cli("sweep", "caribbean-stud", "--vary", vary, "--plot", tmp_path / plot)
    assert result.status == 2 and result.out == "" and len(result.err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_plot_is_a_png(cli, tmp_path):
    pytest.importorskip("matplotlib")
    target = tmp_path / "sweep.png"
    result = cli("sweep", "caribbean-stud", "--vary", "flush=4..6", "--plot", target)
    assert result.status == 0, result.err
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
