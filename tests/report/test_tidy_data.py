"""Data that flows into pandas (issue 21, item 3, in part): ``--format tidy`` is one CSV that
``pandas.read_csv`` loads as it is, every table's every cell in it; ``to_frame()`` gives a report's
table as a DataFrame with its exact cells; without pandas, a one-line error."""
import csv
import io
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
