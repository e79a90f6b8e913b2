"""Output paths are checked as typed, before any work: a path that names a folder, an empty name,
a NUL byte, a missing or non-folder parent, a device — each one line, exit 2, nothing written."""
import os
import stat

import pytest

from oddscalc.core.errors import InputError
from oddscalc.core.files import output_path, write_file

SUFFIXES = (".csv", ".json")


@pytest.fixture
def place(tmp_path, monkeypatch):
    """An empty working folder holding a folder ``dir.csv`` and a file ``plain``."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dir.csv").mkdir()
    (tmp_path / "plain").write_text("x")
    return tmp_path


def contents(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


ODD = [
    ("out.csv/", "'out.csv/' names a folder (it ends in '/'), not a file"),
    ("out.csv//", "names a folder"),
    ("out.csv/.", "'out.csv/.' names a folder (it ends in '.'), not a file"),
    ("out.csv/..", "names a folder (it ends in '..')"),
    ("sub/out.json/", "names a folder"),
    (".", "names a folder"),
    ("..", "names a folder"),
    ("/", "names a folder"),
    ("", "a file name is required"),
    ("   ", "a file name is required"),
    ("dir.csv", "dir.csv is a folder, not a file"),
    ("dir.csv/", "names a folder"),
    ("nope/out.csv", "no such folder: nope"),
    ("plain/out.csv", "plain is not a folder"),
    ("out\0.csv", "cannot contain a NUL byte"),
    ("/dev/null", "must end in .csv or .json"),
    (".csv", "must end in .csv or .json"),
    ("x" * 300 + ".csv", "longer than"),
]


@pytest.mark.parametrize(("path", "message"), ODD, ids=[repr(p[:20]) for p, _ in ODD])
def test_an_odd_output_path_is_refused_in_one_line(place, path, message):
    before = contents(place)
    with pytest.raises(InputError, match="^--output: ") as refused:
        output_path(path, "--output", SUFFIXES)
    assert message in str(refused.value) and "\n" not in str(refused.value)
    assert contents(place) == before


@pytest.mark.parametrize(("path", "message"), [(p, m) for p, m in ODD if "\0" not in p],
                         ids=[repr(p[:20]) for p, _ in ODD if "\0" not in p])
def test_simulate_refuses_an_odd_output_path_and_writes_nothing(cli, place, path, message):
    before = contents(place)
    result = cli("simulate", "three-card-poker", "--rounds", "10", "--output", path)
    assert result.refused(message)
    assert contents(place) == before


def test_a_nul_byte_on_the_command_line_is_refused(cli, place):
    # a real argv cannot hold a NUL; main() called from Python can
    assert cli("simulate", "three-card-poker", "--rounds", "10", "--output", "a\0b.csv").refused("NUL byte")
    assert contents(place) == ["dir.csv", "plain"]


def test_the_par_sheet_and_the_plot_refuse_a_folder_path(cli, place):
    assert cli("report", "three-card-poker", "--output", "sheet.html/").refused("names a folder")
    assert cli("distribution", "three-card-poker", "--plot", "chart.png/").refused(
        "--plot: 'chart.png/' names a folder")
    assert contents(place) == ["dir.csv", "plain"]


@pytest.mark.parametrize("path", ["out.csv", "./out.csv", "dir.csv/out.csv", "a..csv", "OUT.CSV", "dir.csv//x.json"])
def test_ordinary_paths_are_taken(place, path):
    target = output_path(path, "--output", SUFFIXES)
    write_file(target, "n\n1\n", "--output")
    assert (place / path).read_text() == "n\n1\n"


def test_a_replaced_file_keeps_its_permissions_and_no_temporary_is_left(place):
    target = output_path("out.csv", "--output", SUFFIXES)
    write_file(target, "old", "--output")
    os.chmod(target, 0o640)
    write_file(target, "new", "--output")
    assert target.read_text() == "new" and stat.S_IMODE(os.stat(target).st_mode) == 0o640
    assert contents(place) == ["dir.csv", "out.csv", "plain"]


def test_a_failed_write_leaves_nothing(place, monkeypatch):
    target = output_path("out.csv", "--output", SUFFIXES)

    def refuse(*args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(InputError, match="--output: cannot write out.csv: no space left on device"):
        write_file(target, "data", "--output")
    assert contents(place) == ["dir.csv", "plain"]
