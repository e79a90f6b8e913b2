"""Exact work in chunks (issue 20, item 5): Ultimate Texas Hold'em and Texas Hold'em Bonus counted in
contiguous runs of canonical flops sum to the same exact integers in one process, on local worker
processes and on a Dask cluster; the chunks of one process share one recording of the deck's boards."""
import pytest

from oddscalc._native import holdem
from oddscalc.core.cards import parse_cards
from oddscalc.engines import holdem_stages as hs

# twelve cards in four suits: every suit permutation keeps the deck, so the counts use all 24
DECK = "2c 2d 2h 2s 9c 9d 9h 9s Ac Ad Ah As"
DEAD = tuple(c for c in range(52) if c not in parse_cards(DECK))
RULES = hs.UltimateRules(preflop_multiples=(4, 3))
BONUS = hs.BonusRules()


def both(work):
    return hs.ultimate_play(RULES, DEAD, work), hs.bonus_play(BONUS, DEAD, work)


def test_chunks_in_one_process_sum_to_the_whole():
    whole = both(hs.Work(1))
    assert both(hs.Work(2)) == whole == both(hs.Work(5))
    assert whole[0].deals == 12 * 11 // 2 * (10 * 9 * 8 // 6) * (7 * 6 // 2) * (5 * 4 // 2)


def test_a_chunk_holds_its_run_of_flops():
    full = holdem.staged_counts(DEAD, 0, "ultimate", 1, 4, True)
    parts = [holdem.staged_counts(DEAD, 0, "ultimate", 1, 4, True, chunk, 3) for chunk in range(3)]
    assert [f for part in parts for f in part.flops()] == full.flops()
    assert sum(part.n_flops for part in parts) == full.n_flops and all(part.n_flops for part in parts)
    with pytest.raises(ValueError, match="chunk 3 of 3"):
        holdem.staged_counts(DEAD, 0, "ultimate", 1, 4, True, 3, 3)


def arrays(counts):
    return {key: bytes(value) for key, value in counts.arrays().items()}


@pytest.mark.parametrize("game, blind_from", [("ultimate", 4), ("ultimate", 0), ("bonus", 0)])
def test_chunks_sharing_the_board_records_count_what_their_own_would(game, blind_from):
    args = (DEAD, 0, game, 1, blind_from, True)
    shared = holdem.board_records(*args)
    assert shared.n_flops == holdem.staged_counts(*args).n_flops
    for chunk in range(3):
        assert arrays(holdem.staged_counts(*args, chunk, 3, shared)) == arrays(holdem.staged_counts(*args, chunk, 3))


def test_board_records_made_for_other_rules_are_refused():
    records = holdem.board_records(DEAD, 0, "ultimate", 1, 4, True)
    for other in [(DEAD, 0, "ultimate", 1, 5, True), (DEAD, 0, "ultimate", 2, 4, True), (DEAD, 0, "bonus", 1, 0, True),
                  (DEAD[1:], 0, "ultimate", 1, 4, True), (DEAD, 0, "ultimate", 1, 4, False)]:
        with pytest.raises(ValueError, match="made for another deck"):
            holdem.staged_counts(*other, 0, 1, records)


def test_work_refuses_what_it_cannot_split():
    with pytest.raises(Exception, match="chunks is 1 to 1755"):
        hs.Work(0)
    with pytest.raises(Exception, match="workers is at least 1"):
        hs.Work(2, workers=0)


@pytest.mark.slow
def test_local_workers_give_the_same_integers():
    assert both(hs.Work(3, workers=2)) == both(hs.Work(1))


@pytest.mark.slow
def test_a_dask_cluster_gives_the_same_integers():
    distributed = pytest.importorskip("distributed", reason="the [distributed] extra is not installed")
    here = both(hs.Work(1))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) \
            as cluster:
        there = both(hs.Work(4, scheduler=cluster.scheduler_address))
    assert there == here


@pytest.mark.slow
def test_the_command_line_sends_exact_chunks_to_a_scheduler(cli, monkeypatch):
    monkeypatch.setenv("ODDSCALC_SCHEDULER_TIMEOUT", "1")     # nothing answers at port 9: no need to wait 10 s
    # an exact count's --workers and --scheduler are its family's own inputs: an unreachable
    # scheduler is one line before any counting, and an exact game without chunks still refuses them
    # (a variant of the table: the shipped one's solution may be kept from an earlier test, and a kept
    # solution is not counted again, wherever it was asked to run)
    bad = cli("analyze", "ultimate-texas-holdem", "--rule", "tie_break=wager_less", "--scheduler",
              "tcp://127.0.0.1:9")
    assert bad.status == 2 and bad.out == "" and bad.err.count("\n") == 1 and "cannot reach" in bad.err
    assert cli("analyze", "caribbean-stud", "--workers", "2").refused("does not apply")
