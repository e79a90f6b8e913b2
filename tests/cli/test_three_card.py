"""The three-card commands from the command line: output keys and names, every format, bad input."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

MAIN_KEYS = {"game", "table", "unit", "total", "outcomes", "expected_return", "house_edge", "average_wager",
             "element_of_risk", "rtp", "rtp_total", "call_probability", "variance", "std_dev"}


def test_analyze_fast_poker_json(cli):
    result = cli("analyze", "fast-poker", "--format", "json")
    assert result.status == 0 and result.err == ""
    data = json.loads(result.out)
    assert MAIN_KEYS <= set(data) and data["total"] == 407170400 and data["bonus_ratio"] == "1"
    assert [row["outcome"] for row in data["outcomes"]] == [
        "fold", "dealer-not-qualify", "lose", "push", "win-play-1-to-1", "win-play-3-to-2"]
    assert all({"outcome", "count", "probability", "net"} <= set(row) for row in data["outcomes"])
    assert MAIN_KEYS - {"call_probability"} <= set(data["bonus"])
    assert data["combined"]["call_probability"] == data["call_probability"]
    assert data["strategy"][0]["rule"] == "play Q-6-4 or better"


def test_analyze_exact_bonus_ratio(cli):
    data = json.loads(cli("analyze", "fast-poker", "--bonus", "1/3", "--format", "json").out)
    assert data["bonus_ratio"] == "1/3" and data["combined"]["average_wager"] != data["average_wager"]
    plain = json.loads(cli("analyze", "fast-poker", "--bonus", "0", "--format", "json").out)
    assert "bonus" not in plain and plain["house_edge"] == data["house_edge"]


def test_three_card_poker_text(cli):
    out = cli("analyze", "three-card-poker").out
    assert "play Q-6-4 or better" in out and "side bet pair-plus" in out
    assert "win-play-1-to-1-ante-bonus-straight" in out


@pytest.mark.slow
def test_strategy_texts(cli):
    out = cli("strategy", "fast-poker").out
    assert "play Q-6-4 or better" in out and "No decision changes for any Bonus/Bet ratio from 0 to 6" in out
    out = cli("strategy", "caribbean-fast-poker", "--rule", "dealer_upcards=1").out
    assert "where decisions change as the Bonus/Bet ratio goes from 0 to 6" in out
    data = json.loads(cli("strategy", "caribbean-fast-poker", "--rule", "dealer_upcards=1", "--bonus", "0",
                          "--format", "json").out)
    assert len(data["strategy"]) == 13 and data["breakpoints"]


@pytest.mark.slow
def test_strategy_lists_card_removal_exceptions(cli):
    """Between the breakpoints of A-4-2 (ace up) some suit patterns play and others fold."""
    out = cli("strategy", "caribbean-fast-poker", "--rule", "dealer_upcards=1", "--bonus", "0.4925").out
    assert "card-removal exceptions to the rule" in out and "A-4-2" in out
    assert "Decisions change at " in out and "upcard A;" in out


def test_decide(cli):
    data = json.loads(cli("decide", "caribbean-fast-poker", "--rule", "dealer_upcards=1", "--hand", "Qh 6d 4s",
                          "--up", "9c", "--dead", "2c 2d", "--format", "json").out)
    assert data["situation"] == {"hand": "Qh 6d 4s", "up": "9c", "dead": "2c 2d"}
    (decision,) = data["decisions"]
    assert decision["total"] == 1035 and decision["choice"] in ("play", "fold")
    assert sum(row["count"] for row in decision["outcomes"]) == decision["total"]
    text = cli("decide", "fast-poker", "--hand", "QH6D4S", "--bonus", "0").out
    assert "decision" in text and "play" in text


@pytest.mark.parametrize("command", [["analyze", "three-card-poker"], ["strategy", "fast-poker"],
                                     ["decide", "fast-poker", "--hand", "Ah Kd 2c"]])
@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["text", "json", "csv", "markdown", "latex"])
def test_every_format(cli, command, fmt):
    result = cli(*command, "--format", fmt)
    assert result.status == 0 and result.out and result.err == ""


TABLES = {
    "impossible-ranking": '[rules]\ncategory_order = ["pair", "high-card"]\n',
    "straight-flush-below-flush": '[rules]\ncategory_order = ["three-of-a-kind", "straight", "flush", '
                                  '"straight-flush", "pair", "high-card"]\n',
    "upcards": "[rules]\ndealer_upcards = 2\n",
    "qualifier": '[rules]\ndealer_qualifies = "Q 3"\n',
    "tie-rule": '[rules]\nev_tie = "maybe"\n',
    "unknown-class": '[paytables.bonus.pays]\nroyal = 2\n',
    "role": '[paytables.jackpot.pays]\npair = 2\n',
}


@pytest.mark.parametrize("argv", [
    ["decide", "fast-poker", "--hand", "Qh 6d"],
    ["decide", "fast-poker", "--hand", "Qh 6d 4x"],
    ["decide", "fast-poker", "--hand", "Qh 6d 4s", "--up", "9c"],
    ["decide", "caribbean-fast-poker", "--hand", "Qh 6d 4s", "--rule", "dealer_upcards=1"],
    ["decide", "caribbean-fast-poker", "--hand", "Qh 6d 4s", "--up", "Qh", "--rule", "dealer_upcards=1"],
    ["decide", "caribbean-fast-poker", "--hand", "Qh 6d 4s", "--up", "9c"],
    ["decide", "fast-poker", "--hand", "Qh 6d 4s", "--dead", "4s"],
    ["analyze", "fast-poker", "--bonus", "-1"],
    ["analyze", "fast-poker", "--bonus", "lots"],
    ["analyze", "three-card-poker", "--bonus", "1"],
    *[["analyze", "fast-poker", "--table", key] for key in TABLES],
])
def test_bad_input_is_one_line_and_exit_2(cli, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    for key, text in TABLES.items():
        (tmp_path / key).write_text(text)
    result = cli(*argv)
    assert result.refused(), result.err


@pytest.mark.slow
def test_error_from_a_real_process(cli_process):
    result = cli_process("decide", "caribbean-fast-poker", "--rule", "dealer_upcards=1", "--hand", "Qh 6d 4s")
    assert result.status == 2 and result.out == ""
    assert result.err == "oddscalc: error: caribbean-fast-poker shows a dealer card: give it with --up\n"


@pytest.mark.slow
def test_caribbean_fast_poker_is_fast_poker_until_its_difference_is_known(cli):
    """The source gives both names the same rules (dealer cards face down): every figure is equal."""
    fast = json.loads(cli("analyze", "fast-poker", "--format", "json").out)
    caribbean = json.loads(cli("analyze", "caribbean-fast-poker", "--format", "json").out)
    for data in (fast, caribbean):
        data.pop("game")
        for part in ("bonus", "combined"):
            data[part].pop("game")
    assert fast == caribbean
    assert caribbean["dealer_upcards"] == 0
    exposed = json.loads(cli("analyze", "caribbean-fast-poker", "--rule", "dealer_upcards=1", "--format", "json").out)
    assert Fraction(exposed["expected_return"]) > 0          # one exposed card hands the player an edge
