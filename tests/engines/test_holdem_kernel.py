"""The Hold'em board kernel (ext/holdem.pyx) and Casino Hold'em on it (oddscalc/engines/holdem_counts.py).

Checked against a pairwise checker written here (every player holding against every dealer holding,
hands valued by the plain evaluator oddscalc.core.oracle, no kernel), against the brute-force
reference tests/holdem_oracle.py on reduced decks (every deal, the decision by backward induction),
and by invariants.  The full deck is a slow test, with the published figures.
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

import pytest

from oddscalc import InputError
from oddscalc._native import eval5, holdem
from oddscalc.core.cards import parse_cards
from oddscalc.core.oracle import best_five_value, five_card_value
from oddscalc.engines import holdem_counts as hc
from tests import holdem_oracle

# the least qualifying hand of Casino Hold'em, and its strength: the kernel's threshold
FOURS = parse_cards("4c 4d 5h 3s 2c")
FOURS_VALUE = five_card_value(FOURS)


@cache
def value7(cards: frozenset[int]):
    return best_five_value(sorted(cards))


def deck_without(dead):
    return [c for c in range(52) if c not in set(dead)]


def pairwise(board, dead, threshold_value, players=None):
    """Every player holding (or those given) against every disjoint dealer holding, one by one:
    {holding: (category, [not qualifying, player wins, ties, player loses], dealer categories 3 x 10)}."""
    rest = [c for c in deck_without(dead) if c not in board]
    values = {h: value7(frozenset((*board, *h))) for h in combinations(rest, 2)}
    out = {}
    for h in players or values:
        mine = values[h]
        ends = [0, 0, 0, 0]
        cats = [[0] * 10 for _ in range(3)]
        for d, theirs in values.items():
            if set(d) & set(h):
                continue
            cats[0 if theirs < mine else 1 if theirs == mine else 2][int(theirs[0])] += 1
            if threshold_value is not None and theirs < threshold_value:
                ends[0] += 1
            else:
                ends[1 if theirs < mine else 2 if theirs == mine else 3] += 1
        out[h] = (int(mine[0]), ends, cats)
    return out


def kernel_rows(board, dead, qualifier):
    got = holdem.board_counts(board, dead, qualifier, dealer_categories=True)
    return {tuple(h): (got["category"][i], [got["not_qualifying"][i], got["player_wins"][i], got["ties"][i],
                                             got["player_loses"][i]], got["dealer_categories"][i])
            for i, h in enumerate(got["holdings"])}


@pytest.mark.parametrize("seed", range(4))
def test_one_board_counts_equal_pairwise_enumeration_on_reduced_decks(seed):
    rng = random.Random(seed)
    dead = rng.sample(range(52), 26)                 # 26 live cards: 21 off the board, 210 holdings
    live = deck_without(dead)
    board = rng.sample(live, 5)
    qualified = seed % 2 == 0
    rows = kernel_rows(board, dead, hc.pair_qualifier(2) if qualified else 0)
    assert rows == pairwise(board, dead, FOURS_VALUE if qualified else None)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)])
def test_one_board_counts_equal_pairwise_on_the_full_deck(seed):
    # a sample of the 1081 player holdings, each against all 990 dealer holdings
    rng = random.Random(100 + seed)
    board = rng.sample(range(52), 5)
    rows = kernel_rows(board, (), hc.pair_qualifier(2))
    players = rng.sample(sorted(rows), 12)
    assert len(rows) == 1081
    check = pairwise(board, (), FOURS_VALUE, players)
    for h in players:
        assert rows[h] == check[h]
        assert sum(rows[h][1]) == 990


def test_board_with_every_hand_tied():
    # a royal flush on the board: every holding plays it, every dealer ties
    board = parse_cards("As Ks Qs Js Ts")
    got = holdem.board_counts(board)
    assert set(got["ties"]) == {990} and set(got["category"]) == {9}
    assert set(got["player_wins"]) == {0} and set(got["not_qualifying"]) == {0}


@cache
def brute_flop_cells(deck: tuple[int, ...], threshold_value):
    """(flop, holding) -> 10 x 4 counts over every turn, river and dealer holding, dealt one by one."""
    cells = {}
    for flop in combinations(deck, 3):
        off_flop = [c for c in deck if c not in flop]
        for hold in combinations(off_flop, 2):
            cell = [[0] * 4 for _ in range(10)]
            rest = [c for c in off_flop if c not in hold]
            for tr in combinations(rest, 2):
                board = (*flop, *tr)
                mine = value7(frozenset((*board, *hold)))
                for d in combinations([c for c in rest if c not in tr], 2):
                    theirs = value7(frozenset((*board, *d)))
                    if threshold_value is not None and theirs < threshold_value:
                        end = 0
                    else:
                        end = 1 if theirs < mine else 2 if theirs == mine else 3
                    cell[int(mine[0])][end] += 1
            cells[(tuple(sorted(flop)), tuple(sorted(hold)))] = cell
    return cells


DECKS = {
    "aces-kings-and-two": "As Ah Ad Ac Ks Kh Kd Kc 2h 3h",       # symmetric in three suits
    "pairs-and-flush": "As Ah Ks Kh Qs Qh 4s 4h 5c 9d",          # two suits swap
    "no-symmetry": "As Kd 4h 4s 7c 8c 9c Tc Jd 5d",
}


FLOP_CASES = [pytest.param(name, qualified, marks=() if (name, qualified) == ("pairs-and-flush", True)
                            else pytest.mark.slow) for name in sorted(DECKS) for qualified in (True, False)]


@pytest.mark.slow
@pytest.mark.parametrize("name, qualified", FLOP_CASES)
def test_flop_counts_equal_a_brute_force_on_reduced_decks(name, qualified):
    deck = tuple(sorted(parse_cards(DECKS[name])))
    dead = tuple(c for c in range(52) if c not in deck)
    counts = holdem.flop_counts(dead, hc.pair_qualifier(2) if qualified else 0)
    brute = brute_flop_cells(deck, FOURS_VALUE if qualified else None)
    n = len(deck)
    assert counts.completions == comb(n - 5, 2) * comb(n - 7, 2)
    # every flop is in exactly one class; each class member has its representative's counts
    assert sum(w for _, w in counts.flops()) == comb(n, 3)
    for f, (flop, _) in enumerate(counts.flops()):
        for h, hold in enumerate(counts.holdings(f)):
            assert counts.cell(f, h) == brute[(tuple(sorted(flop)), tuple(sorted(hold)))]
    for (flop, hold), cell in random.Random(name).sample(sorted(brute.items()), 40):
        assert hc.flop_cell(hold, flop, dead, counts.qualifier) == cell
        assert holdem.situation_counts(hold, flop, dead, counts.qualifier) == cell


def test_the_suit_group_is_the_dead_cards_symmetry():
    assert holdem.flop_counts(tuple(c for c in range(52) if c not in parse_cards(DECKS["aces-kings-and-two"]))
                              ).group_size == 6
    assert holdem.flop_counts(tuple(c for c in range(52) if c not in parse_cards(DECKS["no-symmetry"]))
                              ).group_size == 1
    assert holdem.flop_counts(tuple(range(16, 52))).group_size == 24        # deuces to fives, all suits


ORACLE_DECKS = ["As Ks Qs Js Ts Ah Ad Kh 9c", "2c 3d 4h 5s 7c 8d 9h Ts Qc", "As Ah Ad Ac Kd 2c 5d 8h Js"]


@pytest.mark.parametrize("deck", [ORACLE_DECKS[0], *(pytest.param(d, marks=pytest.mark.slow)
                                                      for d in ORACLE_DECKS[1:])])
def test_casino_holdem_equals_the_oracle_on_nine_cards(deck):
    check_against_oracle(deck, {})


@pytest.mark.slow
@pytest.mark.parametrize("deck, params", [
    ("As Ks Qs Js Ts Ah Ad Kh 9c 4d", {}),
    ("As Ks Qs Js Ts Ah Ad Kh 9c 4d", {"ante_paytable": "woo-1", "aa_bonus_ratio": 1}),
    ("Ac Ad Kc Kd 4c 4d 5c 5d 9c 9d", {"dealer_qualifier": None, "tie_break": "wager_less"}),
])
def test_casino_holdem_equals_the_oracle_on_ten_cards(deck, params):
    check_against_oracle(deck, params)


def check_against_oracle(deck, params):
    cards = parse_cards(deck)
    dead = tuple(c for c in range(52) if c not in cards)
    qualifier = params.get("dealer_qualifier", "pair-4")
    rules = hc.CasinoHoldemRules(
        ante=tuple(hc.ANTE_TABLES[params.get("ante_paytable", "default")].items()),
        qualifier_pair=None if qualifier is None else 2, bonus_ratio=Fraction(params.get("aa_bonus_ratio", 0)),
        wager_more=params.get("tie_break", "wager_more") == "wager_more")
    mine = hc.casino_holdem(rules, dead)
    theirs = holdem_oracle.analyze("casino-holdem", deck, params)
    assert mine.expected_return == theirs.expected_return
    assert mine.average_wager == theirs.average_wager
    assert mine.call_probability == theirs.action_probabilities["flop"].get("call", 0)
    assert mine.aa_bonus_return == theirs.side_bet_return("aa-bonus")


def test_call_and_fold_value_one_situation_as_the_oracle_does():
    deck = "As Ks Qs Js Ts Ah Ad Kh 9c"
    dead = tuple(c for c in range(52) if c not in parse_cards(deck))
    for hold, flop in [("Ah Ad", "As Ks 9c"), ("Ts 9c", "Ah Kh Qs")]:
        theirs = holdem_oracle.decide("casino-holdem", deck, [hold, flop])
        call, fold = hc.call_and_fold(tuple(parse_cards(hold)), tuple(parse_cards(flop)), dead=dead)
        assert (call, fold) == (theirs["call"], theirs["fold"])


def test_one_situation_on_the_full_deck_is_counted_directly():
    # Ah Kh on Qh Jh 2c: every turn and river, every dealer holding; the table's own cell (slow test
    # below) is the same; here the counts add up and a made royal draw calls
    cell = holdem.situation_counts(parse_cards("Ah Kh"), parse_cards("Qh Jh 2c"), (), hc.pair_qualifier(2))
    assert sum(map(sum, cell)) == comb(47, 2) * comb(45, 2)
    assert sum(cell[9]) == 46 * 990              # the royal: the Th with any of the other 46 cards
    call, fold = hc.call_and_fold(tuple(parse_cards("Ah Kh")), tuple(parse_cards("Qh Jh 2c")))
    assert fold == -1 and call > 0


@pytest.mark.parametrize("rules", [hc.CasinoHoldemRules(),
                                   pytest.param(hc.CasinoHoldemRules(wager_more=False), marks=pytest.mark.slow),
                                   pytest.param(hc.CasinoHoldemRules(bonus_ratio=Fraction(1, 2)),
                                                marks=pytest.mark.slow)])
def test_the_tables_choices_are_each_situations_better_action(rules):
    deck = parse_cards("As Ah Ks Kh Qs Qh 4s 4h 5c 9d")
    dead = tuple(c for c in range(52) if c not in deck)
    choices = hc.optimal_choices(rules, dead)
    assert len(choices) == sum(comb(7, 2) for _ in hc.flop_counts(dead, rules.qualifier).flops())
    for (flop, holding), calls in choices.items():
        call, fold = hc.call_and_fold(holding, flop, rules, dead)
        assert calls == (call > fold or (call == fold and rules.wager_more))


def test_relabelled_suits_change_nothing():
    deck = parse_cards("As Ks Qs Js Ts Ah Ad Kh 9c")
    swap = {0: 3, 3: 0, 1: 2, 2: 1}                 # clubs <-> spades, diamonds <-> hearts
    relabelled = [(c >> 2) * 4 + swap[c & 3] for c in deck]
    figures = [hc.casino_holdem(dead=tuple(c for c in range(52) if c not in d)) for d in (deck, relabelled)]
    assert figures[0] == figures[1]


def test_another_paytable_reuses_the_counts_and_a_better_table_returns_more():
    dead = tuple(c for c in range(52) if c not in parse_cards("As Ks Qs Js Ts Ah Ad Kh 9c Qh Jh"))
    low = hc.casino_holdem(hc.CasinoHoldemRules(ante=tuple(hc.WOO_ANTE_1.items())), dead)
    high = hc.casino_holdem(hc.CasinoHoldemRules(), dead)         # royal 100 instead of 20
    assert high.expected_return > low.expected_return
    assert hc.flop_counts.cache_info().hits >= 1


def test_bad_input_is_refused_in_one_line():
    with pytest.raises(InputError, match="9 cards"):
        hc.casino_holdem(dead=tuple(range(44)))
    with pytest.raises(InputError, match="distinct"):
        hc.casino_holdem(dead=(1, 1))
    with pytest.raises(InputError, match="rank"):
        hc.pair_qualifier(13)
    with pytest.raises(ValueError, match="five cards"):
        holdem.board_counts([0, 1, 2, 3])
    with pytest.raises(ValueError, match="given twice"):
        holdem.board_counts([0, 1, 2, 3, 4], dead=[4])
    with pytest.raises(ValueError, match="qualifier"):
        holdem.flop_counts((), -1)


def test_pair_qualifier_is_the_weakest_such_pair():
    fours = hc.pair_qualifier(2)
    assert fours == eval5.strength(FOURS)
    assert eval5.strength(parse_cards("3c 3d Ah Ks Qc")) < fours <= eval5.strength(parse_cards("4c 4d 5h 3s 2c"))
    assert eval5.strength(parse_cards("3c 3d 2h 2s Qc")) >= fours           # two pair qualifies


@pytest.mark.slow
def test_full_deck_casino_holdem_matches_the_published_figures():
    # Wizard of Odds (and the mirrors of its page): house edge 2.16% per Ante, the optimal player
    # calls about 82% of the time; default online / Evolution Ante table (royal 100 to 1)
    figures = hc.casino_holdem()
    assert figures.deals == comb(52, 2) * comb(50, 3) * comb(47, 2) * comb(45, 2)
    assert round(float(figures.house_edge) * 100, 2) == 2.16
    assert round(float(figures.call_probability) * 100) == 82
    # winnergambling's "0.82%" (docs/holdem-games.md: by its size an element of risk)
    assert round(float(figures.element_of_risk) * 100, 2) == 0.82
    assert figures.average_wager == 1 + 2 * figures.call_probability
    # the same counts, the WoO tables: a worse royal costs, a richer table returns more
    woo1 = hc.casino_holdem(hc.CasinoHoldemRules(ante=tuple(hc.WOO_ANTE_1.items())))
    woo2 = hc.casino_holdem(hc.CasinoHoldemRules(ante=tuple(hc.WOO_ANTE_2.items())))
    for hold, flop in [("Ah Kh", "Qh Jh 2c"), ("7c 2d", "Ks Kd 9h"), ("4s 4h", "Ac 8d 3s")]:
        hold, flop = tuple(parse_cards(hold)), tuple(parse_cards(flop))
        assert hc.flop_cell(hold, flop, (), hc.pair_qualifier(2)) == holdem.situation_counts(
            hold, flop, (), hc.pair_qualifier(2))
    assert woo2.house_edge < figures.house_edge < woo1.house_edge
    # the AA Bonus when a fold does not forfeit it is the five-card census priced by its table
    census = eval5.strength_census(5, list(range(52)))
    aces = {eval5.strength(list(h)) for h in [(48, 49, 0, 4, 8), (48, 49, 44, 40, 36)]}
    low, high = min(aces), max(aces)
    rules = hc.CasinoHoldemRules()
    by_census = sum(n * rules.bonus_pay(hc.PAIR_OF_ACES if low <= s <= high else eval5.category(s))
                    for s, n in enumerate(census))
    free = hc.casino_holdem(hc.CasinoHoldemRules(bonus_requires_call=False))
    assert free.aa_bonus_return == Fraction(by_census, comb(52, 5))
    # a fold forfeiting it costs the Bonus: some pairs of aces on the board are folded
    assert figures.aa_bonus_return < free.aa_bonus_return
