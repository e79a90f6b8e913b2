"""Exposure of the staged games: community cards seen early, whole or sorted (issue 19 item 3).

Checked three ways: against the plain-Python brute force of every ordered deal on reduced decks
(tests/staged_exposure_oracle.py), by invariants on the full deck (probabilities sum to one, more
information never lowers the return, an empty sort gains nothing), and against the published
figures whose rules match ours exactly (Jacobson's, at their published precision).
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import oddscalc
from oddscalc.core.cards import parse_cards, parse_rank_set
from oddscalc.core.errors import InputError
from oddscalc.engines.base import Seen, load
from oddscalc.engines.staged.exposure import informed, sorted_cards
from oddscalc.engines.staged.merged import merged_stages
from oddscalc.engines.staged.rules import StagedRules
from tests.staged_exposure_oracle import exposure as brute_force

ALL_RANKS = "2 3 4 5 6 7 8 9 T J Q K A"
# decks with made hands, draws, pushes (Mississippi Stud's 6s-10s) and losers
SMALL = "Th Jh Qh Ah Js Qs 6s 7d"                     # 8 cards: 3,360 (MS) / 1,120 (LIR) ordered deals
LARGER = "Th Jh Qh Kh Ah Ts Js Qs 6s 7d"              # 10 cards


def rules_of(game: str) -> StagedRules:
    return StagedRules.of(load(game))


def engine_result(game: str, deck: str, board_cards: int, ranks: str | None):
    return informed(rules_of(game), Seen(board_cards=board_cards, sorted_ranks=ranks), parse_cards(deck))[1]


def net_probabilities(analysis) -> dict[Fraction, Fraction]:
    nets: Counter[Fraction] = Counter()
    for row in analysis.outcomes:
        nets[row.net] += row.count
    return {net: Fraction(count, analysis.total) for net, count in nets.items() if count}


def assert_agrees(game: str, deck: str, board_cards: int, ranks: str | None) -> None:
    oracle = brute_force(game, deck, board_cards, ranks)
    analysis = engine_result(game, deck, board_cards, ranks)
    assert oracle.value == oracle.expected_return          # the brute force's two passes agree
    assert analysis.expected_return == oracle.expected_return
    assert analysis.total == oracle.total                   # every ordered deal, counted as such
    assert net_probabilities(analysis) == {net: Fraction(n, oracle.total) for net, n in oracle.net_counts.items()}


# --- the brute force ------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("board_cards", [1, 2])
@pytest.mark.parametrize("ranks", [None, "J", "T Q", "A|Q J"])
def test_let_it_ride_agrees_with_the_brute_force_on_a_small_deck(board_cards, ranks):
    assert_agrees("let-it-ride", SMALL, board_cards, ranks)


@pytest.mark.slow
@pytest.mark.parametrize("board_cards", [1, 2, 3])
@pytest.mark.parametrize("ranks", [None, "J", "6 T A", "A|Q J|*", "A|Q J|7 6|*"])
def test_mississippi_stud_agrees_with_the_brute_force(board_cards, ranks):
    assert_agrees("mississippi-stud", SMALL, board_cards, ranks)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "board_cards", "ranks"), [
    ("mississippi-stud", 1, None), ("mississippi-stud", 2, "J"), ("mississippi-stud", 3, "Q K"),
    ("let-it-ride", 1, "J"), ("let-it-ride", 2, None), ("mississippi-stud", 2, "A|K Q J|*"),
    ("let-it-ride", 2, "T|J Q K|A")])
def test_a_larger_deck_agrees_with_the_brute_force(game, board_cards, ranks):
    assert_agrees(game, LARGER, board_cards, ranks)


def test_a_partition_read_on_a_small_deck_is_the_brute_force_s():
    # the fast check; the slow ones run every deck, read and card count
    assert_agrees("mississippi-stud", SMALL, 2, "A|Q J")


def test_the_brute_force_is_not_blind():
    # what it is checked with must tell cases apart: more information, a higher return
    plain, seen = brute_force("let-it-ride", SMALL, 0), brute_force("let-it-ride", SMALL, 2)
    assert seen.expected_return > plain.expected_return


# --- merged stages --------------------------------------------------------------------------------

def test_stages_of_equal_information_merge_into_one_decision():
    ms = rules_of("mississippi-stud")
    assert [(s.name, s.seen) for s in merged_stages(ms, 2)] == [("3rd street to 5th street", 4)]
    # fold, or any total of three raises of 1x-3x: 3 to 9 units
    assert [(o.fold, o.delta) for o in merged_stages(ms, 2)[0].options] == [(True, 0)] + [
        (False, d) for d in range(3, 10)]
    lir = rules_of("let-it-ride")
    assert [o.delta for o in merged_stages(lir, 1)[0].options] == [-2, -1, 0]
    assert merged_stages(ms, 3)[0].seen == 5                # everything seen: the final hand decides


# --- invariants on the full deck ------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("game", ["mississippi-stud", "let-it-ride"])
def test_seeing_more_never_lowers_the_return(game):
    rules = rules_of(game)
    plain = oddscalc.analyze(game).expected_return
    whole = [plain] + [oddscalc.exposure(game, board_cards=k).expected_return
                       for k in range(1, rules.community_cards + 1)]
    assert all(a < b for a, b in zip(whole, whole[1:], strict=False))
    for ranks in ("J", "T J Q K A"):
        sorted_ = [plain] + [oddscalc.exposure(game, board_cards=k, sorted_ranks=ranks).expected_return
                             for k in range(1, rules.community_cards + 1)]
        assert all(a <= b for a, b in zip(sorted_, sorted_[1:], strict=False))
        # a card's class is less than the card: sorted never beats whole
        assert all(s <= w for s, w in zip(sorted_, whole, strict=True))
    # a finer read is worth more: {A} | {K Q J} | the rest tells more than {A K Q J} or not, and every
    # rank its own class is the card's rank (less than the card: the suit is not read)
    for k in range(1, rules.community_cards + 1):
        coarse = oddscalc.exposure(game, board_cards=k, sorted_ranks="A K Q J").expected_return
        fine = oddscalc.exposure(game, board_cards=k, sorted_ranks="A|K Q J|*").expected_return
        assert coarse < fine <= whole[k]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "board_cards"), [("mississippi-stud", 3), ("let-it-ride", 2)])
def test_a_sort_that_tells_nothing_gains_nothing(game, board_cards):
    found = oddscalc.exposure(game, board_cards=board_cards, sorted_ranks=ALL_RANKS)
    assert found.gain == 0
    assert found.exposure.analysis.expected_return == oddscalc.analyze(game).expected_return


@pytest.mark.slow
@pytest.mark.parametrize(("game", "board_cards", "ranks"), [
    ("mississippi-stud", 1, None), ("mississippi-stud", 3, None), ("mississippi-stud", 3, "J"),
    ("let-it-ride", 1, None), ("let-it-ride", 2, "T")])
def test_probabilities_sum_to_one(game, board_cards, ranks):
    analysis = oddscalc.exposure(game, board_cards=board_cards, sorted_ranks=ranks).exposure.analysis
    assert sum(Fraction(row.count, analysis.total) for row in analysis.outcomes) == 1
    assert analysis.total == {"mississippi-stud": 1326 * 50 * 49 * 48, "let-it-ride": 22100 * 49 * 48}[game]


# --- published figures (rules and table as ours: the standard 500/100/40/10/6/4/3/2/1 table) ------

@pytest.mark.slow
def test_jacobsons_flop_hole_card_edge():
    # "The player edge for the flop-hole-card game is 54.8660%" (E. Jacobson, 888casino)
    gain = oddscalc.exposure("mississippi-stud", board_cards=1)
    assert round(float(gain.expected_return) * 100, 4) == 54.8660


@pytest.mark.slow
def test_jacobsons_jack_sort_edge():
    # Jack/non-Jack sort of the three community cards: 38.489% (E. Jacobson, edge sorting MS, update 1)
    found = oddscalc.exposure("mississippi-stud", board_cards=3, sorted_ranks="J")
    assert round(float(found.expected_return) * 100, 3) == 38.489


# --- refusals -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("args", "message"), [
    (("caribbean-stud", "--board-cards", "1"), "--board-cards K is not priced for caribbean-stud"),
    (("three-card-poker", "--board-cards", "2", "--sorted", "A"), "--board-cards K is not priced"),
    (("mississippi-stud", "--dealer-cards", "2"), "--dealer-cards K is not priced for mississippi-stud"),
    (("let-it-ride", "--boxes", "1"), "--boxes K is not priced for let-it-ride"),
    (("let-it-ride", "--board-cards", "3"), "--board-cards 1 to 2 for let-it-ride"),
    (("mississippi-stud", "--board-cards", "5"), "--board-cards"),
    (("mississippi-stud", "--sorted", "J"), "--sorted needs --dealer-cards K or --board-cards K"),
    (("mississippi-stud", "--board-cards", "1", "--sorted", "X"), "X"),
])
def test_what_is_not_priced_is_refused_in_one_line(cli, args, message):
    assert cli("exposure", *args).refused(message)


def test_a_sorted_solve_beyond_the_memory_limit_is_refused(monkeypatch):
    monkeypatch.setenv("ODDSCALC_MAX_MEMORY_MB", "10")     # the full deck's sorted solve needs about 50 MB
    with pytest.raises(InputError, match="with sorted cards needs about .* memory limit"):
        sorted_cards(rules_of("mississippi-stud"), 3, (parse_rank_set("J"),))


def test_the_api_refuses_a_bad_board_cards():
    with pytest.raises(InputError, match="board_cards"):
        oddscalc.exposure("mississippi-stud", board_cards=-1)
    with pytest.raises(InputError, match="board_cards=K is not priced for fast-poker"):
        oddscalc.exposure("fast-poker", board_cards=1)


@pytest.mark.slow
def test_the_report_says_what_is_seen_and_how_he_plays(cli):
    done = cli("exposure", "let-it-ride", "--board-cards", "2", "--format", "json")
    assert done.status == 0
    assert '"seen": "the first 2 community cards"' in done.out
    assert '"exact": true' in done.out and "let it ride" in done.out


@pytest.mark.slow
def test_with_every_card_seen_he_folds_the_losers_and_bets_the_most_on_the_rest():
    found = oddscalc.exposure("mississippi-stud", board_cards=3).exposure
    assert found.strategy[:2] == (("final hand high-card to pair", "fold"),
                                  ("final hand pair-6-or-better to royal-flush", "raise 3x, 3x, 3x"))
    # and so he wins exactly the paying hands' deals at 10 units
    rows = {row.outcome: row for row in found.analysis.outcomes}
    assert set(rows) >= {"fold-3rd-street-to-5th-street-1-unit", "royal-flush-10-units"}
    assert all(row.wager in (1, 10) for row in found.analysis.outcomes)
