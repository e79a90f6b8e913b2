"""Charts as inline SVG text, drawn here with no plotting library: lines against x, bands between
curves, and a coloured grid.  Every chart is a string to put inside an HTML page as it is (no
script, no external font, image or style sheet; the HTML parser puts ``<svg>`` in its namespace).

Coordinates are floats: a chart shows figures computed exactly elsewhere, rounded to the pixel.

>>> svg = line_chart([Series("return", [0.0, 1.0, 2.0], [90.0, 95.0, 100.0])], "pays", "return (%)")
>>> svg.startswith("<svg") and svg.count("<polyline") == 1
True
>>> nice_ticks(0, 7.3)
[0.0, 2.0, 4.0, 6.0, 8.0]
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from oddscalc.core.numbers import share_text

PALETTE = ("#1f5fa8", "#d4691c", "#2b8a3e", "#8e44ad", "#b8860b", "#c0392b")
FONT = "font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif\""
ACT, NO_ACT, EMPTY = (26, 152, 80), (215, 48, 39), "#eeeeee"
MIDDLE = (254, 224, 139)


@dataclass(frozen=True)
class Series:
    """One line: its name in the legend, points, and a colour (from the palette when empty)."""
    name: str
    xs: Sequence[float]
    ys: Sequence[float]
    colour: str = ""
    dashed: bool = False


@dataclass(frozen=True)
class Band:
    """A filled band between two curves."""
    name: str
    xs: Sequence[float]
    low: Sequence[float]
    high: Sequence[float]
    colour: str
    opacity: float = 0.25


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values (steps of 1, 2 or 5 times a power of ten) covering [low, high].

    >>> nice_ticks(-61, 42)
    [-75.0, -50.0, -25.0, 0.0, 25.0, 50.0]
    >>> nice_ticks(3, 3)
    [2.0, 3.0, 4.0]
    """
    if high <= low:
        return [float(low) - 1.0, float(low), float(low) + 1.0]
    raw = (high - low) / max(1, count)
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value < high + step * 1e-9:
        ticks.append(round(value, 12))
        value += step
    if ticks[-1] < high - step * 1e-9:
        ticks.append(round(value, 12))
    return [float(t) for t in ticks]


def tick_text(value: float) -> str:
    """A tick label: no trailing zeros.

    >>> tick_text(2.0), tick_text(0.25), tick_text(-1e-13), tick_text(250000.0)
    ('2', '0.25', '0', '250,000')
    """
    if abs(value) < 1e-9:
        return "0"
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:.6g}"


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "middle", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" {FONT}{extra}>'
            f"{escape(text)}</text>")


class _Frame:
    """The plotting area of a chart: maps data to pixels and draws axes, grid and legend."""

    def __init__(self, xs: Sequence[float], ys: Sequence[float], width: int, height: int,
                 y_floor: float | None = None, y_ceiling: float | None = None):
        self.width, self.height = width, height
        self.left, self.right, self.top, self.bottom = 64, width - 16, 16, height - 64
        low, high = min(ys), max(ys)
        if y_floor is not None:
            low = min(low, y_floor)
        if y_ceiling is not None:
            high = max(high, y_ceiling)
        pad = (high - low) * 0.05 or abs(high) * 0.05 or 1.0
        # pad the data, but not past a floor or ceiling (a probability axis stays within 0..100)
        low = low - pad if y_floor is None else max(low - pad, min(y_floor, low))
        high = high + pad if y_ceiling is None else min(high + pad, max(y_ceiling, high))
        self.y_ticks = nice_ticks(low, high)
        self.x_ticks = nice_ticks(min(xs), max(xs), 8)
        self.x_low, self.x_high = self.x_ticks[0], self.x_ticks[-1]
        if min(xs) >= 0 > self.x_low:
            self.x_low = 0.0
        self.y_low, self.y_high = self.y_ticks[0], self.y_ticks[-1]

    def x(self, value: float) -> float:
        span = (self.x_high - self.x_low) or 1.0
        return self.left + (value - self.x_low) / span * (self.right - self.left)

    def y(self, value: float) -> float:
        span = (self.y_high - self.y_low) or 1.0
        return self.bottom - (value - self.y_low) / span * (self.bottom - self.top)

    def axes(self, x_label: str, y_label: str) -> list[str]:
        parts = [f'<rect x="{self.left}" y="{self.top}" width="{self.right - self.left}" '
                 f'height="{self.bottom - self.top}" fill="#ffffff" stroke="#999999"/>']
        for tick in self.y_ticks:
            y = self.y(tick)
            parts.append(f'<line x1="{self.left}" y1="{y:.1f}" x2="{self.right}" y2="{y:.1f}" stroke="#e3e3e3"/>')
            parts.append(_text(self.left - 6, y + 4, tick_text(tick), 11, "end"))
        for tick in self.x_ticks:
            if tick < self.x_low - 1e-9:
                continue
            x = self.x(tick)
            parts.append(f'<line x1="{x:.1f}" y1="{self.top}" x2="{x:.1f}" y2="{self.bottom}" stroke="#eeeeee"/>')
            parts.append(_text(x, self.bottom + 16, tick_text(tick), 11))
        parts.append(_text((self.left + self.right) / 2, self.bottom + 34, x_label, 12))
        middle = (self.top + self.bottom) / 2
        parts.append(_text(14, middle, y_label, 12, extra=f' transform="rotate(-90 14 {middle:.1f})"'))
        return parts

    def legend(self, entries: Sequence[tuple[str, str, str]]) -> list[str]:
        """Entries (name, colour, kind: line, dashed or box) in one row under the axis label."""
        parts, x, y = [], float(self.left), float(self.height - 12)
        for name, colour, kind in entries:
            if kind == "box":
                parts.append(f'<rect x="{x:.1f}" y="{y - 9:.1f}" width="18" height="10" fill="{colour}" '
                             'fill-opacity="0.35" stroke="none"/>')
            else:
                dash = ' stroke-dasharray="5 3"' if kind == "dashed" else ""
                parts.append(f'<line x1="{x:.1f}" y1="{y - 4:.1f}" x2="{x + 18:.1f}" y2="{y - 4:.1f}" '
                             f'stroke="{colour}" stroke-width="2.5"{dash}/>')
            parts.append(_text(x + 24, y, name, 11, "start"))
            x += 34 + 6.4 * len(name)
        return parts


def _open(width: int, height: int, title: str) -> str:
    return (f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
            f'aria-label="{escape(title)}" class="chart"><title>{escape(title)}</title>')


def _points(frame: _Frame, xs: Sequence[float], ys: Sequence[float]) -> str:
    """Pixel coordinates of the points with a finite value (a missing figure is left out)."""
    return " ".join(f"{frame.x(x):.1f},{frame.y(y):.1f}" for x, y in zip(xs, ys, strict=True) if math.isfinite(y))


def line_chart(series: Sequence[Series], x_label: str, y_label: str, title: str = "",
               marker: float | None = None, marker_label: str = "", bands: Sequence[Band] = (),
               width: int = 680, height: int = 320, y_floor: float | None = None,
               y_ceiling: float | None = None, dots: bool = False) -> str:
    """Lines (and filled bands under them) against x; ``marker`` draws a vertical line at an x."""
    xs = [x for s in series for x in s.xs] + [x for b in bands for x in b.xs]
    ys = [y for s in series for y in s.ys] + [y for b in bands for y in (*b.low, *b.high)]
    ys = [y for y in ys if math.isfinite(y)] or [0.0]
    frame = _Frame(xs, ys, width, height, y_floor, y_ceiling)
    parts = [_open(width, height, title or y_label), *frame.axes(x_label, y_label)]
    for band in bands:
        outline = _points(frame, band.xs, band.high) + " " + _points(frame, list(band.xs)[::-1], list(band.low)[::-1])
        parts.append(f'<polygon points="{outline}" fill="{band.colour}" fill-opacity="{band.opacity}" stroke="none">'
                     f"<title>{escape(band.name)}</title></polygon>")
    if marker is not None and frame.x_low <= marker <= frame.x_high:
        x = frame.x(marker)
        parts.append(f'<line x1="{x:.1f}" y1="{frame.top}" x2="{x:.1f}" y2="{frame.bottom}" stroke="#555555" '
                     'stroke-dasharray="2 3"/>')
        if marker_label:
            parts.append(_text(x + 4, frame.top + 12, marker_label, 11, "start", ' fill="#555555"'))
    legend = []
    for i, line in enumerate(series):
        colour = line.colour or PALETTE[i % len(PALETTE)]
        dash = ' stroke-dasharray="6 4"' if line.dashed else ""
        parts.append(f'<polyline points="{_points(frame, line.xs, line.ys)}" fill="none" stroke="{colour}" '
                     f'stroke-width="2"{dash}><title>{escape(line.name)}</title></polyline>')
        if dots:
            parts += [f'<circle cx="{frame.x(x):.1f}" cy="{frame.y(y):.1f}" r="2.5" fill="{colour}"/>'
                      for x, y in zip(line.xs, line.ys, strict=True) if math.isfinite(y)]
        legend.append((line.name, colour, "dashed" if line.dashed else "line"))
    legend += [(band.name, band.colour, "box") for band in bands]
    parts += frame.legend(legend)
    parts.append("</svg>")
    return "".join(parts)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return r, g, bl


def share_colour(share: Fraction | None) -> str:
    """Red (never) through yellow (half) to green (always); grey when there is no situation.

    >>> share_colour(Fraction(1)), share_colour(Fraction(0)), share_colour(None)
    ('#1a9850', '#d73027', '#eeeeee')
    """
    if share is None:
        return EMPTY
    t = float(share)
    r, g, b = _mix(NO_ACT, MIDDLE, t * 2) if t <= 0.5 else _mix(MIDDLE, ACT, t * 2 - 1)
    return f"#{r:02x}{g:02x}{b:02x}"


def grid_chart(rows: Sequence[str], columns: Sequence[str], shares: Sequence[Sequence[Fraction | None]],
               action: str, row_title: str, column_title: str, title: str = "", other: str = "fold") -> str:
    """A grid of cells coloured by the share of situations that take ``action``; each cell says
    ``action``, ``other`` (what the rest do: fold, check) or the share in per cent, and its tooltip
    the exact share."""
    cell_w = 40 if len(columns) > 1 else 90
    cell_h = 20
    label_w = max(80, 7 * max((len(r) for r in rows), default=8) + 12)
    left, top = label_w, 44
    width = max(left + cell_w * len(columns) + 16, 480)
    height = top + cell_h * len(rows) + 36
    parts = [_open(width, height, title or f"{action} or {other}"),
             _text(left, 14, column_title, 12, "start", ' font-weight="600"')]
    for j, column in enumerate(columns):
        parts.append(_text(left + cell_w * j + cell_w / 2, top - 8, column, 12, extra=' font-weight="600"'))
    for i, row in enumerate(rows):
        y = top + cell_h * i
        parts.append(_text(left - 8, y + 14, row, 11, "end"))
        for j, column in enumerate(columns):
            share = shares[i][j]
            x = left + cell_w * j
            if share is None:
                words, tip = "", f"{row} against {column}: no such situation"
            elif share == 1:
                words, tip = action, f"{row} against {column}: always {action}"
            elif share == 0:
                words, tip = other, f"{row} against {column}: always {other}"
            else:
                words = share_text(share, 0)
                tip = (f"{row} against {column}: {action} in {share.numerator}/{share.denominator} of the "
                       f"situations ({share_text(share)})")
            fill = share_colour(share)
            ink = "#ffffff" if share is not None and (share <= Fraction(1, 5) or share >= Fraction(4, 5)) else "#222222"
            parts.append(f'<rect x="{x}" y="{y}" width="{cell_w - 1}" height="{cell_h - 1}" fill="{fill}">'
                         f"<title>{escape(tip)}</title></rect>")
            if words:
                parts.append(_text(x + cell_w / 2, y + 14, words, 10, extra=f' fill="{ink}"'))
    legend_y = top + cell_h * len(rows) + 22
    for k, (label, share) in enumerate(((f"always {action}", Fraction(1)), ("mixed", Fraction(1, 2)),
                                        (f"always {other}", Fraction(0)), ("no situation", None))):
        x = 8 + k * 110
        parts.append(f'<rect x="{x}" y="{legend_y - 10}" width="14" height="12" fill="{share_colour(share)}"/>')
        parts.append(_text(x + 20, legend_y, label, 11, "start"))
    parts.append("</svg>")
    return "".join(parts)
