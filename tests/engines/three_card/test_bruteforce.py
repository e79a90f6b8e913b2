"""Reduced decks: a brute-force settlement of every deal, written straight from rules.md with the
reference evaluator, equals the engine (kernel counts, decisions, outcome tables, returns).

The decks keep the features that matter: A-2-3 and other straights, flushes, pairs, trips, ace
high, hands below the queen-high qualifier.  The oracle settles money (a Bet of 10 or 30) and
knows nothing of the engine's classes, prices or per-Bet arithmetic.
"""
from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from oddscalc.core.hands import ThreeCardCategory as T
from oddscalc.core.oracle import three_card_value
from oddscalc.engines.base import load
from oddscalc.engines.three_card.counts import game_counts
from oddscalc.engines.three_card.outcomes import analyses
from oddscalc.engines.three_card.rules import three_card_rules
from oddscalc.engines.three_card.solve import solve

# 2 3 4 5 Q K A: straights A-2-3 .. 3-4-5 and Q-K-A; 5-4-2 and the like do not qualify
SEVEN_RANKS = tuple(r * 4 + s for r in (0, 1, 2, 3, 10, 11, 12) for s in range(4))
# 2 3 4 6 Q A: 6-4-2 does not qualify, A-2-3 and 2-3-4 are straights
SIX_RANKS = tuple(r * 4 + s for r in (0, 1, 2, 4, 10, 12) for s in range(4))
# 2 3 5 Q A (with an upcard, which multiplies the situations): 5-3-2 does not qualify, A-2-3 is a straight
FIVE_RANKS = tuple(r * 4 + s for r in (0, 1, 3, 10, 12) for s in range(4))


def _order(game):
    rules = game.rules
    labels = rules.strings("category_order")
    return tuple(T.from_label(label) for label in reversed(labels)), rules.flag("flush_counts")


@cache
def dealer_counts(deck, order, flush_counts, qualifier, upcard):
    """{(hand, upcard or None): (not qualifying, dealer higher, equal, player higher)} by looking at
    every dealer hand; ``qualifier`` is the weakest qualifying hand's cards (or None)."""
    triples = list(itertools.combinations(deck, 3))
    values = [three_card_value(h, order, flush_counts) for h in triples]
    q = three_card_value(qualifier, order, flush_counts) if qualifier else None
    # plain integers, so the loops below stay fast: a rank per value, a bit per card
    rank_of = {v: i for i, v in enumerate(sorted(set(values)))}
    q_rank = -1 if q is None else sum(1 for v in rank_of if v < q)
    bit = {c: 1 << c for c in deck}
    hands = [(h, bit[h[0]] | bit[h[1]] | bit[h[2]], rank_of[v]) for h, v in zip(triples, values, strict=True)]
    by_mask = {mask: r for _h, mask, r in hands}
    out = {}
    for hand, mine_mask, mine in hands:
        if upcard:
            situations = [(up, [(bit[up] | bit[x] | bit[y]) for x, y in itertools.combinations(deck, 2)
                                if up not in (x, y) and not (bit[x] | bit[y]) & (mine_mask | bit[up])])
                          for up in deck if not bit[up] & mine_mask]
        else:
            situations = [(None, [mask for _h, mask, _r in hands if not mask & mine_mask])]
        for up, dealer_masks in situations:
            tally = [0, 0, 0, 0]
            for mask in dealer_masks:
                theirs = by_mask[mask]
                tally[0 if theirs < q_rank else 1 if theirs > mine else 2 if theirs == mine else 3] += 1
            out[(hand, up)] = tuple(tally)
    return out


def hand_class(hand, order, flush_counts):
    category = order[three_card_value(hand, order, flush_counts)[0]]
    if category == T.HIGH_CARD and max(c >> 2 for c in hand) == 12:
        return "ace-high"
    return category.label


def oracle(game, deck, bet, bonus_stake):
    """Settle every deal in money under the best decision per situation (ties: rules.ev_tie)."""
    order, flush_counts = _order(game)
    rules = game.rules
    text = rules.text("dealer_qualifies")
    qualifier = None if text == "none" else tuple(
        "23456789TJQKA".index(r) * 4 + suit for suit, r in enumerate(text.split()))
    upcard = rules.integer("dealer_upcards") == 1
    table = {t.name: t for t in game.paytables}
    play, bonus, ante_bonus = table["play"], table.get("bonus"), table.get("ante-bonus")
    play_stake = bet * rules.number("play_stake")
    not_qualify_pays = rules.number("dealer_not_qualify_pays")
    forfeit = rules.flag("fold_forfeits_bonus")
    play_on_tie = rules.text("ev_tie") == "play"
    outcomes = Counter()
    money = bonus_money = 0
    played_by_strength = Counter()
    hand_info = {}
    for (hand, up), (nq, dw, tie, pw) in dealer_counts(deck, order, flush_counts, qualifier, upcard).items():
        if hand not in hand_info:
            hand_info[hand] = (hand_class(hand, order, flush_counts), three_card_value(hand, order, flush_counts))
        klass, value = hand_info[hand]
        extra = bet * ante_bonus.pay(klass) if ante_bonus and klass in ante_bonus.pays else 0
        bonus_if_played = (bonus_stake * bonus.pay(klass) if bonus and klass in bonus.pays else -bonus_stake)
        bonus_if_folded = -bonus_stake if forfeit else bonus_if_played
        suffix = f"-ante-bonus-{klass}" if extra else ""
        pay = play.pay(klass)
        deals = {  # name: (count, money of Bet + Play)
            "dealer-not-qualify" + suffix: (nq, bet * not_qualify_pays + extra),
            "lose" + suffix: (dw, -bet - play_stake + extra),
            "push" + suffix: (tie, extra),
            f"win-play-{pay.numerator}-to-{pay.denominator}" + suffix: (pw, bet + play_stake * pay + extra),
        }
        n = nq + dw + tie + pw
        ev_play = sum(count * m for count, m in deals.values()) + n * bonus_if_played
        ev_fold = n * (-bet + bonus_if_folded)
        if ev_play > ev_fold or (ev_play == ev_fold and play_on_tie):
            for name, (count, m) in deals.items():
                outcomes[name, m] += count
                money += count * m
            bonus_money += n * bonus_if_played
            played_by_strength[(-1 if up is None else up >> 2, value)] += 1
        else:
            outcomes["fold", -bet] += n
            money -= n * bet
            bonus_money += n * bonus_if_folded
    total = sum(outcomes.values())
    return {"outcomes": {(name, Fraction(m) / bet): v for (name, m), v in outcomes.items() if v},
            "total": total, "main": Fraction(money) / (bet * total),
            "combined": Fraction(money + bonus_money) / (bet * total), "played": played_by_strength}


def engine(game, deck, ratio):
    rules = three_card_rules(game).at_bonus_ratio(Fraction(ratio))
    counts = game_counts(rules, deck)
    solution = solve(rules, counts)
    return rules, counts, solution, analyses(solution)


def check_against_oracle(game, deck, ratio, bet=30):
    rules, counts, solution, parts = engine(game, deck, ratio)
    expected = oracle(game, deck, bet, bet * ratio)
    main = parts["main"]
    assert {(row.outcome, row.net): row.count for row in main.outcomes} == expected["outcomes"]
    assert main.total == expected["total"]
    assert main.expected_return == expected["main"]
    combined = parts.get("combined", main)
    assert combined.expected_return == expected["combined"]
    # decisions: situations played per (upcard rank, player hand value)
    order, flush_counts = _order(game)
    played = Counter()
    for i in range(len(counts)):
        if solution.play[i]:
            key = (counts.up_rank[i], three_card_value(counts.examples[i], order, flush_counts))
            played[key] += counts.weight[i]
    assert played == expected["played"]
    return parts


@pytest.mark.slow
@pytest.mark.parametrize("ratio", [Fraction(0), Fraction(1, 3), Fraction(6)])
def test_fast_poker_equals_brute_force(ratio):
    check_against_oracle(load("fast-poker"), SEVEN_RANKS, ratio)


@pytest.mark.slow
def test_three_card_poker_with_ante_bonus_equals_brute_force():
    parts = check_against_oracle(load("three-card-poker"), SEVEN_RANKS, Fraction(0))
    assert any("ante-bonus" in row.outcome for row in parts["main"].outcomes)


@pytest.mark.slow
@pytest.mark.parametrize("ratio", [Fraction(0), Fraction(2)])
def test_caribbean_fast_poker_equals_brute_force(ratio):
    check_against_oracle(load("caribbean-fast-poker", rules=["dealer_upcards=1"]), FIVE_RANKS, ratio)


@pytest.mark.parametrize("overlay", [
    # flush above straight, straight flush above trips (a reading some casinos use)
    'category_order = ["straight-flush", "three-of-a-kind", "flush", "straight", "pair", "high-card"]',
    # flushes do not count; the dealer always qualifies; the Bonus is settled even on a fold
    'category_order = ["three-of-a-kind", "straight", "pair", "high-card"]\nflush_counts = false\n'
    'dealer_qualifies = "none"\nfold_forfeits_bonus = false',
    # a lower qualifier and a Play of twice the Bet
    'dealer_qualifies = "5 4 2"\nplay_stake = 2',
])
@pytest.mark.slow
def test_rule_switches_equal_brute_force(tmp_path, overlay):
    path = tmp_path / "rules.toml"
    path.write_text("[rules]\n" + overlay + "\n")
    check_against_oracle(load("fast-poker", path), SIX_RANKS, Fraction(1, 2))


@pytest.mark.slow
def test_kernel_counts_equal_brute_force_per_situation():
    """Each engine group's counts are those of every situation it stands for, and weights add up."""
    # the last deck lacks one card, so the kernel cannot use suit symmetry and deals every upcard
    for rules_given, deck in (((), SEVEN_RANKS), (("dealer_upcards=1",), FIVE_RANKS),
                              (("dealer_upcards=1",), FIVE_RANKS[1:])):
        game = load("fast-poker", rules=rules_given)
        rules = three_card_rules(game)
        counts = game_counts(rules, deck)
        order, flush_counts = _order(game)
        qualifier = tuple(r * 4 + s for s, r in enumerate((10, 1, 0)))
        brute = Counter()
        for (hand, up), tally in dealer_counts(deck, order, flush_counts, qualifier, rules.upcards == 1).items():
            brute[(-1 if up is None else up >> 2, rules.ranking.strength(hand), tally)] += 1
        engine_groups = Counter()
        for i in range(len(counts)):
            g = counts.group(i)
            engine_groups[(g.up_rank, g.strength, g[3:7])] += g.weight
        assert engine_groups == brute


@pytest.mark.slow
def test_the_tie_rule_on_a_deck_with_exact_ties(tmp_path):
    """Caribbean Fast Poker on the five-rank deck has situations with EV(play) = EV(fold) exactly,
    so both settings of rules.ev_tie are exercised against the oracle."""
    path = tmp_path / "rules.toml"
    path.write_text('[rules]\nev_tie = "play"\n')
    fold = engine(load("caribbean-fast-poker", rules=["dealer_upcards=1"]), FIVE_RANKS, Fraction(0))[2]
    play = engine(load("caribbean-fast-poker", path, rules=["dealer_upcards=1"]), FIVE_RANKS, Fraction(0))[2]
    assert any(fold.margin(i) == 0 for i in range(len(fold.counts)))
    assert fold.call_probability < play.call_probability
    check_against_oracle(load("caribbean-fast-poker", path, rules=["dealer_upcards=1"]), FIVE_RANKS, Fraction(0))


@pytest.mark.slow
def test_no_bonus_strategy_does_not_depend_on_the_bet_size():
    game = load("fast-poker")
    small, large = oracle(game, SEVEN_RANKS, 10, 0), oracle(game, SEVEN_RANKS, 30, 0)
    assert small["played"] == large["played"]
    assert small["main"] == large["main"]
    check_against_oracle(game, SEVEN_RANKS, Fraction(0), bet=10)
