"""Issue 17: a stdout or stderr that fails (full, closed, a broken pipe) and exact numbers beyond
Python's 4300-digit ``str(int)`` limit give one line and an exit status, never a traceback.

The in-process tests give ``main`` streams that fail as real ones do; the subprocess tests (slow)
run the command with ``/dev/full`` and closed descriptors, as a shell would."""
import decimal
import errno
import importlib
import io
import json
import os
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction

import pytest

from oddscalc.cli.main import main, one_line
from oddscalc.core.numbers import (
    big_text,
    decimal_text,
    exact_text,
    int_text,
    probability_text,
    ratio_text,
    scientific_text,
    unlimited_int_digits,
)
from oddscalc.core.progress_bar import Progress
from oddscalc.report.model import Report, Table
from oddscalc.report.render import render

main_module = importlib.import_module("oddscalc.cli.main")   # the package exports main() under that name

FULL_LINE = "oddscalc: error: cannot write to standard output: No space left on device\n"
CLOSED_LINE = "oddscalc: error: cannot write to standard output: Bad file descriptor\n"


class FailingStream(io.TextIOBase):
    """A text stream whose writes (or only its flushes) fail with ``error``; records what it took."""

    def __init__(self, error, on_write=True, terminal=False):
        self.error, self.on_write, self.terminal = error, on_write, terminal
        self.taken, self.attempts = [], 0

    def write(self, text):
        self.attempts += 1
        if self.on_write:
            raise OSError(self.error, os.strerror(self.error)) if self.error != errno.EPIPE else BrokenPipeError(
                errno.EPIPE, os.strerror(errno.EPIPE))
        self.taken.append(text)
        return len(text)

    def flush(self):
        if not self.on_write:
            raise OSError(self.error, os.strerror(self.error))

    def isatty(self):
        return self.terminal


# --- in process: stdout -----------------------------------------------------------------------

@pytest.mark.parametrize("on_write", [True, False], ids=["write fails", "flush fails"])
def test_a_full_stdout_is_one_line_and_exit_1(monkeypatch, capsys, on_write):
    monkeypatch.setattr(sys, "stdout", FailingStream(errno.ENOSPC, on_write))
    assert main(["games"]) == 1
    assert capsys.readouterr().err == FULL_LINE


def test_a_broken_pipe_is_a_quiet_exit_141(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", FailingStream(errno.EPIPE))
    assert main(["games"]) == main_module.EXIT_BROKEN_PIPE == 141
    assert capsys.readouterr().err == ""


def test_a_stdout_closed_at_start_up_is_one_line_and_exit_1(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", None)         # what Python makes of a closed descriptor 1
    assert main(["games"]) == 1
    assert capsys.readouterr().err == CLOSED_LINE


def test_a_closed_stdout_object_is_one_line_and_exit_1(monkeypatch, capsys):
    stream = io.StringIO()
    stream.close()
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["games"]) == 1
    assert capsys.readouterr().err == CLOSED_LINE


@pytest.mark.slow
def test_an_ascii_stdout_gets_escapes_not_a_traceback(monkeypatch):
    expected = main_module.run(["analyze", "three-card-poker"])[0]
    assert "×" in expected                          # a character ASCII cannot encode
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="ascii"))
    assert main(["analyze", "three-card-poker"]) == 0
    assert raw.getvalue().decode("ascii") == expected.replace("×", "\\xd7")


# --- in process: stderr -----------------------------------------------------------------------

@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EPIPE, errno.EBADF])
def test_a_failing_stderr_leaves_the_exit_status(monkeypatch, capsys, error):
    monkeypatch.setattr(sys, "stderr", FailingStream(error))
    assert main(["rank", "As", "Ax"]) == 2
    assert capsys.readouterr().out == ""


def test_no_stderr_at_all_leaves_the_exit_status(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "stdout", FailingStream(errno.ENOSPC))
    assert main(["rank", "As", "Ax"]) == 2
    assert main(["games"]) == 1


def test_an_error_line_stays_one_line(cli):
    result = cli("simulate", "three-card-poker", "--rounds", "10", "--output", "a\nb\x1b[2J.txt")
    assert result.refused("got 'a\\nb\\x1b[2J.txt'")
    assert "\x1b" not in result.err


def test_one_line_escapes_only_what_is_not_printable():
    assert one_line("a♠ k♦ ٦ ±") == "a♠ k♦ ٦ ±"
    assert one_line("a\nb\tc\x00\udcff") == "a\\nb\\tc\\x00\\udcff"


# --- progress bars on a stderr that breaks ----------------------------------------------------

@pytest.mark.parametrize("error", [errno.EPIPE, errno.ENOSPC, errno.EIO])
def test_a_progress_bar_on_a_broken_terminal_stops_quietly(error):
    stream = FailingStream(error, terminal=True)
    with Progress("demo", 1000, stream=stream, delay=0) as progress:
        for _ in range(1000):
            progress.step()
        progress.resize(2000)
    assert stream.attempts >= 1                    # it did try to draw, on a terminal
    tried = stream.attempts
    progress.step()
    progress.done()
    assert stream.attempts == tried                # and gave up after the first failure


def test_a_progress_bar_on_a_closed_terminal_stops_quietly():
    class Closed(FailingStream):
        def write(self, text):
            self.attempts += 1
            raise ValueError("I/O operation on closed file.")
    stream = Closed(0, terminal=True)
    with Progress("demo", 10, stream=stream, delay=0) as progress:
        progress.step(10)
    assert stream.attempts >= 1


def test_a_progress_bar_on_a_working_terminal_draws():
    stream = FailingStream(0, on_write=False, terminal=True)
    stream.flush = lambda: None
    with Progress("demo", 10, stream=stream, delay=0) as progress:
        progress.step(10)
    assert "demo" in "".join(stream.taken)


# --- integers beyond 4300 digits --------------------------------------------------------------

BIG = 3 ** 20000                                   # 9543 digits


def test_the_printing_functions_take_any_size_under_the_default_limit():
    assert sys.get_int_max_str_digits() in (0, 4300) or sys.get_int_max_str_digits() >= 640
    with pytest.raises(ValueError):                # the limit this guards against is there
        if sys.get_int_max_str_digits():
            str(BIG)
        else:
            raise ValueError
    digits = int_text(BIG)
    assert len(digits) == 9543 and digits.startswith("26613034272") and digits.endswith("4400001")
    assert int(Decimal(digits)) == BIG and int_text(-BIG) == "-" + digits
    assert big_text(Fraction(1, BIG)) == "1/" + digits
    assert ratio_text(Fraction(BIG, 7)) == digits + "/7"
    assert exact_text(BIG) == digits and exact_text(Fraction(BIG)) == digits
    assert decimal_text(Fraction(BIG, 10 ** 9543), 9543) == "0." + digits
    assert exact_text(True) == "True"


def test_exact_scientific_notation_of_tiny_and_huge_numbers():
    with decimal.localcontext(decimal.Context(prec=60, Emin=-10 ** 6, Emax=10 ** 6)):
        tiny, huge = Decimal(1) / Decimal(BIG), +Decimal(BIG)       # computed another way: decimal
    assert scientific_text(Fraction(1, BIG)) == f"{tiny:.2e}" == "3.76e-9543"
    assert scientific_text(Fraction(BIG)) == f"{huge:.2e}" == "2.66e+9542"
    assert probability_text(Fraction(1, BIG)) == f"{tiny:.3e}"
    for value in (Fraction(1, 3), Fraction(-2, 7), Fraction(123456789, 1000), Fraction(5, 10 ** 9), Fraction(9995)):
        assert scientific_text(value) == f"{float(value):.2e}"


def test_render_prints_huge_counts_in_every_format():
    report = Report("big", (Table("t", ("n", "p"), ((BIG, Fraction(1, BIG)),)),), {"count": BIG, "p": Fraction(1, BIG)})
    digits = int_text(BIG)
    with unlimited_int_digits():
        data = json.loads(render(report, "json"))
    assert data["count"] == BIG and data["p"] == "1/" + digits
    for fmt in ("text", "csv", "markdown", "latex"):
        assert digits in render(report, fmt)


def test_the_digit_limit_is_lifted_only_inside_the_scope():
    before = sys.get_int_max_str_digits()
    with pytest.raises(RuntimeError), unlimited_int_digits():
        assert sys.get_int_max_str_digits() == 0
        raise RuntimeError
    assert sys.get_int_max_str_digits() == before


@pytest.mark.slow
def test_distribution_prints_thousands_of_digits(cli):
    """Exact probabilities past Python's 4,300-digit str(int) limit print whole, in JSON and text."""
    args = ("distribution", "three-card-poker", "--rounds", "600", "--exact")
    result = cli(*args, "--format", "json")
    assert result.status == 0 and result.err == ""
    with unlimited_int_digits():              # a test reading them back needs the limit lifted too
        data = json.loads(result.out)
        ahead, even, behind = (Fraction(data[key]) for key in ("ahead", "even", "behind"))
        assert len(str(ahead.denominator)) > 4300
    assert 0 < ahead < 1 and ahead + even + behind == 1
    text = cli(*args)
    assert text.status == 0 and text.err == "" and "probability of being ahead" in text.out


@pytest.mark.slow
def test_more_digits_than_the_exact_weights_hold_are_exact(cli):
    """--digits 5000 over 3 rounds asks for more digits than the exact weights have: the exact
    distribution is cheaper, so its error bound is 0 and the probabilities sum to exactly one."""
    result = cli("distribution", "three-card-poker", "--rounds", "3", "--digits", "5000", "--format", "json")
    assert result.status == 0 and result.err == ""
    data = json.loads(result.out)
    ahead, even, behind, error = (Fraction(data[key]) for key in ("ahead", "even", "behind", "error_bound"))
    assert data["digits_guaranteed"] >= 5000 and error == 0 and ahead + even + behind == 1
    text = cli("distribution", "three-card-poker", "--rounds", "3", "--digits", "5000")
    assert text.status == 0 and "within 0.00e+00" not in text.out


def test_the_digits_have_an_upper_bound(cli):
    assert cli("distribution", "three-card-poker", "--digits", "100001").refused(
        "--digits must be between 1 and 100000")
    assert cli("distribution", "three-card-poker", "--digits", "9" * 30).refused("--digits")


# --- subprocesses: real descriptors -----------------------------------------------------------

def _commands(tmp_path):
    return {
        "games": ["games"],
        "rank": ["rank", "As", "Kd", "Qh", "Jc", "Ts"],
        "analyze": ["analyze", "three-card-poker"],
        "simulate": ["simulate", "three-card-poker", "--rounds", "1000", "--output", str(tmp_path / "c.csv")],
        "distribution": ["distribution", "three-card-poker", "--rounds", "2"],
    }


COMMANDS = ["games", "rank", "analyze", "simulate", "distribution"]
needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")


def _run(args, stdout="pipe", stderr="pipe", cwd=None):
    """Run ``python -m oddscalc ARGS`` with stdout/stderr each "pipe", "full" (/dev/full), "closed"
    or "broken" (a pipe whose reader has gone); returns (status, stdout bytes, stderr bytes)."""
    redirections, files, broken = [], {}, []
    for fd, how in ((1, stdout), (2, stderr)):
        if how == "closed":
            redirections.append(f"{fd}>&-")
        elif how == "full":
            files[fd] = open("/dev/full", "wb")      # noqa: SIM115 (closed below)
        elif how == "broken":
            reader, writer = os.pipe()
            os.close(reader)
            files[fd] = os.fdopen(writer, "wb")
            broken.append(fd)
    command = ["sh", "-c", f'exec "$@" {" ".join(redirections)}', "sh", sys.executable, "-m", "oddscalc", *args]
    try:
        done = subprocess.run(command, cwd=cwd, timeout=300,
                              stdout=files.get(1, subprocess.PIPE), stderr=files.get(2, subprocess.PIPE))
    finally:
        for handle in files.values():
            handle.close()
    return done.returncode, done.stdout or b"", done.stderr or b""


@pytest.mark.slow
@needs_dev_full
@pytest.mark.parametrize("name", COMMANDS)
def test_stdout_to_dev_full(tmp_path, name):
    status, _, err = _run(_commands(tmp_path)[name], stdout="full", cwd=tmp_path)
    assert (status, err.decode()) == (1, FULL_LINE)


@pytest.mark.slow
@pytest.mark.parametrize("name", COMMANDS)
def test_stdout_closed(tmp_path, name):
    status, _, err = _run(_commands(tmp_path)[name], stdout="closed", cwd=tmp_path)
    assert (status, err.decode()) == (1, CLOSED_LINE)


@pytest.mark.slow
@pytest.mark.parametrize("name", COMMANDS)
def test_stdout_a_broken_pipe(tmp_path, name):
    status, _, err = _run(_commands(tmp_path)[name], stdout="broken", cwd=tmp_path)
    assert (status, err.decode()) == (141, "")


@pytest.mark.slow
@needs_dev_full
@pytest.mark.parametrize("stderr", ["full", "closed", "broken"])
@pytest.mark.parametrize("name", ["games", "simulate"])
def test_stderr_that_cannot_be_written(tmp_path, name, stderr):
    args = _commands(tmp_path)[name]
    status, out, _ = _run(args, stderr=stderr, cwd=tmp_path)
    assert status == 0 and out and b"Traceback" not in out
    status, out, _ = _run(["rank", "As", "Ax"], stderr=stderr, cwd=tmp_path)
    assert (status, out) == (2, b"")
    status, out, _ = _run(args, stdout="full", stderr=stderr, cwd=tmp_path)
    assert (status, out) == (1, b"")


@pytest.mark.slow
@needs_dev_full
def test_simulate_keeps_its_complete_file_when_stdout_then_fails(tmp_path):
    """The file is the command's product: written whole before the summary, kept when the summary
    cannot be written, and the run still exits 1 with one line."""
    reference = tmp_path / "reference.csv"
    status, out, err = _run(["simulate", "three-card-poker", "--rounds", "1000", "--output", str(reference)],
                            cwd=tmp_path)
    assert (status, err) == (0, b"") and b"reference.csv" in out
    for how, line in (("full", FULL_LINE), ("closed", CLOSED_LINE)):
        target = tmp_path / f"{how}.csv"
        status, _, err = _run(["simulate", "three-card-poker", "--rounds", "1000", "--output", str(target)],
                              stdout=how, cwd=tmp_path)
        assert (status, err.decode()) == (1, line)
        assert target.read_bytes() == reference.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["closed.csv", "full.csv", "reference.csv"]


@pytest.mark.slow
def test_everything_closed(tmp_path):
    status, out, err = _run(["games"], stdout="closed", stderr="closed", cwd=tmp_path)
    assert status == 1
    status, out, err = _run(["rank", "As", "Ax"], stdout="closed", stderr="closed", cwd=tmp_path)
    assert status == 2


@pytest.mark.slow
def test_a_closed_stdout_cannot_lend_its_number_to_the_output_file(tmp_path):
    """With descriptor 1 closed, the first file opened would take number 1; nothing may reach
    the --output file but its counts."""
    target = tmp_path / "c.json"
    status, _, err = _run(["simulate", "three-card-poker", "--rounds", "100", "--output", str(target)],
                          stdout="closed", cwd=tmp_path)
    assert (status, err.decode()) == (1, CLOSED_LINE)
    assert json.loads(target.read_text())["rounds"] == 100
