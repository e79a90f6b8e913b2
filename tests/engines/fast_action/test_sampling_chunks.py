"""The sampled Fast Action odds (phase two for random hands) run in seeded chunks: a seed gives the
same figures on one process, on several local processes and on a Dask cluster."""
import pytest

from oddscalc.engines.fast_action import odds
from oddscalc.engines.fast_action.deal import parse_deal
from oddscalc.engines.fast_action.rules import default_rules


def figures(result: odds.Odds) -> tuple:
    return (result.total, tuple((s.phase_two, s.phase_two_se, s.pot_share, s.pot_share_se) for s in result.seats),
            result.relative)


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(odds, "CHUNK", 700)       # 2,000 samples: three chunks, the last one short
    rules = default_rules()
    return rules, parse_deal(rules, "1,3,6")


@pytest.mark.slow
def test_a_seed_is_the_same_on_one_process_and_on_several(small_chunks):
    rules, deal = small_chunks
    one = odds.deal_odds(rules, deal, exact_limit=0, samples=2000, seed=4, workers=1)
    two = odds.deal_odds(rules, deal, exact_limit=0, samples=2000, seed=4, workers=2)
    assert not one.exact and figures(one) == figures(two)
    assert figures(odds.deal_odds(rules, deal, exact_limit=0, samples=2000, seed=5, workers=1)) != figures(one)
    assert sum(s.phase_two for s in one.seats) == 0         # every sample's chain nets sum to zero


@pytest.mark.slow
def test_a_seed_is_the_same_on_a_dask_cluster(small_chunks):
    distributed = pytest.importorskip("distributed", reason="the [distributed] extra is not installed")
    rules, deal = small_chunks
    here = odds.deal_odds(rules, deal, exact_limit=0, samples=2000, seed=4, workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) \
            as cluster:
        there = odds.deal_odds(rules, deal, exact_limit=0, samples=2000, seed=4, scheduler=cluster.scheduler_address)
    assert figures(here) == figures(there)


@pytest.mark.slow
def test_the_command_line_takes_workers_and_a_scheduler(cli, monkeypatch):
    monkeypatch.setenv("ODDSCALC_SCHEDULER_TIMEOUT", "1")     # nothing answers at port 9: no need to wait 10 s
    result = cli("analyze", "fast-action-poker", "--seats", "1,2,4", "--samples", "3000", "--workers", "2")
    assert result.status == 0 and "ESTIMATE" in result.out
    bad = cli("fast-action", "odds", "--seats", "1,2,3", "--samples", "3000", "--exact-limit", "0",
              "--scheduler", "tcp://127.0.0.1:9")
    assert bad.status == 2 and bad.err.count("\n") == 1 and "scheduler" in bad.err
    refused = cli("analyze", "caribbean-stud", "--workers", "2")
    assert refused.status == 2 and "--workers does not apply" in refused.err
