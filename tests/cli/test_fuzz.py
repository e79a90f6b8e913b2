"""Fuzzing the command line in process: random strings and structured mutations of cards, payouts,
seats, rules, table files and counts files.  The property, for every input: exit 0 (or 1 for a
verdict) with output and nothing on stderr, or exit 2 with one line on stderr and nothing on
stdout — never a traceback, nothing written, never more than a few seconds.

Bounded (a fixed number of examples, derandomized) so the whole file stays a few seconds in CI.
"""
import json
import os
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FUZZ = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
SECONDS = 10

# characters users type, and some they should not
CARD_TEXT = st.text(alphabet="AKQJT98765432akqjtcdhs10 ,♠♥♦♣Xx٦²-/", max_size=24)
NUMBER_TEXT = st.one_of(
    st.text(alphabet="0123456789.-+eE/%٦²", max_size=14),
    st.sampled_from(["1e1000000000", "1e-1000000000", "0/0", "1/0", "-0", "nan", "inf", "1e308", "3/2", "1.5",
                     "10**400", "9" * 60, "", " ", "none",
                     # issue 17: every shape of a non-number, and numbers in a shape once misread
                     "five", "True", "None", "1e", "e5", "1e99", "+3", "1_000", "½", "١٢", "３", "0x10", "3/2/1",
                     "1.2.3", "\u00a03", "3\n4", "3 / 2", ".", "-", "1e-5", "1E+2"]),
)
# text that is no number at all: a refusal must say "not a number", never "out of range"
WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzTNE", min_size=1, max_size=10).filter(
    lambda word: word.lower() != "none")
SEAT_TEXT = st.text(alphabet="0123456789,; -١٢", max_size=16)


def assert_clean(result, seconds, before, after):
    assert "Traceback" not in result.err
    if result.status == 2:
        assert result.out == "" and result.err.startswith("oddscalc: error: ") and result.err.count("\n") == 1
    else:
        assert result.status in (0, 1) and result.out and result.err == ""
    assert after == before
    assert seconds < SECONDS


def run(cli, folder, *args):
    before = sorted(os.listdir(folder))
    start = time.monotonic()
    result = cli(*args)
    assert_clean(result, time.monotonic() - start, before, sorted(os.listdir(folder)))
    return result


@pytest.mark.slow
@FUZZ
@given(cards=CARD_TEXT)
def test_cards(cli, tmp_path, monkeypatch, cards):
    monkeypatch.chdir(tmp_path)
    run(cli, tmp_path, "rank", cards)
    run(cli, tmp_path, "decide", "three-card-poker", "--hand", cards)
    run(cli, tmp_path, "decide", "caribbean-fast-poker", "--hand", "Qh 6d 4s", "--up", cards, "--rule",
        "dealer_upcards=1")


@FUZZ
@given(category=st.sampled_from(["flush", "royal-flush", "pair", "two-pair", "bonus.flush", "x.y", "", "flush="]),
       value=NUMBER_TEXT)
@pytest.mark.slow
def test_payouts_and_rules(cli, tmp_path, monkeypatch, category, value):
    monkeypatch.chdir(tmp_path)
    run(cli, tmp_path, "analyze", "five-plus-one-bonus", "--pay", f"{category}={value}")
    run(cli, tmp_path, "analyze", "three-card-poker", "--rule", f"play_stake={value}")
    run(cli, tmp_path, "analyze", "fast-poker", "--bonus", value, "--format", "json")
    run(cli, tmp_path, "sweep", "five-plus-one-bonus", "--vary", f"flush={value}")


@pytest.mark.slow
@FUZZ
@given(value=st.one_of(NUMBER_TEXT, WORDS))
def test_number_refusals_say_what_is_wrong(cli, tmp_path, monkeypatch, value):
    """A word is "not a number", and only a real exponent beyond ±18 is "out of range"."""
    monkeypatch.chdir(tmp_path)
    for args in (("analyze", "five-plus-one-bonus", "--pay", f"flush={value}"),
                 ("analyze", "fast-poker", "--bonus", value),
                 ("analyze", "five-plus-one-bonus", "--max-seconds", value)):
        result = run(cli, tmp_path, *args)
        if result.status != 2:
            continue
        if "out of range" in result.err:
            assert any(char in value for char in "eE") and any(char.isdigit() for char in value), result.err
        if value.strip() and value.isalpha() and value.lower() != "none":
            assert "is not a number" in result.err and "out of range" not in result.err, result.err


PAY_FORM = st.text(alphabet="flush.=-3/ \n", max_size=12)


@pytest.mark.slow
@FUZZ
@given(pay=PAY_FORM, rule=st.text(alphabet="tie=s.push \n", max_size=10))
def test_pay_and_rule_forms(cli, tmp_path, monkeypatch, pay, rule):
    """Any --pay or --rule text is read or refused in one line; an empty table name is never the main one."""
    monkeypatch.chdir(tmp_path)
    result = run(cli, tmp_path, "analyze", "five-plus-one-bonus", "--pay", pay)
    if pay.strip().startswith(".") and result.status == 0:
        raise AssertionError(f"--pay {pay!r} was read as the main paytable")
    run(cli, tmp_path, "analyze", "five-plus-one-bonus", "--rule", rule)


HOLE_TEXT = st.text(alphabet="123:AsKdQcJc7h2 ,;x", max_size=20)


@pytest.mark.slow
@FUZZ
@given(hole=HOLE_TEXT)
def test_hole_card_syntax(cli, tmp_path, monkeypatch, hole):
    """The hole-card parser names the mistake: never "got 0 cards" for a seat whose cards ran on."""
    monkeypatch.chdir(tmp_path)
    result = run(cli, tmp_path, "fast-action", "odds", "--seats", "1,2,3", "--hole", hole,
                 "--board", "Ah Kh 9c 9d 3s", "--exact-limit", "100000", "--samples", "200")
    assert "got 0" not in result.err, result.err


@pytest.mark.slow
@FUZZ
@given(seats=SEAT_TEXT, bettors=SEAT_TEXT)
def test_seats(cli, tmp_path, monkeypatch, seats, bettors):
    monkeypatch.chdir(tmp_path)
    run(cli, tmp_path, "fast-action", "odds", "--seats", seats, "--bettors", bettors, "--hole", "1:AsKd 2:7h7c",
        "--board", "Qs Jd 2c 9h Kh", "--exact-limit", "100000", "--samples", "200")


TABLE_KEYS = st.sampled_from(["name", "title", "engine", "unit", "main_paytable", "rules", "paytables", "flush",
                              "paytables.play", "paytables.play.pays", "paytables.pair-plus.pays", "paytables.pay",
                              "rules.dealer_qualifies", "rules.play_stake", "rules.side_bets", "rules.flush_counts",
                              "rules.category_order", "rules.dealer_upcards"])
TOML_VALUES = st.one_of(st.integers(-5, 10 ** 6), st.sampled_from(['"Q 3 2"', '"none"', '"3/2"', "1e400", "true",
                                                                   '["pair"]', '"x"', "1.5", "-1", "{}"]))


@FUZZ
@given(entries=st.lists(st.tuples(TABLE_KEYS, st.sampled_from(["pair", "flush", "straight", "value"]), TOML_VALUES),
                        max_size=4))
@pytest.mark.slow
def test_table_file_mutations(cli, tmp_path, monkeypatch, entries):
    monkeypatch.chdir(tmp_path)
    lines = []
    for section, key, value in entries:
        lines += [f"[{section}]" if "." in section or section in ("rules", "paytables") else "", f"{key} = {value}"]
    table = tmp_path / "mine.toml"
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run(cli, tmp_path, "analyze", "three-card-poker", "--table", "mine.toml")


COUNT_VALUES = st.one_of(st.integers(-3, 10 ** 20), st.sampled_from(["x", "²", "10**400", "", "1.5", None, True]))


@FUZZ
@given(rows=st.lists(st.tuples(st.sampled_from(["lose", "win-flush", "push", "fold", "", "nope", "lose"]),
                               COUNT_VALUES), max_size=5),
       as_json=st.booleans(), nest=st.integers(0, 3))
@pytest.mark.slow
def test_counts_file_mutations(cli, tmp_path, monkeypatch, rows, as_json, nest):
    monkeypatch.chdir(tmp_path)
    if as_json:
        body = {"outcomes": [{"outcome": name, "count": count} for name, count in rows]}
        text = "[" * nest + json.dumps(body) + "]" * nest
        name = "c.json"
    else:
        text = "outcome,count\n" + "".join(f"{name},{count}\n" for name, count in rows)
        name = "c.csv"
    (tmp_path / name).write_text(text, encoding="utf-8")
    run(cli, tmp_path, "check", "five-plus-one-bonus", "--counts", name)
