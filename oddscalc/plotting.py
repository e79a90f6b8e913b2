"""Charts for ``--plot FILE.png`` (matplotlib, the optional ``[plot]`` extra).

Commands call :func:`plot_target` while checking their arguments, before any work, so a missing
matplotlib or a bad path is one clear error and nothing is written.

>>> plot_target(None) is None
True
>>> plot_target("chart.txt")
Traceback (most recent call last):
oddscalc.errors.InputError: --plot writes a PNG image: the file name must end in .png, got 'chart.txt'
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from oddscalc.errors import InputError


def plot_target(path: str | None) -> Path | None:
    """Check a ``--plot`` path and that matplotlib can be imported; None when no plot is asked."""
    if path is None:
        return None
    target = Path(path)
    if target.suffix.lower() != ".png":
        raise InputError(f"--plot writes a PNG image: the file name must end in .png, got '{path}'")
    if not target.parent.is_dir():
        raise InputError(f"--plot: no such folder: {target.parent}")
    if target.is_dir():
        raise InputError(f"--plot: {path} is a folder")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError("--plot needs matplotlib, which is not installed: pip install 'oddscalc[plot]'") from None
    return target


def _figure():
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib import pyplot
    return pyplot, *pyplot.subplots(figsize=(8, 4.5), dpi=100)


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
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)


def save_bars(path: Path, title: str, x_label: str, y_label: str, x: Sequence[float],
              heights: Sequence[float], width: float = 0.8) -> None:
    """A bar chart of a probability distribution."""
    pyplot, figure, axes = _figure()
    axes.bar(x, heights, width=width, color="tab:blue")
    axes.set(title=title, xlabel=x_label, ylabel=y_label)
    axes.grid(True, axis="y", alpha=0.3)
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)
