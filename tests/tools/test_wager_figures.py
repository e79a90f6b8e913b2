"""design and sweep judge a payout by the return of the wager it belongs to (a side bet's pay: that
side bet, per its stake), or by the whole game's when asked; checked against returns counted here
independently (Pair Plus by brute force over every three-card hand, a stud bet on the player's five
cards from the five-card census worked out by hand) and against the standalone 5+1 Bonus game."""
import json
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

import oddscalc
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import tables_dir
from oddscalc.engines.base import engine_of, load
from oddscalc.tools.design import solve_payout
from oddscalc.tools.payouts import figure_of, payout_key, with_payout
from oddscalc.tools.sweep import parse_sweep, sweep

EXAMPLES = tables_dir() / "examples"


# --- independent counts -------------------------------------------------------------------------

def _pair_plus_census() -> Counter:
    """Three-card hands of each Pair Plus category, by brute force over all 22,100 (ace high or
    low in a straight: A-2-3 and Q-K-A)."""
    census = Counter()
    for hand in combinations(range(52), 3):
        ranks = sorted(card % 13 for card in hand)            # 0 = deuce ... 12 = ace
        suited = len({card // 13 for card in hand}) == 1
        distinct = len(set(ranks))
        run = distinct == 3 and (ranks[2] - ranks[0] == 2 or ranks == [0, 1, 12])
        if run and suited:
            census["straight-flush"] += 1
        elif distinct == 1:
            census["three-of-a-kind"] += 1
        elif run:
            census["straight"] += 1
        elif suited:
            census["flush"] += 1
        elif distinct == 2:
            census["pair"] += 1
        else:
            census["high-card"] += 1
    return census


PAIR_PLUS = _pair_plus_census()
PAIR_PLUS_PAYS = {"pair": 1, "flush": 4, "straight": 6, "three-of-a-kind": 30, "straight-flush": 40}

# five-card hands of each category, counted by hand (royal and straight flushes apart)
FIVE_CARD = {
    "royal-flush": 4,
    "straight-flush": 4 * 9,
    "four-of-a-kind": 13 * 48,
    "full-house": 13 * 4 * 12 * 6,
    "flush": 4 * (comb(13, 5) - 10),
    "straight": 10 * (4 ** 5 - 4),
    "three-of-a-kind": 13 * 4 * comb(12, 2) * 16,
    "two-pair": comb(13, 2) * 36 * 44,
    "pair": 13 * 6 * comb(12, 3) * 64,
    "high-card": (comb(13, 5) - 10) * (4 ** 5 - 4),
}
HAND_BONUS = {"royal-flush": 250, "straight-flush": 50, "four-of-a-kind": 20, "full-house": 7, "flush": 5,
              "straight": 4, "three-of-a-kind": 3}
HAND_BONUS_TOML = """
[rules]
side_bets = ["hand-bonus"]

[paytables.hand-bonus]
basis = "to"
hand = "player"

[paytables.hand-bonus.pays]
""" + "".join(f"{name} = {pay}\n" for name, pay in HAND_BONUS.items())


def _rtp(census, pays, category, pay) -> Fraction:
    """Return per stake of a bet paid "to one" on a census, one category paying ``pay``; unlisted
    categories lose the stake."""
    pays = {**pays, category: pay}
    net = sum(count * Fraction(pays.get(name, -1)) for name, count in census.items())
    return 1 + net / sum(census.values())


def _root(census, pays, category, target) -> Fraction:
    """The pay of ``category`` whose return is ``target``: the return is linear in it."""
    at0 = _rtp(census, pays, category, 0)
    return (target - at0) / Fraction(census[category], sum(census.values()))


def test_the_independent_censuses_add_up():
    assert sum(PAIR_PLUS.values()) == 22100 and PAIR_PLUS["flush"] == 1096 and PAIR_PLUS["straight"] == 720
    assert sum(FIVE_CARD.values()) == comb(52, 5)


# --- which figure -------------------------------------------------------------------------------

@pytest.mark.parametrize("game, vary, of, wager, whole, stake", [
    ("three-card-poker", "flush", "wager", "main", True, "ante"),
    ("three-card-poker", "ante-bonus.straight", "wager", "main", True, "ante"),
    ("three-card-poker", "pair-plus.flush", "wager", "pair-plus", False, "pair-plus stake"),
    ("three-card-poker", "six-card-bonus.flush", "wager", "six-card-bonus", False, "six-card-bonus stake"),
    ("fast-poker", "flush", "wager", "main", False, "bet"),
    ("fast-poker", "flush", "game", "combined", True, "bet"),
    ("fast-poker", "bonus.flush", "wager", "bonus", False, "bonus stake"),
    ("fast-poker", "bonus.flush", "game", "combined", True, "bet"),
    ("five-plus-one-bonus", "flush", "wager", "main", True, "bonus stake"),
    ("five-plus-one-bonus", "flush", "game", "main", True, "bonus stake"),
])
def test_the_figure_is_the_wager_the_pay_belongs_to(game, vary, of, wager, whole, stake):
    table = load(game)
    figure = figure_of(table, payout_key(table, vary), of)
    assert (figure.of, figure.wager, figure.whole, figure.stake) == (of, wager, whole, stake)


@pytest.mark.parametrize("vary", ["pair-plus.flush", "six-card-bonus.royal-flush"])
def test_the_games_return_of_a_side_bet_pay_is_refused(vary):
    table = load("three-card-poker")
    with pytest.raises(InputError, match="staked apart from the game"):
        figure_of(table, payout_key(table, vary), "game")
    with pytest.raises(InputError, match="staked apart from the game"):
        oddscalc.sweep("three-card-poker", f"{vary}=1,2", of="game")
    with pytest.raises(InputError, match="staked apart from the game"):
        oddscalc.design("three-card-poker", vary, "0.95", of="game")


# --- three-card: Pair Plus ----------------------------------------------------------------------

@pytest.mark.parametrize("target", [Fraction(39, 40), Fraction(9, 10), Fraction(1)])
@pytest.mark.parametrize("per", ["ante", "total"])
@pytest.mark.slow
def test_pair_plus_flush_solved_on_the_pair_plus_return(target, per):
    """The bug: the Ante and Play's 96.627019 % at every try, and no payout found.  A side bet is one
    stake, so per total wagered is per stake."""
    designed = oddscalc.design("three-card-poker", "pair-plus.flush", target, per=per)
    expected = _root(PAIR_PLUS, PAIR_PLUS_PAYS, "flush", target)
    assert designed.payout == expected
    assert designed.solution.analysis.rtp == target == designed.solution.analysis.rtp_total
    assert _rtp(PAIR_PLUS, PAIR_PLUS_PAYS, "flush", designed.payout) == target
    assert len({point.value for point in designed.solution.tried}) == len(designed.solution.tried)
    data = designed.to_dict()
    assert (data["of"], data["wager"], data["unit"]) == ("wager", "pair-plus", "pair-plus stake")
    assert "wager pair-plus" in designed.to_text().splitlines()[0]


@pytest.mark.slow
def test_pair_plus_39_40_is_about_3_96():
    assert oddscalc.design("three-card-poker", "pair-plus.flush", "39/40").payout == Fraction(8687, 2192)


@pytest.mark.slow
def test_pair_plus_sweep_rows_are_the_counted_returns():
    swept = oddscalc.sweep("three-card-poker", "pair-plus.flush=0..4")
    assert [row.payout for row in swept.rows] == list(range(5))
    for row in swept.rows:
        assert row.analysis.rtp == _rtp(PAIR_PLUS, PAIR_PLUS_PAYS, "flush", row.payout)
    assert swept.rows[4].analysis.rtp == Fraction(5397, 5525)            # 97.68 % at the table's 4
    data = swept.to_dict()
    assert data["wager"] == "pair-plus" and data["unit"] == "pair-plus stake"
    assert [Fraction(r["rtp"]) for r in data["rows"]] == [row.analysis.rtp for row in swept.rows]


@pytest.mark.parametrize("category", ["pair", "straight-flush"])
def test_pair_plus_sweep_of_other_pays(category):
    swept = oddscalc.sweep("three-card-poker", f"pair-plus.{category}=0,10,50")
    assert [row.analysis.rtp for row in swept.rows] == [_rtp(PAIR_PLUS, PAIR_PLUS_PAYS, category, v)
                                                         for v in (0, 10, 50)]


@pytest.mark.slow
def test_main_and_ante_bonus_pays_are_still_the_games_return():
    table = load("three-card-poker")
    engine = engine_of(table)
    for vary in ("flush=1,2", "ante-bonus.straight=0,1,2"):
        key, values = parse_sweep(table, vary)
        for of in ("wager", "game"):
            rows = sweep(table, key, values, figure=figure_of(table, key, of))
            assert [r.analysis for r in rows] == [engine.analyze(with_payout(table, key, v)) for v in values]
        assert [r.analysis for r in sweep(table, key, values)] == [r.analysis for r in rows]    # the default
    key, values = parse_sweep(table, "pair-plus.flush=1,2")
    with pytest.raises(InputError, match="staked apart from the game"):
        sweep(table, key, values)             # without a figure, the game's: refused, never a constant


@pytest.mark.parametrize("command", [("sweep", "--vary", "flush=1,2"),
                                     ("design", "--vary", "flush", "--target-return", "0.9")])
def test_an_engine_without_an_exact_analysis_is_refused_first(cli, command):
    result = cli(command[0], "fast-action-poker", *command[1:])
    assert result.status == 2 and result.out == "" and "has no exact analysis" in result.err


def test_ante_bonus_pay_solved_on_the_main_wager():
    table = load("three-card-poker")
    key = payout_key(table, "ante-bonus.straight")
    target = Fraction(97, 100)
    solution = solve_payout(table, key, target, figure=figure_of(table, key))
    assert solution.found
    assert engine_of(table).analyze(with_payout(table, key, solution.payout)).rtp == target


# --- three-card: a Bonus the strategy weighs ----------------------------------------------------

def _wager(table, key, value, name):
    return {w.key: w.analysis for w in engine_of(table).wagers(with_payout(table, key, value))}[name]


@pytest.mark.parametrize("vary, of, name, target", [
    ("bonus.ace-high", "wager", "bonus", Fraction(95, 100)),
    ("bonus.pair", "game", "combined", Fraction(95, 100)),
    ("high-card", "wager", "main", Fraction(95, 100)),      # the Bet and Play; the strategy changes
    ("high-card", "game", "combined", Fraction(85, 100)),
])
@pytest.mark.slow
def test_fast_poker_pays_solved_on_their_wager(vary, of, name, target):
    table = load("fast-poker")
    key = payout_key(table, vary)
    designed = oddscalc.design("fast-poker", vary, target, of=of)
    assert designed.payout is not None
    exact = _wager(table, key, designed.payout, name)
    assert exact.rtp == target and exact.outcomes == designed.solution.analysis.outcomes
    if vary == "high-card":
        assert len({p.piece for p in designed.solution.tried}) > 1           # strategies told apart
    swept = oddscalc.sweep("fast-poker", f"{vary}=0,1,2", of=of)
    assert [r.analysis for r in swept.rows] == [_wager(table, key, v, name) for v in (0, 1, 2)]


@pytest.mark.slow
def test_symbolic_goes_only_with_the_games_return():
    with pytest.raises(InputError, match="expresses the game's return"):
        oddscalc.design("three-card-poker", "pair-plus.flush", "0.95", symbolic=True)
    assert oddscalc.design("fast-poker", "flush", "0.85", of="game", symbolic=True).payout is not None


# --- stud: side bets attached to Caribbean Stud -------------------------------------------------

@pytest.fixture(scope="module")
def hand_bonus(tmp_path_factory):
    path = tmp_path_factory.mktemp("tables") / "hand-bonus.toml"
    path.write_text(HAND_BONUS_TOML)
    return path


@pytest.mark.slow
def test_stud_player_bet_sweep_and_design_are_the_counted_returns(hand_bonus):
    swept = oddscalc.sweep("caribbean-stud", "hand-bonus.flush=0..10", step=5, table=hand_bonus)
    assert swept.figure.wager == "hand-bonus"
    assert [row.analysis.rtp for row in swept.rows] == [_rtp(FIVE_CARD, HAND_BONUS, "flush", v) for v in (0, 5, 10)]
    for target in (Fraction(9, 10), Fraction(1)):
        designed = oddscalc.design("caribbean-stud", "hand-bonus.straight", target, table=hand_bonus)
        assert designed.payout == _root(FIVE_CARD, HAND_BONUS, "straight", target)
        assert designed.solution.analysis.rtp == target


@pytest.mark.slow
def test_five_plus_one_on_live_stud_is_the_standalone_5_plus_1_bonus():
    """The 5+1 Bonus attached to Live Caribbean Stud and the 5+1 Bonus game are the same bet."""
    table = EXAMPLES / "caribbean-stud-five-plus-one.toml"
    for target in ("0.9", "98%"):
        attached = oddscalc.design("live-caribbean-stud", "five-plus-one.flush", target, table=table)
        alone = oddscalc.design("five-plus-one-bonus", "flush", target)
        assert attached.payout == alone.payout is not None
        assert attached.solution.analysis.rtp == alone.solution.analysis.rtp
        assert attached.to_dict()["wager"] == "five-plus-one"
    attached = oddscalc.sweep("live-caribbean-stud", "five-plus-one.straight=5..15", step=5, table=table)
    alone = oddscalc.sweep("five-plus-one-bonus", "straight=5..15", step=5)
    assert [r.analysis.rtp for r in attached.rows] == [r.analysis.rtp for r in alone.rows]
    assert len({r.analysis.rtp for r in attached.rows}) == 3


@pytest.mark.slow
def test_bad_beat_sweep_rows_are_what_analyze_prints_for_the_side_bet(cli):
    table = EXAMPLES / "caribbean-stud-bad-beat.toml"
    result = cli("sweep", "caribbean-stud", "--table", table, "--vary", "bad-beat.flush=0,5000", "--format", "json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert data["wager"] == "bad-beat" and data["unit"] == "bad-beat stake"
    for row in data["rows"]:
        printed = oddscalc.analyze("caribbean-stud", [f"bad-beat.flush={row['payout']}"], table=table).to_dict()
        assert row["rtp"] == printed["side_bets"]["bad-beat"]["rtp"]
    assert data["rows"][0]["rtp"] != data["rows"][1]["rtp"]
    main = oddscalc.analyze("caribbean-stud").to_dict()["rtp"]
    assert main not in (row["rtp"] for row in data["rows"])


# --- the command line ---------------------------------------------------------------------------

@pytest.mark.slow
def test_cli_design_side_bet_text_and_json(cli):
    result = cli("design", "three-card-poker", "--target-return", "39/40", "--vary", "pair-plus.flush")
    assert result.status == 0, result.err
    assert "8687/2192" in result.out and "wager pair-plus" in result.out and "96.627019" not in result.out
    result = cli("design", "three-card-poker", "--target-return", "39/40", "--vary", "pair-plus.flush",
                 "--format", "json")
    data = json.loads(result.out)
    assert data["found"] and data["payout"] == "8687/2192" and data["wager"] == "pair-plus"
    assert data["analysis"]["rtp"] == "39/40"


def test_cli_sweep_side_bet_text(cli):
    result = cli("sweep", "three-card-poker", "--vary", "pair-plus.flush=3,4")
    assert result.status == 0, result.err
    assert "wager pair-plus" in result.out and "97.6833 %" in result.out and "92.7240 %" in result.out


@pytest.mark.parametrize("command, args", [
    ("design", ("--target-return", "0.95", "--vary", "pair-plus.flush", "--of", "game")),
    ("sweep", ("--vary", "pair-plus.flush=1,2", "--of", "game")),
    ("design", ("--target-return", "0.95", "--vary", "pair-plus.flush", "--symbolic")),
    ("sweep", ("--vary", "flush=1,2", "--of", "everything")),
])
def test_cli_refusals_are_one_line(cli, command, args):
    result = cli(command, "three-card-poker", *args)
    assert result.status == 2 and result.out == ""
    assert result.err.startswith("oddscalc: error: ") and len(result.err.strip().splitlines()) == 1
