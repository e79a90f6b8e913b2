"""Fuzzing every way counts reach ``check``: random JSON and CSV counts files through the command
line, and random mappings and Counts through the Python API.

The property, for every input: the command exits 0 or 1 with a report and nothing on stderr, or
refuses it (exit 2, exactly one line starting ``oddscalc: error:``, nothing on stdout); the API
returns a result or raises :class:`oddscalc.InputError` (one line, no command-line flag) — never
another exception, never a traceback.  Bounded and derandomized, like tests/cli/test_fuzz.py.
"""
import json
import math
import os
import re
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import oddscalc
from oddscalc.tools.counts_file import Counts

FUZZ = settings(max_examples=80, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
GAME = "five-plus-one-bonus"
OUTCOMES = ("win-royal-flush", "win-straight-flush", "win-four-of-a-kind", "win-full-house", "win-flush",
            "win-straight", "win-three-of-a-kind", "lose")

# outcome names: the real ones (often, so that some inputs pass), near misses, and hostile text
NAMES = st.one_of(
    st.sampled_from(OUTCOMES),
    st.sampled_from(OUTCOMES).map(str.upper),
    st.sampled_from(OUTCOMES).map(lambda name: name.replace("-", "_")),
    st.sampled_from(OUTCOMES).map(lambda name: f" {name}\t"),
    st.sampled_from(OUTCOMES).map(lambda name: name + "\n"),
    st.sampled_from(OUTCOMES).map(lambda name: name.replace("-", "\n", 1)),
    st.sampled_from(["", " ", "fold", "los", "lose\r\nwin-flush", "lo\u2028se", "lo\x00se", "lösé", "\ufefflose",
                     "\ud800", "a,b", '"lose"', "#lose", "outcome", "count", "-", "win--flush", "x" * 200]),
    st.text(max_size=12),
)
# counts: whole numbers (small, large, absurd), and everything that is not one
JSON_COUNTS = st.one_of(
    st.integers(0, 5000), st.integers(0, 5000), st.integers(-10, 10 ** 20),
    st.sampled_from([10 ** 15, 10 ** 15 + 1, 10 ** 400, -(10 ** 400)]),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([5.0, 5.5, 1e400, -0.0]),
    st.booleans(), st.none(), st.text(max_size=8),
    st.sampled_from(["5", "5.5", " 7 ", "-3", "1" + "0" * 5000, "١٢", "3/2", "1e3", "NaN", "true"]),
    st.just([1]), st.just({"count": 1}),
)
NETS = st.one_of(st.none(), st.integers(-300, 300), st.floats(allow_nan=True, allow_infinity=True),
                 st.sampled_from(["-3", "3/2", "1/0", "x", "", "1e400", "1\n2", "0.1"]), st.booleans())
META = st.one_of(
    st.just({}), st.just({"game": GAME, "strategy": "optimal", "seed": 3}), st.just({"total_net": "-7/2"}),
    st.dictionaries(
        st.sampled_from(["game", "strategy", "seed", "rounds", "total_net", "gmae", "seconds", ""]),
        st.one_of(st.sampled_from([GAME, "caribbean-stud", "optimal", "nope", "a\nb", "", "-1", "1/2"]),
                  st.integers(-5, 2 ** 65), st.booleans(), st.none(), st.floats(allow_nan=True)),
        max_size=3),
)


def _json_value(value):
    """JSON text of a value, keeping what json.dumps would refuse or round (NaN, 1e400, huge ints)."""
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10 ** 100:
        return ("-" if value < 0 else "") + "1" + "0" * 400
    return json.dumps(value)


def _json_object(pairs):
    """A JSON object written pair by pair, so that a key may appear twice."""
    return "{" + ", ".join(f"{json.dumps(key)}: {value}" for key, value in pairs) + "}"


@st.composite
def rows(draw):
    """(name, count, net) rows: a valid set of counts (some inputs must pass), then up to three
    mutations, each a hostile name, a hostile count, a net or a row given twice."""
    names = draw(st.lists(st.sampled_from(OUTCOMES), min_size=1, max_size=len(OUTCOMES), unique=True))
    result = [[name, draw(st.integers(0, 5000)), None] for name in names]
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 1, 2, 3]))):
        where = draw(st.integers(0, len(result) - 1))
        kind = draw(st.sampled_from(["name", "count", "net", "twice"]))
        if kind == "name":
            result[where][0] = draw(NAMES)
        elif kind == "count":
            result[where][1] = draw(JSON_COUNTS)
        elif kind == "net":
            result[where][2] = draw(NETS)
        else:
            result.append(list(result[where]))
    return [tuple(row) for row in result]


@st.composite
def json_documents(draw):
    shape = draw(st.sampled_from(["mapping", "rows", "mapping", "rows", "top", "scalar"]))
    if shape == "scalar":                     # a document that is not an object of counts at all
        return draw(st.sampled_from(["5", "null", '"fold,5"', "[]", "[1, 2]", "true", "-1.5", "", "{", "[{}]"]))
    drawn = draw(rows())
    if shape == "mapping":
        outcomes = _json_object([(name, _json_value(count)) for name, count, _ in drawn])
    else:
        outcomes = "[" + ", ".join(_json_object([("outcome", json.dumps(name)), ("count", _json_value(count))]
                                                + ([("net", _json_value(net))] if net is not None else []))
                                   for name, count, net in drawn) + "]"
    if shape == "top":
        return outcomes
    pairs = [("outcomes", outcomes)] + [(key, _json_value(value)) for key, value in draw(META).items()]
    if draw(st.sampled_from([False] * 9 + [True])):
        pairs.append(draw(st.sampled_from(pairs)))           # a key twice at the top level
    return _json_object(pairs)


def _csv_cell(value):
    text = "" if value is None else str(value) if not isinstance(value, int) or abs(value) < 10 ** 100 \
        else "1" + "0" * 400
    if any(c in text for c in ',"\n\r') or text != text.strip():
        return '"' + text.replace('"', '""') + '"'
    return text


@st.composite
def csv_documents(draw):
    header = draw(st.sampled_from(["outcome,count", "outcome,count,net"] * 3 + [
        "OUTCOME, Count", "outcome;count", "count,outcome", "", "outcome,count,net,x"]))
    width = header.count(",") + 1
    lines = [header] if header else []
    for name, count, net in draw(rows()):
        cells = [_csv_cell(name), _csv_cell(count), _csv_cell(net)]
        lines.append(",".join(cells[:draw(st.sampled_from([width] * 9 + [1, 2, 3]))]))
    comments = draw(st.lists(st.sampled_from([f"# game={GAME}", "# game=caribbean-stud", "# strategy=nope",
                                              "# seed=3", "# seed=3 seed=4", "# seed=-1", "# total_net=1e400",
                                              "# total_net=7/2", "# game=a%0Ab", "# oddscalc counts"]),
                             max_size=2, unique=True))
    return "\n".join(comments + lines) + draw(st.sampled_from(["\n", "", "\r\n", "\n\n"]))


def assert_clean(result):
    assert "Traceback" not in result.err
    if result.status == 2:
        assert result.refused(), (result.out, result.err)
    else:
        assert result.status in (0, 1) and result.out and result.err == "", (result.status, result.err)


@st.composite
def counts_files(draw):
    """(file name, text): most often named for what it holds, sometimes not, or not at all."""
    as_json = draw(st.booleans())
    text = draw(json_documents() if as_json else csv_documents())
    own = "c.json" if as_json else "c.csv"
    return draw(st.sampled_from([own, own, own, "c.json", "c.csv", "counts", "c.txt"])), text


@pytest.mark.slow
@FUZZ
@given(file=counts_files(), bom=st.booleans())
def test_cli_check_of_random_counts_files(cli, tmp_path, monkeypatch, file, bom):
    monkeypatch.chdir(tmp_path)
    name, text = file
    # lone surrogates cannot be written as UTF-8: they stay as the file's own invalid bytes
    data = (("\ufeff" if bom else "") + text).encode("utf-8", "surrogatepass")
    (tmp_path / name).write_bytes(data)
    before = sorted(os.listdir(tmp_path))
    assert_clean(cli("check", GAME, "--counts", name))
    assert sorted(os.listdir(tmp_path)) == before


@pytest.mark.slow
@FUZZ
@given(data=st.binary(max_size=64))
def test_cli_check_of_random_bytes(cli, tmp_path, monkeypatch, data):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.csv").write_bytes(b"outcome,count\n" + data)
    assert_clean(cli("check", GAME, "--counts", "c.csv"))


API_KEYS = st.one_of(NAMES, st.integers(), st.none(), st.just(("lose",)), st.just(b"lose"), st.floats())
API_COUNTS = st.one_of(
    JSON_COUNTS, st.integers(0, 10 ** 30), st.just(10 ** 5000), st.fractions(max_denominator=3),
    st.decimals(allow_nan=True), st.just(Fraction(5)), st.just(Decimal(5)), st.just(object()),
)


def api_refusal_is_clean(error):
    """One line that names no command-line option ('--' inside the caller's own quoted text is theirs)."""
    text = str(error)
    assert text and "\n" not in text and "--" not in re.sub(r"'[^']*'", "", text), text


@pytest.mark.slow
@FUZZ
@given(counts=st.dictionaries(API_KEYS, API_COUNTS, max_size=6),
       form=st.sampled_from(["mapping", "counts", "counts-with-nets", "list"]),
       nets=st.dictionaries(NAMES, NETS, max_size=2), alpha=st.sampled_from([0.01, "0.05", 2, True, None]))
def test_api_check_raises_only_input_errors(counts, form, nets, alpha):
    if form == "counts":
        given_counts = Counts(GAME, counts)
    elif form == "counts-with-nets":
        given_counts = Counts(GAME, counts, nets=nets)
    elif form == "list":
        given_counts = list(counts.items())
    else:
        given_counts = counts
    options = {} if alpha is None else {"alpha": alpha}
    try:
        result = oddscalc.check(GAME, given_counts, **options)
    except oddscalc.InputError as error:
        api_refusal_is_clean(error)
    else:
        # only whole numbers (ints, or their digits as text) from 0 to 10^15 under real outcome names pass
        assert all(type(count) is int or (type(count) is str and count.strip(" \t").isascii()
                                          and count.strip(" \t").isdigit()) for count in counts.values())
        assert result.result.rounds == sum(int(count) for count in counts.values()) >= 2
        assert all(isinstance(name, str) and name.strip(" \t") in OUTCOMES for name in counts)
