"""The staged games' strategy at every stage (oddscalc/engines/staged/strategy_*.py): the charts and
their words, the strategy language, and the kernel playing a strategy's table of options, checked
against the brute force (tests/staged_oracle.py) on reduced decks and against plain-Python
readings of the published rules."""
from __future__ import annotations

import math
from collections import Counter
from itertools import combinations, permutations

import pytest

from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.engines.base import STRATEGY, load
from oddscalc.engines.staged import solve
from oddscalc.engines.staged.rules import StagedRules
from oddscalc.engines.staged.strategy_cards import pay_bands, points_of, shape_of
from oddscalc.engines.staged.strategy_charts import cell_text, group_of, later_words, points_text, stage_charts
from oddscalc.engines.staged.strategy_rules import colex_sets, parse
from tests import staged_oracle

MS, LIR = "mississippi-stud", "let-it-ride"
STAGES = {MS: ("3rd-street", "4th-street", "5th-street"), LIR: ("decision-1", "decision-2")}
ACTIONS = {MS: {"fold": "fold", "bet1": "raise 1x", "bet2": "raise 2x", "bet3": "raise 3x"},
           LIR: {"pull": "pull back", "ride": "let it ride"}}
# decks where pairs, flushes and straight draws all turn up
RICH = parse_cards("As Ah Ks Kh Qs Js Ts 9s 6s 6h")
LOW = parse_cards("2c 3c 4c 5c 5d 6c 7d 8c 8h 9c")


def rules_of(name):
    return StagedRules.of(load(name))


def written(name, strategy):
    return next(s for s in solve.strategies(rules_of(name)) if s.name == strategy).rules


def oracle_player(name, strategy):
    """The strategy as the oracle's callback: the cards seen and the units its history put in action."""
    back = {ours: theirs for theirs, ours in ACTIONS[name].items()}
    rules = strategy.rules

    def play(stage, key, history, options):
        i = STAGES[name].index(stage)
        units = rules.initial_units + sum(rules.stages[j].options[rules.stages[j].labels.index(ACTIONS[name][a])].delta
                                          for j, a in enumerate(history))
        return back[strategy.option(i, key[0], units)]
    return play


@pytest.mark.parametrize(("name", "strategy", "deck", "size"), [
    (MS, "woo-basic", RICH, 8), (MS, "woo-basic", LOW, 8), (MS, "grochowski-points", LOW, 8),
    (LIR, "basic", RICH, 9), (LIR, "basic", LOW, 9)])
@pytest.mark.slow
def test_the_kernel_plays_a_written_strategy_as_the_brute_force_does(name, strategy, deck, size):
    rules = rules_of(name)
    played = parse(rules, written(name, strategy))
    cards = tuple(sorted(deck[:size]))
    ours = solve.analysis_of(rules, solve.solve(rules, cards, tables=played.tables(cards)))
    theirs = staged_oracle.analyze(name, cards, strategy=oracle_player(name, played))
    assert ours.expected_return == theirs.expected_return and ours.average_wager == theirs.average_wager
    for stage, actions in theirs.action_probabilities.items():
        for action, share in actions.items():
            if action != "not-reached":
                point = rules.stages[STAGES[name].index(stage)].name
                assert ours.action_probabilities[f"{point}: {ACTIONS[name][action]}"] == share
    # the strategy is not the optimum here: the test would notice a kernel that ignored the table
    best = solve.analysis_of(rules, solve.solve(rules, cards))
    assert best.expected_return >= ours.expected_return


@pytest.mark.parametrize("name", [MS, LIR])
def test_the_optimal_choices_played_back_are_the_optimum(name):
    rules = rules_of(name)
    best = solve.solve(rules, RICH)
    again = solve.solve(rules, RICH, tables=[best.choices(i) for i in range(len(rules.stages))])
    assert solve.analysis_of(rules, again) == solve.analysis_of(rules, best)
    assert [again.reaches(i) for i in range(len(rules.stages))] == [best.reaches(i) for i in range(len(rules.stages))]


def test_a_table_of_the_wrong_size_or_option_is_refused():
    rules = rules_of(LIR)
    sizes = [solve.solve(rules, RICH).choices(i) for i in range(2)]
    with pytest.raises(ValueError, match="one option per set"):
        solve.solve(rules, RICH, tables=[sizes[0][:-1], None])
    with pytest.raises(ValueError, match="option 2 is not below 2"):
        solve.solve(rules, RICH, tables=[bytes([2]) * len(sizes[0]), None])


def test_the_sets_come_in_the_kernel_order():
    assert [solve.colex(cards) for cards in colex_sets(tuple(range(12)), 3)] == list(range(220))


# --- the language against plain-Python readings of the published rules -------------------------

def woo_third_street(cards):
    """WoO's 3rd street: raise 3x with any pair; 1x with a high card (J-A), two middle cards (6-T)
    or 6-5 suited; otherwise fold."""
    a, b = sorted((c >> 2 for c in cards), reverse=True)
    if a == b:
        return "raise 3x"
    if a >= 9 or b >= 4 or ((a, b) == (4, 3) and cards[0] & 3 == cards[1] & 3):
        return "raise 1x"
    return "fold"


def basic_first_bet(cards):
    """Let It Ride's first bet: ride a pair of tens or better, three of a kind, or three to a
    straight flush (the ace low in A-2-3 and A-2-4...) that is consecutive from 3-4-5 up, has one
    gap and a ten or higher, or two gaps and two cards ten or higher."""
    ranks = sorted(c >> 2 for c in cards)
    counts = Counter(ranks)
    if max(counts.values()) == 3:
        return "let it ride"
    if max(counts.values()) == 2:
        return "let it ride" if max(counts, key=lambda r: counts[r]) >= 8 else "pull back"
    if len({c & 3 for c in cards}) > 1:
        return "pull back"
    high = sum(r >= 8 for r in ranks)
    if ranks[2] == 12 and ranks[1] <= 3:
        ranks = [-1, *ranks[:2]]                     # the ace low
    gaps = ranks[2] - ranks[0] - 2
    if gaps > 2:
        return "pull back"
    rides = (gaps == 0 and ranks[0] >= 1) or (gaps == 1 and high >= 1) or (gaps == 2 and high >= 2)
    return "let it ride" if rides else "pull back"


@pytest.mark.parametrize(("name", "strategy", "rule"), [
    (MS, "woo-basic", woo_third_street),
    pytest.param(LIR, "basic", basic_first_bet, marks=pytest.mark.slow)])      # 22,100 starts: about 1 s
def test_the_first_stage_rules_read_as_the_published_words(name, strategy, rule):
    rules = rules_of(name)
    played = parse(rules, written(name, strategy))
    for cards in combinations(range(52), rules.stages[0].seen):
        assert played.option(0, cards, rules.initial_units) == rule(cards), cards


def test_the_later_street_vocabulary():
    ms = parse(rules_of(MS), written(MS, "woo-basic"))
    hand = parse_cards
    assert ms.option(1, hand("Ts Js Qs"), 2) == "raise 3x"           # a royal draw
    assert ms.option(1, hand("5s 6s 7s"), 2) == "raise 3x" and ms.option(1, hand("4s 5s 6s"), 2) == "raise 1x"
    assert ms.option(1, hand("2c 3d 9h"), 2) == "fold" and ms.option(1, hand("2c 3d 3h"), 2) == "raise 1x"
    assert ms.option(2, hand("5c 6d 7h 8s"), 3) == "raise 3x" and ms.option(2, hand("4c 5d 6h 7s"), 3) == "raise 1x"
    # three mid cards raise 1x only after a 3x raise (5 units in action or more)
    assert ms.option(2, hand("7s 9d 8h 6c"), 3) == "raise 3x"            # four to an open straight, 9 high
    assert ms.option(2, hand("7s 9d 6h 2c"), 3) == "fold" and ms.option(2, hand("7s 9d 6h 2c"), 5) == "raise 1x"
    shape = shape_of(hand("As 2s 3s"), points_of(pay_bands(load(MS))))
    assert (shape.straights, shape.gaps, shape.lowest, shape.points) == (1, 0, -1, 2)


@pytest.mark.parametrize(("rule", "says"), [
    ("6th street: raise 1x if pair", "unknown stage '6th street'"),
    ("3rd street: raise 4x if pair", "give one of 3rd street's options"),
    ("3rd street: raise 1x", "say where it holds"),
    ("3rd street: raise 1x if pair X+", "'X' is not a rank"),
    ("3rd street: raise 1x if sevens", "unknown condition 'sevens'"),
    ("3rd street: raise 1x if points >= many", "'many' is not a whole number"),
])
def test_a_rule_that_does_not_parse_is_one_line(rule, says):
    with pytest.raises(InputError, match=says) as refused:
        parse(rules_of(MS), (rule,))
    assert "\n" not in str(refused.value)


# --- the charts and their words ------------------------------------------------------------------

@pytest.mark.parametrize("name", [MS, LIR])
def test_every_stage_has_a_chart_counting_the_rounds_that_reach_it(name):
    rules = rules_of(name)
    solution = solve.solve(rules, RICH)
    charts = stage_charts(rules, solution, RICH)
    assert charts.points == tuple(stage.name for stage in rules.stages)
    assert charts.rounds == solution.total
    assert charts.action_probabilities == dict(solve.analysis_of(rules, solution).action_probabilities)
    for chart in charts:
        decided = {where for where, _decision in chart.rules}
        assert decided and all(row.split(",")[0] in {w.split(",")[0] for w in decided} for row in chart.rows)


@pytest.mark.parametrize(("name", "deck"), [(MS, RICH[:7]), (MS, LOW[2:9]), (LIR, LOW[:8])])
def test_each_cell_counts_the_deals_that_reach_it_as_a_plain_count_does(name, deck):
    """Every ordered deal followed card by card, the solution's option taken at each stage: the
    deals by (stage, what the cards make, units in action, option) are the charts' cells (which
    count the player's first cards as a set: each is dealt in k! orders)."""
    rules, bands = rules_of(name), pay_bands(load(name))
    points = points_of(bands)
    solution = solve.solve(rules, deck)
    tally: Counter[tuple[str, str, str, str]] = Counter()

    def row_of(seen):
        shape = shape_of(seen, points)
        _order, words, split = group_of(shape, bands)
        return f"{words}, {points_text(shape.points)}" if split else words
    rows = {}
    for deal in permutations(deck, 5):
        units = rules.initial_units
        for i, stage in enumerate(rules.stages):
            seen = tuple(sorted(deal[:stage.seen]))
            option = stage.options[solution.choice(i, seen, units)]
            if seen not in rows:
                rows[seen] = row_of(seen)
            tally[(stage.name, rows[seen], f"{units} in action", option.label)] += 1
            if option.fold:
                break
            units += option.delta
    cells = Counter({(chart.decision_point, row, column, action): n for chart in stage_charts(rules, solution, deck)
                     for row, line in zip(chart.rows, chart.counts, strict=True)
                     for column, cell in zip(chart.columns, line, strict=True)
                     for action, n in zip(chart.actions, cell, strict=True) if n})
    orders = math.factorial(rules.stages[0].seen)
    assert Counter({key: n * orders for key, n in cells.items()}) == tally
    assert len({key[0] for key in tally}) == len(rules.stages)


def test_a_mixed_cell_shows_each_share_and_a_pure_one_its_option():
    actions = ("fold", "raise 1x", "raise 3x")
    assert cell_text(actions, (97, 3, 0)) == "fold 97.0%, raise 1x 3.0%"
    assert cell_text(actions, (0, 0, 8)) == "raise 3x"
    keys = [((5, 0), "4 to a flush", 3), ((5, 0), "4 to a flush", 2), ((5, 0), "4 to a flush", 1)]
    counts = [((0, 0, 5), (0, 0, 4)), ((0, 0, 5), (0, 0, 1)), ((2, 1, 0), (0, 3, 0))]
    assert later_words(actions, keys, (3, 5), counts) == (
        ("4 to a flush, 2-3 points", "raise 3x"),
        ("4 to a flush, 1 point", "with 3 in action: fold 66.7%, raise 1x 33.3%; with 5 in action: raise 1x"))


@pytest.mark.slow
def test_the_full_deck_charts_are_the_analysis_and_grochowskis_fifth_street():
    game = load(MS)
    charts = STRATEGY.of(game).strategy_chart(game)
    analysis = solve.analyze(StagedRules.of(game))
    assert charts.action_probabilities == dict(analysis.action_probabilities)
    fifth = dict(charts.at("5th street").rules)
    # three points and nothing else: fold with 3 units in action, raise 1x after a 3x raise
    assert fifth["no pair, no draw, 3 points"] == "with 3 in action: fold; with 5 in action: raise 1x"
    assert fifth["pair 6-T"] == "raise 3x" and fifth["pair 2-5"] == "raise 1x"


@pytest.mark.slow
def test_compare_prices_the_written_strategies_on_the_command_line(cli):
    shown = cli("strategy", MS, "--compare", "--format", "json")
    assert shown.status == 0 and '"woo-basic"' in shown.out and '"average_wager"' in shown.out
    assert '"stage": "5th street"' in shown.out
    priced = cli("strategy", LIR, "--price", "first bet: let it ride if pair T+; second bet: let it ride if pair T+")
    assert priced.status == 0 and "cost against the optimal strategy" in priced.out
    assert cli("strategy", LIR, "--price", "first bet: let it ride if pear").refused("unknown condition 'pear'")
