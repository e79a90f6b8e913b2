"""Casino Hold'em as a built-in game (engine ``holdem``): the game file read by the family, the
family's outcome tables and decide against the brute-force reference tests/holdem_oracle.py on
reduced decks, the full deck against the kernel facade (whose own test pins the published
figures: house edge 2.16 % per Ante, calls 82 %), bad input, and every format of analyze and decide
through the command line and the API.  The full-deck analysis (9-20 s, 1.5 GB, once per process)
is in the slow suite only."""
from __future__ import annotations

import json
from fractions import Fraction
from math import comb

import pytest

import oddscalc
from oddscalc import InputError
from oddscalc.core.cards import parse_cards
from oddscalc.core.gametable import tables_dir
from oddscalc.engines import holdem_counts as hc
from oddscalc.engines.base import EXACT, load
from oddscalc.engines.holdem.analysis import bonus_of, main_of
from oddscalc.engines.holdem.rules import HoldemGame
from tests import holdem_oracle

GAME = "casino-holdem"
EXAMPLES = tables_dir() / "examples"
# what the oracle's ordered deals count per unordered deal: the player's two cards, the flop's
# three, the turn and river, the dealer's two
ORDERINGS = 2 * 6 * 2 * 2


def table(example=None, **rules):
    return load(GAME, EXAMPLES / f"{example}.toml" if example else None,
                rules=[f"{k}={v}" for k, v in rules.items()])


def reduced(deck):
    return tuple(c for c in range(52) if c not in parse_cards(deck))


def family_on(game_table, deck):
    """The family's two analyses of ``game_table`` on a reduced deck (the facade's counts of it)."""
    rules = HoldemGame.of(game_table).rules
    counted = hc.optimal_play(rules, reduced(deck))
    return main_of(game_table, rules, counted), bonus_of(game_table, rules, counted)


def oracle_rows(theirs):
    """The oracle's outcomes (hand class, result, dealer qualifies) as the family's row names,
    counted per unordered deal."""
    rows: dict[str, int] = {}
    for (hand, result, qualifies), n in theirs.outcomes.items():
        category = "pair" if hand.startswith("pair-") else hand
        name = "fold" if result == "fold" else f"call-{result if qualifies else 'no-qualify'}-{category}"
        rows[name] = rows.get(name, 0) + n
    assert all(n % ORDERINGS == 0 for n in rows.values())
    return {name: n // ORDERINGS for name, n in rows.items()}


# (deck, the game's overlay or rules, the oracle's parameters for the same game)
ORACLE_CASES = [
    ("As Ks Qs Js Ts Ah Ad Kh 9c", None, {}, {}),
    pytest.param("2c 2d 6h 6s 9c 9d Qh Qs Ac Ad", "casino-holdem-woo-1", {}, {"ante_paytable": "woo-1"},
                 marks=pytest.mark.slow),
    pytest.param("As Ks Qs Js Ts Ah Ad Kh 9c 4d", "casino-holdem-bonus-in-decision", {}, {"aa_bonus_ratio": 1},
                 marks=pytest.mark.slow),
    pytest.param("Ac Ad Kc Kd 4c 4d 5c 5d 9c 9d", None, {"dealer_qualifier": "none", "tie_break": "wager_less"},
                 {"dealer_qualifier": None, "tie_break": "wager_less"}, marks=pytest.mark.slow),
]


@pytest.mark.slow
@pytest.mark.parametrize("deck, example, rules, params", ORACLE_CASES)
def test_the_familys_outcome_tables_equal_the_oracle_on_reduced_decks(deck, example, rules, params):
    main, bonus = family_on(table(example, **rules), deck)
    theirs = holdem_oracle.analyze(GAME, deck, params)
    assert main.total * ORDERINGS == theirs.total
    assert {row.outcome: row.count for row in main.outcomes if row.count} == oracle_rows(theirs)
    assert main.expected_return == theirs.expected_return
    assert main.average_wager == theirs.average_wager
    assert main.call_probability == theirs.action_probabilities["flop"].get("call", 0)
    assert bonus.expected_return == theirs.side_bet_return("aa-bonus")
    assert sum(main.probability(row) for row in main.outcomes) == 1 == sum(
        bonus.probability(row) for row in bonus.outcomes)


@pytest.mark.slow
def test_the_bonus_settled_on_a_fold_is_the_oracles_on_a_reduced_deck():
    # Evolution's rule: the Bonus does not depend on the call, so every (holding, flop) is priced
    deck = "As Ks Qs Js Ts Ah Ad Kh 9c"
    _, bonus = family_on(table("casino-holdem-bonus-survives-fold"), deck)
    _, forfeited = family_on(table(), deck)
    assert bonus.total == comb(9, 2) * comb(7, 3)
    assert not any(row.outcome == "aa-bonus-fold" for row in bonus.outcomes)
    assert bonus.expected_return >= forfeited.expected_return
    theirs = holdem_oracle.analyze(GAME, deck, {"bonus_requires_call": False})
    assert bonus.expected_return == theirs.side_bet_return("aa-bonus")


@pytest.mark.parametrize("deck, seen", [
    ("As Ks Qs Js Ts Ah Ad Kh 9c", ["Ah Ad", "As Ks 9c"]),
    ("As Ks Qs Js Ts Ah Ad Kh 9c", ["Ts 9c", "Ah Kh Qs"]),
    ("2c 2d 6h 6s 9c 9d Qh Qs Ac Ad", ["6h 9c", "2c Qs Ac"]),
])
def test_decide_through_the_api_equals_the_oracles_decide(deck, seen):
    dead = " ".join(c for c in "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s "
                                "9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad Ah As".split()
                    if c not in deck.split())
    result = oddscalc.decide(GAME, hand=seen[0], flop=seen[1], dead=dead)
    (decision,) = result.decisions
    theirs = holdem_oracle.decide(GAME, deck, seen)
    assert dict(decision.values) == {"fold": theirs["fold"], "call": theirs["call"]}
    assert decision.choice == ("call" if theirs["call"] >= theirs["fold"] else "fold")
    n = len(deck.split()) - 5
    assert decision.total == sum(row.count for row in decision.outcomes) == comb(n, 2) * comb(n - 2, 2)


def test_decide_on_the_full_deck_is_the_facades_and_its_outcomes_price_the_call():
    (decision,) = oddscalc.decide(GAME, hand="As Kd", flop="Qs Jh 4c").decisions
    call, fold = hc.call_and_fold(tuple(parse_cards("As Kd")), tuple(parse_cards("Qs Jh 4c")))
    assert dict(decision.values) == {"fold": fold, "call": call} and decision.choice == "call"
    assert decision.total == comb(47, 2) * comb(45, 2)
    assert sum(row.net * row.count for row in decision.outcomes) / decision.total == call
    (folded,) = oddscalc.decide(GAME, hand="2c 7d", flop="Qs Jh 4c").decisions
    assert folded.choice == "fold" and folded.values["fold"] == -1


@pytest.mark.parametrize("call, message", [
    (lambda: oddscalc.decide(GAME, hand="As Kd", flop="Qs Jh"), "3 cards"),
    (lambda: oddscalc.decide(GAME, hand="As Kd Qc", flop="Qs Jh 4c"), "2 cards"),
    (lambda: oddscalc.decide(GAME, hand="As Kd", flop="As Jh 4c"), "As"),
    (lambda: oddscalc.decide(GAME, hand="As Kd", flop="Qs Jh 4c", dead=" ".join(
        [f"{r}{s}" for r in "2356789T" for s in "cdhs"] + "4d 4h 4s Jc Jd Js Qc Qd Qh Kc Kh Ks".split())), "9 cards"),
    (lambda: oddscalc.load(GAME, rules={"dealer_qualifier": "pair-X"}), "dealer_qualifier"),
    (lambda: oddscalc.load(GAME, rules={"call_multiple": 0}), "call_multiple"),
    (lambda: oddscalc.load(GAME, pays={"aa-bonus.pair": 3}), "pair"),
    (lambda: oddscalc.load(GAME, pays={"ante.pair-of-aces": 3}), "pair-of-aces"),
])
def test_bad_input_is_refused_in_one_line(call, message):
    with pytest.raises(InputError) as caught:
        call()
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_pays_the_kernel_cannot_hold_are_refused_and_told_to_design():
    # design catches the OverflowError and interpolates; the command line prints the one line
    huge = table(**{}).paytable("ante").with_pay("flush", Fraction(2 ** 61 + 1, 2 ** 61))
    game = table().replace_paytable(huge)
    with pytest.raises(hc.TooLarge) as caught:
        hc.optimal_play(HoldemGame.of(game).rules, reduced("As Ks Qs Js Ts Ah Ad Kh 9c"))
    assert isinstance(caught.value, OverflowError) and "\n" not in str(caught.value)


def test_decide_on_the_command_line(cli):
    out = cli("decide", GAME, "--hand", "As Kd", "--flop", "Qs Jh 4c").out
    assert "EV(call) per ante" in out and "decision" in out
    data = json.loads(cli("decide", GAME, "--hand", "As Kd", "--flop", "Qs Jh 4c", "--format", "json").out)
    assert data["decisions"][0]["choice"] == "call"
    assert cli("decide", GAME, "--hand", "As Kd").refused("flop")
    assert cli("exposure", GAME, "--board-cards", "1").refused("4 adds the turn")


@pytest.mark.slow
def test_the_strategy_chart_counts_every_deal_and_agrees_with_the_analysis(cli):
    data = json.loads(cli("strategy", GAME, "--format", "json").out)
    (stage,) = data["stages"]
    calls = sum(cell["options"]["call"] for cell in stage["cells"])
    every = sum(sum(cell["options"].values()) for cell in stage["cells"])
    assert every == 27_813_810_024_000
    analysis = oddscalc.analyze(GAME).wagers["main"]
    assert Fraction(calls, every) == analysis.call_probability == Fraction(355151, 433160)
    assert "call" in {w["decision"].split(":")[0] for w in stage["words"]}


@pytest.mark.slow
def test_the_full_deck_analysis_is_the_facades_and_reads_in_every_format(cli):
    figures = hc.casino_holdem()
    result = oddscalc.analyze(GAME)
    assert result.analysis.expected_return == figures.expected_return
    assert result.analysis.call_probability == figures.call_probability
    assert result.analysis.average_wager == figures.average_wager
    assert result.analysis.total == figures.deals
    game = load(GAME)
    wagers = {w.key: w.analysis for w in EXACT.of(game).wagers(game)}
    assert wagers["aa-bonus"].expected_return == figures.aa_bonus_return
    assert wagers["aa-bonus"].total == comb(52, 2) * comb(50, 3)
    assert round(float(result.analysis.house_edge) * 100, 2) == 2.16      # as published
    for fmt in ("text", "json", "csv", "markdown", "latex"):
        shown = cli("analyze", GAME, "--format", fmt)
        assert shown.status == 0 and shown.out, fmt
    data = json.loads(cli("analyze", GAME, "--format", "json").out)
    assert Fraction(data["expected_return"]) == figures.expected_return
    assert Fraction(data["side_bets"]["aa-bonus"]["expected_return"]) == figures.aa_bonus_return
    # an overlay reuses the counts (the same qualifier): Wizard of Odds' table 1 costs the royal
    woo = oddscalc.analyze(GAME, table=EXAMPLES / "casino-holdem-woo-1.toml")
    assert woo.analysis.house_edge > result.analysis.house_edge
    kept = load(GAME, EXAMPLES / "casino-holdem-bonus-survives-fold.toml")
    free = hc.casino_holdem(hc.CasinoHoldemRules(bonus_requires_call=False))
    assert {w.key: w.analysis for w in EXACT.of(kept).wagers(kept)}["aa-bonus"].expected_return == free.aa_bonus_return
