"""``check --wager KEY``: a side bet's own simulator is checked against that wager's exact
distribution (issue 21, item 3, in part).  A plain Pair Plus simulator written here passes; one
that pays a straight as a flush fails; a wager the game does not have is refused naming its wagers."""
import json
import random
from collections import Counter

import pytest

import oddscalc

TCP = "three-card-poker"
# the Pair Plus outcome names of the analysis, by the three-card category oddscalc.rank gives
NAMES = {"high-card": "lose", "pair": "win-pair", "flush": "win-flush", "straight": "win-straight",
         "three-of-a-kind": "win-three-of-a-kind", "straight-flush": "win-straight-flush"}


def pair_plus_counts(rounds, seed, wrong=False):
    rng = random.Random(seed)
    tally = Counter()
    for _ in range(rounds):
        category = oddscalc.rank(rng.sample(range(52), 3), game=TCP).category
        if wrong and category == "straight":
            category = "flush"
        tally[NAMES[category]] += 1
    return dict(tally)


@pytest.mark.slow
def test_a_side_bets_own_simulator_is_checked_against_that_wager():
    found = oddscalc.check(TCP, pair_plus_counts(30_000, 5), wager="pair-plus")
    assert found.passed, found.verdict
    assert found.to_dict()["wager"] == "pair-plus" and "wager pair-plus" in found.report.title
    assert not oddscalc.check(TCP, pair_plus_counts(30_000, 5, wrong=True), wager="pair-plus").passed


@pytest.mark.slow
def test_the_main_wager_is_the_default_and_a_missing_wager_is_refused(cli, tmp_path):
    with pytest.raises(oddscalc.InputError, match="is not an outcome"):
        oddscalc.check(TCP, pair_plus_counts(100, 1))              # Pair Plus names are not the main wager's
    with pytest.raises(oddscalc.InputError, match="no wager 'trips'.*pair-plus"):
        oddscalc.check(TCP, pair_plus_counts(100, 1), wager="trips")
    path = tmp_path / "pp.json"
    path.write_text(json.dumps({"game": TCP, "outcomes": pair_plus_counts(5000, 2)}))
    done = cli("check", TCP, "--counts", str(path), "--wager", "pair-plus")
    assert done.status == 0 and "PASS" in done.out
    assert cli("check", TCP, "--counts", str(path), "--wager", "nothing").refused("no wager 'nothing'")
