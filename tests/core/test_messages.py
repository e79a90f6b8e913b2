"""Refusals that tell the truth on one line: the echo of user text (core/errors.py), names, the
``--pay``/``--rule`` forms and the side bets of a game (core/gametable.py), a strategy file's
rules (core/strategies.py), the limits (core/budget.py) and a Markdown cell (report/render.py)."""
import re
from fractions import Fraction

import pytest

from oddscalc.core.budget import Limits, parse_limit
from oddscalc.core.errors import InputError, check_name, nearest, one_line, quoted, unknown
from oddscalc.core.gametable import _pay_parts, apply_pays
from oddscalc.core.strategies import file_rules, read_strategy
from oddscalc.engines.base import load
from oddscalc.report.model import Report, Table
from oddscalc.report.render import markdown_cell, render


@pytest.mark.parametrize("text, shown", [
    ("flush", "'flush'"), ("", "''"), ("a\nb", r"'a\nb'"), ("a\tb", r"'a\tb'"), ("a\x1b[31mb", r"'a\x1b[31mb'"),
    ("it's", '"it\'s"'), ("a\\b", r"'a\\b'"), ("\u202eab", r"'\u202eab'"), ("a\u00a0b", r"'a\xa0b'"),
    ("x" * 61, "'" + "x" * 60 + "…'"),
])
def test_quoted_shows_what_was_typed_on_one_line(text, shown):
    assert quoted(text) == shown


def test_every_input_error_is_one_line():
    for message in ("a\nb", "a\r\nb", "a\u2028b", "tab\there", "bell\x07", "c1\x85"):
        text = str(InputError(message))
        assert "\n" not in text and "\r" not in text and "\u2028" not in text and "\x07" not in text
        assert "\x85" not in text and text.startswith(message[:1])
    assert str(InputError("plain 'x' (ok)")) == "plain 'x' (ok)"
    assert one_line("a\nb") == "a\\nb"


def test_did_you_mean_suggests_valid_names_only():
    assert nearest("pair-pluss", ["pair-pluss", "pair-plus"]) == "pair-plus"
    assert nearest("pair-pluss", ["pair-pluss"]) is None
    message = str(unknown("paytable", "pair-plus", ["play", "pair-pluss", "pair-pluss"]))
    assert message == "unknown paytable 'pair-plus' (did you mean 'pair-pluss'?)"
    listed = str(unknown("paytable", "zzz", ["play", "bonus", "play"]))
    assert listed == "unknown paytable 'zzz' (expected one of: play, bonus)"
    assert str(unknown("class", "a\nb", ["ab"])) == r"unknown class 'a\nb' (did you mean 'ab'?)"


@pytest.mark.parametrize("name", ["pair-8-or-better", "six_card_bonus", "A1", "x" * 64])
def test_names_of_letters_digits_dashes_and_underscores(name):
    assert check_name(name, "class", "t") == name


@pytest.mark.parametrize("name", ["a|b", "a.b", "a b", "a\nb", "-x", "_x", "", "x" * 65, "pair+", "é", 3, None])
def test_other_names_are_refused(name):
    with pytest.raises(InputError, match="is not a name: use letters, digits, '-' and '_'") as refused:
        check_name(name, "class", "t")
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("text, parts", [
    ("flush=6", (None, "flush", "6")), (" pair-plus . flush = 3/2 ", ("pair-plus", "flush", "3/2")),
    ("flush=none", (None, "flush", "none")),
])
def test_pay_parts(text, parts):
    assert _pay_parts(text) == parts


@pytest.mark.parametrize("text, message", [
    ("flush", "--pay expects [PAYTABLE.]CATEGORY=VALUE"), ("=6", "no category before '='"),
    (" =6", "no category before '='"), ("flush=", "no value after '='"), ("flush= ", "no value after '='"),
    (".flush=6", "no paytable name before '.' (write flush=6 for the main paytable, or PAYTABLE.flush=6)"),
    (" . flush=6", "no paytable name before '.'"), ("flush.=6", "no category after '.'"),
    ("pair-plus.=6", "no category after '.'"), ("a.b.c=1", "'a.b.c' has more than one '.'"),
    ("..=1", "has more than one '.'"),
])
def test_pay_forms_with_a_missing_part_are_refused(text, message):
    with pytest.raises(InputError, match=re.escape(message)):
        _pay_parts(text)


def test_an_empty_paytable_name_is_not_the_main_paytable():
    game = load("caribbean-stud")
    with pytest.raises(InputError, match="unknown paytable ''"):
        game.paytable("")
    assert apply_pays(game, ["flush=3/2"]).paytable().pay("flush") == Fraction(3, 2)
    with pytest.raises(InputError, match="no paytable name before"):
        apply_pays(game, [".flush=6"])


def test_rules_overlays_need_a_rule_and_a_value():
    for rule, message in (("=3", "no rule before '='"), ("x=", "no value after '='"),
                          ("call_multiple= ", "no value after '='"), ("call_multiple", "expects KEY=VALUE")):
        with pytest.raises(InputError, match=re.escape(message)):
            load("caribbean-stud", rules=[rule])


@pytest.mark.parametrize("side_bets, message", [
    ('["pair-pluss"]', "rules.side_bets names the paytable 'pair-pluss', which the table does not have "
                       "(did you mean 'pair-plus'?)"),
    ('["pair-plus", "pair-plus"]', "rules.side_bets lists 'pair-plus' 2 times (give each once)"),
    ('["pair-plus", "six-card-bonus", "six-card-bonus"]', "rules.side_bets lists 'six-card-bonus' 2 times"),
    ('["play"]', "rules.side_bets names 'play', a paytable the game already uses in another role"),
    ('["nothing-like-it"]', "which the table does not have (the table has: play, ante-bonus, pair-plus, "
                            "six-card-bonus)"),
])
def test_side_bets_are_blamed_for_their_own_mistakes(tmp_path, side_bets, message):
    path = tmp_path / "t.toml"
    path.write_text(f"[rules]\nside_bets = {side_bets}\n")
    with pytest.raises(InputError, match=re.escape(message)) as refused:
        load("three-card-poker", table=path)
    assert "pair-pluss'?" not in str(refused.value)


def test_a_stud_side_bet_duplicate_is_refused(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text('[rules]\nside_bets = ["bad-beat", "bad-beat"]\n[paytables.bad-beat]\nhand = "showdown"\n'
                    'when = "player-loses"\n[paytables.bad-beat.pays]\nfull-house = 10\n')
    with pytest.raises(InputError, match=re.escape("rules.side_bets lists 'bad-beat' 2 times")):
        load("caribbean-stud", table=path)


@pytest.mark.parametrize("raw, message", [
    ("A-K+", "'rules' must be a list of rules, got the string 'A-K+': write rules = [\"A-K+\"]"),
    ("A-K+; pair+", 'write rules = ["A-K+", "pair+"]'),
    ([], "'rules' must be a non-empty list of rules such as"),
    (None, "got nothing"), (3, "got 3"), ({"a": 1}, "got {'a': 1}"),
    (["A-K+", ""], "rule 2 is empty"), (["  "], "rule 1 is empty"), ([1], "rule 1 must be a string, got 1"),
    (["A-K+; pair+"], "rule 1 'A-K+; pair+' holds more than one line or a ';'"),
    (["A-K+\npair+"], r"rule 1 'A-K+\npair+' holds more than one line"),
    (["x"] * 201, "more than 200 rules"),
])
def test_a_strategy_files_rules_are_a_non_empty_list_of_single_rules(raw, message):
    with pytest.raises(InputError, match=re.escape(message)):
        file_rules(raw, "f")


def test_strategy_files_read_as_before(tmp_path):
    assert file_rules([" A-K+ ", "pair+ if match"], "f") == ("A-K+", "pair+ if match")
    path = tmp_path / "s.toml"
    path.write_text('name = "mine"\nrules = ["pair+"]\nlabel = "two\\nlines"\n')
    with pytest.raises(InputError, match="'label' must be one line of text"):
        read_strategy(path)
    path.write_text('name = "my strategy"\nrules = ["pair+"]\n')
    with pytest.raises(InputError, match="the strategy name 'my strategy' is not a name"):
        read_strategy(path)


@pytest.mark.parametrize("text, value", [("300", 300.0), ("1/2", 0.5), (" 2.5 ", 2.5), (7, 7.0), (1e3, 1000.0)])
def test_limits_are_read_by_the_number_parser(text, value):
    assert parse_limit(text, "--max-seconds") == value


@pytest.mark.parametrize("text, message", [
    ("0", "--max-seconds must be a positive number, got 0"), ("0.0", "must be a positive number, got 0"),
    ("-1", "--max-seconds: negative value -1"), ("٣٠٠", "'٣٠٠' is not a number (use the ASCII digits"),
    ("３００", "use the ASCII digits"), ("inf", "'inf' is not a number"), ("nan", "'nan' is not a number"),
    ("1_000", "no digit separators"), ("", "nothing is given"), ("1e99", "out of range"),
])
def test_bad_limits_are_refused_alike(text, message):
    with pytest.raises(InputError, match=re.escape(message)):
        parse_limit(text, "--max-seconds")


def test_the_environment_uses_the_same_parser():
    assert Limits.resolve(environ={"ODDSCALC_MAX_SECONDS": "60", "ODDSCALC_MAX_MEMORY_MB": "1e3"}) == Limits(1000, 60)
    for variable in ("ODDSCALC_MAX_SECONDS", "ODDSCALC_MAX_MEMORY_MB"):
        for value in ("３００", "٣٠٠", "0", "-3", "1_000", "inf"):
            with pytest.raises(InputError, match=f"^{variable}"):
                Limits.resolve(environ={variable: value})
    with pytest.raises(InputError, match="^--max-seconds must be a positive number"):
        Limits.resolve(seconds=0, environ={})


def test_markdown_cells_keep_their_table():
    assert markdown_cell("a|b") == "a\\|b" and markdown_cell("a\\|b") == "a\\\\\\|b"
    assert markdown_cell("one\ntwo") == "one<br>two"
    report = Report("r", (Table("t", ("name|x", "value"), (("a|b", Fraction(1, 3)), ("c\nd", 2))),))
    lines = [line for line in render(report, "markdown").splitlines() if line.startswith("|")]
    assert len(lines) == 4      # header, rule, two rows: no cell broke a row
    for line in lines:
        assert len(re.findall(r"(?<!\\)\|", line)) == 3, line
    text = render(report, "text")
    assert "a|b" in text      # plain text shows the name as it is
