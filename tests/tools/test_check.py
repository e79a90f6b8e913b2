"""check: simulator counts against the exact distribution — accepts right simulators, rejects wrong ones."""
import csv
import io
import json
import math
import random
from fractions import Fraction

import pytest

import oddscalc
from oddscalc._native.stud import payout_class_of
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import five_card_strength
from oddscalc.engines.base import engine_of, load
from oddscalc.engines.stud.counts import PAYOUT_CLASSES
from oddscalc.engines.stud.rules import StudRules
from oddscalc.report.render import render
from oddscalc.tools.check import (
    check_counts,
    check_file,
    chi_square_cells,
    chi_square_p_value,
    normal_quantile,
    two_sided_p_value,
)
from oddscalc.tools.counts_file import Counts, counts_report, parse_counts, read_counts
from oddscalc.tools.simulation import simulate

STRATEGY = "ace-king"        # call with A-K-4-3-2 or better: simple enough for a Python simulator


@pytest.fixture(scope="module")
def game():
    return load("caribbean-stud")


@pytest.fixture(scope="module")
def reference(game):
    return engine_of(game).analyze(game, STRATEGY)


def python_simulator(game, rounds, seed, ante_paid_when_dealer_wins=False, dealer_always_qualifies=False):
    """An independent, slow simulator: counts per outcome, the net it paid per outcome, and its total net.

    The two flags are deliberate bugs: paying the Ante (not losing it) when a qualifying dealer wins,
    and letting the dealer qualify with any hand."""
    rules = StudRules.of(game)
    threshold = five_card_strength((48, 45, 8, 4, 1))          # A K 4 3 2
    pays = game.paytable()
    rng = random.Random(seed)
    counts, nets, total = {}, {}, Fraction(0)
    for _ in range(rounds):
        cards = rng.sample(range(52), 10)
        player = five_card_strength(cards[:5])
        if player < threshold:
            outcome, net = "fold", Fraction(-1)
        else:
            dealer = five_card_strength(cards[5:])
            if dealer < rules.qualify_strength and not dealer_always_qualifies:
                outcome, net = "dealer-not-qualify", Fraction(1)
            elif dealer > player:
                outcome, net = "lose", Fraction(1 - 2 if ante_paid_when_dealer_wins else -3)
            elif dealer == player:
                outcome, net = "push", Fraction(0)
            else:
                category = PAYOUT_CLASSES[payout_class_of(player)]
                outcome, net = f"win-{category}", 1 + 2 * pays.pay(category)
        counts[outcome] = counts.get(outcome, 0) + 1
        nets[outcome] = net
        total += net
    return Counts(game.name, counts, STRATEGY, seed, nets, None, total)


@pytest.mark.slow
def test_accepts_the_builtin_simulator(game):
    counts = simulate(game, 200_000, seed=77)
    result = check_counts(engine_of(game).analyze(game), counts)
    assert result.passed and result.verdict.startswith("PASS")
    low, high = result.confidence_interval
    assert low < float(result.exact_return) < high


@pytest.mark.slow
def test_accepts_a_correct_independent_simulator(game, reference):
    result = check_counts(reference, python_simulator(game, 40_000, seed=1))
    assert result.passed, result.verdict


@pytest.mark.slow
def test_rejects_a_simulator_that_pays_the_ante_when_a_qualifying_dealer_wins(game, reference):
    counts = python_simulator(game, 40_000, seed=1, ante_paid_when_dealer_wins=True)
    result = check_counts(reference, counts)
    assert not result.passed and result.verdict.startswith("FAIL")
    assert any("'lose' is paid -1 per unit, the rules pay -3" in p for p in result.problems)
    # the same bug seen through the simulator's total net alone (no net per outcome)
    bare = Counts(counts.game, counts.counts, STRATEGY, None, {}, None, counts.total_net)
    result = check_counts(reference, bare)
    assert not result.passed and "observed return" in result.verdict and result.return_z > 10


@pytest.mark.slow
def test_rejects_wrong_frequencies_by_chi_square(game, reference):
    counts = python_simulator(game, 40_000, seed=2, dealer_always_qualifies=True)
    counts = Counts(counts.game, counts.counts, STRATEGY)          # counts only
    result = check_counts(reference, counts)
    assert not result.passed and result.p_value < 1e-10


@pytest.mark.slow
def test_the_optimal_reference_rejects_counts_of_another_strategy(game):
    counts = simulate(game, 200_000, seed=4, strategy="always")
    assert check_counts(engine_of(game).analyze(game, "always"), counts).passed
    assert not check_counts(engine_of(game).analyze(game), counts).passed


def test_impossible_and_unknown_outcomes(game):
    analysis = engine_of(game).analyze(game, "always")             # always calling never folds
    result = check_counts(analysis, {"fold": 1, "lose": 999})
    assert not result.passed and "cannot happen" in result.verdict
    with pytest.raises(InputError, match="not an outcome"):
        check_counts(analysis, {"win-a-lot": 3})


def test_statistics_from_mpmath_match_closed_forms():
    for x in (0.5, 2.0, 7.3):
        assert chi_square_p_value(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12)
        assert two_sided_p_value(x) == pytest.approx(math.erfc(x / math.sqrt(2)), rel=1e-12)
    assert normal_quantile(0.5) == 0
    assert two_sided_p_value(normal_quantile(0.995)) == pytest.approx(0.01, rel=1e-9)


def test_rare_outcomes_are_pooled(reference):
    counts = {row.outcome: round(1000 * reference.probability(row)) for row in reference.outcomes}
    result = check_counts(reference, counts)
    assert "win-royal-flush" in result.pooled
    cells, _ = chi_square_cells(result.rows)
    assert all(expected >= 5 for _observed, expected in cells)
    assert result.degrees_of_freedom == len(cells) - 1


# --- the counts file ------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_counts_file_round_trip_and_check_file(game, tmp_path, fmt):
    counts = simulate(game, 50_000, seed=8, strategy="pair-plus")
    nets = {row.outcome: row.net for row in engine_of(game).analyze(game, "pair-plus").outcomes}
    path = tmp_path / f"counts.{fmt}"
    path.write_text(render(counts_report(counts, nets, "t"), fmt))
    result = check_file(game, path)                       # the strategy comes from the file
    assert result.strategy == "pair-plus" and result.rounds == 50_000 and result.passed


def test_counts_file_formats():
    plain = parse_counts('{"outcomes": {"fold": 3, "lose": 1}, "total_net": "-6"}', "x.json")
    assert plain.counts == {"fold": 3, "lose": 1} and plain.total_net == -6
    # the CSV as simulate writes it (the settings as columns, one value on every row), in any column order,
    # and as older versions wrote it (the settings in a comment line): the same counts
    new = ("game,strategy,seed,total_net,outcome,count,net\ncaribbean-stud,always,3,7/2,lose,2,-3\n"
           "caribbean-stud,always,3,7/2,push,1,\n")
    moved = ("net,outcome,count,seed,strategy,game,total_net\n-3,lose,2,3,always,caribbean-stud,7/2\n"
             ",push,1,3,always,caribbean-stud,7/2\n")
    old = "# game=caribbean-stud strategy=always seed=3 total_net=7/2\noutcome,count,net\nlose,2,-3\npush,1,\n"
    for text in (new, moved, old):
        counts = parse_counts(text, "x.csv")
        assert (counts.game, counts.strategy, counts.seed, counts.total_net) == ("caribbean-stud", "always", 3,
                                                                                 Fraction(7, 2))
        assert counts.counts == {"lose": 2, "push": 1} and counts.nets == {"lose": -3}
    # an empty setting column gives nothing (pandas writes a missing value so); old files' %-encoded strategies
    blank = parse_counts("seed,game,outcome,count\n,,lose,2\n", "x.csv")
    assert (blank.game, blank.seed, blank.strategy) == ("", None, "optimal")
    assert parse_counts("# strategy=pair+;%20K-9-2+\noutcome,count\nlose,2\n", "x.csv").strategy == "pair+; K-9-2+"


# Every bad counts file is refused by the one reader, with a message naming the file and what is wrong.
@pytest.mark.parametrize("name, text, message", [
    ("x.csv", "outcome,count\nfold,-1\n", "'fold' has the count -1, which is negative (counts are 0 or more)"),
    ("x.csv", "outcome,count\nfold,1\nfold,2\n", "outcome 'fold' appears twice"),
    ("x.csv", "outcome,count\nfold,1\n fold ,2\n", "outcome 'fold' appears twice"),
    ("x.csv", "outcome,number\nfold,1\n", "the header must be 'outcome,count' or 'outcome,count,net', with any "
                                          "of the columns game, strategy, seed, total_net (in any order), got "
                                          "'outcome,number'"),
    ("x.csv", "game,outcome,count,net,x\ng,fold,1,2,3\n", "the header must be"),
    ("x.csv", "outcome,count,Count\nfold,1,2\n", "the header names the column 'count' twice"),
    ("x.csv", "seed,outcome,count\n1,fold,1\n1,lose,1\n2,push,1\n",
     "line 4: 'seed' is '2', but '1' on line 2 (a counts file is one run: one value on every row)"),
    ("x.csv", "# seed=1\nseed,outcome,count\n1,fold,1\n", "'seed' is set both by a comment and by a column"),
    ("x.csv", "seed,outcome,count\n-1,fold,1\n", "'seed' is -1, which is negative"),
    ("x.csv", "game,outcome,count\n\"a\nb\",fold,1\n", "'game' holds a line break or a non-printing character"),
    ("x.csv", "outcome,count\nfold,1,2\n", "line 2 has 3 fields, expected 2"),
    ("x.csv", "outcome,count\nfold,0\n", "every count is 0 (no rounds)"),
    ("x.csv", "outcome,count\n", "no outcome counts"),
    ("x.csv", "# just a comment\n\n", "no header row"),
    ("x.csv", "outcome,count,net\nlose,1,x\n", "'lose': net: 'x' is not a number"),
    ("x.csv", 'outcome,count\n"lose\nwin-flush",5\n', "the outcome name 'lose\\nwin-flush' holds a line break"),
    ("x.csv", 'outcome,count\n"lo\x00se",5\n', "holds a line break or a non-printing character"),
    ("x.csv", 'outcome,count\n"lo\u2028se",5\n', "'lo\\u2028se' holds a line break or a non-printing character"),
    ("x.csv", 'outcome,count\n"lose\n', "malformed CSV (unexpected end of data)"),
    ("x.csv", "outcome,count\nLose,5\n", "'Lose' is not an outcome name (names are lowercase words joined by "
                                         "hyphens, such as 'dealer-not-qualify'; did you mean 'lose'?)"),
    ("x.csv", "outcome,count\nwin flush,5\n", "did you mean 'win-flush'?"),
    ("x.csv", "outcome,count\nfold,5.5\n", "'fold' has the count '5.5', not an integer"),
    ("x.csv", "outcome,count\nfold,5.0\n", "'fold' has the count '5.0', not an integer"),
    ("x.csv", "outcome,count\nfold,3/2\n", "'fold' has the count '3/2', not an integer"),
    ("x.csv", "outcome,count\nfold,True\n", "'fold' has the count 'True', not a whole number"),
    ("x.csv", "outcome,count\nfold,nan\n", "'fold' has the count 'nan', not a whole number"),
    ("x.csv", "outcome,count\nfold,١٢\n", "'fold' has the count '١٢', not a whole number"),
    ("x.csv", "outcome,count\nfold,1" + "0" * 5000 + "\n",
     "'fold' has the count '100000000000…' (5001 digits), more than any simulation plays (at most 10^15 rounds)"),
    ("x.csv", "outcome,count\nfold,1000000000000001\n", "1000000000000001, more than any simulation plays"),
    ("x.csv", "outcome,count\nfold,600000000000000\nlose,600000000000000\n",
     "1200000000000000 rounds in all, more than any simulation plays"),
    ("x.csv", "# seed=1 seed=2\noutcome,count\nfold,5\n", "line 1: the comments set 'seed' twice"),
    ("x.csv", "# seed=-1\noutcome,count\nfold,5\n", "'seed' is -1, which is negative"),
    ("x.csv", "# seed=18446744073709551616\noutcome,count\nfold,5\n", "out of range (0 to 2^64 - 1)"),
    ("x.csv", "# game=a%0Ab\noutcome,count\nfold,5\n",
     "'game' holds a line break or a non-printing character: 'a\\nb'"),
    ("x.csv", "# total_net=1e400\noutcome,count\nfold,5\n", "'total_net': '1e400' is out of range"),
    ("x.json", '{"outcomes": {"lose": 5, "lose": 900}}', "the key 'lose' appears twice in one JSON object"),
    ("x.json", '{"outcomes": {"lose": 5}, "outcomes": {"lose": 6}}', "the key 'outcomes' appears twice"),
    ("x.json", '{"outcomes": [{"outcome": "lose", "count": 3, "count": 5}]}', "the key 'count' appears twice"),
    ("x.json", '{"outcomes": [{"outcome": "lose", "count": 3}, {"outcome": "lose", "count": 5}]}',
     "outcome 'lose' appears twice"),
    ("x.json", '{"outcomes": {"lose": 5}, "seed": 1, "seed": 2}', "the key 'seed' appears twice"),
    ("x.json", "5", "expected a JSON object of outcome counts, got a number"),
    ("x.json", "5.5", "expected a JSON object of outcome counts, got a number"),
    ("x.json", "null", "expected a JSON object of outcome counts, got null"),
    ("x.json", '"fold,5"', "expected a JSON object of outcome counts, got a string"),
    ("x.json", "[1, 2]", "expected a JSON object of outcome counts, got a list"),
    ("x.json", "true", "expected a JSON object of outcome counts, got a boolean"),
    ("x", "  5\n", "expected a JSON object of outcome counts, got a number"),
    ("x", "\ufeff[]", "expected a JSON object of outcome counts, got a list"),
    ("x.json", "", "malformed JSON"),
    ("x.json", "{not json", "malformed JSON"),
    ("x.json", "[" * 100_000 + "]" * 100_000, "the JSON nests too deeply"),
    ("x.json", '{"fold": 5}', "expected a JSON object with 'outcomes'"),
    ("x.json", '{"outcomes": [1, 2]}', "'outcomes' item 1 must be an object with 'outcome' and 'count', got a number"),
    ("x.json", '{"outcomes": [{"outcome": "fold"}]}', "'outcomes' item 1 must be an object with 'outcome' and "
                                                      "'count', got an object without them"),
    ("x.json", '{"outcomes": "fold"}', "'outcomes' must map outcomes to counts"),
    ("x.json", '{"outcomes": {"fold": 2}, "rounds": 3}', "'rounds' is 3 but the counts add up to 2"),
    ("x.json", '{"outcomes": {"fold": 2}, "rouds": 2}', "unknown key 'rouds' (did you mean 'rounds'?)"),
    ("x.json", '{"outcomes": [{"outcome": "fold", "count": 2, "nett": 1}]}',
     "'outcomes' item 1: unknown key 'nett' (did you mean 'net'?)"),
    ("x.json", '{"outcomes": {"fold": 5.5}}', "'fold' has the count 5.5, not an integer"),
    ("x.json", '{"outcomes": {"fold": "5.5"}}', "'fold' has the count '5.5', not an integer"),
    ("x.json", '{"outcomes": {"fold": 5.0}}', "'fold' has the count 5.0, not an integer"),
    ("x.json", '{"outcomes": {"fold": 1e400}}', "'fold' has the count 1e400, not an integer"),
    ("x.json", '{"outcomes": {"fold": true}}', "'fold' has the count true (a boolean), not a whole number"),
    ("x.json", '{"outcomes": {"fold": null}}', "'fold' has the count null, not a whole number"),
    ("x.json", '{"outcomes": {"fold": [5]}}', "'fold' has the count a list, not a whole number"),
    ("x.json", '{"outcomes": {"fold": -5}}', "'fold' has the count -5, which is negative"),
    ("x.json", '{"outcomes": {"fold": NaN}}', "NaN is not a JSON number"),
    ("x.json", '{"outcomes": {"fold": -Infinity}}', "-Infinity is not a JSON number"),
    ("x.json", '{"outcomes": {"fold": 1' + "0" * 5000 + "}}",
     "'fold' has the count 100000000000…(5001 digits), more than any simulation plays"),
    ("x.json", '{"outcomes": {"fold": 5}, "total_net": 1' + "0" * 5000 + "}", "'total_net'"),
    ("x.json", '{"outcomes": {"": 5}}', "an outcome has no name"),
    ("x.json", '{"outcomes": [{"outcome": 7, "count": 5}]}', "outcome names must be strings, got 7"),
    ("x.json", '{"outcomes": {"lose\\nwin": 5}}', "the outcome name 'lose\\nwin' holds a line break"),
    ("x.json", '{"outcomes": {"\\ud800": 5}}', "the outcome name '\\ud800' holds a line break"),
    ("x.json", '{"outcomes": {"fold": 5}, "game": 5}', "'game' must be a string, got 5"),
    ("x.json", '{"outcomes": {"fold": 5}, "strategy": "a\\nb"}', "'strategy' holds a line break"),
    ("x.json", '{"outcomes": {"fold": 5}, "seed": 1.5}', "'seed' is 1.5, not an integer"),
    ("x.json", '{"outcomes": {"fold": 5}, "seed": true}', "'seed' is true (a boolean)"),
    ("x.json", '{"outcomes": [{"outcome": "fold", "count": 5, "net": true}]}', "net: expected a number"),
    ("x.json", '{"outcomes": [{"outcome": "fold", "count": 5, "net": "1\\n2"}]}', "got '1\\n2'"),
], ids=lambda value: value[:40])
def test_bad_counts_files(name, text, message):
    with pytest.raises(InputError) as caught:
        parse_counts(text, name)
    assert str(caught.value).startswith(f"counts file {name}: ") and message in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("text", [
    "\ufeffoutcome,count\nfold,3\nlose,1\n",                                 # a byte order mark
    "\ufeff{\"outcomes\": {\"fold\": 3, \"lose\": 1}}",
    "outcome,count\r\nfold,3\r\nlose,1\r\n",                               # Windows line ends
    '"outcome","count"\n"fold","3"\n"lose","1"\n',                         # every field quoted
    "OUTCOME, Count\nfold, 3\n lose ,1\n",
    '  \n {"outcomes": [{"outcome": "fold", "count": 3}, {"outcome": "lose", "count": "1", "net": null}]}',
    '{"outcomes": {"fold": 3, "lose": 1, "push": 0}, "rounds": 4, "game": null, "seed": null}',
])
def test_good_counts_files_in_every_spelling(text):
    for name in ("x.csv" if not text.lstrip("\ufeff \n").startswith("{") else "x.json", "x"):
        counts = parse_counts(text, name)
        assert {k: v for k, v in counts.counts.items() if v} == {"fold": 3, "lose": 1}


def test_json_nets_are_read_exactly():
    counts = parse_counts('{"outcomes": [{"outcome": "lose", "count": 2, "net": 0.1}], "total_net": 0.2}', "x")
    assert counts.nets == {"lose": Fraction(1, 10)} and counts.total_net == Fraction(1, 5)


def test_the_format_is_told_by_content_then_by_suffix():
    # a JSON document in a .csv file is still JSON; a suffix-less JSON number is JSON, not a bad header
    assert parse_counts('{"outcomes": {"fold": 2}}', "x.csv").counts == {"fold": 2}
    with pytest.raises(InputError, match="got a number"):
        parse_counts("5", "counts")
    with pytest.raises(InputError, match="the header must be"):
        parse_counts("5", "x.csv")


# The Python API refuses what a file would be refused for, in its own terms (no command-line flags).
@pytest.mark.parametrize("counts, message", [
    ({"win-flush": 5.5, "lose": 3}, "the counts: 'win-flush' has the count 5.5, not an integer"),
    ({"win-flush": "5.5", "lose": 3}, "the counts: 'win-flush' has the count '5.5', not an integer"),
    ({"lose": 5.0}, "the counts: 'lose' has the count 5.0, not an integer"),
    ({"lose": 10 ** 5000}, "the counts: 'lose' has the count 100000000000…(about 5001 digits), more than any "
                           "simulation plays (at most 10^15 rounds)"),
    ({"lose": 10 ** 16}, "10000000000000000, more than any simulation plays"),
    ({"lose": True, "win-flush": 4}, "the counts: 'lose' has the count True (a boolean), not a whole number"),
    ({"lose": float("nan")}, "the counts: 'lose' has the count nan, not an integer"),
    ({"lose": float("inf")}, "the counts: 'lose' has the count inf, not an integer"),
    ({"lose": -1, "win-flush": 5}, "the counts: 'lose' has the count -1, which is negative"),
    ({"lose": None}, "the counts: 'lose' has the count None, not a whole number"),
    ({"lose": Fraction(5)}, "the counts: 'lose' has the count 5 (a Fraction), not an integer"),
    ({1: 4}, "the counts: outcome names must be strings, got 1"),
    ({None: 4}, "the counts: outcome names must be strings, got None"),
    ({"lose\n": 4}, "the counts: the outcome name 'lose\\n' holds a line break or a non-printing character"),
    ({}, "the counts: no outcome counts"),
    ({"lose": 0, "win-flush": 0}, "the counts: every count is 0 (no rounds)"),
    ({"lose": 1}, "the counts: 1 round in all; a check needs at least 2"),
    ({"los": 5}, "the counts: 'los' is not an outcome of five-plus-one-bonus (did you mean 'lose'?)"),
    ({"zzz": 5}, "the counts: 'zzz' is not an outcome of five-plus-one-bonus (expected one of: win-royal-flush"),
    ([("lose", 5)], "the counts must be a mapping of outcome names to counts, a Counts or a counts file's path, "
                    "got a list"),
    (Counts("five-plus-one-bonus", {"lose": 2.5}), "the counts: 'lose' has the count 2.5, not an integer"),
    (Counts("five-plus-one-bonus", {"lose": 5}, nets={"lose": float("nan")}), "'lose': net: 'nan' is not a finite"),
    (Counts("five-plus-one-bonus", {"lose": 5}, nets={"win-flush": 1}), "a net is given for 'win-flush', which "
                                                                         "has no count"),
    (Counts("five-plus-one-bonus", {"lose": 5}, total_net=Fraction(10 ** 50)), "'total_net'"),
    (Counts("caribbean-stud", {"lose": 5}), "the counts are for 'caribbean-stud', not 'five-plus-one-bonus'"),
    (Counts("a\nb", {"lose": 5}), "'game' holds a line break or a non-printing character: 'a\\nb'"),
    ("a\x00b.csv", "counts file 'a\\x00b.csv': the path holds a control character"),
    ("no-such-counts.csv", "counts file: no such file: no-such-counts.csv"),
])
def test_api_check_refuses_bad_counts(counts, message):
    with pytest.raises(InputError) as caught:
        oddscalc.check("five-plus-one-bonus", counts)
    assert message in str(caught.value) and "--" not in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("kwargs, message", [
    ({"alpha": 2}, "must be at least 1e-12 and below 1, got 2"),
    ({"alpha": 0}, "must be at least 1e-12 and below 1, got 0"),
    ({"alpha": True}, "True"),
    ({"alpha": float("nan")}, "'nan' is not a finite number"),
    ({"strategy": 5}, "5"),
    ({"strategy": ""}, "strategy"),
])
def test_api_check_refuses_bad_options(kwargs, message):
    with pytest.raises(InputError) as caught:
        oddscalc.check("five-plus-one-bonus", {"lose": 900, "win-flush": 100}, **kwargs)
    text = str(caught.value)
    assert message in text and next(iter(kwargs)) in text and "--" not in text and "\n" not in text


def test_api_check_takes_integer_types_and_digit_text():
    class Count:                        # an integer type such as numpy's int64
        def __index__(self):
            return 950
    result = oddscalc.check("five-plus-one-bonus", {"lose": Count(), "win-flush": "50"})
    assert result.result.rounds == 1000 and not result.passed


@pytest.mark.slow
def test_cli_check_pass_and_fail(cli, game, tmp_path):
    good = tmp_path / "good.csv"
    assert cli("simulate", "caribbean-stud", "--rounds", "100000", "--seed", "5", "--output", good).status == 0
    result = cli("check", "caribbean-stud", "--counts", good, "--format", "json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert data["passed"] and data["strategy"] == "optimal" and data["rounds"] == 100000
    bad = tmp_path / "bad.csv"
    rows = list(csv.DictReader(io.StringIO(good.read_text())))
    next(row for row in rows if row["outcome"] == "lose")["net"] = "-1"     # the simulator paid the Ante on a loss
    with bad.open("w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    result = cli("check", "caribbean-stud", "--counts", bad)
    assert result.status == 1 and "FAIL" in result.out and "the rules pay -3" in result.out


@pytest.mark.parametrize("args, message", [
    (("--counts", "missing.csv"), "counts file: no such file: missing.csv"),
    (("--counts", "c.csv", "--alpha", "2"), "--alpha must be at least 1e-12 and below 1, got 2"),
    (("--counts", "dup.json"), "counts file dup.json: the key 'lose' appears twice in one JSON object"),
    (("--counts", "five.json"), "counts file five.json: expected a JSON object of outcome counts, got a number"),
    (("--counts", "name.csv"), "counts file name.csv: the outcome name 'lose\\nwin-flush' holds a line break"),
    (("--counts", "half.csv"), "counts file half.csv: 'fold' has the count '5.5', not an integer"),
    ((), "--counts"),
])
def test_cli_check_bad_input(cli, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.csv").write_text("outcome,count\nfold,5\nlose,5\n")
    (tmp_path / "dup.json").write_text('{"outcomes": {"lose": 5, "fold": 4, "lose": 900}}')
    (tmp_path / "five.json").write_text("5")
    (tmp_path / "name.csv").write_text('outcome,count\nfold,5\n"lose\nwin-flush",5\n')
    (tmp_path / "half.csv").write_text("outcome,count\nfold,5.5\nlose,5\n")
    result = cli("check", "caribbean-stud", *args)
    assert result.refused(message), result.err


def test_cli_check_reads_the_counts_files_of_this_version_and_of_older_ones(cli, tmp_path):
    new = tmp_path / "new.csv"
    assert cli("simulate", "three-card-poker", "--rounds", "3000", "--seed", "4", "--strategy", "pair+; K-9-2+",
               "--output", new).status == 0
    rows = list(csv.DictReader(io.StringIO(new.read_text())))
    assert {(row["game"], row["strategy"], row["seed"]) for row in rows} == {("three-card-poker", "pair+; K-9-2+", "4")}
    old = tmp_path / "old.csv"                   # as simulate wrote it before: the settings in a comment
    old.write_text("# oddscalc counts game=three-card-poker strategy=pair+;%20K-9-2+ seed=4\noutcome,count,net\n"
                   + "".join(f"{row['outcome']},{row['count']},{row['net']}\n" for row in rows))
    checked = [json.loads(cli("check", "three-card-poker", "--counts", path, "--format", "json").out)
               for path in (new, old)]
    assert checked[0] == checked[1] and checked[0]["passed"] and checked[0]["strategy"] == "pair+; K-9-2+"
    assert read_counts(old) == read_counts(new)


def test_cli_check_refuses_counts_of_another_game(cli, tmp_path):
    path = tmp_path / "c.csv"
    path.write_text("# game=live-caribbean-stud\noutcome,count\nfold,5\n")
    result = cli("check", "caribbean-stud", "--counts", path)
    assert result.status == 2 and "not 'caribbean-stud'" in result.err
