"""Ultimate Texas Hold'em with one dealer hole card seen, counted over every class of situation
(engines/holdem/seen_classes.py; issue 20 item 4, issue 23 item 5).

The classes are checked against the group they come from (each class is one orbit of the suit
permutations, and the orbits cover every situation once), against the flop-card bins counted
another way, and by pricing other members of a class through ``decide``; the chunks give the same
Fractions here, on local workers and on a Dask cluster.  The whole count (about ten minutes) is
measured in bench/holdem_informed.py (``--whole``), not run here; the bench's sampled timing
of the count runs here on one class, so a change to the count's calls cannot break the bench unseen.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

import oddscalc
from oddscalc.core.cards import RANKS
from oddscalc.engines.base import Exposure, Seen, load
from oddscalc.engines.holdem import seen_classes as sc
from oddscalc.engines.holdem.ultimate import main_analysis, plain_best, play
from oddscalc.engines.holdem.ultimate_exposure import PRICER
from oddscalc.engines.holdem_counts import _suit_maps
from oddscalc.engines.holdem_stages import card_bins, orbits
from oddscalc.engines.reads import parse_classes, read_of
from oddscalc.tools.exposure_report import exposure_report

UTH = "ultimate-texas-holdem"


def _images(holding: tuple[int, ...], seen: tuple[int, ...]) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    return {(tuple(sorted(m[c] for c in holding)), tuple(sorted(m[c] for c in seen))) for m in _suit_maps(())}


def test_the_classes_are_the_suit_orbits_and_cover_every_situation_once():
    classes = sc.situation_classes(sc.Case(1))
    covered: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    for c in classes:
        images = _images(c.holding, c.seen)
        assert len(images) == c.size                # a class is one whole orbit
        assert not images & covered                 # no situation in two classes
        covered |= images
    assert len(covered) == 1326 * 50
    # the flop-card bins (counted another way: every (holding, card) mapped) number the same
    assert len(classes) == max(card_bins()) + 1 == 5083


def test_a_read_card_classes_are_holding_orbits_by_the_class_read():
    classes = sc.situation_classes(sc.Case(1, "A|K Q J"))
    counted: dict[tuple[int, tuple[int, ...]], int] = {}
    table = orbits()
    for a, b in combinations(range(52), 2):
        for card in range(52):
            if card not in (a, b):
                key = (table.of(a, b), read_of(parse_classes("A|K Q J"), card >> 2))
                counted[key] = counted.get(key, 0) + 1
    assert {(table.of(*c.holding), c.reads[0]): c.size for c in classes} == counted
    assert len(classes) == 169 * 3 and {c.reads for c in classes} == {((12,),), ((9, 10, 11),), (tuple(range(9)),)}


@pytest.mark.slow
def test_both_cards_read_classes_are_holding_orbits_by_the_pair_of_classes_read():
    classes = sc.situation_classes(sc.Case(2, "A|K Q J"))
    partition = parse_classes("A|K Q J")
    counted: dict[tuple[int, tuple[tuple[int, ...], ...]], int] = {}
    table = orbits()
    for a, b in combinations(range(52), 2):
        for x, y in combinations([c for c in range(52) if c not in (a, b)], 2):
            read = tuple(sorted((read_of(partition, x >> 2), read_of(partition, y >> 2)), key=max, reverse=True))
            key = (table.of(a, b), read)
            counted[key] = counted.get(key, 0) + 1
    assert {(table.of(*c.holding), c.reads): c.size for c in classes} == counted
    # three classes make six pairs, each possible with every holding (two aces are left beside any)
    assert len(classes) == 169 * 6


@pytest.mark.slow
def test_two_seen_cards_cover_every_situation():
    classes = sc.situation_classes(sc.Case(2))
    assert sum(c.size for c in classes) == 1326 * 1225
    for c in classes[::997]:
        assert len(_images(c.holding, c.seen)) == c.size


def test_the_chunks_cover_every_class_once():
    for n in (1, 8, 9, 72, 5083):
        bounds = sc.chunk_bounds(n)
        assert bounds[0][0] == 0 and bounds[-1][1] == n
        assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:], strict=False))


@pytest.mark.slow
def test_a_chunk_prices_every_member_of_its_classes_as_decide_does():
    game = load(UTH)
    plain = play(game)
    table = orbits()
    # the plain return is the mean of each holding's best value: the gain's subtraction is the baseline's
    assert sum(size * max(v) for size, v in zip(table.sizes, plain.orbit_values, strict=True)) / 1326 \
        == main_analysis(game).expected_return
    first, last = 700, 704
    part = sc.price_classes(PRICER, game, sc.Case(1), first, last, plain_best(game))
    expected, choices = Fraction(0), []
    for c in sc.situation_classes(sc.Case(1))[first:last]:
        # another member of the class (the last suit permutation's image), priced by decide
        (holding, seen), *_ = sorted(_images(c.holding, c.seen), reverse=True)
        decision = oddscalc.decide(UTH, hand=list(holding), seen=list(seen)).decisions[0]
        expected += c.size * (decision.values[decision.choice] - max(plain.orbit_values[table.of(*holding)]))
        choices.append(decision.choice)
    assert part.gain == expected and part.choices == tuple(choices) and part.first == first
    # both cards seen: the same, two classes of the 93,769
    pair = sc.price_classes(PRICER, game, sc.Case(2), 50_000, 50_002, plain_best(game))
    expected = Fraction(0)
    for c in sc.situation_classes(sc.Case(2))[50_000:50_002]:
        (holding, seen), *_ = sorted(_images(c.holding, c.seen), reverse=True)
        decision = oddscalc.decide(UTH, hand=list(holding), seen=list(seen)).decisions[0]
        expected += c.size * (decision.values[decision.choice] - max(plain.orbit_values[table.of(*holding)]))
    assert pair.gain == expected and len(pair.choices) == 2
    # a card read by class: each class's holding priced as decide --reads prices another holding
    # of its orbit
    case = sc.Case(1, "A|K Q J")
    read = sc.price_classes(PRICER, game, case, 3, 5, plain_best(game))
    expected, choices = Fraction(0), []
    for c in sc.situation_classes(case)[3:5]:
        holding = max(h for h, _ in _images(c.holding, ()))
        decision = oddscalc.decide(UTH, hand=list(holding), reads=" ".join(RANKS[r] for r in c.reads[0])).decisions[0]
        expected += c.size * (decision.values[decision.choice] - max(plain.orbit_values[table.of(*holding)]))
        choices.append(decision.choice)
    assert read.gain == expected and read.choices == tuple(choices)
    # both cards read: each class's holding priced as decide --reads "X|Y" prices another holding of its orbit
    case = sc.Case(2, "A|K Q J")
    both = sc.price_classes(PRICER, game, case, 40, 43, plain_best(game))
    expected, choices = Fraction(0), []
    for c in sc.situation_classes(case)[40:43]:
        holding = max(h for h, _ in _images(c.holding, ()))
        reads = "|".join(" ".join(RANKS[r] for r in ranks) for ranks in c.reads)
        decision = oddscalc.decide(UTH, hand=list(holding), reads=reads).decisions[0]
        expected += c.size * (decision.values[decision.choice] - max(plain.orbit_values[table.of(*holding)]))
        choices.append(decision.choice)
    assert both.gain == expected and both.choices == tuple(choices)
    # the exact report of a count (the gain only: no informed outcome table)
    exposure = Exposure("1 dealer card", main_analysis(game), part.gain / 4, counted=True,
                        facts={"situation_classes": len(part.choices)})
    report = exposure_report(game, exposure)
    assert exposure.exact and report.data["exact"] and "samples" not in report.data
    assert report.data["facts"] == {"situation_classes": 4} and not report.title.startswith("ESTIMATE")


@pytest.mark.slow
def test_chunks_give_the_same_fractions_on_workers_and_on_a_cluster():
    from oddscalc.core.parallel import run_chunks
    distributed = pytest.importorskip("distributed", reason="the [distributed] extra is not installed")
    game = load(UTH)
    jobs = [(PRICER, game, sc.Case(1), first, first + 2, plain_best(game)) for first in (0, 2, 4)]
    here = sc.combined([sc.price_classes(*job) for job in jobs])
    assert sc.combined(run_chunks(sc.price_classes, jobs, workers=2)) == here
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) \
            as cluster:
        assert sc.combined(run_chunks(sc.price_classes, jobs, scheduler=cluster.scheduler_address)) == here


@pytest.mark.slow
def test_the_whole_count_is_sized_before_it_runs(cli, monkeypatch):
    refused = cli("exposure", UTH, "--dealer-cards", "1", "--max-seconds", "5")
    assert refused.status == 2 and refused.out == "" and refused.err.count("\n") == 1
    assert "counting 5,083 classes of (holding, dealer card seen) exactly needs about" in refused.err
    assert "--max-seconds" in refused.err and "--workers" in refused.err and "--samples" in refused.err
    both = cli("exposure", UTH, "--dealer-cards", "2", "--max-seconds", "5")
    assert both.status == 2 and "counting 93,769 classes of (holding, dealer cards seen) exactly" in both.err
    # from Python, in the API's terms
    monkeypatch.setenv("ODDSCALC_MAX_SECONDS", "5")
    with pytest.raises(oddscalc.InputError, match=r"workers=2 or more, or a Dask scheduler=; samples=1000") as error:
        oddscalc.exposure(UTH, dealer_cards=1)
    assert "--" not in str(error.value)
    monkeypatch.delenv("ODDSCALC_MAX_SECONDS")
    # a sample size asks for the estimate instead, labelled so
    estimate = cli("exposure", UTH, "--dealer-cards", "1", "--samples", "4", "--workers", "1", "--format", "json")
    assert estimate.status == 0 and '"exact": false' in estimate.out and '"samples": 4' in estimate.out



def test_the_chunks_combine_in_class_order_and_only_when_they_follow_one_another():
    a, b = sc.ClassSums(0, Fraction(1), ("check",)), sc.ClassSums(1, Fraction(2), ("play 4x", "check"))
    assert sc.combined([b, a]) == sc.ClassSums(0, Fraction(3), ("check", "play 4x", "check"))
    with pytest.raises(ValueError, match="follow"):
        sc.combined([a, sc.ClassSums(2, Fraction(0), ())])


def test_the_decision_in_words_per_seen_rank():
    classes = sc.situation_classes(sc.Case(1))
    names = ["play 4x", "play 3x", "check"]
    # a made-up rule: 4x when the seen card pairs a hole card, or is suited with a suited hand
    def rule(c: sc.SituationClass) -> str:
        a, b = c.holding
        pairs = c.seen[0] >> 2 in (a >> 2, b >> 2)
        suited = a & 3 == b & 3 == c.seen[0] & 3
        return "play 4x" if pairs or suited else "check"
    choices = [rule(c) for c in classes]
    rows = dict(sc.seen_rank_rules(classes, choices, names, "check"))
    assert rows["dealer card A seen: play 4x"] == "pairs: AA+; A-x suited: every one; A-x offsuit: every one"
    # a suited hand without an ace takes 4x with the seen ace only when it is of the hand's suit
    assert rows["dealer card A seen: " + sc.BY_SUITS].startswith("K-x suited: every one")
    assert "dealer card A seen: play 3x" not in rows
    count = sc.taken(classes, choices, names)
    assert sum(count.values()) == 1326 * 50 and count["play 3x"] == 0


@pytest.mark.slow
def test_the_bench_times_the_count_with_the_counts_own_calls(capsys: pytest.CaptureFixture[str]) -> None:
    import runpy
    from pathlib import Path
    # run as a module, not as __main__: its functions defined, its main() not run
    bench = runpy.run_path(str(Path(__file__).resolve().parents[2] / "bench" / "holdem_informed.py"))
    bench["whole_count"](1.0, 1, False)
    printed = capsys.readouterr().out
    assert f"exact over {len(sc.situation_classes(sc.Case(1))):,} classes" in printed
    assert "s a class (1 timed)" in printed


# --- Texas Hold'em Bonus: the same count through its own pricer ---------------------------------

THB = "texas-holdem-bonus"


@pytest.mark.slow
def test_texas_holdem_bonus_classes_are_priced_as_its_decide_prices_another_member():
    from oddscalc.engines.holdem import bonus_exposure
    from oddscalc.engines.holdem.bonus import plain_best as bonus_best
    game = load(THB)
    plain = bonus_best(game)
    table = orbits()
    for case, first, last in ((sc.Case(1), 900, 903), (sc.Case(1, "A|K Q J"), 10, 12), (sc.Case(2, "A K Q J"), 7, 9)):
        part = sc.price_classes(bonus_exposure.PRICER, game, case, first, last, plain)
        expected, choices = Fraction(0), []
        for c in sc.situation_classes(case)[first:last]:
            (holding, seen), *_ = sorted(_images(c.holding, c.seen), reverse=True)
            reads = "|".join(" ".join(RANKS[r] for r in ranks) for ranks in c.reads) or None
            decision = oddscalc.decide(THB, hand=list(holding), seen=list(seen), reads=reads).decisions[0]
            expected += c.size * (decision.values[decision.choice] - plain[table.of(*holding)])
            choices.append(decision.choice)
        assert part.gain == expected and part.choices == tuple(choices)
    # the estimate's situations are priced the same way
    sample = bonus_exposure.exposure_chunk(game, Seen(dealer_cards=1), seed=2, chunk=0, size=2)
    assert len(sample.numerators) == 2 and sample.denominator > 0


def test_texas_holdem_bonus_prices_the_dealer_s_cards_only(cli):
    assert cli("exposure", THB, "--board-cards", "1").refused("--board-cards K is not priced for texas-holdem-bonus")
    assert cli("exposure", THB, "--dealer-cards", "3").refused("the dealer has two hole cards")
    assert cli("exposure", THB, "--dealer-cards", "1", "--sorted", "A||K").refused("sorted classes")
