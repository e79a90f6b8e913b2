"""Game tables travel to worker processes (local or Dask) by pickle: every built-in game and
example table comes back equal, side-bet settlement keys and classes included."""
import pickle

import pytest

from oddscalc.core.gametable import list_games, tables_dir
from oddscalc.engines.base import load

# the examples that lay side bets with settlement keys (hand, when, paid_on) over their game
SETTLED = {"caribbean-stud-bad-beat": "caribbean-stud", "caribbean-stud-five-plus-one": "caribbean-stud",
           "three-card-side-bets": "three-card-poker"}
# the alternative paytables and rules (tests/engines/test_alternative_tables.py, tests/engines/three_card/test_shoe.py)
ALTERNATIVES = {"mississippi-stud-straight-5": "mississippi-stud", "let-it-ride-royal-500": "let-it-ride",
                "let-it-ride-isle-of-capri": "let-it-ride", "three-card-bonus-flush-4": "let-it-ride",
                "three-card-bonus-no-mini-royal": "let-it-ride",
                "ultimate-three-card-poker-blind-20-10": "ultimate-three-card-poker",
                "ultimate-three-card-poker-pair-plus-50": "ultimate-three-card-poker",
                "ultimate-three-card-poker-face-down": "ultimate-three-card-poker",
                "casino-holdem-woo-1": "casino-holdem", "casino-holdem-woo-2": "casino-holdem",
                "casino-holdem-bonus-survives-fold": "casino-holdem",
                "casino-holdem-bonus-in-decision": "casino-holdem",
                "ultimate-texas-holdem-blind-b": "ultimate-texas-holdem",
                "ultimate-texas-holdem-4x-only": "ultimate-texas-holdem",
                "ultimate-texas-holdem-trips-b": "ultimate-texas-holdem",
                "ultimate-texas-holdem-florida-trips": "ultimate-texas-holdem",
                "ultimate-texas-holdem-trips-lost-on-fold": "ultimate-texas-holdem",
                "texas-holdem-bonus-atlantic-city": "texas-holdem-bonus",
                "twenty-one-plus-three-by-hand": "twenty-one-plus-three",
                "twenty-one-plus-three-two-decks": "twenty-one-plus-three",
                "twenty-one-plus-three-flush": "twenty-one-plus-three"}
EXAMPLES = {**SETTLED, **ALTERNATIVES}


@pytest.mark.parametrize("name", list_games())
def test_every_game_survives_a_pickle(name):
    table = load(name)
    assert pickle.loads(pickle.dumps(table)) == table


@pytest.mark.parametrize("example, game", EXAMPLES.items())
def test_every_example_table_survives_a_pickle(example, game):
    table = load(game, tables_dir() / "examples" / f"{example}.toml")
    copy = pickle.loads(pickle.dumps(table))
    assert copy == table
    assert example not in SETTLED or any(p.settlement for p in copy.paytables)


def test_the_examples_are_all_listed():
    assert sorted(p.stem for p in (tables_dir() / "examples").glob("*.toml")) == sorted(EXAMPLES)
