"""The outcome-counts file a simulator writes and ``oddscalc check`` reads (CSV or JSON).

CSV: a header row ``outcome,count`` with an optional third column ``net`` (the net per unit the
simulator paid for that outcome), then one row per outcome.  Lines starting with ``#`` are
comments; ``key=value`` words in them set ``game``, ``strategy``, ``seed`` and ``total_net``
(the simulator's own total net over all rounds, in units).

JSON: an object with ``outcomes`` (a list of ``{"outcome", "count", "net"?}`` objects, or a
mapping from outcome to count) and optional ``game``, ``strategy``, ``seed``, ``rounds`` (must
equal the sum of the counts) and ``total_net``.  Nets are numbers or exact ``"p/q"`` strings.

Counts are non-negative integers; an outcome may appear once; outcomes left out count 0.

>>> counts = parse_counts("# game=caribbean-stud strategy=always\\noutcome,count\\nfold,0\\nlose,3\\n", "x.csv")
>>> counts.strategy, counts.counts, counts.rounds
('always', {'fold': 0, 'lose': 3}, 3)
"""
from __future__ import annotations

import csv
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from urllib.parse import quote, unquote

from oddscalc.core.errors import InputError
from oddscalc.core.files import read_text
from oddscalc.core.numbers import parse_count, parse_exact
from oddscalc.report.model import Report, Table

META_KEYS = ("game", "strategy", "seed", "total_net")
MAX_COUNT = 10 ** 15          # rounds a counts file may hold (a simulator plays about 10^7 a second)


@dataclass(frozen=True)
class Counts:
    """Outcome counts of a run (or read from a file), keyed by the analysis' outcome names."""
    game: str
    counts: dict[str, int]
    strategy: str = "optimal"
    seed: int | None = None
    nets: dict = field(default_factory=dict)      # outcome -> net per unit, when the simulator gave it
    seconds: float | None = None                  # how long the run took
    total_net: Fraction | None = None             # the simulator's own total net, when given

    @property
    def rounds(self) -> int:
        return sum(self.counts.values())


def _net(value: object, where: str) -> Fraction:
    return parse_exact(value, f"{where}: net", negative=True)


def _count(value: object, where: str) -> int:
    return parse_count(value, f"{where}: count", MAX_COUNT)


def _build(source: str, rows: Sequence[tuple[object, object, object]], meta: Mapping[str, object]) -> Counts:
    counts, nets = {}, {}
    for name, count, net in rows:
        name = str(name).strip()
        if not name:
            raise InputError(f"{source}: an outcome has no name")
        if name in counts:
            raise InputError(f"{source}: outcome '{name}' appears twice")
        counts[name] = _count(count, f"{source}: {name}")
        if net is not None and str(net).strip() != "":
            nets[name] = _net(net, f"{source}: {name}")
    if not counts:
        raise InputError(f"{source}: no outcome counts")
    seed = meta.get("seed")
    if seed is not None:
        seed = parse_count(seed, f"{source}: seed", 2 ** 64 - 1)
    total_net = meta.get("total_net")
    result = Counts(str(meta.get("game") or ""), counts, str(meta.get("strategy") or "optimal"), seed, nets,
                    None, _net(total_net, f"{source}: total_net") if total_net is not None else None)
    if result.rounds == 0:
        raise InputError(f"{source}: the counts add up to no rounds")
    if meta.get("rounds") is not None and _count(meta["rounds"], f"{source}: rounds") != result.rounds:
        raise InputError(f"{source}: rounds is {meta['rounds']} but the counts add up to {result.rounds}")
    return result


def _parse_csv(text: str, source: str) -> Counts:
    meta, lines = {}, []
    for line in text.splitlines():
        if line.lstrip().startswith("#"):
            for word in line.lstrip()[1:].split():
                key, sep, value = word.partition("=")
                if sep and key in META_KEYS:
                    meta[key] = unquote(value)
        elif line.strip():
            lines.append(line)
    try:
        rows = list(csv.reader(lines))
    except csv.Error as error:
        raise InputError(f"{source}: malformed CSV: {error}") from None
    if not rows:
        raise InputError(f"{source}: no header row 'outcome,count[,net]'")
    header = [cell.strip().lower() for cell in rows[0]]
    if header[:2] != ["outcome", "count"] or header[2:] not in ([], ["net"]):
        raise InputError(f"{source}: the header must be 'outcome,count' or 'outcome,count,net', got '{lines[0]}'")
    body = []
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise InputError(f"{source}: data row {number - 1} has {len(row)} fields, expected {len(header)}")
        body.append((row[0], row[1], row[2] if len(row) > 2 else None))
    return _build(source, body, meta)


def _parse_json(text: str, source: str) -> Counts:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"{source}: malformed JSON: {error}") from None
    except RecursionError:
        raise InputError(f"{source}: the JSON nests too deeply") from None
    if not isinstance(data, dict) or "outcomes" not in data:
        raise InputError(f"{source}: expected a JSON object with 'outcomes'")
    outcomes = data["outcomes"]
    if isinstance(outcomes, dict):
        rows = [(name, count, None) for name, count in outcomes.items()]
    elif isinstance(outcomes, list) and all(isinstance(row, dict) and "outcome" in row and "count" in row
                                            for row in outcomes):
        rows = [(row["outcome"], row["count"], row.get("net")) for row in outcomes]
    else:
        raise InputError(f"{source}: 'outcomes' must map outcomes to counts or list "
                         "{\"outcome\": ..., \"count\": ...} objects")
    return _build(source, rows, {key: data.get(key) for key in (*META_KEYS, "rounds")})


def parse_counts(text: str, source: str) -> Counts:
    """Counts from the text of a file; JSON when it starts with ``{`` or ``[``, else CSV."""
    return _parse_json(text, source) if text.lstrip().startswith(("{", "[")) else _parse_csv(text, source)


def read_counts(path: str | Path) -> Counts:
    """Read a counts file (CSV or JSON)."""
    return parse_counts(read_text(path, "--counts"), str(path))


def counts_report(counts: Counts, nets: dict, title: str) -> Report:
    """The counts as a report whose CSV and JSON renderings are counts files."""
    seed = f" seed={counts.seed}" if counts.seed is not None else ""
    # a strategy written as rules has spaces: the header's words carry it %-encoded
    header = f"oddscalc counts game={counts.game} strategy={quote(counts.strategy, safe='+-;/.:,_')}{seed}"
    table = Table(header, ("outcome", "count", "net"),
                  tuple((name, count, nets.get(name, "")) for name, count in counts.counts.items()))
    data = {"game": counts.game, "strategy": counts.strategy, "seed": counts.seed, "rounds": counts.rounds,
            "outcomes": [{"outcome": name, "count": count, **({"net": nets[name]} if name in nets else {})}
                         for name, count in counts.counts.items()]}
    return Report(title, (table,), data)
