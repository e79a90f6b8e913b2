"""The first stage's strategy chart against the strategies published in words (docs/staged-games.md):

- Mississippi Stud, 3rd Street (the Wizard of Odds' strategy as J. Grochowski quotes it,
  https://www.casinocitytimes.com/john-grochowski/article/mississippi-stud-strategy-60442): raise 3x
  with any pair; raise 1x with at least one high card (J to A), two middle cards (6 to 10), or 6-5
  suited; otherwise fold.
- Let It Ride, the first bet (https://everything2.com/title/let+it+ride ; A. Krigman,
  https://www.casinocitytimes.com/alan-krigman/article/the-hows-and-whys-of-first-level-bets-at-let-it-ride-5463):
  ride with a pair of tens or better or three of a kind, or three to a straight flush that is
  consecutive and 3-4-5 or higher, has one gap and a card ten or higher, or has two gaps and two
  cards ten or higher; otherwise pull back.

Every two-card and three-card start of the full deck is checked against the rule."""
from itertools import combinations

import pytest

from oddscalc.engines.base import STRATEGY, load
from oddscalc.engines.staged import solve
from oddscalc.engines.staged.rules import StagedRules

J, SIX, TEN, THREE = 9, 4, 8, 1           # rank codes


def mississippi_rule(cards):
    (a, b) = sorted((c >> 2 for c in cards), reverse=True)
    suited = (cards[0] & 3) == (cards[1] & 3)
    if a == b:
        return "raise 3x"
    if a >= J or (SIX <= b and a <= TEN) or (suited and (a, b) == (SIX, SIX - 1)):
        return "raise 1x"
    return "fold"


def let_it_ride_rule(cards):
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    if len(set(ranks)) < 3:
        pair = max(ranks, key=ranks.count)
        return "let it ride" if ranks.count(pair) == 3 or pair >= TEN else "pull back"
    if len({c & 3 for c in cards}) > 1:
        return "pull back"
    spread, high = ranks[0] - ranks[2] + 1, sum(r >= TEN for r in ranks)      # the ace high
    rides = (spread == 3 and ranks[2] >= THREE) or (spread == 4 and high >= 1) or (spread == 5 and high >= 2)
    return "let it ride" if rides else "pull back"


@pytest.mark.slow
@pytest.mark.parametrize(("name", "rule"), [("mississippi-stud", mississippi_rule), ("let-it-ride", let_it_ride_rule)])
def test_the_first_decision_is_the_published_strategy_hand_by_hand(name, rule):
    rules = StagedRules.of(load(name))
    stage = rules.stages[0]
    choices = solve.first_choices(rules)
    for hand in combinations(range(52), stage.seen):
        assert stage.labels[choices[solve.colex(hand)]] == rule(hand), hand


@pytest.mark.slow
def test_the_chart_counts_every_start_and_its_words_name_the_cells():
    game = load("mississippi-stud")
    chart = STRATEGY.of(game).strategy_chart(game).at("3rd street")     # every stage has its chart
    deals = 50 * 49 * 48                          # a start stands for the deals that follow it
    assert chart.total == 1326 * deals and chart.decision_point == "3rd street"
    assert chart.actions == ("fold", "raise 1x", "raise 2x", "raise 3x")
    # the pairs on the diagonal raise 3x; the suited 6-5 above it raises 1x, the offsuit one below folds
    six, five = chart.rows.index("6"), chart.columns.index("5")
    assert chart.counts[six][five] == (0, 4 * deals, 0, 0) and chart.counts[five][six] == (12 * deals, 0, 0, 0)
    assert all(chart.counts[i][i] == (0, 0, 0, 6 * deals) for i in range(13))
    words = dict(chart.rules)
    assert words["raise 3x"].split()[:3] == ["AA", "KK", "QQ"] and "65s" in words["raise 1x"].split()
    assert chart.probability("raise 3x") == solve.analyze(StagedRules.of(game)).action_probabilities[
        "3rd street: raise 3x"]


@pytest.mark.slow
def test_strategy_compare_and_price_on_the_command_line(cli):
    shown = cli("strategy", "let-it-ride", "--compare")
    assert shown.status == 0 and "strategies compared" in shown.out and "let it ride" in shown.out
    priced = cli("strategy", "mississippi-stud", "--price", "wager-most", "--format", "json")
    assert priced.status == 0 and '"strategy": "wager-most"' in priced.out
    assert cli("strategy", "mississippi-stud", "--price", "wager-mots").refused("did you mean 'wager-most'")
