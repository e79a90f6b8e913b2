"""Charts for ``--plot FILE.png`` (matplotlib, the optional ``[plot]`` extra).

Commands call :func:`plot_target` while checking their arguments, before any work, so a missing
matplotlib or a bad path is one clear error and nothing is written.

>>> plot_target(None) is None
True
>>> plot_target("chart.txt")
Traceback (most recent call last):
oddscalc.core.errors.InputError: --plot: the file name must end in .png, got 'chart.txt'
"""
from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from oddscalc.core.errors import InputError
from oddscalc.core.files import output_path, write_file


def plot_target(path: str | None) -> Path | None:
    """Check a ``--plot`` path and that matplotlib can be imported; None when no plot is asked."""
    if path is None:
        return None
    target = output_path(path, "--plot", (".png",))
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError("--plot needs matplotlib, which is not installed: pip install 'oddscalc[plot]'") from None
    return target


def _figure() -> tuple[Any, Any, Any]:
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib import pyplot
    figure, axes = pyplot.subplots(figsize=(8, 4.5), dpi=100)
    return pyplot, figure, axes


def _save(pyplot: Any, figure: Any, path: Path) -> None:
    """Render the chart in memory, then write it whole (a failed write leaves no file)."""
    figure.tight_layout()
    image = io.BytesIO()
    figure.savefig(image, format="png")
    pyplot.close(figure)
    write_file(path, image.getvalue(), "--plot")


def save_lines(path: Path, title: str, x_label: str, y_label: str, x: Sequence[float],
               lines: Sequence[tuple[str, Sequence[float]]], marker_x: float | None = None) -> None:
    """A line chart: one labelled line per series, an optional vertical marker (the current value)."""
    pyplot, figure, axes = _figure()
    for label, values in lines:
        axes.plot(x, values, marker="o", markersize=3, label=label)
    if marker_x is not None:
        axes.axvline(marker_x, color="grey", linestyle=":", label="table's payout")
    axes.set(title=title, xlabel=x_label, ylabel=y_label)
    axes.grid(True, alpha=0.3)
    axes.legend()
    _save(pyplot, figure, path)


def save_bars(path: Path, title: str, x_label: str, y_label: str, x: Sequence[float],
              heights: Sequence[float], width: float = 0.8) -> None:
    """A bar chart of a probability distribution."""
    pyplot, figure, axes = _figure()
    axes.bar(x, heights, width=width, color="tab:blue")
    axes.set(title=title, xlabel=x_label, ylabel=y_label)
    axes.grid(True, axis="y", alpha=0.3)
    _save(pyplot, figure, path)
