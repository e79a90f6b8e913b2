"""Golden files (issue 18): what users read from ``analyze`` and ``decide`` of every built-in game,
text and JSON, byte for byte (tests/golden/README.md).  The decide situation of each game, and Fast
Action's analyze options, are in tests/golden/cases.toml.

Regenerate after a deliberate change of output, then review the diff of tests/golden/:

    ODDSCALC_REGOLD=1 python -m pytest tests/test_golden.py
"""
import os
import re
import tomllib
from pathlib import Path

import pytest

from oddscalc.core.gametable import list_games
from oddscalc.engines.base import DECIDE, engine_of, load

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = tomllib.loads((GOLDEN / "cases.toml").read_text("utf-8"))
REGOLD = os.environ.get("ODDSCALC_REGOLD") == "1"
# a game without a decision is asked with these cards: its golden decide files pin the refusal
NO_DECISION = ("--hand", "As Kd 9c 5h 2s")
# the stud class counts take seconds in a fresh process, and a whole-game pricing over 0.2 s is slow
QUICK = {"analyze": {"three-card-poker", "five-plus-one-bonus"},
         "decide": set(list_games()) - {"caribbean-stud", "live-caribbean-stud"}}
# Text that changes from run to run is replaced before comparing, in the output and in the file
# alike: an elapsed time ("1.23s", "1.23 seconds", "12.3 million rounds/s"; never a whole number
# with an s, which is a card: "2s").  No analyze or decide report prints one today (a test below
# checks that the files hold none, so the comparison is byte for byte); the patterns keep a future
# one from making the files flaky.
TIMING = (re.compile(r"\b\d+\.\d+(s| seconds)\b"), re.compile(r"\b\d[\d,]*(\.\d+)?( million)? rounds/s\b"))


def normalized(text: str) -> str:
    for pattern in TIMING:
        text = pattern.sub("<time>", text)
    return text


def options(game: str, command: str) -> list[str]:
    """The command line of a case of cases.toml (the arguments of the API function, as options)."""
    case = CASES.get(command, {}).get(game, {})
    family = engine_of(load(game))
    inputs = family.decide_inputs if command == "decide" and DECIDE.has(family) else family.analysis_inputs
    if command == "decide":
        assert game in CASES["decide"], f"tests/golden/cases.toml needs a decide entry for {game}"
        if not case:
            assert not DECIDE.has(family), f"{game} has a decision: tests/golden/cases.toml needs its situation"
            return list(NO_DECISION)
    names = {spec.name: spec.flag for spec in inputs.fields}
    names |= {"samples": "--samples", "seed": "--seed", "workers": "--workers"}
    argv = []
    for key, value in case.items():
        for item in value if isinstance(value, list) else [value]:
            argv += [names[key], str(item)]
    return argv


def golden_cases():
    for game in list_games():
        for command in ("analyze", "decide"):
            for fmt in ("txt", "json"):
                marks = [] if game in QUICK[command] else [pytest.mark.slow]
                yield pytest.param(game, command, fmt, id=f"{game}.{command}.{fmt}", marks=marks)


def test_every_golden_file_belongs_to_a_case():
    expected = {f"{game}.{command}.{fmt}" for game in list_games() for command in ("analyze", "decide")
                for fmt in ("txt", "json")}
    present = {path.name for path in GOLDEN.iterdir() if path.suffix in (".txt", ".json")}
    assert present == expected or REGOLD


def test_the_golden_files_hold_no_timing_so_they_are_compared_byte_for_byte():
    for path in sorted(GOLDEN.glob("*.*.*")):
        text = path.read_text("utf-8")
        assert normalized(text) == text, path.name
    assert normalized("in 1.25s, 3.5 seconds, 12.3 million rounds/s, 2,887 rounds/s") == \
        "in <time>, <time>, <time>, <time>"
    assert normalized("As Kd 9c 5h 2s, 10 seats") == "As Kd 9c 5h 2s, 10 seats"


@pytest.mark.parametrize(("game", "command", "fmt"), list(golden_cases()))
def test_the_output_is_the_golden_file(game, command, fmt, cli):
    argv = [command, game, *options(game, command), *(["--format", "json"] if fmt == "json" else [])]
    result = cli(*argv)
    if result.status == 0:
        assert result.err == ""
        shown = result.out
    else:                       # a refusal: the one line on stderr is what the user reads
        assert result.refused(), result.err
        shown = result.err
    path = GOLDEN / f"{game}.{command}.{fmt}"
    if REGOLD:
        path.write_bytes(shown.encode("utf-8"))
    assert path.exists(), f"no golden file {path.name}: run ODDSCALC_REGOLD=1 python -m pytest tests/test_golden.py"
    expected = path.read_bytes().decode("utf-8")
    assert normalized(shown) == normalized(expected), (
        f"oddscalc {' '.join(argv)} differs from tests/golden/{path.name}; if the change is meant, "
        "regenerate with ODDSCALC_REGOLD=1 python -m pytest tests/test_golden.py and review the diff")
