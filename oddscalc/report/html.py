"""HTML rendering: the page layout of a par sheet (sections of paragraphs, tables and inline SVG
figures).

The page is one self-contained file: the style sheet is inline, figures are inline SVG, and there
is no script, no font, no image and no link to fetch, so it opens the same offline, in an archive
or printed.  Cells are printed as in every other format (:func:`oddscalc.report.render.cell_text`:
exact rationals as ``p/q``), and every table carries an ``id`` so a test or a reader can find it.

>>> from fractions import Fraction
>>> section = Section("s", "Section", ("Some text.", Table("t", ("x",), ((Fraction(1, 3),),))))
>>> text = render_page(Page("Demo", "a subtitle", (section,)))
>>> "<td class=\\"num\\">1/3</td>" in text and text.startswith("<!DOCTYPE html>")
True
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from oddscalc.report.model import Table
from oddscalc.report.render import cell_text


@dataclass(frozen=True)
class Figure:
    """A chart: inline SVG (from :mod:`oddscalc.report.svg`) with a caption, under it or (``heading``,
    for charts set side by side, where a caption under one reads as the title of the one below) above."""
    svg: str
    caption: str = ""
    heading: bool = False


@dataclass(frozen=True)
class Named:
    """A table with the ``id`` it has on the page (else one is made from its title)."""
    table: Table
    name: str


@dataclass(frozen=True)
class Fine:
    """Small print under a table or figure."""
    text: str


@dataclass(frozen=True)
class Details:
    """Blocks folded under a one-line summary (an HTML ``<details>``: it opens without a script)."""
    summary: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Group:
    """Blocks side by side, wrapping to the page's width (small tables, small charts)."""
    blocks: tuple[Block, ...]


Block = str | Table | Named | Figure | Fine | Details | Group


@dataclass(frozen=True)
class Section:
    """A titled part of the page; ``anchor`` is its ``id``."""
    anchor: str
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Page:
    """A whole page: title, subtitle, sections in order, and footer lines."""
    title: str
    subtitle: str
    sections: tuple[Section, ...]
    footer: tuple[str, ...] = ()


STYLE = """
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #1d1d1f;
       margin: 0; background: #f6f7f9; line-height: 1.45; }
main { max-width: 1180px; margin: 0 auto; padding: 24px 28px 40px; background: #ffffff; }
header h1 { margin: 0 0 4px; font-size: 28px; }
header p.subtitle { margin: 0 0 12px; color: #555555; }
nav { font-size: 13px; margin: 8px 0 16px; }
nav a { margin-right: 14px; color: #1f5fa8; text-decoration: none; }
section { margin: 28px 0 0; }
h2 { font-size: 20px; border-bottom: 2px solid #1f5fa8; padding-bottom: 4px; margin: 0 0 12px; }
table.data { border-collapse: collapse; margin: 8px 0 18px; font-size: 13px; }
table.data caption { text-align: left; font-weight: 600; padding: 4px 0; caption-side: top; }
table.data th { background: #eef2f7; text-align: left; padding: 4px 10px; border-bottom: 1px solid #c9d3df; }
table.data td { padding: 3px 10px; border-bottom: 1px solid #eceff3; vertical-align: top; }
table.data td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.data tr:nth-child(even) td { background: #fafbfc; }
figure { margin: 10px 0 22px; }
figcaption { font-size: 13px; color: #444444; margin-top: 4px; max-width: 760px; }
p.fine { font-size: 12px; color: #555555; max-width: 900px; }
details { margin: 4px 0 16px; } details summary { cursor: pointer; color: #1f5fa8; font-size: 14px; }
.grid { display: flex; flex-wrap: wrap; gap: 0 28px; align-items: flex-start; }
footer { margin-top: 36px; border-top: 1px solid #cccccc; padding-top: 10px; font-size: 12px; color: #555555; }
footer code { font-size: 12px; word-break: break-all; }
@media print { body { background: #ffffff; } main { padding: 0; max-width: none; } nav { display: none; }
               h2, caption { break-after: avoid-page; } tr, figure { break-inside: avoid-page; }
               details summary { color: #1d1d1f; } }
"""
PAPERS = {"a4": "A4", "letter": "letter"}


def print_style(paper: str, title: str) -> str:
    """The printed page: the paper size and margins, the title at the top of every page and its number
    at the bottom (CSS page margin boxes, which Chromium prints)."""
    quoted = title.replace("\\", "\\\\").replace('"', '\\"')
    return (f'@page {{ size: {PAPERS[paper]}; margin: 16mm 14mm 18mm 14mm; '
            f'@top-left {{ content: "{quoted}"; font-size: 8pt; color: #555555; }} '
            '@bottom-right { content: "page " counter(page) " of " counter(pages); font-size: 8pt; '
            'color: #555555; } }')

_NUMBER = re.compile(r"[-+]?[0-9][0-9,]*(\.[0-9]+)?(/[0-9]+)?( %)?|[-+]?[0-9.]+e[-+][0-9]+|\([a-z]+\)")


def slug(text: str) -> str:
    """An ``id`` from a title.

    >>> slug("Metrics: Ante and Call, per ante")
    'metrics-ante-and-call-per-ante'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:80] or "table"


def _cell(value: object) -> str:
    text = cell_text(value)
    numeric = isinstance(value, (int, float, Fraction)) and not isinstance(value, bool) \
        or bool(_NUMBER.fullmatch(text))
    return f'<td class="num">{escape(text)}</td>' if numeric else f"<td>{escape(text)}</td>"


def render_table(table: Table, name: str | None = None) -> str:
    """One table with its title as caption; ``name`` (else a slug of the title) is its ``id``."""
    head = "".join(f"<th>{escape(h)}</th>" for h in table.headers)
    body = "".join("<tr>" + "".join(_cell(c) for c in row) + "</tr>\n" for row in table.rows)
    return (f'<table class="data" id="{escape(name or slug(table.title))}">\n<caption>{escape(table.title)}</caption>\n'
            f"<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody>\n</table>\n")


def _block(block: Block, printed: bool = False) -> str:
    if isinstance(block, str):
        return f"<p>{escape(block)}</p>\n"
    if isinstance(block, Fine):
        return f'<p class="fine">{escape(block.text)}</p>\n'
    if isinstance(block, Named):
        return render_table(block.table, block.name)
    if isinstance(block, Table):
        return render_table(block)
    if isinstance(block, Group):
        return '<div class="grid">\n' + "".join(f"<div>{_block(b, printed)}</div>" for b in block.blocks) + "</div>\n"
    if isinstance(block, Details):
        # a printed page shows every section open: a closed one would print as its summary alone
        inner = "".join(_block(b, printed) for b in block.blocks)
        return f"<details{' open' if printed else ''}><summary>{escape(block.summary)}</summary>\n{inner}</details>\n"
    caption = f"<figcaption>{escape(block.caption)}</figcaption>" if block.caption else ""
    return f"<figure>{caption}{block.svg}</figure>\n" if block.heading else f"<figure>{block.svg}{caption}</figure>\n"


def render_page(page: Page, paper: str | None = None) -> str:
    """The whole page as one HTML document (UTF-8, no external resource); ``paper`` (``a4``,
    ``letter``): the page as it is printed, every section open, numbered pages of that size."""
    printed = paper is not None
    nav = "".join(f'<a href="#{escape(s.anchor)}">{escape(s.title)}</a>' for s in page.sections)
    sections = "".join(f'<section id="{escape(s.anchor)}">\n<h2>{escape(s.title)}</h2>\n'
                       + "".join(_block(b, printed) for b in s.blocks) + "</section>\n" for s in page.sections)
    style = STYLE + (print_style(paper, page.title) if paper is not None else "")
    footer = "".join(f"<p>{escape(line)}</p>" if not line.startswith("$ ")
                     else f"<p><code>{escape(line[2:])}</code></p>" for line in page.footer)
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{escape(page.title)}</title>\n<style>{style}</style>\n</head>\n<body>\n<main>\n"
            f"<header><h1>{escape(page.title)}</h1><p class=\"subtitle\">{escape(page.subtitle)}</p></header>\n"
            f"<nav>{nav}</nav>\n{sections}<footer>{footer}</footer>\n</main>\n</body>\n</html>\n")
