"""A table as text, Markdown or LaTeX, laid out as ``tabulate`` lays out the reports' tables, without
importing it.

``tabulate`` costs about 40 ms to import (it reads its own version with ``importlib.metadata``, and
its optional ``wcwidth`` support pulls in half of the ``email`` package), which is a fifth of what a
``decide`` may take.  The reports' tables are its simplest case: every cell is text (number parsing
is off), so every column is left-aligned, and every cell is one line of characters one column wide.
For exactly that case :func:`layout` writes what ``tabulate(rows, headers, tablefmt,
disable_numparse=True)`` writes (``tests/report/test_text_table.py`` compares the two on every
report of the golden cases and on random tables); for anything else it returns None and the
renderer asks ``tabulate`` itself: text with a character that is not one column wide (East Asian
wide letters, combining marks, control characters, which only a user's own game file or cards
text could bring: the project's own text uses ASCII and the few signs in :data:`NARROW_SIGNS`),
a cell of several lines, a row of another length than the headers, or a table without rows.

>>> print(layout([["As Kd", "raise 3x"]], ["hand", "action"], "simple"))
hand    action
------  --------
As Kd   raise 3x
"""
from __future__ import annotations

from collections.abc import Sequence

# the signs beyond ASCII the project's reports print (the Swedish and Norwegian letters among them): one
# column wide (wcwidth 1), not white space, not a line break (tests/report/test_text_table.py checks each
# against wcwidth)
NARROW_SIGNS = "×±…→—–·√²≤≥½åäöÅÄÖæøÆØé−"
_NARROW = frozenset(map(chr, range(0x20, 0x7F))) | frozenset(NARROW_SIGNS)
# tabulate's minimum extra space beside a header (its MIN_PADDING)
_HEADER_PADDING = 2
_LATEX_ESCAPES = str.maketrans({"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "^": r"\^{}",
                                "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "\\": r"\textbackslash{}",
                                "<": r"\ensuremath{<}", ">": r"\ensuremath{>}"})
STYLES = ("simple", "github", "latex_booktabs")


def narrow(text: str) -> bool:
    """Whether every character of the text is one column wide, printable and not a line break.

    >>> narrow("As Kd 9c 5h 2s"), narrow("3 × 1/2"), narrow("王"), narrow("two\\nlines")
    (True, True, False, False)
    """
    return (text.isascii() and text.isprintable()) or _NARROW.issuperset(text)


def layout(rows: Sequence[Sequence[str]], headers: Sequence[str], style: str) -> str | None:
    """The table in one of :data:`STYLES`, as tabulate writes it, or None outside the simple case
    (the module note)."""
    if style not in STYLES:
        raise ValueError(f"unknown table style {style!r}")
    count = len(headers)
    if not rows or not count or any(len(row) != count for row in rows):
        return None
    if not all(map(narrow, headers)) or not all(narrow(cell) for row in rows for cell in row):
        return None
    cells = [[cell.strip() for cell in row] for row in rows]     # tabulate strips left-aligned cells
    widths = [max(len(header) + _HEADER_PADDING, *(len(row[i]) for row in cells))
              for i, header in enumerate(headers)]
    lines = [_row(headers, widths, style)]
    if style == "simple":
        lines.append("  ".join("-" * width for width in widths))
    elif style == "github":
        lines.append("|" + "|".join("-" * (width + 2) for width in widths) + "|")
    else:
        lines = ["\\begin{tabular}{" + "l" * count + "}", "\\toprule", *lines, "\\midrule"]
    lines += [_row(row, widths, style) for row in cells]
    if style == "latex_booktabs":
        lines += ["\\bottomrule", "\\end{tabular}"]
    return "\n".join(lines)


def _row(cells: Sequence[str], widths: Sequence[int], style: str) -> str:
    padded = [cell.ljust(width) for cell, width in zip(cells, widths, strict=True)]
    if style == "simple":
        return "  ".join(padded).rstrip()
    if style == "github":
        return ("|" + "|".join(f" {cell} " for cell in padded) + "|").rstrip()
    return ("&".join(f" {cell} ".translate(_LATEX_ESCAPES) for cell in padded) + "\\\\").rstrip()
