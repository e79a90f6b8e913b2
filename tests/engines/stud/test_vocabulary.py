"""The designer's vocabulary on Caribbean Stud: hand classes paid by the Call, tie rules, side
bets attached to the game, strategies written as rules; each against an independent count."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from oddscalc._native import stud as kernel
from oddscalc.core.cards import parse_cards
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_strength
from oddscalc.core.gametable import tables_dir
from oddscalc.engines import stud
from oddscalc.engines.base import load
from oddscalc.engines.stud import attached, decide, solve
from oddscalc.engines.stud import side_bets as stud_side
from oddscalc.engines.stud.counts import COMPLETIONS, SITUATIONS, class_counts
from oddscalc.engines.stud.rules import StudRules
from oddscalc.engines.stud.strategy import parse_strategy, strategy_calls

PAIR_8 = "pair-8-or-better"


def pair_rank(cards):
    counts = Counter(c >> 2 for c in cards)
    return max(counts, key=lambda r: (counts[r], r))


@pytest.fixture(scope="module")
def classes():
    return class_counts(StudRules.of(load("caribbean-stud")).qualify_strength)


def test_a_class_no_pay_names_changes_nothing():
    game = load("caribbean-stud")
    assert [k.name for k in game.classes] == [PAIR_8]
    a = stud.ENGINE.analyze(game)
    assert a.expected_return == Fraction(-142031221, 2718662100)
    assert "win-" + PAIR_8 not in {row.outcome for row in a.outcomes}


@pytest.mark.slow
def test_a_paid_class_splits_its_category_exactly(classes):
    """Under one fixed strategy, paying pairs of 8s and up 2 instead of 1 moves the return by exactly
    the Call multiple times their wins, and the pair rows add up to the plain pair row."""
    plain, paid = load("caribbean-stud"), load("caribbean-stud", pays=[f"{PAIR_8}=2"])
    always = parse_strategy(plain, "always")
    calls = strategy_calls(plain, classes, always)
    a, b = solve.analyze(plain, calls).analysis, solve.analyze(paid, calls).analysis
    rows_a, rows_b = ({r.outcome: r for r in x.outcomes} for x in (a, b))
    assert rows_b["win-pair"].count + rows_b["win-" + PAIR_8].count == rows_a["win-pair"].count
    assert rows_b["win-" + PAIR_8].net == 1 + 2 * 2
    assert b.expected_return - a.expected_return == Fraction(2 * rows_b["win-" + PAIR_8].count, a.total)
    # the optimal decisions are recomputed: calling pays more, so no class calls less
    assert stud.ENGINE.analyze(paid).call_probability >= stud.ENGINE.analyze(plain).call_probability


@pytest.mark.parametrize("hand, up", [("8s 8d 4c 3h 2s", "Kd"), ("7s 7d Ac 3h 2s", "9c"), ("As Ad Kc 4h 2s", "3c")])
def test_decide_pays_the_class_of_the_hand(hand, up):
    paid = load("caribbean-stud", pays=[f"{PAIR_8}=3"])
    cards, upcard = parse_cards(hand), parse_cards(up)[0]
    nq, wins, ties, losses = kernel.count_completions(cards, upcard, (), StudRules.of(paid).qualify_strength)
    pay = 3 if pair_rank(cards) >= 6 else 1                  # rank index 6 is the eight
    d = decide.decide(paid, cards, upcard)
    assert d.values["call"] == Fraction(nq + wins * (1 + 2 * pay) - 3 * losses, COMPLETIONS)
    assert d.outcomes[-1].outcome == ("win-" + PAIR_8 if pay == 3 else "win-pair")


@pytest.mark.slow
def test_ties_rule_settles_ties_and_moves_the_strategy(classes):
    push = load("caribbean-stud")
    player, dealer = (load("caribbean-stud", rules=[f"ties={t}"]) for t in ("player", "dealer"))
    base = solve.analyze(push)
    ties = sum(base.totals.ties)
    with_player = solve.analyze(player, base.calls).analysis
    with_dealer = solve.analyze(dealer, base.calls).analysis
    pays = [0, 1, 1, 2, 3, 4, 5, 7, 20, 50, 100]         # the Call pays per payout class
    gain = sum(t * (1 + 2 * pays[i]) for i, t in enumerate(base.totals.ties))
    assert with_player.expected_return - base.analysis.expected_return == Fraction(gain, base.analysis.total)
    assert base.analysis.expected_return - with_dealer.expected_return == Fraction(3 * ties, base.analysis.total)
    # recomputed: the optimum under a rule is at least the push-optimal decisions under it
    optimal_player = stud.ENGINE.analyze(player)
    assert optimal_player.expected_return > with_player.expected_return
    assert optimal_player.call_probability > base.analysis.call_probability
    assert "push" not in {row.outcome for row in optimal_player.outcomes}


def test_decide_under_a_tie_rule():
    game = load("caribbean-stud", rules=["ties=dealer"])
    hand, up = parse_cards("As Kd 9c 5h 2s"), parse_cards("Ac")[0]
    nq, wins, ties, losses = kernel.count_completions(hand, up, (), StudRules.of(game).qualify_strength)
    assert ties > 0
    d = decide.decide(game, hand, up)
    assert d.values["call"] == Fraction(nq + 3 * wins - 3 * (losses + ties), COMPLETIONS)
    assert {row.outcome: row.count for row in d.outcomes}["push"] == 0


# --- side bets ---------------------------------------------------------------------------------------

def side_game(tmp_path, body):
    path = tmp_path / "side.toml"
    path.write_text(body)
    return load("caribbean-stud", path)


def test_player_and_upcard_bet_is_the_5_plus_1_bonus(tmp_path):
    game = side_game(tmp_path, """
[rules]
side_bets = ["five-plus-one"]
[paytables.five-plus-one]
hand = "player+upcard"
[paytables.five-plus-one.pays]
royal-flush = 1000
straight-flush = 200
four-of-a-kind = 100
full-house = 20
flush = 15
straight = 10
three-of-a-kind = 7
""")
    mine = attached.analyses(game)["five-plus-one"]
    theirs = stud_side.side_bet_analysis(load("five-plus-one-bonus"))
    assert mine.rtp == theirs.rtp == Fraction(136879, 149695)
    assert [(r.outcome, r.count, r.net) for r in mine.outcomes] == \
        [(r.outcome, r.count, r.net) for r in theirs.outcomes]
    assert stud.ENGINE.analyze(game).expected_return == Fraction(-142031221, 2718662100)


def test_a_bet_on_the_dealers_hand_with_a_class(tmp_path):
    game = side_game(tmp_path, """
[rules]
side_bets = ["dealer-pairs"]
[paytables.dealer-pairs]
basis = "for"
hand = "dealer"
[paytables.dealer-pairs.pays]
pair-8-or-better = 2
two-pair = 3
""")
    result = attached.analyses(game)["dealer-pairs"]
    # every five cards of the deck: 84,480 pairs of each rank, 123,552 two pairs
    rows = {row.outcome: row for row in result.outcomes}
    assert result.total == 2598960
    assert rows["win-pair-8-or-better"].count == 7 * 84480 and rows["win-pair-8-or-better"].net == 1
    assert rows["win-two-pair"].count == 123552 and rows["win-two-pair"].net == 2
    assert result.expected_return == Fraction(7 * 84480 + 2 * 123552 - (2598960 - 7 * 84480 - 123552), 2598960)


def test_the_bad_beat_example_file():
    game = load("caribbean-stud", tables_dir() / "examples" / "caribbean-stud-bad-beat.toml")
    result = attached.analyses(game)["bad-beat"]
    assert result.total == SITUATIONS * COMPLETIONS
    assert {row.outcome for row in result.outcomes} >= {"win-straight-flush", "win-four-of-a-kind", "lose"}


@pytest.mark.slow
def test_bad_beat_counts_equal_brute_force_over_straight_flushes(tmp_path):
    """A bet paid when a straight flush loses: every (straight flush, upcard) situation's dealer
    completions counted by the brute-force kernel with no qualifier (a losing player is a stronger
    dealer hand, qualifying or not); and the same with a paid hand below the qualifier."""
    game = side_game(tmp_path, """
[rules]
side_bets = ["bad-beat", "low"]
[paytables.bad-beat]
hand = "showdown"
when = "player-loses"
[paytables.bad-beat.pays]
straight-flush = 1000
[paytables.low]
hand = "showdown"
when = "player-wins"
[paytables.low.pays]
high-card = 1
""")
    results = attached.analyses(game)
    rows = {row.outcome: row.count for row in results["bad-beat"].outcomes}
    brute = 0
    for top in range(3, 12):                # 5-high .. king-high straight flushes
        ranks = [12 if r < 0 else r for r in range(top - 4, top + 1)]
        for suit in range(4):
            hand = tuple(r * 4 + suit for r in ranks)
            for up in range(52):
                if up not in hand:
                    brute += kernel.count_completions(hand, up, (), 0)[3]
    assert rows["win-straight-flush"] == brute
    low = results["low"]
    assert low.total == SITUATIONS * COMPLETIONS
    assert 0 < {row.outcome: row.count for row in low.outcomes}["win-high-card"] < low.total


@pytest.mark.slow
def test_bad_side_bets_are_refused(tmp_path):
    with pytest.raises(InputError, match="paid by the player's hand"):
        side_game(tmp_path, '[rules]\nside_bets = ["x"]\n[paytables.x]\nhand = "showdown"\npaid_on = "dealer"\n'
                            '[paytables.x.pays]\nflush = 2\n')
    with pytest.raises(InputError, match="unknown hand 'player\\+dealer'"):
        side_game(tmp_path, '[rules]\nside_bets = ["x"]\n[paytables.x]\nhand = "player+dealer"\n'
                            '[paytables.x.pays]\nflush = 2\n')
    with pytest.raises(InputError, match="suited on part of a five-card hand"):
        side_game(tmp_path, '[classes.aks]\ncategory = "ace-king"\nranks = "A K"\nsuited = true\n')
    with pytest.raises(InputError, match="holds no hand the Call pays"):
        side_game(tmp_path, '[classes.hk]\ncategory = "high-card"\nranks = "A K Q"\n'
                            '[paytables.call.pays]\nhk = 2\n')


# --- strategies as rules ---------------------------------------------------------------------------

def test_written_thresholds_are_the_old_thresholds(classes):
    game = load("caribbean-stud")
    for name, weakest in (("akj83", "Ac Kd Jh 8s 3c"), ("ace-king", "Ac Kd 4h 3s 2c"),
                          ("pair-plus", "2c 2d 5h 4s 3c")):
        calls = strategy_calls(game, classes, parse_strategy(game, name))
        assert calls == classes.decide_threshold(five_card_strength(parse_cards(weakest))), name
    assert strategy_calls(game, classes, parse_strategy(game, "always")) == bytes([1]) * classes.n


@pytest.mark.slow
def test_a_match_rule_is_priced_per_class(classes):
    """'A-K-J-8-3+; A-K if match' decided class by class from the classes' own cards (an ace-king
    high hand calls when the upcard's rank is one of its ranks) equals the kernel's table route."""
    game = load("caribbean-stud")
    strategy = parse_strategy(game, "A-K-J-8-3+; A-K if match")
    calls = strategy_calls(game, classes, strategy)
    by_hand = bytearray(classes.decide_threshold(five_card_strength(parse_cards("Ac Kd Jh 8s 3c"))))
    rng = random.Random(1)
    sample = rng.sample(range(classes.n), 3000)
    for k in sample:
        cards, up, *_ = classes.counts(k)
        strength = five_card_strength(cards)
        if kernel.payout_class_of(strength) == 1 and (up >> 2) in {c >> 2 for c in cards}:
            by_hand[k] = 1
        assert calls[k] == by_hand[k], (cards, up)
    assert solve.analyze(game, calls).analysis.house_edge > solve.analyze(game).analysis.house_edge
