"""Caribbean Stud's ace-king rules in words (issue 21): every card-removal exception listed, and the
words — the threshold and the listed groups, read back from their JSON alone — give the exact
optimal decision in every (hand, upcard) class."""
import json

import pytest

from oddscalc.core.cards import RANKS, parse_cards
from oddscalc.core.evaluate import five_card_strength
from oddscalc.engines.base import engine_of, load
from oddscalc.engines.stud.ace_king import ace_king_rules, ranks_text
from oddscalc.engines.stud.counts import class_counts
from oddscalc.engines.stud.rules import StudRules
from oddscalc.engines.stud.solve import analyze


def solve(name):
    game = load(name)
    classes = class_counts(StudRules.of(game).qualify_strength)
    calls = analyze(game).calls
    return game, classes.rows(1, calls), ace_king_rules(classes, calls)


@pytest.fixture(scope="module")
def classic():
    return solve("caribbean-stud")


@pytest.fixture(scope="module", params=["caribbean-stud", "live-caribbean-stud"])
def solved(request, classic):
    return classic if request.param == "caribbean-stud" else solve(request.param)


def rule_key(cards, upcard):
    return RANKS[upcard >> 2], any(c >> 2 == upcard >> 2 for c in cards)


def threshold_strength(call_with):
    """The strength of a rule's threshold hand as JSON writes it ('A-K-Q-J-2 or better'), unsuited."""
    if call_with == "never":
        return None
    ranks = call_with.removesuffix(" or better").split("-")
    return five_card_strength(parse_cards(" ".join(f"{r}{'cdhsc'[i]}" for i, r in enumerate(ranks))))


def words_call(data, cards, upcard, strength):
    """The decision the words give, read from the rule's JSON only (no code of the engine): the
    threshold, unless a group lists the hand and its cards in the upcard's suit."""
    hand = "-".join(RANKS[c >> 2] for c in sorted(cards, key=lambda c: -(c >> 2)))
    suited = [RANKS[c >> 2] for c in sorted(cards, key=lambda c: -(c >> 2)) if c & 3 == upcard & 3]
    for group in data["exception_groups"]:
        if hand not in group["hands"]:
            continue
        holds = len(suited) in group["cards_in_upcard_suit"]
        for split in group["or"]:
            if split["cards"] != len(suited):
                continue
            if "including" in split:
                holds |= any(r in split["including"] for r in suited)
            elif "without" in split:
                holds |= not any(r in split["without"] for r in suited)
            elif "are" in split:
                holds |= suited in split["are"]
            else:
                holds |= suited not in split["other_than"]
        if holds:
            return group["action"] == "call"
    cut = threshold_strength(data["call_with"])
    return cut is not None and strength >= cut


@pytest.mark.slow
def test_the_words_give_the_exact_decision_in_every_situation(solved):
    _game, rows, rules = solved
    data = {(r.upcard, r.pairs): r.data() for r in rules}
    by_key = {(r.upcard, r.pairs): r for r in rules}
    cuts = {key: threshold_strength(d["call_with"]) for key, d in data.items()}
    wrong = {key: 0 for key in data}
    for cards, upcard, situations, strength, _nq, _wins, _ties, called in rows:
        key = rule_key(cards, upcard)
        assert words_call(data[key], cards, upcard, strength) == called, (cards, upcard)
        assert by_key[key].decides(cards, upcard, strength) == called
        cut = cuts[key]
        if called != (cut is not None and strength >= cut):
            wrong[key] += situations
    for key, rule in by_key.items():
        # the exceptions column counts exactly the situations the threshold gets wrong, and the groups
        # listed under it add up to it
        assert rule.exceptions == wrong[key] == sum(g["situations"] for g in data[key]["exception_groups"])
        assert all(g["cards_in_upcard_suit"] or g["or"] for g in data[key]["exception_groups"])


@pytest.mark.slow
def test_upcard_j_lists_its_4464_calls(classic):
    game, _rows, rules = classic
    rule = next(r for r in rules if r.upcard == "J" and not r.pairs)
    assert (rule.threshold, rule.called, rule.exceptions) == ("never", 4464, 4464)
    assert [(g.action, g.text, g.situations) for g in rule.groups] == [
        ("call", "call A-K-Q-T-9 with two or more of your cards in the upcard's suit", 1500),
        ("call", "call A-K-Q-T-8, A-K-Q-T-7, A-K-Q-9-8, A-K-Q-9-7 with three or more of your cards in the "
                 "upcard's suit", 1680),
        ("call", "call A-K-Q-T-6 to A-K-Q-T-2, A-K-Q-9-6 to A-K-Q-9-2, A-K-Q-8-6 to A-K-Q-8-2 with four of your "
                 "cards in the upcard's suit", 900),
        ("call", "call A-K-Q-8-7 with four of your cards in the upcard's suit, or three (other than Q-8-7)", 384)]
    # the chart's words (the par sheet's "strategy in words") carry them under the rule, and its cell
    # against a J shows the same calls
    chart = engine_of(game).strategy_chart(game)
    words = chart.rules
    at = words.index(("upcard J", "ace-king hands: never call, except in 4,464 situations (4 groups below)"))
    assert [w for w, _r in words[at + 1:at + 5]] == ["upcard J: exception"] * 4
    assert words[at + 1][1] == "call A-K-Q-T-9 with two or more of your cards in the upcard's suit; 1,500 situations"
    assert words[0] == ("pair or better", "always call") and words[1] == ("below-ace-king", "never call")
    row = chart.rows.index("A-K-Q-x-x")
    assert chart.counts[row][chart.columns.index("J")][1] == 4464
    assert "only in the upcard's suit" in chart.note
    assert ranks_text((0, 4, 51, 47, 43)) == "A-K-Q-3-2"


@pytest.mark.slow
def test_strategy_json_and_text_list_the_exceptions(cli):
    data = json.loads(cli("strategy", "caribbean-stud", "--format", "json").out)
    for row in data["ace_king"]:
        assert row["exceptions"] == sum(g["situations"] for g in row["exception_groups"])
    j = next(row for row in data["ace_king"] if row["upcard"] == "J" and not row["pairs"])
    assert j["exceptions"] == 4464 and j["exception_groups"][0] == {
        "action": "call", "hands": ["A-K-Q-T-9"], "situations": 1500,
        "when": "with two or more of your cards in the upcard's suit", "cards_in_upcard_suit": [2, 3, 4], "or": []}
    text = cli("strategy", "caribbean-stud").out
    assert "ace-king exceptions to the threshold, every one" in text
    assert "A-K-Q-T-6 to A-K-Q-T-2" in text and "The dealer can make a flush only in the upcard's suit" in text


@pytest.mark.slow
def test_a_written_strategy_has_no_exceptions_to_list():
    # a written strategy decides by ranks only: its words are its thresholds, with nothing below them
    game = load("caribbean-stud")
    chart = engine_of(game).strategy_chart(game, "akj83")
    assert not any(where.endswith("exception") for where, _rule in chart.rules)
    assert ("upcard Q", "ace-king hands: call with A-K-J-8-3 or better") in chart.rules
