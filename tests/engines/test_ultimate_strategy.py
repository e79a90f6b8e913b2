"""Ultimate Three Card Poker's strategies (oddscalc/engines/three_card/ultimate_strategy.py): the named
simple strategies priced against the brute force of tests/staged_oracle.py playing the same rules
(written here, independently, on the oracle's own hand values) on reduced decks; the optimal
decisions of every situation against the oracle's; the chart's counts against the analysis; the
words against S. How's published strategy; the command line and the API."""
from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

import oddscalc
from oddscalc.core.errors import InputError
from oddscalc.engines.base import EXACT, STRATEGY, load
from oddscalc.engines.three_card import ultimate
from oddscalc.engines.three_card.situations import situations, suiting
from oddscalc.engines.three_card.ultimate_family import solved, ultimate_rules
from oddscalc.engines.three_card.ultimate_simulate import optimal_actions
from oddscalc.engines.three_card.ultimate_strategy import (
    HOW_THRESHOLDS,
    STRATEGIES,
    _label,
    strategy_table,
    word_rules,
)
from tests import staged_oracle as so

TESTS = Path(__file__).resolve().parents[1]
GAME = "ultimate-three-card-poker"


DECKS = {"seven": (0, 4, 8, 40, 44, 48, 49), "eight-mixed": (0, 5, 9, 13, 40, 44, 48, 50),
         "nine-suited": (0, 4, 8, 12, 16, 20, 40, 44, 48)}


def _ranks_down(cards):
    return tuple(sorted((c >> 2 for c in cards), reverse=True))


# the simple strategies as players state them, on the oracle's own hand classes: the weakest
# high-card hand played per upcard rank (ranks 0 = deuce .. 12 = ace), None: every hand plays
HOW = {"2": (7, 6, 0), "3": (8, 1, 0), "4": (8, 2, 0), "5": (8, 3, 0), "6": (8, 4, 0), "7": (8, 5, 0),
       "8": (8, 4, 0), "9": (8, 1, 0), "T": (8, 6, 2), "J": (9, 6, 2), "Q": (10, 6, 2), "K": (11, 6, 2),
       "A": (12, 6, 3)}
RANKS = "23456789TJQKA"


def _plain(name):
    def strategy(stage, info, history, options):
        hand, up = info
        plays = [o for o in options if o != "fold"]
        largest, smallest = plays[-1], plays[0]
        if so.three_card_class(hand) != "high-card":
            return smallest if name == "always-1x" else largest
        if name in ("never-fold", "always-1x"):
            return smallest
        lowest = (10, 4, 2) if name == "q64" else HOW[RANKS[up[0] >> 2]]
        return smallest if _ranks_down(hand) >= lowest else "fold"
    return strategy


def test_how_is_written_as_published():
    assert {up: tuple(RANKS.index(r) for r in ranks) for up, ranks in HOW_THRESHOLDS.items()} == \
        {up: lowest[:len(HOW_THRESHOLDS[up])] for up, lowest in HOW.items()}


@pytest.mark.slow
@pytest.mark.parametrize("deck", ["seven", pytest.param("eight-mixed", marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", ["never-fold", "always-1x", "q64", "how"])
def test_named_strategies_match_the_brute_force(deck, name):
    rules = ultimate.UltimateRules()
    ours = ultimate.analyze(rules, DECKS[deck], strategy_table(rules, name))
    ref = so.analyze(GAME, DECKS[deck], {}, strategy=_plain(name))
    assert ours.expected_return == ref.expected_return
    assert ours.average_wager == ref.average_wager
    total = sum(ref.net_counts.values())
    assert {n: Fraction(c, ours.deals) for n, c in ours.net_counts.items()} == \
        {n: Fraction(c, total) for n, c in ref.net_counts.items()}


def test_a_named_strategy_with_other_play_sizes():
    """Sizes 2x and 4x with a pair or better: 'never-fold' takes the largest, 'always-1x' the smallest."""
    rules = ultimate.UltimateRules(play_multiples_pair_or_better=(2, 4))
    params = {"play_multiples_pair_or_better": (2, 4)}
    for name in ("never-fold", "always-1x"):
        ours = ultimate.analyze(rules, DECKS["seven"], strategy_table(rules, name))
        assert ours.expected_return == so.analyze(GAME, DECKS["seven"], params, strategy=_plain(name)).expected_return


@pytest.mark.parametrize("deck", ["seven", "eight-mixed"])
def test_every_situations_optimal_action_is_the_brute_forces(deck):
    """The solver's action per (upcard rank, strength, situations) against the oracle's decision of
    every (hand, upcard) of the deck, each situation decided on its own."""
    cards = DECKS[deck]
    rules = ultimate.UltimateRules()
    solved = ultimate.solve(rules, cards)
    ranking = ultimate.ThreeCardRanking()
    c = solved.columns
    ours = Counter()
    for up, s, w, choice in zip(c["up_rank"], c["strength"], c["weight"], solved.choices, strict=True):
        ours[(up, s, solved.actions[choice])] += w
    theirs = Counter()
    for hand in combinations(cards, 3):
        for up in (x for x in cards if x not in hand):
            values = so.decide(GAME, cards, (*hand, up))
            best = max(values.values())
            action = max((a for a, v in values.items() if v == best), key=lambda a: 0 if a == "fold" else int(a[4:]))
            name = "fold" if action == "fold" else f"play {action[4:]}x"
            theirs[(up >> 2, ranking.strength(hand), name)] += 1
    assert ours == theirs


@pytest.fixture(scope="module")
def full():
    table = load(GAME)
    return table, STRATEGY.of(table).strategy_chart(table)


@pytest.mark.slow
def test_the_chart_counts_every_situation_as_the_analysis(full):
    table, found = full
    assert found.total == 22100 * 49
    analysis = EXACT.of(table).analyze(table)
    assert found.action_probabilities == analysis.action_probabilities
    assert found.columns == tuple(RANKS)
    assert found.rows[:6] == ("mini-royal", "straight-flush", "three-of-a-kind", "straight", "flush", "pair")
    # a column holds every (hand, upcard) of its rank: 4 upcards, each with C(51, 3) hands
    assert all(sum(found.situations[row][column] for row in range(len(found.rows))) == 4 * 20825
               for column in range(13))


@pytest.mark.slow
def test_the_words_agree_with_how_where_he_is_exact(full):
    """S. How's thresholds against a ten up to an ace (docs/staged-games.md); every pair or better 3x."""
    _table, found = full
    words = dict(found.rules)
    assert words["a pair or better"] == "play 3x"
    for up, ranks in (("T", "T-8-4"), ("J", "J-8-4"), ("Q", "Q-8-4"), ("K", "K-8-4"), ("A", "A-8-5")):
        assert words[f"upcard {up}"].startswith(f"play 1x with {ranks} or better, fold below"), words[f"upcard {up}"]


@pytest.mark.slow
@pytest.mark.parametrize("up", ["2", "8", "9"])
def test_the_words_count_their_exceptions(full, up):
    """Each upcard's rule in words, read back (its weakest hand played, its count of exceptions),
    against the situations of the solved deck recounted here."""
    table, found = full
    stated = dict(found.rules)[f"upcard {up}"]
    lowest = stated.split(" with ")[1].split(" or better")[0]
    count = int(stated.split("except in ")[1].split(" of ")[0].replace(",", "")) if "except in" in stated else 0
    # the groups listed under the rule add up to its count
    listed = [rule for where, rule in found.rules if where == f"upcard {up}: exception"]
    assert sum(int(rule.rsplit("; ", 1)[1].split()[0].replace(",", "")) for rule in listed) == count
    assert f"({len(listed)} group" in stated if count else not listed
    ranking = ultimate.ThreeCardRanking()
    cut = ranking.strength(tuple(RANKS.index(r) * 4 + suit for suit, r in enumerate(lowest.split("-"))))
    found_solve = solved(table)                       # the solve the chart was drawn from
    c = found_solve.columns
    wrong = sum(w for u, s, w, choice in zip(c["up_rank"], c["strength"], c["weight"], found_solve.choices,
                                             strict=True)
                if u == RANKS.index(up) and ranking.category(s).label == "high-card" and bool(choice) != (s >= cut))
    assert wrong == count


@pytest.mark.slow
def test_the_words_give_the_exact_action_in_every_situation(full):
    """The rule of each upcard (a pair or better: its action; a high-card hand: play from its threshold)
    with the exceptions listed under it gives every situation of the deck its optimal action."""
    table, found = full
    found_solve = solved(table)
    rules = word_rules(ultimate_rules(table), found_solve)
    assert tuple(line for rule in rules for line in rule.lines()) == found.rules
    by_where = {rule.where: rule for rule in rules}
    ranking = ultimate.ThreeCardRanking()
    top = ranking.native.n_strengths - 1
    seen = Counter()
    for hand, up, weight, strength, choice in situations(optimal_actions(found_solve).by_situation, True, ranking):
        high = ultimate.hand_class(ranking, strength, top) == "high-card"
        rule = by_where[f"upcard {RANKS[up >> 2]}" if high else "a pair or better"]
        action = found_solve.actions[choice]
        assert rule.action(_label(ranking, strength, hand, top), suiting(hand, up), strength, action), \
            (hand, up, action)
        seen[rule.where] += weight
    assert all(rule.every == seen[rule.where] for rule in rules)
    assert all(sum(g.situations for g in rule.groups) == rule.wrong for rule in rules)
    assert by_where["upcard 8"].lines()[-1] == (
        "upcard 8: exception", "fold T-5-4 to T-5-2, T-4-3, T-4-2, T-3-2 with none of your cards in the upcard's "
                               "suit, or one (the T); 792 situations")


@pytest.mark.slow
def test_strategy_command_and_api(cli):
    result = oddscalc.strategy(GAME, compare=True)
    data = json.loads(result.to_json())
    labels = [row["strategy"] for row in data["compare"]]
    assert labels[0] == "optimal" and len(labels) == len(STRATEGIES)
    edges = {row["strategy"]: Fraction(row["house_edge"]) for row in data["compare"]}
    assert edges["optimal"] == Fraction(1975131, 50896300)
    assert all(edge > edges["optimal"] for label, edge in edges.items() if label != "optimal")
    table = load(GAME)
    for named in STRATEGIES[1:]:
        assert edges[named.label] == EXACT.of(table).analyze(table, named.name).house_edge
    priced = oddscalc.strategy(GAME, price="how").to_dict()
    assert Fraction(priced["cost"]) == edges[STRATEGIES[-1].label] - edges["optimal"] > 0
    for fmt in ("text", "json", "csv", "markdown", "latex"):
        out = cli("strategy", GAME, "--format", fmt)
        assert out.status == 0 and out.out
    assert cli("strategy", GAME, "--price", "q64").status == 0


def test_unknown_and_unplayable_strategies_are_refused():
    table = load(GAME)
    with pytest.raises(InputError, match="unknown strategy"):
        EXACT.of(table).parse_strategy(table, "nope")
    face_down = load(GAME, rules=["dealer_upcards=0"])
    with pytest.raises(InputError, match="upcard"):
        EXACT.of(face_down).analyze(face_down, "how")


def test_the_face_down_chart():
    table = load(GAME, rules=["dealer_upcards=0"])
    found = STRATEGY.of(table).strategy_chart(table)
    assert found.total == 22100 and found.columns == ("no upcard",)
    assert found.action_probabilities == EXACT.of(table).analyze(table).action_probabilities
    assert [where for where, _rule in found.rules] == ["a pair or better", "high-card hands"]
    assert "dealer's upcard" not in found.note
