"""A JSON request's fields, checked before any work as the command line checks its options: each
refusal is one line (an ``InputError``), and nothing the page sends can name a file outside the
workbench's folder.

A request names its game (a built-in name, or a game file of the folder, ``my-game.toml``) and the
overlays as the command line's ``--pay`` and ``--rule`` take them: ``pays`` maps
``[PAYTABLE.]CATEGORY`` to its text (``"6"``, ``"3/2"``, ``"none"``) or a whole number, ``rules``
maps a rule to its text, a whole number or true/false.  The checked request is plain data (what a
worker process is sent): the game as the API takes it and the overlays as ``KEY=VALUE`` lines.

>>> from pathlib import Path
>>> folder = Folder(Path("/tmp"))
>>> game_request({"game": "caribbean-stud", "pays": {"flush": 6}}, folder)["pays"]
['flush=6']
>>> game_request({"game": "caribbean-stud", "pays": {"flush": 6.5}}, folder)
Traceback (most recent call last):
oddscalc.core.errors.InputError: pays flush: give the value as text ("3/2", "1.5", "none") or a whole number, got ...
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from oddscalc.api.parsheet import MAX_ROUNDS, MAX_SWEEP_POINTS, ROUNDS, SWEEP_POINTS
from oddscalc.core.errors import InputError, quoted, unknown
from oddscalc.core.gametable import list_games
from oddscalc.core.numbers import exact_text, parse_exact
from oddscalc.web.folder import GAME_SUFFIXES, Folder

OPTIMAL = "optimal"
MAX_NAME = 200              # a game, a pay's key, a rule's name
MAX_VALUE = 4096            # a value as typed (a strategy written as rules is the longest)
MAX_OVERLAYS = 200          # pays or rules in one request
MAX_VARIANTS = 12           # compare's own limit, refused here before a worker is asked
PERS = ("ante", "total")
# the API's own parameters, which an input must not set: the game and its overlays come from their
# fields, no table file is read from outside the folder, and where work runs is the server's choice
SET_HERE = ("game", "pays", "rules", "table", "workers", "scheduler")
SHEET_FORMATS = ("html", "pdf")

# the fields each request takes (the JSON API's documentation lists the same: web/schema.py)
GAME_FIELDS = ("game", "pays", "rules", "strategy", "inputs")
FIELDS = {
    "analyze": GAME_FIELDS,
    "overlay": GAME_FIELDS,
    "strategy": GAME_FIELDS,
    "design": (*GAME_FIELDS, "vary", "target", "per"),
    "sweep": (*GAME_FIELDS, "vary", "values", "from", "to", "step"),
    "compare": (*GAME_FIELDS, "variants"),
    "parsheet": (*GAME_FIELDS, "format", "sweep_points", "rounds", "variants"),
    "upload": ("name", "text"),
}


def fields_of(body: object, kind: str) -> Mapping[str, Any]:
    """The request body as a JSON object of the fields ``kind`` takes (a misspelt field is refused
    with the nearest name, as a misspelt option is)."""
    if not isinstance(body, Mapping):
        raise InputError(f"{kind}: the request body must be a JSON object")
    for key in body:
        if key not in FIELDS[kind]:
            raise unknown("field", str(key)[:MAX_NAME], FIELDS[kind], kind)
    return body


def text(body: Mapping[str, Any], key: str, default: str | None = None, limit: int = MAX_VALUE) -> str:
    """A text field (a whole number is taken as its digits)."""
    value = body.get(key, default)
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise InputError(f"{key} must be text, got {type(value).__name__}" if value is not None
                         else f"{key} is required")
    if len(value) > limit or "\0" in value:
        raise InputError(f"{key}: at most {limit} characters, without NUL")
    return value


def whole(body: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(f"{key} must be a whole number from {low} to {high}, got {quoted(value)}")
    return value


def game_of(name: str, folder: Folder) -> str:
    """The game as the API takes it: a built-in name, or the path of a game file of the folder."""
    if name.lower().endswith(GAME_SUFFIXES):
        return str(folder.game(name))
    known = list_games()
    if name not in known:
        raise unknown("game", name, known)
    return name


def is_path(value: str) -> bool:
    """Whether a strategy or variant names a file (which the page may only name in the folder)."""
    return "/" in value or "\\" in value or value.strip().lower().endswith(".toml")


def strategy_of(value: str, folder: Folder) -> str:
    """A strategy: a name, rules such as ``A-K-J-8-3+``, or a strategy file of the folder."""
    value = value.strip()
    if is_path(value):
        return str(folder.path(value, (".toml",)))
    return value or OPTIMAL


def _lines(body: Mapping[str, Any], key: str, rules: bool) -> list[str]:
    """``pays`` or ``rules`` as ``KEY=VALUE`` lines, as ``--pay`` and ``--rule`` take them."""
    given = body.get(key) or {}
    if not isinstance(given, Mapping):
        raise InputError(f"{key} must be a JSON object of {'rule' if rules else 'category'} to value")
    if len(given) > MAX_OVERLAYS:
        raise InputError(f"{key}: at most {MAX_OVERLAYS} items")
    lines = []
    for name, value in given.items():
        if not isinstance(name, str) or not name.strip() or "=" in name or len(name) > MAX_NAME:
            raise InputError(f"{key}: {quoted(name)} is not a {'rule' if rules else 'category'} name")
        if rules and isinstance(value, bool):
            value = "true" if value else "false"
        elif value is None and not rules:
            value = "none"
        elif isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise InputError(f'{key} {name}: give the value as text ("3/2", "1.5", "none") or a whole number, '
                             f"got {type(value).__name__} {value!r}"[:300])
        if len(value) > MAX_VALUE or "\0" in value:
            raise InputError(f"{key} {name}: at most {MAX_VALUE} characters, without NUL")
        lines.append(f"{name.strip()}={value}")
    return lines


def _inputs(body: Mapping[str, Any]) -> dict[str, object]:
    """What a family asks beyond the table (``seats``…): text, whole numbers or true/false, each
    checked by the API against the family's declaration."""
    given = body.get("inputs") or {}
    if not isinstance(given, Mapping) or len(given) > MAX_OVERLAYS:
        raise InputError("inputs must be a JSON object of input to value")
    out: dict[str, object] = {}
    for name, value in given.items():
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise InputError(f"inputs: {quoted(name)} is not an input name")
        if name in SET_HERE:
            raise InputError(f"inputs: {quoted(name)} is not an input of a game (the workbench sets it)")
        if isinstance(value, str):
            if len(value) > MAX_VALUE or is_path(value):
                raise InputError(f"inputs {name}: at most {MAX_VALUE} characters, and no file")
        elif not isinstance(value, (bool, int)):
            raise InputError(f"inputs {name}: text, a whole number or true/false, got {type(value).__name__}")
        out[name] = value
    return out


def game_request(body: object, folder: Folder, kind: str = "analyze") -> dict[str, Any]:
    """The game, its overlays and its strategy, checked; plain data."""
    fields = fields_of(body, kind)
    return {"game": game_of(text(fields, "game", limit=MAX_NAME), folder),
            "pays": _lines(fields, "pays", rules=False), "rules": _lines(fields, "rules", rules=True),
            "strategy": strategy_of(text(fields, "strategy", OPTIMAL), folder), "inputs": _inputs(fields)}


def design_request(body: object, folder: Folder) -> dict[str, Any]:
    request = game_request(body, folder, "design")
    fields = fields_of(body, "design")
    per = text(fields, "per", "ante", limit=MAX_NAME)
    if per not in PERS:
        raise unknown("per", per, PERS, "design")
    return {**request, "vary": text(fields, "vary", limit=MAX_NAME), "target": text(fields, "target"), "per": per}


def sweep_request(body: object, folder: Folder) -> dict[str, Any]:
    """A sweep's payouts: ``values`` (a list), or ``from``, ``to`` and ``step`` (default 1), at
    most as many as a par sheet's sweep."""
    request = game_request(body, folder, "sweep")
    fields = fields_of(body, "sweep")
    if "values" in fields:
        values = fields["values"]
        if not isinstance(values, list) or not values or len(values) > MAX_SWEEP_POINTS:
            raise InputError(f"values must be a list of 1 to {MAX_SWEEP_POINTS} payouts")
        payouts = [parse_exact(v if isinstance(v, (int, str)) and not isinstance(v, bool) else repr(v), "values")
                   for v in values]
    else:
        low = parse_exact(text(fields, "from", "0"), "from")
        high = parse_exact(text(fields, "to"), "to")
        step = parse_exact(text(fields, "step", "1"), "step")
        if step <= 0 or high < low:
            raise InputError("sweep: give from <= to and a step above 0")
        count = (high - low) // step + 1
        if count > MAX_SWEEP_POINTS:
            raise InputError(f"sweep: from {exact_text(low)} to {exact_text(high)} by {exact_text(step)} gives "
                             f"{count} payouts (at most {MAX_SWEEP_POINTS})")
        payouts = [low + step * i for i in range(int(count))]
    return {**request, "vary": text(fields, "vary", limit=MAX_NAME),
            "values": [exact_text(Fraction(p)) for p in payouts]}


def variants_of(fields: Mapping[str, Any], folder: Folder, required: bool) -> list[str]:
    """Variants as ``compare`` takes them (``flush=6,straight=3``, ``strategy=NAME``, or a table
    file, which must be in the folder)."""
    given = fields.get("variants", [])
    if not isinstance(given, list) or len(given) > MAX_VARIANTS or (required and not given):
        raise InputError(f"variants must be a list of {1 if required else 0} to {MAX_VARIANTS} variants")
    out = []
    for spec in given:
        if not isinstance(spec, str) or len(spec) > MAX_VALUE:
            raise InputError("variants: each variant is text, such as flush=6,straight=3")
        if spec.strip().lower().endswith(".toml") and "=" not in spec:
            out.append(str(folder.game(spec.strip())))
            continue
        for item in spec.split(","):
            key, _, value = item.partition("=")
            if key.strip() == "strategy" and is_path(value):
                raise InputError(f"variants {quoted(spec)}: a strategy file is named by the strategy field, "
                                 "not inside a variant")
        out.append(spec)
    return out


def compare_request(body: object, folder: Folder) -> dict[str, Any]:
    request = game_request(body, folder, "compare")
    return {**request, "variants": variants_of(fields_of(body, "compare"), folder, required=True)}


def sheet_request(body: object, folder: Folder) -> dict[str, Any]:
    request = game_request(body, folder, "parsheet")
    fields = fields_of(body, "parsheet")
    fmt = text(fields, "format", "html", limit=MAX_NAME)
    if fmt not in SHEET_FORMATS:
        raise unknown("format", fmt, SHEET_FORMATS, "parsheet")
    return {**request, "format": fmt, "sweep_points": whole(fields, "sweep_points", SWEEP_POINTS, 0, MAX_SWEEP_POINTS),
            "rounds": whole(fields, "rounds", ROUNDS, 1, MAX_ROUNDS),
            "variants": variants_of(fields, folder, required=False)}


def upload_request(body: object, folder: Folder) -> tuple[str, str]:
    """A game file to save in the folder: its name and text."""
    fields = fields_of(body, "upload")
    return folder.name_of(text(fields, "name", limit=MAX_NAME), GAME_SUFFIXES), text(fields, "text", limit=1 << 20)
