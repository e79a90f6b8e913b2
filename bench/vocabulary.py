"""The designer's vocabulary stays interactive: hand classes, side bets, tie rules and written
strategies, each timed against the plain analysis of the same game in the same run.

    python bench/vocabulary.py

Every case runs in a fresh process (so the Caribbean Stud kernel, the evaluator tables and every
cache start cold) and is timed from after the imports to the end of the full analysis report
(outcomes, metrics, paytable, classes and side-bet tables); the best of a few runs is printed with
its ratio to the plain game.  The plain games are the built-in files with their classes and the 6
Card Bonus taken out, written to a temporary folder.

Limits (the issue's): Caribbean Stud with one extra class or side bet at most twice the plain full
analysis; a three-card game at most 0.5 s.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLES = ROOT / "tables"
STUD_RATIO = 2.0
THREE_CARD_SECONDS = 0.5

TIMER = """
import json, sys, time
from oddscalc.engines.base import engine_of, load
game, table, pays, rules, price = json.loads(sys.argv[1])
start = time.perf_counter()
loaded = load(game, table, pays, rules)
engine = engine_of(loaded)
if price:
    engine.strategy_report(loaded, price=price)
else:
    engine.analysis_report(loaded, None)
print(time.perf_counter() - start)
"""


def toml_text(data: dict, prefix: str = "") -> str:
    """A game dictionary back as TOML (strings, numbers, booleans, lists of strings, tables)."""
    lines, tables = [], []
    for key, value in data.items():
        if isinstance(value, dict):
            tables.append((key, value))
        else:
            lines.append(f"{key} = {json.dumps(value)}")
    out = "\n".join(lines) + "\n"
    for key, value in tables:
        name = f"{prefix}{key}"
        out += f"\n[{name}]\n" + toml_text(value, name + ".")
    return out


def plain(name: str, folder: Path, drop_paytables: tuple[str, ...] = ()) -> str:
    """A built-in game without its classes (and without some side bets), as a file."""
    data = tomllib.loads((TABLES / f"{name}.toml").read_text())
    data.pop("classes", None)
    for table in drop_paytables:
        data["paytables"].pop(table)
        data["rules"]["side_bets"] = [s for s in data["rules"].get("side_bets", []) if s != table]
    path = folder / f"plain-{name}.toml"
    path.write_text(toml_text(data))
    return str(path)


def timed(game: str, table: str | None = None, pays: tuple[str, ...] = (), rules: tuple[str, ...] = (),
          price: str | None = None, repeats: int = 3) -> float:
    """Best time of the full analysis (or a strategy's price) in fresh processes."""
    best = float("inf")
    for _ in range(repeats):
        done = subprocess.run([sys.executable, "-c", TIMER, json.dumps([game, table, list(pays), list(rules), price])],
                              check=True, capture_output=True, text=True, cwd=ROOT)
        best = min(best, float(done.stdout))
    return best


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="oddscalc-bench-"))
    examples = TABLES / "examples"
    stud_plain = plain("caribbean-stud", folder)
    tcp_plain = plain("three-card-poker", folder, ("six-card-bonus",))
    stud_cases = [
        ("plain Caribbean Stud (no class)", dict(game=stud_plain)),
        ("built-in: class pair-8-or-better, unpaid", dict(game="caribbean-stud")),
        ("class paid: --pay pair-8-or-better=2", dict(game="caribbean-stud", pays=("pair-8-or-better=2",))),
        ("side bet: bad beat (showdown)", dict(game="caribbean-stud",
                                               table=str(examples / "caribbean-stud-bad-beat.toml"))),
        ("side bet: 5+1 on player + upcard", dict(game="caribbean-stud",
                                                  table=str(examples / "caribbean-stud-five-plus-one.toml"))),
        ("tie rule: --rule ties=player", dict(game="caribbean-stud", rules=("ties=player",))),
        ("strategy --price 'A-K-J-8-3+; A-K if match'", dict(game="caribbean-stud",
                                                            price="A-K-J-8-3+; A-K if match")),
    ]
    three_cases = [
        ("plain Three Card Poker (no class, no 6 Card Bonus)", dict(game=tcp_plain)),
        ("built-in: mini-royal class + 6 Card Bonus", dict(game="three-card-poker")),
        ("class paid: --pay ante-bonus.mini-royal=50", dict(game="three-card-poker",
                                                             pays=("ante-bonus.mini-royal=50",))),
        ("side bets: dealer, 2 on the showdown, a suited class", dict(game="three-card-poker",
                                                              table=str(examples / "three-card-side-bets.toml"))),
        ("tie rule: --rule ties=dealer", dict(game="three-card-poker", rules=("ties=dealer",))),
        ("strategy --price 'Q-6-4+; K-9-2+ if holds Q'", dict(game="three-card-poker",
                                                              price="Q-6-4+; K-9-2+ if holds Q")),
        ("Fast Poker (Bonus staked)", dict(game="fast-poker")),
    ]
    ok = True
    print("Designer's vocabulary: full analysis from a cold process (imports excluded), best of 3")
    for title, cases, check in (("Caribbean Stud", stud_cases, "ratio"), ("three-card games", three_cases, "seconds")):
        print(f"\n{title}")
        base = None
        for label, case in cases:
            seconds = timed(**case)
            base = seconds if base is None else base
            ratio = seconds / base
            passed = ratio <= STUD_RATIO if check == "ratio" else seconds <= THREE_CARD_SECONDS
            ok &= passed
            limit = f"ratio <= {STUD_RATIO}" if check == "ratio" else f"<= {THREE_CARD_SECONDS} s"
            print(f"  {label:<52} {seconds:7.3f} s   x{ratio:5.2f}   ({limit}: {'ok' if passed else 'OVER'})")
    print("\n  all limits met" if ok else "\n  SOME LIMITS NOT MET")


if __name__ == "__main__":
    main()
