"""Data that flows into pandas (issue 21, item 3, in part): ``--format tidy`` is one CSV that
``pandas.read_csv`` loads as it is, every table's every cell in it; ``to_frame()`` gives a report's
table as a DataFrame with its exact cells; without pandas, a one-line error; a counts file
(``simulate --output x.csv``, ``--format csv``) is one table ``pandas.read_csv`` loads, and what pandas
writes back ``check`` reads."""
import csv
import io
import json
import sys
from fractions import Fraction

import pandas
import pytest

import oddscalc
from oddscalc.report.render import cell_text


def test_tidy_csv_holds_every_cell_and_pandas_reads_it(cli):
    out = cli("analyze", "five-plus-one-bonus", "--format", "tidy").out
    report = oddscalc.analyze("five-plus-one-bonus").report
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == sum(len(t.rows) * len(t.headers) for t in report.tables)
    frame = pandas.read_csv(io.StringIO(out), dtype=str)
    assert list(frame.columns) == ["table", "row", "column", "value"]
    for table in report.tables:
        part = frame[frame.table == table.title]
        wide = part.pivot(index="row", columns="column", values="value")
        assert len(wide) == len(table.rows)
        for r, row in enumerate(table.rows, start=1):
            assert [wide.loc[str(r), h] for h in table.headers] == [cell_text(c) for c in row]


def test_to_frame_gives_a_table_with_its_exact_cells():
    found = oddscalc.analyze("five-plus-one-bonus")
    frame = found.to_frame()
    first = found.report.tables[0]
    assert list(frame.columns) == list(first.headers) and len(frame) == len(first.rows)
    probabilities = frame[first.headers[2]]
    assert all(isinstance(p, (Fraction, int, str)) for p in probabilities)
    metrics = found.report.tables[-1].title
    assert len(found.to_frame(metrics)) == len(found.report.tables[-1].rows)
    with pytest.raises(oddscalc.InputError, match="no table titled"):
        found.to_frame("nothing")


def test_without_pandas_to_frame_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)          # an import of pandas now fails
    with pytest.raises(oddscalc.InputError, match="oddscalc\\[pandas\\]"):
        oddscalc.analyze("five-plus-one-bonus").to_frame()


# (game, options): the settings a counts file carries as columns, a strategy written as rules, exact nets
SIMULATED = [("three-card-poker", ()), ("fast-poker", ("--strategy", "pair+; K-9-2+", "--bonus", "1/3"))]


@pytest.mark.parametrize(("game", "options"), SIMULATED)
def test_a_simulated_counts_file_is_one_table_pandas_reads_and_check_reads_back(cli, tmp_path, game, options):
    path = tmp_path / "x.csv"
    run = ("simulate", game, "--rounds", "2000", "--seed", "3", *options)
    assert cli(*run, "--output", path).status == 0
    assert cli(*run, "--format", "csv").out == path.read_text()      # stdout's CSV is the same file
    frame = pandas.read_csv(path)                                    # no options
    assert list(frame.columns) == ["game", "strategy", "seed", "outcome", "count", "net"]
    strategy = dict(zip(options[::2], options[1::2], strict=True)).get("--strategy", "optimal")
    assert set(frame.game) == {game} and set(frame.strategy) == {strategy} and set(frame.seed) == {3}
    counts = oddscalc.simulate(game, 2000, seed=3, strategy=strategy, rules=["bonus_ratio=1/3"] if options else None)
    assert dict(zip(frame.outcome, frame["count"], strict=True)) == counts.counts.counts
    assert [Fraction(net) for net in frame.net.astype(str)] == [Fraction(str(r["net"])) for r in
                                                                 counts.to_dict()["outcomes"]]
    # what pandas writes back is a counts file check reads, with its settings
    again = tmp_path / "again.csv"
    frame.to_csv(again, index=False)
    checked = cli("check", game, "--counts", again, *options[2:], "--format", "json")
    assert checked.status == 0, checked.out + checked.err
    assert json.loads(checked.out)["strategy"] == strategy
