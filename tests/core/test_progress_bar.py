"""Progress bars: drawn on a terminal only, cleared at the end, silent everywhere else."""
import io

from oddscalc.core.progress_bar import Progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_terminal_gets_a_bar_that_is_cleared():
    stream = Terminal()
    with Progress("work", 4, stream=stream, delay=0) as progress:
        for _ in range(4):
            progress.step()
    text = stream.getvalue()
    assert "work:" in text and "%|" in text
    assert text.endswith("\r")                 # leave=False: the line is cleared


def test_a_pipe_or_file_gets_nothing():
    stream = io.StringIO()
    with Progress("work", 4, stream=stream, delay=0) as progress:
        progress.step(4)
    assert stream.getvalue() == ""


def test_a_short_run_draws_nothing_before_the_delay():
    stream = Terminal()
    with Progress("work", 2, stream=stream, delay=60) as progress:
        progress.step(2)
    assert "work" not in stream.getvalue()
