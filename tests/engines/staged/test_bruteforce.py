"""The staged kernel against a plain brute force on reduced decks: every stage decided by exhaustive
search in Fractions, every hand valued by the slow oracle evaluator (core/oracle.py), every outcome
counted; the two must agree on the return, the average wager, each option's share of the rounds,
every outcome's probability and each option's value in a decision.

The brute force is written here from the rules, and knows nothing of the kernel's colex indices,
its integer values or its forward pass: a decision is a recursion over the cards still to come.
It names every outcome row as the family does, so it checks the rows one by one, and it prices what
the project's reference (tests/staged_oracle.py, test_oracle.py) does not: fractional pays, a class
removed from the paytable, a game file's own stages, the named strategies, a decision with dead
cards."""
import itertools
import random
from fractions import Fraction
from functools import cache

import pytest

from oddscalc.core.cards import parse_cards
from oddscalc.core.hands import FiveCardCategory as F
from oddscalc.core.oracle import five_card_value
from oddscalc.engines.base import load
from oddscalc.engines.staged import decide, solve
from oddscalc.engines.staged.rules import StagedRules

CATEGORY = {F.HIGH_CARD: "high-card", F.PAIR: "pair", F.TWO_PAIR: "two-pair", F.THREE_OF_A_KIND: "three-of-a-kind",
            F.STRAIGHT: "straight", F.FLUSH: "flush", F.FULL_HOUSE: "full-house", F.FOUR_OF_A_KIND: "four-of-a-kind",
            F.STRAIGHT_FLUSH: "straight-flush", F.ROYAL_FLUSH: "royal-flush"}
J, SIX, TEN = 9, 4, 8          # rank codes of the pairs that pay


def mississippi_class(cards):
    value = five_card_value(cards)
    if value[0] == F.PAIR:
        return "jacks-or-better" if value[1] >= J else "pair-6-or-better" if value[1] >= SIX else "pair"
    return CATEGORY[value[0]]


def let_it_ride_class(cards):
    value = five_card_value(cards)
    if value[0] == F.PAIR and value[1] >= TEN:
        return "tens-or-better"
    return CATEGORY[value[0]]


CLASSIFIERS = {"mississippi-stud": mississippi_class, "let-it-ride": let_it_ride_class}


def units_text(units):
    return f"{units}-unit" if units == 1 else f"{units}-units"


class Brute:
    """Exhaustive search of a staged game over a deck beside known cards: ``value(i, seen, units)``
    is the expected net (in units) at stage i with the cards ``seen``, the option taken being the
    best by exact value (ties to the option wagering more or less), and the distribution of how the
    round ends and of the options taken."""

    def __init__(self, rules, deck, classify, pays, fixed=None):
        self.rules, self.deck, self.classify, self.pays = rules, tuple(deck), classify, pays
        self.fixed = fixed
        self.value = cache(self._value)
        self.hand_net = cache(self._hand_net)
        self.name = cache(self._name)

    def _name(self, cards):
        """The hand's pay class: a class the paytable does not name is paid as its category (pair)."""
        name = self.classify(cards)
        return name if name in self.pays or name in CATEGORY.values() else "pair"

    def _hand_net(self, cards):
        pay = self.pays.get(self.name(cards))
        return Fraction(-1) if pay is None else Fraction(pay)

    def draws(self, seen, more):
        rest = [c for c in self.deck if c not in seen]
        return [tuple(sorted(seen + t)) for t in itertools.combinations(rest, more)]

    def _value(self, i, seen, units):
        """(value, {outcome: probability}, {(stage, option): probability}) at stage i."""
        stage = self.rules.stages[i]
        last = i == len(self.rules.stages) - 1
        more = (5 if last else self.rules.stages[i + 1].seen) - len(seen)
        results = []
        for option in stage.options:
            if option.fold:
                folded = f"fold-{'-'.join(stage.name.split())}-{units_text(units)}"
                results.append((Fraction(-units), {folded: Fraction(1)}, {}))
                continue
            after = units + option.delta
            value, ends, taken = Fraction(0), {}, {}
            draws = self.draws(seen, more)
            for cards in draws:
                if last:
                    v = after * self.hand_net(cards)
                    e = {f"{self.name(cards)}-{units_text(after)}": Fraction(1)}
                    t = {}
                else:
                    v, e, t, _ = self.value(i + 1, cards, after)
                value += v
                for key, p in e.items():
                    ends[key] = ends.get(key, 0) + Fraction(p)
                for key, p in t.items():
                    taken[key] = taken.get(key, 0) + Fraction(p)
            n = len(draws)
            results.append((value / n, {k: p / n for k, p in ends.items()}, {k: p / n for k, p in taken.items()}))
        if self.fixed is not None:
            best = self.fixed[i]
        else:
            top = max(r[0] for r in results)
            tied = [o for o, r in enumerate(results) if r[0] == top]

            def wagered(o):
                return -10 ** 6 if stage.options[o].fold else stage.options[o].delta
            best = (max if self.rules.wager_more else min)(tied, key=wagered)
        value, ends, taken = results[best]
        return value, ends, {**taken, (i, best): Fraction(1)}, [r[0] for r in results]

    def analysis(self, known=()):
        """Return, average wager, outcome and option probabilities over every deal."""
        first = self.rules.stages[0].seen - len(known)
        deals = self.draws(tuple(known), first)
        value, ends, taken = Fraction(0), {}, {}
        for cards in deals:
            v, e, t, _ = self.value(0, cards, self.rules.initial_units)
            value += v
            for key, p in e.items():
                ends[key] = ends.get(key, 0) + p
            for key, p in t.items():
                taken[key] = taken.get(key, 0) + p
        n = len(deals)
        return value / n, {k: p / n for k, p in ends.items()}, {k: p / n for k, p in taken.items()}


def kernel_analysis(rules, deck, strategy="optimal"):
    found = solve.solve(rules, deck, fixed=solve.fixed_options(rules, strategy))
    return found, solve.analysis_of(rules, found)


def check_against_brute(game, deck, strategy="optimal"):
    rules = StagedRules.of(game)
    solution, analysis = kernel_analysis(rules, deck, strategy)
    fixed = solve.fixed_options(rules, strategy)
    brute = Brute(rules, deck, CLASSIFIERS[game.name.split("+")[0]], dict(game.paytable().pays), fixed)
    value, ends, taken = brute.analysis()
    assert analysis.expected_return == value
    assert {row.outcome: analysis.probability(row) for row in analysis.outcomes} == ends
    assert sum(ends.values()) == 1
    assert analysis.average_wager == sum(p * int(k.rsplit("-", 2)[1]) for k, p in ends.items())
    several = len(rules.stages) > 1
    for i, stage in enumerate(rules.stages):
        for o, option in enumerate(stage.options):
            key = f"{stage.name}: {option.label}" if several else option.label
            assert analysis.action_probabilities[key] == taken.get((i, o), 0), key
    return analysis


def deck_of(size, seed):
    return sorted(random.Random(seed).sample(range(52), size))


def test_mississippi_stud_on_a_small_deck_is_the_brute_force():
    check_against_brute(load("mississippi-stud"), deck_of(6, 1))


def test_let_it_ride_on_a_small_deck_is_the_brute_force():
    check_against_brute(load("let-it-ride"), deck_of(7, 3))


# a deck of pairs and suits where the paying hands are common: every option is taken somewhere
RICH = parse_cards("As Ah Ks Kh Qs Js Ts 9s 6s 6h")


@pytest.mark.slow
@pytest.mark.parametrize(("name", "pays", "rules"), [          # (the standard tables: test_oracle.py)
    ("mississippi-stud", ["straight=9/2", "jacks-or-better=4/3"], []),     # a common denominator of 6
    ("mississippi-stud", ["pair-6-or-better=none"], ["tie_break=wager_less"]),
    ("let-it-ride", ["tens-or-better=0"], ["tie_break=wager_less"]),
    ("let-it-ride", ["royal-flush=500", "flush=17/2"], []),
])
def test_variants_on_a_rich_deck_are_the_brute_force(name, pays, rules):
    check_against_brute(load(name, pays=pays, rules=rules), RICH)


@pytest.mark.slow
@pytest.mark.parametrize("strategy", [solve.MOST, solve.LEAST])
def test_named_strategies_are_the_brute_force(strategy):
    for name in ("mississippi-stud", "let-it-ride"):
        check_against_brute(load(name), RICH, strategy)


@pytest.mark.slow
def test_a_game_of_one_stage_that_draws_two_cards_at_once():
    # a stage list the built-in games do not have: one decision on three cards, then two more cards
    game = load("mississippi-stud", rules=["stages=only: seen 3; fold | raise 1x = +1 | raise 2x = +2",
                                           "player_cards=2"])
    analysis = check_against_brute(game, deck_of(11, 5))
    assert set(analysis.action_probabilities) == {"fold", "raise 1x", "raise 2x"}


@pytest.mark.slow
@pytest.mark.parametrize(("name", "hand", "board", "units"), [
    ("mississippi-stud", "Js 9h", "", 1), ("mississippi-stud", "Js 9h", "Ts", 2),
    ("mississippi-stud", "Js 9h", "Ts 8h", 5), ("let-it-ride", "Ts Js 4s", "", 3), ("let-it-ride", "Ts Js 4s", "Qs", 2),
])
def test_a_decision_at_every_stage_is_the_brute_force_over_the_cards_left(name, hand, board, units):
    rules = StagedRules.of(load(name))
    hand, board = parse_cards(hand), parse_cards(board) if board else ()
    left = [c for c in RICH if c not in hand + board]
    known = set(hand + board + tuple(left))
    dead = tuple(c for c in range(52) if c not in known)
    decision = decide.decide(rules, hand, board, dead, units)
    stage = decide.stage_of(rules, hand, board)
    brute = Brute(rules, left + list(hand + board), CLASSIFIERS[name], dict(rules.game.paytable().pays))
    _value, _ends, _taken, values = brute.value(stage, tuple(sorted(hand + board)), units)
    assert list(decision.values.values()) == [v / units for v in values]
    assert decision.values[decision.choice] == max(decision.values.values())
    assert sum(row.count for row in decision.outcomes) == decision.total
