"""The three-card games' strategy in words (issue 21): each rule per upcard rank with every
card-removal exception listed, grouped by hand and by the player's cards in the upcard's suit, and
the words giving the exact optimal decision in every situation of the deck."""
import pytest

from oddscalc.core.cards import RANKS
from oddscalc.engines.base import engine_of, load
from oddscalc.engines.three_card.counts import game_counts
from oddscalc.engines.three_card.rules import three_card_rules
from oddscalc.engines.three_card.situations import play_table, situations, suiting
from oddscalc.engines.three_card.solve import solve
from oddscalc.engines.three_card.strategy import exception_groups, hand_text, thresholds, words

# a table whose rules have exceptions: the upcard shown and a Play of twice the Ante
SHOWN = ("dealer_upcards=1", "play_stake=2")


@pytest.mark.parametrize("game", ["three-card-poker", "fast-poker", "caribbean-fast-poker"])
def test_the_shipped_rules_have_no_exception_and_say_so(game):
    table = load(game)
    assert not any(where.endswith("exception") or "except" in rule
                   for where, rule in engine_of(table).strategy_chart(table).rules)


@pytest.mark.slow
def test_the_words_give_the_exact_decision_in_every_situation():
    rules = three_card_rules(load("three-card-poker", rules=SHOWN))
    solution = solve(rules, game_counts(rules))
    found = thresholds(solution)
    counts = solution.counts
    groups = exception_groups(rules, solution, found)
    cuts = {t.up_rank: None if t.index is None else counts.strength[t.index] for t in found}
    wrong = {t.up_rank: sum(counts.weight[i] for i in t.exceptions) for t in found}
    assert sum(wrong.values()) > 0 and set(groups) == {rank for rank, n in wrong.items() if n}
    for rank, listed in groups.items():
        assert sum(group.situations for group in listed) == wrong[rank]
    for hand, up, _weight, strength, play in situations(play_table(solution), True, rules.ranking):
        rank = up >> 2
        label = hand_text(rules, strength, hand)
        named = [g for g in groups.get(rank, ()) if g.holds(label, suiting(hand, up))]
        says = named[0].action == "play" if named else cuts[rank] is not None and strength >= cuts[rank]
        assert says == bool(play), (hand, up)
    # the chart's words carry the groups under their rule
    lines = words(rules, solution, found)
    assert lines[0] == ("upcard 2", "play Q-9-2 or better, except in 756 situations (3 groups below)")
    assert lines[1:4] == (
        ("upcard 2: exception", "play Q-8-7 to Q-8-5 with two of your cards in the upcard's suit; 108 situations"),
        ("upcard 2: exception", "play Q-8-4, Q-8-3 with one or more of your cards in the upcard's suit; "
                                "288 situations"),
        ("upcard 2: exception", "play Q-8-2, Q-7-2 whatever the suits; 360 situations"))
    assert [where for where, _rule in lines if not where.endswith("exception")] == \
        [f"upcard {rank}" for rank in RANKS]


def test_a_smaller_deck_counts_its_exceptions_without_listing_them():
    rules = three_card_rules(load("three-card-poker", rules=SHOWN))
    solution = solve(rules, game_counts(rules, range(20, 52)))
    found = thresholds(solution)
    assert any(t.exceptions for t in found) and exception_groups(rules, solution, found) == {}
    lines = words(rules, solution, found)
    assert all("groups below" not in rule for _where, rule in lines)
    assert any(rule.endswith("(by card removal)") for _where, rule in lines)
