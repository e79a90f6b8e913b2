"""Worked examples on the par sheet: the game file's situations, each priced and settled by the family
as ``decide`` prices it; every built-in game with an exact analysis names some."""
import pytest

import oddscalc
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import list_games
from oddscalc.engines.base import DECIDE, EXACT, engine_of, load
from oddscalc.tools.worked_examples import worked_examples

EXACT_GAMES = [g for g in list_games() if EXACT.has(engine_of(load(g)))]


@pytest.mark.slow
@pytest.mark.parametrize("game", EXACT_GAMES)
def test_every_exact_game_names_examples_the_family_settles(game):
    table = load(game)
    examples = worked_examples(table)
    assert len(examples) >= 2 and all(e.note for e in examples)
    if not DECIDE.has(engine_of(table)):
        return
    for given, example in zip(table.examples, examples, strict=True):
        values = {k: v for k, v in given if k != "note"}
        decided = oddscalc.decide(game, **values)
        assert example.title == decided.report.title and example.tables == decided.report.tables


def test_a_stud_example_settles_as_the_outcome_table_does():
    """Each way the call ends is an outcome of the game's analysis, with the same net per ante."""
    game = load("caribbean-stud")
    nets = {o.outcome: o.net for o in EXACT.of(game).analyze(game).outcomes}
    [pair, *_] = worked_examples(game)
    decision, settled = pair.tables
    figures = {row[0]: row[1] for row in decision.rows}
    assert figures["decision"] == "call"
    assert settled.rows and all(nets[row[0]] == row[-1] for row in settled.rows)
    assert sum(row[1] for row in settled.rows) == figures["completions"]


def test_a_side_bet_example_is_its_category_and_pay():
    [royal, trips, nothing] = worked_examples(load("five-plus-one-bonus"))
    assert royal.tables[0].rows[0][2] == "royal-flush"
    assert royal.tables[1].rows == (("royal-flush", "bonus", "1000 to one"),)
    assert trips.tables[1].rows == (("three-of-a-kind", "bonus", "7 to one"),)
    assert nothing.tables[1].rows[0][2] == "the wager loses"
    meter = worked_examples(load("caribbean-stud-progressive"))[0]
    assert meter.tables[1].rows == (("royal-flush", "meter", "1 for one"),)


def test_a_bad_example_is_refused_naming_it(tmp_path):
    overlay = tmp_path / "o.toml"
    overlay.write_text('[[examples]]\nhand = "As As Kd 7c 2h"\nup = "9s"\n')
    with pytest.raises(InputError, match=r"examples\[1\]: --hand: duplicate card"):
        worked_examples(load("caribbean-stud", table=overlay))
    overlay.write_text('examples = "hand"\n')
    with pytest.raises(InputError, match=r"examples must be an array of tables"):
        load("caribbean-stud", table=overlay)


def test_the_sheet_shows_the_examples(tmp_path):
    target = tmp_path / "tcp.html"
    oddscalc.par_sheet("three-card-poker", target, rounds=2, sweep_points=0)
    html = target.read_text()
    assert 'id="examples"' in html and 'id="example-1-1"' in html and "Queen-six-four: play." in html
