"""The exposure tool: exact through the engine, estimates in seeded chunks that give the same
answer however many workers (local processes or a Dask cluster) run them, and intervals that
cover the exact value at the stated rate."""
import json
from fractions import Fraction

import pytest

from oddscalc.engines.base import Seen, load
from oddscalc.tools.exposure import analyze_exposure, chunk_sizes, combine


@pytest.fixture(scope="module")
def stud():
    return load("caribbean-stud")


@pytest.mark.slow
def test_nothing_more_seen_is_the_plain_analysis_exactly(stud):
    plain = analyze_exposure(stud, Seen(dealer_cards=1))
    assert plain.exact and plain.gain == 0 and plain.analysis == plain.baseline


@pytest.mark.slow
def test_more_information_never_lowers_the_return(stud):
    five = analyze_exposure(stud, Seen(dealer_cards=5))
    sorted_one = analyze_exposure(stud, Seen(dealer_cards=2, sorted_ranks="A K"))
    assert five.exact and sorted_one.exact
    assert 0 < sorted_one.gain < five.gain


@pytest.mark.slow
def test_an_estimate_is_the_same_on_one_process_and_on_several(stud):
    seen = Seen(dealer_cards=1, boxes=1)
    one = analyze_exposure(stud, seen, samples=1200, seed=5)
    two = analyze_exposure(stud, seen, samples=1200, seed=5, workers=2)
    assert (one.gain, one.std_error, one.samples) == (two.gain, two.std_error, two.samples)
    other = analyze_exposure(stud, seen, samples=1200, seed=6)
    assert other.gain != one.gain


@pytest.mark.slow
def test_an_estimate_is_the_same_on_a_dask_cluster(stud):
    distributed = pytest.importorskip("distributed", reason="the [distributed] extra is not installed")
    seen = Seen(dealer_cards=2, boxes=1)
    here = analyze_exposure(stud, seen, samples=600, seed=9)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) \
            as cluster:
        there = analyze_exposure(stud, seen, samples=600, seed=9, scheduler=cluster.scheduler_address)
    assert (here.gain, here.std_error) == (there.gain, there.std_error)


@pytest.mark.slow
def test_an_unreachable_scheduler_is_one_line(cli, monkeypatch):
    monkeypatch.setenv("ODDSCALC_SCHEDULER_TIMEOUT", "1")     # nothing answers at port 9: no need to wait 10 s
    result = cli("exposure", "caribbean-stud", "--dealer-cards", "3", "--samples", "300",
                 "--scheduler", "tcp://127.0.0.1:9")
    assert result.status == 2 and result.err.count("\n") == 1 and "scheduler" in result.err


@pytest.mark.parametrize("given", ["soon", "0", "7200"])
def test_a_scheduler_timeout_that_is_no_time_is_one_line(cli, monkeypatch, given):
    monkeypatch.setenv("ODDSCALC_SCHEDULER_TIMEOUT", given)
    result = cli("exposure", "three-card-poker", "--boxes", "3", "--samples", "10", "--scheduler", "tcp://127.0.0.1:9")
    assert result.refused("ODDSCALC_SCHEDULER_TIMEOUT")


def test_chunks_and_their_combination():
    assert chunk_sizes(501, 250) == [250, 250, 1]
    from oddscalc.engines.base import GainSample
    mean, _se, n = combine([GainSample(1, 1, (3,), 3), GainSample(1, 0, (0, 0), 3)])
    assert (mean, n) == (Fraction(1, 3), 3)


@pytest.mark.slow
def test_cli_exposure_text_and_json(cli):
    result = cli("exposure", "caribbean-stud", "--dealer-cards", "5", "--format", "json")
    data = json.loads(result.out)
    assert result.status == 0 and data["exact"] and Fraction(data["gain"]) > 0
    estimate = cli("exposure", "caribbean-stud", "--boxes", "1", "--samples", "300", "--seed", "4")
    assert estimate.status == 0 and estimate.out.startswith("ESTIMATE") and "±" in estimate.out
    assert "seed 4" in estimate.out


@pytest.mark.slow
def test_three_and_four_stud_dealer_cards_are_exact_wherever_the_chunks_run(cli):
    here = cli("exposure", "caribbean-stud", "--dealer-cards", "4", "--format", "json")
    there = cli("exposure", "caribbean-stud", "--dealer-cards", "4", "--workers", "2", "--format", "json")
    data = json.loads(here.out)
    assert here.status == 0 and data["exact"] and "samples" not in data or data.get("samples") in (None, 0)
    assert here.out == there.out
    text = cli("exposure", "caribbean-stud", "--dealer-cards", "3")
    assert text.status == 0 and not text.out.startswith("ESTIMATE") and "±" not in text.out


@pytest.mark.slow
def test_a_three_card_estimate_is_the_same_on_one_process_and_on_several():
    game, seen = load("three-card-poker"), Seen(boxes=3)
    one = analyze_exposure(game, seen, samples=900, seed=2, workers=1)
    two = analyze_exposure(game, seen, samples=900, seed=2, workers=2)
    assert not one.exact and (one.gain, one.std_error) == (two.gain, two.std_error)


def test_three_card_exposure_is_exact_where_it_can_be(cli):
    result = cli("exposure", "three-card-poker", "--dealer-cards", "1", "--format", "json")
    data = json.loads(result.out)
    assert result.status == 0 and data["exact"]
    # one dealer card turns the house edge into a player edge
    assert Fraction(data["gain"]) > -Fraction(data["baseline"]["expected_return"]) > 0


@pytest.mark.parametrize("options", [["--rule", "ties=player"], ["--pay", "pair-8-or-better=2"]])
def test_stud_exposure_refuses_what_its_kernel_does_not_price(cli, options):
    result = cli("exposure", "caribbean-stud", "--dealer-cards", "2", *options)
    assert result.status == 2 and result.out == "" and result.err.count("\n") == 1
