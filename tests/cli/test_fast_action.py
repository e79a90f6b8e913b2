"""The Fast Action Poker commands end to end, and every bad input as one line with status 2."""
import json
from fractions import Fraction

import pytest

ODDS = ("fast-action", "odds", "--seats", "1,2,4,7", "--button", "2")


def test_odds_of_a_partly_known_deal(cli):
    result = cli(*ODDS, "--hole", "1:AsKd 2:7h7c 7:QcJc", "--board", "Qs Jd 2c", "--bettors", "1,4")
    assert result.status == 0 and result.err == ""
    for text in ("phase one", "phase two", "first action hand", "exact: every completion"):
        assert text in result.out


def test_odds_json_is_exact_and_consistent(cli):
    result = cli(*ODDS, "--hole", "1:AsKd 2:7h7c 4:9d9s 7:QcJc", "--board", "Qs Jd 2c", "--format", "json")
    data = json.loads(result.out)
    assert data["exact"] is True and data["method"] == "exact"
    seats = data["seats"]
    assert sum(Fraction(s["phase_two_net"]) for s in seats) == 0
    assert sum(Fraction(s["action_probability"]) for s in seats) == 1
    assert sum(Fraction(s["pot_share"]) for s in seats) == 1
    assert sum(Fraction(s["net"]) for s in seats) == 0


def test_settlement_step_by_step(cli):
    result = cli(*ODDS, "--hole", "1:AsKd 2:7h7c 4:9d9s 7:QcJc", "--board", "Qs Jd 2c 9h Kh",
                 "--bettors", "1,4", "--format", "json")
    data = json.loads(result.out)
    assert data["action"]["start"] == 2 and "third flop card names seat 2" in data["action"]["how"]
    assert [(s["action"], s["result"], s["other"]) for s in data["steps"]] == [
        (2, "loses to", 4), (4, "beats", 7), (4, "beats", 1)]
    assert data["net"] == {"1": "-3", "2": "-2", "4": "7", "7": "-2"}


def test_settlement_with_deck_draws(cli):
    args = (*ODDS, "--hole", "1:AsKd 2:7h7c 4:9d9s 7:QcJc", "--board", "Qs Jd Tc 9h Kh")
    data = json.loads(cli(*args, "--draws", "9c 3d Kc 7d", "--format", "json").out)
    assert data["action"]["start"] == 7
    assert [s["action"] for s in data["steps"]] == [7, 1, 1]
    # without the draws: every possible first action hand, with its exact chance
    data = json.loads(cli(*args, "--format", "json").out)
    assert data["action"]["start"] is None
    assert sum(Fraction(p) for p in data["action"]["chances"].values()) == 1
    assert sum(Fraction(v) for v in data["phase_two_net"].values()) == 0


def test_nobody_bets_and_the_button_takes_the_antes(cli):
    data = json.loads(cli(*ODDS, "--hole", "1:AsKd 2:7h7c 4:9d9s 7:QcJc", "--board", "Qs Jd 2c 9h Kh",
                          "--bettors", "none", "--format", "json").out)
    shares = {h["seat"]: h["pot_share"] for h in data["hands"]}
    assert shares == {1: "0", 2: "1", 4: "0", 7: "0"} and data["pot"] == "4"


def test_large_deals_fall_back_to_a_labelled_estimate(cli):
    result = cli(*ODDS, "--hole", "1:AsKd", "--board", "Qs Jd 2c", "--samples", "20000")
    assert result.status == 0 and "ESTIMATE" in result.out and "±" in result.out
    data = json.loads(cli(*ODDS, "--hole", "1:AsKd", "--board", "Qs Jd 2c", "--samples", "20000",
                          "--format", "json").out)
    assert data["exact"] is False and data["samples"] == 20000 and data["seed"] == 1
    assert all(s["phase_two_net_std_error"] > 0 for s in data["seats"])


def test_analyze(cli):
    result = cli("analyze", "fast-action-poker", "--seats", "1,2,4,7", "--samples", "20000", "--format", "json")
    data = json.loads(result.out)
    assert data["action_probability"] == {"1": "1/4", "2": "1/4", "4": "1/4", "7": "1/4"}
    assert data["phase_two"]["exact"] is False and data["phase_two"]["samples"] == 20000
    assert sum(Fraction(s["net_estimate"]) for s in data["phase_two"]["seats"]) == 0
    assert sum(Fraction(p) for p in data["deck_draws"].values()) == sum(
        Fraction(p) for p in data["action_by_source"]["deck"].values())
    text = cli("analyze", "fast-action-poker", "--seats", "1,2,4,7", "--samples", "2000").out
    assert "ESTIMATE" in text and "(exact)" in text


def test_decide(cli):
    data = json.loads(cli("decide", "fast-action-poker", "--hole", "As Kd", "--flop", "Qs Jd 2c",
                          "--players", "5", "--others-bet", "1", "--others-bet", "2", "--format", "json").out)
    cases = data["decisions"]
    assert [c["case"] for c in cases] == [{"others_bet": 1}, {"others_bet": 2}] and all(c["exact"] for c in cases)
    assert cases[0]["facts"]["break_even_equity"] == "1/7" and cases[1]["facts"]["break_even_equity"] == "1/8"
    assert cases[0]["facts"]["advice"] == "bet" and cases[0]["choice"] == "bet"


def test_a_table_file_changes_the_rules(cli, tmp_path):
    table = tmp_path / "every.toml"
    table.write_text('[rules]\nphase_two_end = "every-player"\n')
    # the river names seat 2; seat 7 beats it, seat 1 (trip nines) beats seat 7
    args = (*ODDS, "--hole", "1:9c9s 2:7h7c 4:2c3d 7:QcJc", "--board", "Qs Jd 4c 9h 2h", "--bettors", "1")
    default = json.loads(cli(*args, "--format", "json").out)
    every = json.loads(cli(*args, "--table", str(table), "--format", "json").out)
    assert [(s["action"], s["other"]) for s in default["steps"]] == [(2, 4), (2, 7), (7, 1)]
    assert [(s["action"], s["other"]) for s in every["steps"]] == [(2, 4), (2, 7), (7, 1), (1, 2), (1, 4)]


@pytest.mark.parametrize("args, message", [
    (("--seats", "1,2,9"), "seat 9 is outside 1-8"),
    (("--seats", "1,2"), "2 players: the game needs 3 to 8"),
    (("--seats", "1,2,2,3"), "seat 2 is listed twice"),
    (("--seats", "1,2,x"), "not a number"),
    (("--seats", "1,2,3", "--hole", "5:AsKd"), "seat 5, which is empty"),
    (("--seats", "1,2,3", "--hole", "1:AsKd 2:AsQd"), "duplicate card As"),
    (("--seats", "1,2,3", "--hole", "1:AsKd", "--board", "Kd Qs 2c"), "duplicate card Kd"),
    (("--seats", "1,2,3", "--board", "Qs Jd"), "board: expected 0, 3, 4 or 5 cards, got 2"),
    (("--seats", "1,2,3", "--board", "Qs Jx 2c"), "unknown card"),
    (("--seats", "1,2,3", "--hole", "1:AsKdQh"), "seat 1 hole cards: expected 2 cards"),
    (("--seats", "1,2,3", "--hole", "1 AsKd"), "SEAT:CARDS"),
    (("--seats", "1,2,3", "--button", "4"), "button seat 4 is not an occupied seat"),
    (("--seats", "1,2,3", "--bettors", "1,5"), "bettor seat 5"),
    (("--seats", "1,2,3", "--bettors", "none"), "give --button"),
    (("--seats", "1,2,3", "--draws", "9c"), "--draws needs every hole card"),
    (("--seats", "1,2,3", "--hole", "1:AsKd 2:7h7c 3:QcJc", "--board", "Qs Jd 2c 9h 4h", "--draws", "9c"),
     "drop --draws"),
    (("--seats", "1,2,3", "--samples", "1", "--exact-limit", "0"), "--samples"),
    (("--seats", "1,2,3", "--frob"), "unrecognized arguments"),
])
def test_bad_odds_input_is_one_line_and_status_2(cli, args, message):
    result = cli("fast-action", "odds", *args)
    assert result.refused(message), result.err


@pytest.mark.parametrize("args, message", [
    (("fast-action",), "a subcommand is required"),
    (("fast-action", "settle"), "unknown subcommand"),
    (("analyze", "fast-action-poker"), "--seats"),
    (("analyze", "fast-action-poker", "--seats", "1,2,3,4,5,6,7,8,1"), "listed twice"),
    (("decide", "fast-action-poker", "--hole", "AsKd", "--flop", "Qs Jd", "--players", "4"), "expected 3, 4 or 5"),
    (("decide", "fast-action-poker", "--hole", "AsKd", "--flop", "Qs Jd 2c", "--players", "2"), "--players"),
    (("decide", "fast-action-poker", "--hole", "AsKd", "--flop", "As Jd 2c", "--players", "4"), "duplicate"),
])
def test_bad_game_command_input(cli, args, message):
    result = cli(*args)
    assert result.refused(message), result.err


@pytest.mark.slow
def test_a_jackpot_table_pays_on_final_hands(cli, tmp_path):
    table = tmp_path / "jackpot.toml"
    table.write_text('[paytables.jackpot]\nbasis = "for"\n[paytables.jackpot.pays]\nroyal-flush = 2000\n'
                     'four-of-a-kind = 50\n[rules]\njackpot_stake = "1/4"\n')
    # seat 1 makes a royal flush with the Ts, 1 river in 42
    data = json.loads(cli(*ODDS[:2], "--seats", "1,2,3", "--hole", "1:AsKs 2:7h7c 3:2d3d",
                          "--board", "Qs Js 4s 9h", "--table", str(table), "--format", "json").out)
    # "for" one: the quarter-unit stake is kept on a win too
    assert data["seats"][0]["jackpot_net"] == str(Fraction(1, 42) * (2000 - Fraction(1, 4)) - Fraction(41, 42) / 4)
    assert data["seats"][1]["jackpot_net"] == "-1/4"
    data = json.loads(cli("analyze", "fast-action-poker", "--seats", "1,2,3", "--samples", "1000",
                          "--table", str(table), "--format", "json").out)
    assert data["jackpot_total"] == 133784560
    # four of a kind 224848 and royal flush 4324 of the C(52, 7) hands (published counts)
    assert Fraction(data["jackpot_net"]) == (Fraction(4324 * 2000 + 224848 * 50, 133784560)
                                             - Fraction(4324 + 224848, 133784560) / 4
                                             - Fraction(133784560 - 4324 - 224848, 133784560) / 4)


@pytest.mark.slow
def test_pot_share_means_one_thing_in_text_and_json(cli):
    """The share of the pot (0..1) and the units won from it are two columns and two keys."""
    args = ("fast-action", "odds", "--seats", "1,2,4,7", "--button", "2", "--hole", "1:AsKd 2:7h7c 7:QcJc",
            "--board", "Qs Jd 2c", "--bettors", "1,4")
    data = json.loads(cli(*args, "--format", "json").out)
    text = cli(*args).out
    assert "pot share (of the pot)" in text and "pot won (units)" in text
    pot = Fraction(data["pot"])
    for seat in data["seats"]:
        share, won = Fraction(seat["pot_share"]), Fraction(seat["pot_won"])
        assert 0 <= share <= 1 and won == share * pot
    seat_one = next(line for line in text.splitlines() if line.startswith("1 "))
    assert f"{float(Fraction(data['seats'][0]['pot_share'])):.6f}" in seat_one
    assert f"{float(Fraction(data['seats'][0]['pot_won'])):.6f}" in seat_one


@pytest.mark.slow
def test_a_button_fallback_needs_the_button(cli):
    """With the action hand falling to the button, a deal without --button is refused: the chance
    that no card names a seat had gone to no seat, and the seats' chances summed to 6221/8330."""
    assert cli("fast-action", "odds", "--seats", "1,2,3", "--rule", "action_fallback=button").refused("give --button")
    result = cli("fast-action", "odds", "--seats", "1,2,3", "--button", "2", "--rule", "action_fallback=button",
                 "--format", "json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert sum(Fraction(row["action_probability"]) for row in data["seats"]) == 1
