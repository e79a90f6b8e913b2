"""Casino Hold'em with dealer hole cards or the turn seen at the flop decision, counted exactly over
every deal (engines/holdem/seen_flops.py, ext/holdem_seen_flops.pyx; issue 23).

Checked three ways: observation by observation against the plain enumeration of each situation
(``holdem_seen.situation_cell``) under arbitrary integer values, so that decisions go both ways;
against the brute-force reference tests/holdem_oracle.py on reduced decks (its own evaluator, every
deal, the decision taken on what the player sees), reads included through its ``decide_read``; and
by invariants (seeing more never lowers the return; a class of every rank is no read at all).  The
chunks give the same integers here, on workers and on a Dask cluster.
"""
from __future__ import annotations

import itertools
import random
from collections import defaultdict
from fractions import Fraction
from math import comb

import pytest

from oddscalc._native import holdem_seen, holdem_seen_flops
from oddscalc.core.cards import parse_cards, parse_rank_set
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import tables_dir
from oddscalc.engines.base import Seen, load
from oddscalc.engines.holdem import exposure
from oddscalc.engines.holdem.analysis import main_analysis, main_of
from oddscalc.engines.holdem.rules import HoldemGame
from oddscalc.engines.holdem.seen_flops import Case, Counts, count_chunk, flop_classes
from oddscalc.engines.holdem_counts import _five_class, optimal_play, pair_qualifier
from tests import holdem_oracle

GAME = "casino-holdem"
SEEN = {"dealer": Seen(dealer_cards=1), "turn": Seen(board_cards=4), "dealer-turn": Seen(dealer_cards=1, board_cards=4),
        "both": Seen(dealer_cards=2)}
# the oracle's parameters for the same information
ORACLE = {"dealer": {"dealer_cards_seen": 1}, "turn": {"board_cards_seen_early": 1},
          "dealer-turn": {"dealer_cards_seen": 1, "board_cards_seen_early": 1}, "both": {"dealer_cards_seen": 2}}


def dead_of(deck: str) -> tuple[int, ...]:
    return tuple(c for c in range(52) if c not in parse_cards(deck))


def informed_on(deck: str, seen: Seen, example: str | None = None, **rules: str):
    """The family's informed analysis of a reduced deck: every flop class counted in one chunk (the
    game's table, with an overlay of tables/examples and rules)."""
    overlay = tables_dir() / "examples" / f"{example}.toml" if example else None
    table = load(GAME, overlay, rules=[f"{k}={v}" for k, v in rules.items()])
    game_rules = HoldemGame.of(table).rules
    dead = dead_of(deck)
    counts = count_chunk(game_rules, Case.of(seen), 0, len(flop_classes(dead)), dead)
    plain = main_of(table, game_rules, optimal_play(game_rules, dead))
    return main_of(table, game_rules, counts.play(game_rules)), plain, counts


# --- observation by observation, against each situation's own enumeration ---------------------------

def expected_play(live, flops, kind, groups, call, fold, call_extra, fold_extra, qualifier):
    """What the kernel should return: every observation's cell summed from situation_cell, decided."""
    dead = tuple(c for c in range(52) if c not in live)
    deals = calls = equal = 0
    called = [0] * 40
    by_class = defaultdict(int)

    def cell_of(cards, dealer, board):
        return [n for row in holdem_seen.situation_cell(cards, dealer, board, qualifier, dead) for n in row]

    for flop in flops:
        rest = [c for c in live if c not in flop]
        for holding in itertools.combinations(rest, 2):
            others = [c for c in rest if c not in holding]
            shown = [*holding, *flop]
            observed: dict[object, list[int]] = defaultdict(lambda: [0] * 40)

            def add(key, cell, observed=observed):
                observed[key] = [a + b for a, b in zip(observed[key], cell, strict=True)]
            if kind == "dealer":
                for s in others:
                    add(s if groups is None else groups[s], cell_of([*shown, s], 1, 0))
            elif kind == "turn":
                for t in others:
                    add(t, cell_of([*shown, t], 0, 1))
            elif kind == "dealer-turn":
                for t, s in itertools.permutations(others, 2):
                    add((t, s if groups is None else groups[s]), cell_of([*shown, s, t], 1, 1))
            else:
                for x, y in itertools.combinations(others, 2):
                    key = (x, y) if groups is None else tuple(sorted((groups[x], groups[y])))
                    add(key, cell_of([*shown, x, y], 2, 0))
            five = _five_class(shown)
            for cell in observed.values():
                total = sum(cell)
                v_call = sum(a * b for a, b in zip(call, cell, strict=True)) + call_extra[five] * total
                v_fold = (fold + fold_extra[five]) * total
                deals += total
                equal += total if v_call == v_fold else 0
                if v_call >= v_fold:
                    calls += total
                    called = [a + b for a, b in zip(called, cell, strict=True)]
                    by_class[("call", five)] += total
                else:
                    by_class[("fold", five)] += total
    return deals, calls, equal, called, by_class


KINDS = [("dealer", False), ("dealer", True), ("turn", False), ("dealer-turn", False), ("dealer-turn", True),
         ("read-pair", True), ("both", False)]


@pytest.mark.parametrize("kind, grouped", KINDS)
@pytest.mark.parametrize("symmetric", [False, True])
def test_every_observation_is_decided_on_its_situations_summed(kind, grouped, symmetric):
    rng = random.Random(11)
    # a deck of random cards, or of whole ranks (every suit permutation keeps it: the kernel counts
    # one holding, or turn, of each class of a flop's own symmetries for all of them)
    live = sorted(rng.sample(range(52), 13)) if not symmetric else [r * 4 + u for r in (0, 5, 12) for u in range(4)]
    qualifier = pair_qualifier(2)
    # values that make calls and folds both common, and the AA Bonus's extras by five-card class
    call = [rng.randint(-6, 4) for _ in range(40)]
    fold = -1
    call_extra = [rng.randint(-1, 2) for _ in range(11)]
    fold_extra = [rng.randint(-1, 1) for _ in range(11)]
    groups = [(c >> 2) % 3 for c in range(52)] if grouped else None
    # (symmetric: a monotone flop, 6 symmetries; a paired two-tone one, 2)
    flops = [tuple(live[i] for i in (0, 4, 8)), tuple(live[i] for i in (1, 5, 6))]
    dead = tuple(c for c in range(52) if c not in live)
    out = holdem_seen_flops.count_flops(flops, [1, 1], dead, qualifier, kind, groups, call, fold, call_extra,
                                        fold_extra, True)
    deals, calls, equal, called, by_class = expected_play(live, flops, kind, groups, call, fold, call_extra,
                                                          fold_extra, qualifier)
    assert 0 < sum(out["called_by_class"]) == calls < deals == out["deals"]
    assert out["called_cells"] == called and out["equal"] == equal
    assert out["called_by_class"] == [by_class[("call", c)] for c in range(11)]
    assert out["folded_by_class"] == [by_class[("fold", c)] for c in range(11)]


def test_the_kernel_refuses_what_it_does_not_count():
    flop = [(0, 1, 2)]
    args = ([0] * 40, -1, [0] * 11, [0] * 11, True)
    for kind, groups, words in (("river", None, "seen is one of"), ("turn", [0] * 52, "no groups"),
                                ("read-pair", None, "at most 4 groups"), ("read-pair", list(range(52)), "at most 4"),
                                ("dealer", [0] * 51, "a group 0..51 per card")):
        with pytest.raises(ValueError, match=words):
            holdem_seen_flops.count_flops(flop, [1], (), 0, kind, groups, *args)
    with pytest.raises(ValueError, match="three distinct live"):
        holdem_seen_flops.count_flops([(0, 1, 1)], [1], (), 0, "turn", None, *args)
    with pytest.raises(ValueError, match="a round deals 9 cards"):
        holdem_seen_flops.count_flops(flop, [1], tuple(range(3, 47)), 0, "turn", None, *args)


# --- against the brute force, on reduced decks -----------------------------------------------------

def oracle_rows(theirs, orderings):
    rows: dict[str, int] = defaultdict(int)
    for (hand, result, qualifies), n in theirs.outcomes.items():
        category = "pair" if hand.startswith("pair-") else hand
        rows["fold" if result == "fold" else f"call-{result if qualifies else 'no-qualify'}-{category}"] += n
    assert all(n % orderings == 0 for n in rows.values())
    return {name: n // orderings for name, n in rows.items()}


@pytest.mark.parametrize("kind", [pytest.param("dealer"), pytest.param("turn", marks=pytest.mark.slow),
                                  pytest.param("dealer-turn", marks=pytest.mark.slow),
                                  pytest.param("both", marks=pytest.mark.slow)])
@pytest.mark.parametrize("deck", ["As Ks Qs Js Ts Ah Ad Kh 9c",
                                  pytest.param("Ac Ad Kc Kd 4c 4d 5c 5d 9c 9d", marks=pytest.mark.slow)])
def test_the_informed_play_is_the_brute_force_s(kind, deck):
    informed, plain, counts = informed_on(deck, SEEN[kind])
    theirs = holdem_oracle.analyze(GAME, deck, ORACLE[kind])
    assert informed.expected_return == theirs.expected_return >= plain.expected_return
    assert informed.average_wager == theirs.average_wager
    assert informed.call_probability == theirs.action_probabilities["flop"].get("call", 0)
    orderings = theirs.total // informed.total
    assert orderings * informed.total == theirs.total
    assert {row.outcome: row.count for row in informed.outcomes if row.count} == oracle_rows(theirs, orderings)
    assert counts.deals == informed.total


# (the game's overlay or rules, the oracle's parameters for the same game)
VARIANTS = [pytest.param("casino-holdem-bonus-in-decision", {}, {"aa_bonus_ratio": 1}, id="bonus-in-decision"),
            pytest.param("casino-holdem-woo-1", {}, {"ante_paytable": "woo-1"}, id="woo-1"),
            pytest.param(None, {"dealer_qualifier": "none", "tie_break": "wager_less"},
                         {"dealer_qualifier": None, "tie_break": "wager_less"}, id="no-qualifier-wager-less")]


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["dealer", "both"])
@pytest.mark.parametrize("example, rules, params", VARIANTS)
def test_other_tables_are_the_brute_force_s(kind, example, rules, params):
    deck = "As Ks Qs Js Ts Ah Ad Kh 9c 4d"
    informed, _, _ = informed_on(deck, SEEN[kind], example, **rules)
    theirs = holdem_oracle.analyze(GAME, deck, {**ORACLE[kind], **params})
    assert informed.expected_return == theirs.expected_return
    assert informed.average_wager == theirs.average_wager
    assert informed.call_probability == theirs.action_probabilities["flop"].get("call", 0)


def read_return(deck: str, classes: list[str], cards_read: int) -> Fraction:
    """The informed return by the brute force's decide_read: every (holding, flop), every read the
    dealer's cards can give (``classes``: the partition of the deck's ranks), each weighed by its
    probability, the better option taken on it.  One card read is either of the dealer's two, so any
    unseen card; two read are a pair of classes, the cards alike."""
    cards = parse_cards(deck)
    class_of = {rank: i for i, text in enumerate(classes) for rank in parse_rank_set(text)}
    total = Fraction(0)
    situations = 0
    for holding in itertools.combinations(cards, 2):
        rest = [c for c in cards if c not in holding]
        for flop in itertools.combinations(rest, 3):
            unseen = [class_of[c >> 2] for c in rest if c not in flop]
            situations += 1
            for read in itertools.combinations_with_replacement(range(len(classes)), cards_read):
                if cards_read == 1:
                    weight = Fraction(unseen.count(read[0]), len(unseen))
                else:
                    pairs = [tuple(sorted(pair)) for pair in itertools.combinations(unseen, 2)]
                    weight = Fraction(pairs.count(read), len(pairs))
                if weight:
                    values = holdem_oracle.decide_read(GAME, deck, [holding, flop], [classes[i] for i in read])
                    total += weight * max(values.values())
    return total / situations


@pytest.mark.slow
def test_dealer_cards_read_by_class_are_the_brute_force_s():
    deck = "As Ah Kd Ks Qc 7h 7s 4c 4d"
    # one card read as an ace, a king or queen, or another card
    informed, plain, _ = informed_on(deck, Seen(dealer_cards=1, sorted_ranks="A|K Q"))
    assert informed.expected_return == read_return(deck, ["A", "K Q", "7 4"], 1) > plain.expected_return
    # both read as a picture or ace, or not
    both, _, _ = informed_on(deck, Seen(dealer_cards=2, sorted_ranks="A K Q"))
    assert both.expected_return == read_return(deck, ["A K Q", "7 4"], 2) > informed.expected_return


def test_seeing_more_never_lowers_the_return_and_a_class_of_every_rank_is_no_read():
    deck = "Ac Ad Kc Kd Qs 9h 5c 5d 2s 3h"
    returns = {kind: informed_on(deck, seen)[0].expected_return for kind, seen in SEEN.items()}
    plain = informed_on(deck, SEEN["turn"])[1].expected_return
    assert plain < returns["turn"] < returns["dealer-turn"]
    assert plain < returns["dealer"] < returns["dealer-turn"] and returns["dealer"] < returns["both"]
    read = informed_on(deck, Seen(dealer_cards=1, sorted_ranks="A K"))[0].expected_return
    both_read = informed_on(deck, Seen(dealer_cards=2, sorted_ranks="A K|Q 9"))[0].expected_return
    assert plain < read < returns["dealer"] and read < both_read < returns["both"]
    everything = informed_on(deck, Seen(dealer_cards=1, sorted_ranks="2 3 4 5 6 7 8 9 T J Q K A"))
    assert everything[0].expected_return == plain and everything[0].call_probability == everything[1].call_probability


# --- the full deck: chunks, the report, refusals ---------------------------------------------------

def test_the_flop_classes_cover_every_flop_once():
    classes = flop_classes()
    assert len(classes) == 1755 and sum(w for _, w in classes) == comb(52, 3)
    reduced = flop_classes(dead_of("As Ks Qs Js Ts Ah Ad Kh 9c"))
    assert sum(w for _, w in reduced) == comb(9, 3)


def test_counts_add_and_the_deals_are_every_deal_once_per_card_seen():
    rules = HoldemGame.of(load(GAME)).rules
    case = Case.of(Seen(board_cards=4))
    one, two = count_chunk(rules, case, 0, 1), count_chunk(rules, case, 1, 3)
    both = count_chunk(rules, case, 0, 3)
    assert one + two == both
    weights = sum(w for _, w in flop_classes()[:3])
    # every (holding, flop, turn, river, dealer holding), the turn either card of the two
    assert both.deals == weights * comb(49, 2) * 2 * comb(47, 2) * comb(45, 2)


@pytest.mark.slow
def test_chunks_give_the_same_counts_on_workers_and_on_a_cluster():
    from oddscalc.core.parallel import run_chunks
    distributed = pytest.importorskip("distributed", reason="the [distributed] extra is not installed")
    rules = HoldemGame.of(load(GAME)).rules
    case = Case.of(Seen(dealer_cards=2, sorted_ranks="A|K Q J"))
    jobs = [(rules, case, first, first + 2) for first in (0, 2, 4)]
    here = [count_chunk(*job) for job in jobs]
    assert run_chunks(count_chunk, jobs, workers=2) == here
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) \
            as cluster:
        assert run_chunks(count_chunk, jobs, scheduler=cluster.scheduler_address) == here


@pytest.mark.slow
def test_the_turn_seen_is_counted_over_the_full_deck(cli):
    shown = cli("exposure", GAME, "--board-cards", "4", "--format", "json")
    assert shown.status == 0, shown.err
    import json
    data = json.loads(shown.out)
    assert data["exact"] and data["facts"]["flop_classes"] == 1755
    baseline = main_analysis(load(GAME))
    assert Fraction(data["informed"]["expected_return"]) > baseline.expected_return
    assert data["facts"]["deals_counted"] == 2 * baseline.total


@pytest.mark.slow
def test_the_count_is_sized_before_it_runs(cli):
    refused = cli("exposure", GAME, "--dealer-cards", "2", "--max-seconds", "1")
    assert refused.status == 2 and refused.out == "" and refused.err.count("\n") == 1
    assert "counting 1,755 classes of flop (2 dealer cards) exactly needs about" in refused.err
    assert "--workers" in refused.err


def test_what_is_not_counted_is_refused_in_one_line():
    game = load(GAME)
    for seen, message in ((Seen(dealer_cards=3), "two hole cards"), (Seen(board_cards=5), "4 adds the turn"),
                          (Seen(boxes=1), "decide --dead"), (Seen(board_cards=3), "plain game"),
                          (Seen(dealer_cards=2, board_cards=4), "at most two cards"),
                          (Seen(dealer_cards=1, board_cards=4, sorted_ranks="A"), "without the turn")):
        with pytest.raises(InputError, match=message):
            exposure.exposure(game, seen)
    with pytest.raises(InputError, match="counted exactly, not sampled"):
        exposure.exposure_chunk(game, Seen(dealer_cards=1), 1, 0, 10)


def test_counts_are_the_sum_of_their_parts():
    a = Counts(3, (1,) * 40, (1,) * 11, (0,) * 11, 1, (3,) + (0,) * 168, (2,) + (0,) * 168)
    assert (a + a).deals == 6 and (a + a).called_cells == (2,) * 40 and (a + a).seen_called[0] == 4
