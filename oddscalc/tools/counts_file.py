"""Outcome counts, the one reader: the counts file a simulator writes and ``oddscalc check`` reads
(CSV or JSON), and the counts a Python caller passes — all refused in one line when malformed.

CSV: one table, a header row then one row per outcome, that ``pandas.read_csv`` loads as it is.
Its columns, in any order: ``outcome`` and ``count``; optionally ``net`` (the net per unit the
simulator paid for that outcome); and optionally ``game``, ``strategy``, ``seed`` and ``total_net``
(the simulator's own total net over all rounds, in units), each holding one value repeated on every
row (an empty cell: not given).  ``simulate`` writes ``game,strategy,seed,outcome,count,net``.
The older files, whose settings are ``key=value`` words in comment lines (starting with ``#``)
above an ``outcome,count[,net]`` header, still read: comments are skipped, their words set the
same keys, each at most once, and never a key a column sets too.

JSON: an object with ``outcomes`` (a list of ``{"outcome", "count", "net"?}`` objects, or a
mapping from outcome to count) and optional ``game``, ``strategy``, ``seed``, ``rounds`` (must
equal the sum of the counts) and ``total_net``; no other key, and no key twice in any object.
Nets are numbers or exact ``"p/q"`` strings.

A file is JSON when its text (after a UTF-8 byte order mark and white space) starts with ``{`` or
``[``, or its name ends in ``.json``; CSV when its name ends in ``.csv``; otherwise JSON when the
whole text is a JSON document, else CSV.

Outcome names are the analysis' stable names (lowercase words joined by hyphens); an outcome may
appear once; counts are whole numbers from 0 to :data:`MAX_COUNT` (a number, or its digits as
text; never a boolean, a fraction, a float, NaN or infinity); outcomes left out count 0.

>>> text = "game,strategy,outcome,count\\ncaribbean-stud,always,fold,0\\ncaribbean-stud,always,lose,3\\n"
>>> counts = parse_counts(text, "x.csv")
>>> counts.strategy, counts.counts, counts.rounds
('always', {'fold': 0, 'lose': 3}, 3)
>>> parse_counts("# game=caribbean-stud strategy=always\\noutcome,count\\nfold,0\\nlose,3\\n", "old.csv") == counts
True
>>> counts_of({"fold": True})
Traceback (most recent call last):
oddscalc.core.errors.InputError: the counts: 'fold' has the count True (a boolean), not a whole number
"""
from __future__ import annotations

import csv
import json
import math
import operator
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from urllib.parse import unquote

from oddscalc.core.errors import InputError, unknown
from oddscalc.core.files import read_text
from oddscalc.core.limits import MAX_ROUNDS
from oddscalc.core.numbers import parse_exact
from oddscalc.report.model import Report, Table

META_KEYS = ("game", "strategy", "seed", "total_net")        # what a CSV column (or an old file's comment) sets
CSV_COLUMNS = (*META_KEYS, "outcome", "count", "net")         # the columns of a CSV counts file
JSON_KEYS = ("outcomes", *META_KEYS, "rounds")                # the keys of a JSON counts file
ROW_KEYS = ("outcome", "count", "net")                        # the keys of one JSON outcome row
MAX_COUNT = MAX_ROUNDS    # a count (and all of them) holds at most what simulate plays: 10^7 a second for 3 years
MAX_SEED = 2 ** 64 - 1
MAX_NAME = 100                # characters of an outcome name (the longest real one has 45)
MAX_TEXT = 1000               # characters of a game or strategy named in a file
TOTAL_NET_DIGITS = 40         # a total net is a sum over up to 10^15 rounds
NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_DIGITS = re.compile(r"[+-]?[0-9]+")
API_SOURCE = "the counts"     # how the counts a Python caller passes are named in a refusal


@dataclass(frozen=True)
class Counts:
    """Outcome counts of a run (or read from a file), keyed by the analysis' outcome names."""
    game: str
    counts: dict[str, int]
    strategy: str = "optimal"
    seed: int | None = None
    nets: dict[str, Fraction] = field(default_factory=dict)     # outcome -> net per unit, when given
    seconds: float | None = None                  # how long the run took
    total_net: Fraction | None = None             # the simulator's own total net, when given
    source: str = field(default=API_SOURCE, compare=False, repr=False)   # names the counts in a refusal

    @property
    def rounds(self) -> int:
        return sum(self.counts.values())


# --- showing what was given, on one line ----------------------------------------------------------

def shown(text: str, limit: int = 60) -> str:
    """User text fit for a one-line message: control characters, line breaks and unpaired
    surrogates escaped, long text clipped.

    >>> shown("lose\\nwin-flush"), shown("x" * 70)[-3:]
    ('lose\\\\nwin-flush', 'xx…')
    """
    if not text.isprintable():
        text = "".join(c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode("ascii")
                       for c in text)
    return text if len(text) <= limit else text[:limit] + "…"


class _JsonNumber:
    """A JSON number as written (a float or an integer too long to convert): exact when a net
    reads it, refused when a count does."""
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _big(value: int) -> str:
    """A huge integer by its leading digits and its length (Python refuses to print 4,300 digits)."""
    if value < 10 ** 30:
        return str(value)
    if value < 10 ** 4000:
        text = str(value)
        return f"{text[:12]}…({len(text)} digits)"
    digits = int(math.log10(value)) + 1
    return f"{value // 10 ** (digits - 12)}…(about {digits} digits)"


def _given(value: object, in_json: bool) -> str:
    """A value as the caller wrote it, for a refusal."""
    if isinstance(value, _JsonNumber):
        text = value.text
        return shown(text) if len(text) <= 30 else f"{text[:12]}…({len(text.lstrip('+-'))} digits)"
    if isinstance(value, bool):
        return ("true" if value else "false") if in_json else str(value)
    if value is None:
        return "null" if in_json else "None"
    if isinstance(value, int):
        return ("-" + _big(-value)) if value < 0 else _big(value)
    if isinstance(value, str):
        digits = value.strip(" \t")
        if len(digits) > 30 and _DIGITS.fullmatch(digits):
            return f"'{digits[:12]}…' ({len(digits.lstrip('+-'))} digits)"
        return f"'{shown(value)}'"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "an object" if in_json else "a mapping"
    if isinstance(value, Fraction):
        return f"{value} (a Fraction)"
    return shown(repr(value)) if isinstance(value, float) else f"a {type(value).__name__}"


def _kind(value: object) -> str:
    """What a JSON document holds, in words."""
    if isinstance(value, bool):
        return "a boolean"
    if value is None:
        return "null"
    if isinstance(value, (int, _JsonNumber)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object"


# --- the values ------------------------------------------------------------------------------------

def outcome_name(name: object, source: str, in_json: bool = False) -> str:
    """An outcome name as the analyses spell it, or one line saying why it is not one."""
    if not isinstance(name, str):
        raise InputError(f"{source}: outcome names must be strings, got {_given(name, in_json)}")
    text = name.strip(" \t")
    if not text:
        raise InputError(f"{source}: an outcome has no name")
    if not text.isprintable():
        raise InputError(f"{source}: the outcome name '{shown(text)}' holds a line break or a non-printing character")
    if len(text) > MAX_NAME:
        raise InputError(f"{source}: the outcome name '{shown(text)}' is longer than {MAX_NAME} characters")
    if not NAME.fullmatch(text):
        guess = re.sub(r"[\s_]+", "-", text.lower()).strip("-")
        hint = f"; did you mean '{guess}'?" if NAME.fullmatch(guess) else ""
        raise InputError(f"{source}: '{shown(text)}' is not an outcome name (names are lowercase words joined "
                         f"by hyphens, such as 'dealer-not-qualify'{hint})")
    return text


def _whole(value: object, what: str, limit: int, in_json: bool, limit_text: str,
           rule: str = "counts are 0 or more") -> int:
    """A whole number from 0 to ``limit``: an int (not a bool) or its ASCII digits as text
    (``limit_text`` says why a larger one is refused, ``rule`` why a negative one is)."""
    number: int | None = None
    if isinstance(value, str) and _DIGITS.fullmatch(value.strip(" \t")):
        digits = value.strip(" \t")
        if len(digits.lstrip("+-")) > 30:
            raise InputError(f"{what} {_given(value, in_json)}, {limit_text}")
        number = int(digits)
    elif isinstance(value, _JsonNumber) and _DIGITS.fullmatch(value.text):
        raise InputError(f"{what} {_given(value, in_json)}, {limit_text}")
    elif not isinstance(value, (bool, float, str, _JsonNumber)) and hasattr(value, "__index__"):
        try:
            number = operator.index(value)      # an int, or an integer type such as numpy's
        except TypeError:
            number = None
    if number is None:
        if isinstance(value, (float, _JsonNumber, Fraction)) or (
                isinstance(value, str) and re.fullmatch(r"\s*[+-]?[0-9]*\.?[0-9]*(?:[eE][+-]?[0-9]+)?\s*|\s*"
                                                        r"[+-]?[0-9]+/[0-9]+\s*", value) and value.strip()):
            raise InputError(f"{what} {_given(value, in_json)}, not an integer (a count is a whole number of "
                             "rounds, written in digits)")
        kind = " (a boolean)" if isinstance(value, bool) else ""
        raise InputError(f"{what} {_given(value, in_json)}{kind}, not a whole number")
    if number < 0:
        raise InputError(f"{what} {_given(number, in_json)}, which is negative ({rule})")
    if number > limit:
        raise InputError(f"{what} {_given(number, in_json)}, {limit_text}")
    return number


_TOO_MANY_ROUNDS = f"more than any simulation plays (at most 10^{round(math.log10(MAX_COUNT))} rounds)"


def _count(value: object, where: str, in_json: bool) -> int:
    return _whole(value, f"{where} has the count", MAX_COUNT, in_json, _TOO_MANY_ROUNDS)


def _exact(value: object, what: str, in_json: bool, digits: int = 18) -> Fraction:
    """A net (any sign): an int, a float or Fraction from Python, a JSON number, or ``p/q`` text."""
    if isinstance(value, _JsonNumber):
        value = value.text
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Fraction)):
        raise InputError(f"{what}: expected a number or 'p/q' text, got {_given(value, in_json)}")
    if isinstance(value, (int, Fraction)) and max(abs(Fraction(value).numerator), Fraction(value).denominator) \
            >= 10 ** digits:                 # before anything prints it: Python refuses 4,300 digits
        raise InputError(f"{what}: {_given(value, in_json) if isinstance(value, int) else 'the Fraction'} has "
                         f"more than {digits} digits")
    if isinstance(value, str) and not value.isprintable():
        raise InputError(f"{what}: expected a number or 'p/q' text, got '{shown(value)}'")
    return parse_exact(value, what, negative=True, max_digits=digits)


def _text(value: object, what: str, in_json: bool) -> str:
    """A game or strategy name given with the counts."""
    if not isinstance(value, str):
        raise InputError(f"{what} must be a string, got {_given(value, in_json)}")
    text = value.strip()
    if not text:
        raise InputError(f"{what} is empty")
    if not text.isprintable():
        raise InputError(f"{what} holds a line break or a non-printing character: '{shown(text)}'")
    if len(text) > MAX_TEXT:
        raise InputError(f"{what} is longer than {MAX_TEXT} characters")
    return text


def _absent(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _build(source: str, rows: Sequence[tuple[object, object, object]], meta: Mapping[str, object],
           in_json: bool = False, seconds: float | None = None) -> Counts:
    """Counts from rows (name, count, net or None) and the file's settings, every value checked."""
    counts: dict[str, int] = {}
    nets: dict[str, Fraction] = {}
    for name, count, net in rows:
        text = outcome_name(name, source, in_json)
        if text in counts:
            raise InputError(f"{source}: outcome '{text}' appears twice")
        counts[text] = _count(count, f"{source}: '{text}'", in_json)
        if not _absent(net):
            nets[text] = _exact(net, f"{source}: '{text}': net", in_json)
    if not counts:
        raise InputError(f"{source}: no outcome counts")
    total = sum(counts.values())
    if total == 0:
        raise InputError(f"{source}: every count is 0 (no rounds)")
    if total > MAX_COUNT:
        raise InputError(f"{source}: {_given(total, in_json)} rounds in all, {_TOO_MANY_ROUNDS}")
    game = "" if _absent(meta.get("game")) else _text(meta["game"], f"{source}: 'game'", in_json)
    strategy = "optimal" if _absent(meta.get("strategy")) else _text(meta["strategy"], f"{source}: 'strategy'",
                                                                    in_json)
    seed = None if meta.get("seed") is None else _whole(meta["seed"], f"{source}: 'seed' is", MAX_SEED, in_json,
                                                        "out of range (0 to 2^64 - 1)", "seeds are 0 to 2^64 - 1")
    total_net = None if _absent(meta.get("total_net")) else _exact(meta["total_net"], f"{source}: 'total_net'",
                                                                   in_json, TOTAL_NET_DIGITS)
    if meta.get("rounds") is not None:
        rounds = _whole(meta["rounds"], f"{source}: 'rounds' is", MAX_COUNT * max(len(counts), 1), in_json,
                        _TOO_MANY_ROUNDS)
        if rounds != total:
            raise InputError(f"{source}: 'rounds' is {rounds} but the counts add up to {total}")
    return Counts(game, counts, strategy, seed, nets, seconds, total_net, source)


# --- CSV -------------------------------------------------------------------------------------------

def _parse_csv(text: str, source: str) -> Counts:
    meta: dict[str, str] = {}
    number = [0]                       # the physical line the reader is at

    def data_lines() -> Iterator[str]:
        for line in text.split("\n"):
            number[0] += 1
            stripped = line.strip(" \t")
            if stripped.startswith("#"):
                for word in stripped[1:].split():
                    key, sep, value = word.partition("=")
                    if sep and key in META_KEYS:
                        if key in meta:
                            raise InputError(f"{source}: line {number[0]}: the comments set '{key}' twice")
                        meta[key] = unquote(value)
            elif stripped:
                yield line + "\n"

    rows = []
    try:
        for row in csv.reader(data_lines(), strict=True):
            rows.append((number[0], row))
    except csv.Error as error:
        raise InputError(f"{source}: line {number[0]}: malformed CSV ({shown(str(error))})") from None
    if not rows:
        raise InputError(f"{source}: no header row 'outcome,count[,net]'")
    header = [cell.strip(" \t").lower() for cell in rows[0][1]]
    if not {"outcome", "count"} <= set(header) <= set(CSV_COLUMNS):
        raise InputError(f"{source}: the header must be 'outcome,count' or 'outcome,count,net', with any of the "
                         f"columns {', '.join(META_KEYS)} (in any order), got '{shown(','.join(rows[0][1]))}'")
    if len(set(header)) < len(header):
        raise InputError(f"{source}: the header names the column '{_twice(header)}' twice")
    column = {name: i for i, name in enumerate(header)}
    body = []
    settings: dict[str, tuple[int, str]] = {}      # a setting's column: its value and the first line giving it
    for line, row in rows[1:]:
        if len(row) != len(header):
            raise InputError(f"{source}: line {line} has {len(row)} fields, expected {len(header)}")
        for key in META_KEYS:
            if key in column:
                value = row[column[key]].strip(" \t")
                first, seen = settings.setdefault(key, (line, value))
                if value != seen:
                    raise InputError(f"{source}: line {line}: '{key}' is '{shown(value)}', but '{shown(seen)}' on "
                                     f"line {first} (a counts file is one run: one value on every row)")
        body.append((row[column["outcome"]], row[column["count"]], row[column["net"]] if "net" in column else None))
    for key, (_, value) in settings.items():
        if value:              # a column left empty gives nothing (pandas writes a missing value so)
            if key in meta:
                raise InputError(f"{source}: '{key}' is set both by a comment and by a column")
            meta[key] = value
    return _build(source, body, meta)


def _twice(names: Sequence[str]) -> str:
    return next(name for name in names if names.count(name) > 1)


# --- JSON ------------------------------------------------------------------------------------------

def _json(text: str, source: str) -> object:
    """The JSON document: no key twice in an object, NaN and infinities refused, every number kept as
    written unless it is a short integer."""
    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        result: dict[str, object] = {}
        for key, value in items:
            if key in result:
                raise InputError(f"{source}: the key '{shown(key)}' appears twice in one JSON object")
            result[key] = value
        return result

    def constant(name: str) -> object:
        raise InputError(f"{source}: {name} is not a JSON number (counts are whole numbers, nets finite numbers)")

    def integer(digits: str) -> object:
        return int(digits) if len(digits) <= 30 else _JsonNumber(digits)

    try:
        return json.loads(text, object_pairs_hook=pairs, parse_constant=constant, parse_int=integer,
                          parse_float=_JsonNumber)
    except json.JSONDecodeError as error:
        hint = " (it reads as CSV: name the file .csv)" if text.lower().startswith("outcome") else ""
        raise InputError(f"{source}: malformed JSON: {shown(str(error), 120)}{hint}") from None
    except RecursionError:
        raise InputError(f"{source}: the JSON nests too deeply") from None


def _parse_json(text: str, source: str) -> Counts:
    data = _json(text, source)
    if not isinstance(data, dict):
        raise InputError(f"{source}: expected a JSON object of outcome counts, got {_kind(data)}")
    if "outcomes" not in data:
        raise InputError(f"{source}: expected a JSON object with 'outcomes' (a mapping of outcome names to counts, "
                         "or a list of {\"outcome\": ..., \"count\": ...} objects)")
    for key in data:
        if key not in JSON_KEYS:
            raise unknown("key", shown(key), JSON_KEYS, source)
    outcomes = data["outcomes"]
    rows: list[tuple[object, object, object]] = []
    if isinstance(outcomes, dict):
        rows = [(name, count, None) for name, count in outcomes.items()]
    elif isinstance(outcomes, list):
        for number, row in enumerate(outcomes, start=1):
            if not isinstance(row, dict) or "outcome" not in row or "count" not in row:
                raise InputError(f"{source}: 'outcomes' item {number} must be an object with 'outcome' and "
                                 f"'count', got {_kind(row)}" + (" without them" if isinstance(row, dict) else ""))
            for key in row:
                if key not in ROW_KEYS:
                    raise unknown("key", shown(key), ROW_KEYS, f"{source}: 'outcomes' item {number}")
            rows.append((row["outcome"], row["count"], row.get("net")))
    else:
        raise InputError(f"{source}: 'outcomes' must map outcomes to counts or list "
                         f"{{\"outcome\": ..., \"count\": ...}} objects, got {_kind(outcomes)}")
    return _build(source, rows, {key: data.get(key) for key in JSON_KEYS[1:]}, in_json=True)


def _is_json(text: str) -> bool:
    try:
        _json(text, "")
    except InputError:
        return False
    return True


# --- the one entry for every source of counts ------------------------------------------------------

def parse_counts(text: str, name: str) -> Counts:
    """Counts from the text of the counts file ``name`` (JSON or CSV, told apart as the module says)."""
    source = f"counts file {shown(str(name))}"
    # a UTF-8 byte order mark and white space before the content carry nothing in either format
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip(" \t\n\ufeff")
    head = text
    suffix = Path(str(name)).suffix.lower()
    if head.startswith(("{", "[")) or suffix == ".json" or (suffix != ".csv" and _is_json(head)):
        return _parse_json(text, source)
    return _parse_csv(text, source)


def read_counts(path: str | Path) -> Counts:
    """Read a counts file (CSV or JSON)."""
    if not str(path).isprintable():
        raise InputError(f"counts file '{shown(str(path))}': the path holds a control character")
    return parse_counts(read_text(path, "counts file"), str(path))


def counts_of(counts: object, source: str = API_SOURCE) -> Counts:
    """Checked :class:`Counts` from a mapping outcome -> count or a :class:`Counts` (a Python caller's),
    refused in one line as a file would be."""
    if isinstance(counts, Counts):
        if not isinstance(counts.counts, Mapping) or not isinstance(counts.nets, Mapping):
            raise InputError(f"{counts.source}: counts and nets must be mappings of outcome names")
        for name in counts.nets:
            if outcome_name(name, counts.source) not in counts.counts:
                raise InputError(f"{counts.source}: a net is given for '{name}', which has no count")
        if counts.seconds is not None and not isinstance(counts.seconds, (int, float)):
            raise InputError(f"{counts.source}: seconds must be a number")
        meta = {"game": counts.game or None, "strategy": counts.strategy, "seed": counts.seed,
                "total_net": counts.total_net}
        return _build(counts.source, [(name, count, counts.nets.get(name)) for name, count in counts.counts.items()],
                      meta, seconds=counts.seconds)
    if not isinstance(counts, Mapping):
        raise InputError(f"{source} must be a mapping of outcome names to counts, a Counts or a counts file's "
                         f"path, got {_given(counts, False)}")
    return _build(source, [(name, count, None) for name, count in counts.items()], {})


def counts_report(counts: Counts, nets: Mapping[str, Fraction], title: str) -> Report:
    """The counts as a report whose CSV and JSON renderings are counts files: the CSV one plain table,
    the run's settings as columns repeated on every row (``game,strategy,seed,outcome,count,net``),
    which ``pandas.read_csv`` loads as it is."""
    seed = f" seed={counts.seed}" if counts.seed is not None else ""
    rows = tuple((name, count, nets.get(name, "")) for name, count in counts.counts.items())
    table = Table(f"oddscalc counts game={counts.game} strategy={counts.strategy}{seed}", ("outcome", "count", "net"),
                  rows)
    settings: dict[str, object] = {"game": counts.game, "strategy": counts.strategy,
                                   "seed": "" if counts.seed is None else counts.seed}
    if counts.total_net is not None:
        settings["total_net"] = counts.total_net
    flat = Table("counts", (*settings, *table.headers), tuple((*settings.values(), *row) for row in rows))
    data = {"game": counts.game, "strategy": counts.strategy, "seed": counts.seed, "rounds": counts.rounds,
            "outcomes": [{"outcome": name, "count": count, **({"net": nets[name]} if name in nets else {})}
                         for name, count in counts.counts.items()]}
    return Report(title, (table,), data, csv_table=flat)
