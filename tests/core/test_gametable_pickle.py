"""Game tables travel to worker processes (local or Dask) by pickle: every built-in game and
example table comes back equal, side-bet settlement keys and classes included."""
import pickle

import pytest

from oddscalc.core.gametable import list_games, tables_dir
from oddscalc.engines.base import load

EXAMPLES = {"caribbean-stud-bad-beat": "caribbean-stud", "caribbean-stud-five-plus-one": "caribbean-stud",
            "three-card-side-bets": "three-card-poker"}


@pytest.mark.parametrize("name", list_games())
def test_every_game_survives_a_pickle(name):
    table = load(name)
    assert pickle.loads(pickle.dumps(table)) == table


@pytest.mark.parametrize("example, game", EXAMPLES.items())
def test_every_example_table_survives_a_pickle(example, game):
    table = load(game, tables_dir() / "examples" / f"{example}.toml")
    copy = pickle.loads(pickle.dumps(table))
    assert copy == table and any(p.settlement for p in copy.paytables)


def test_the_examples_are_all_listed():
    assert sorted(p.stem for p in (tables_dir() / "examples").glob("*.toml")) == sorted(EXAMPLES)
