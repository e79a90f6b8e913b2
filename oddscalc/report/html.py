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
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from html import escape, unescape

from oddscalc.report.language import Language, language
from oddscalc.report.model import Table
from oddscalc.report.render import cell_text, table_texts


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
ENGLISH = language("en")


def print_style(paper: str, title: str, words: Language = ENGLISH) -> str:
    """The printed page: the paper size and margins, the title at the top of every page and its number
    at the bottom (CSS page margin boxes, which Chromium prints)."""
    def quoted(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return (f'@page {{ size: {PAPERS[paper]}; margin: 16mm 14mm 18mm 14mm; '
            f'@top-left {{ content: {quoted(title)}; font-size: 8pt; color: #555555; }} '
            f'@bottom-right {{ content: {quoted(words.text("page") + " ")} counter(page) '
            f'{quoted(" " + words.text("of") + " ")} counter(pages); font-size: 8pt; color: #555555; }} }}')

_NUMBER = re.compile(r"[-+]?[0-9][0-9,]*(\.[0-9]+)?(/[0-9]+)?( %)?|[-+]?[0-9.]+e[-+][0-9]+|\([a-z]+\)")


def slug(text: str) -> str:
    """An ``id`` from a title.

    >>> slug("Metrics: Ante and Call, per ante")
    'metrics-ante-and-call-per-ante'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:80] or "table"


def _cell(value: object, words: Language) -> str:
    text = cell_text(value)
    numeric = isinstance(value, (int, float, Fraction)) and not isinstance(value, bool) \
        or bool(_NUMBER.fullmatch(text))
    shown = escape(words.text(text))
    return f'<td class="num">{shown}</td>' if numeric else f"<td>{shown}</td>"


def render_table(table: Table, name: str | None = None, words: Language = ENGLISH) -> str:
    """One table with its title as caption; ``name`` (else a slug of the title) is its ``id``."""
    head = "".join(f"<th>{escape(words.text(h))}</th>" for h in table.headers)
    body = "".join("<tr>" + "".join(_cell(c, words) for c in row) + "</tr>\n" for row in table.rows)
    return (f'<table class="data" id="{escape(name or slug(table.title))}">\n'
            f"<caption>{escape(words.text(table.title))}</caption>\n"
            f"<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody>\n</table>\n")


# the text a chart shows: its labels and ticks, and the titles a browser shows on hovering
_SVG_TEXT = re.compile(r"(<(?:text|title)\b[^>]*>)([^<]+)(</(?:text|title)>)|(aria-label=\")([^\"]*)(\")")


def _svg(svg: str, words: Language) -> str:
    """A chart's text in the language (its numbers too)."""
    if words.is_english:
        return svg

    def shown(match: re.Match[str]) -> str:
        opening, text, closing = (match[1], match[2], match[3]) if match[1] else (match[4], match[5], match[6])
        return opening + escape(words.text(unescape(text))) + closing
    return _SVG_TEXT.sub(shown, svg)


def _block(block: Block, printed: bool = False, words: Language = ENGLISH) -> str:
    if isinstance(block, str):
        return f"<p>{escape(words.text(block))}</p>\n"
    if isinstance(block, Fine):
        return f'<p class="fine">{escape(words.text(block.text))}</p>\n'
    if isinstance(block, Named):
        return render_table(block.table, block.name, words)
    if isinstance(block, Table):
        return render_table(block, None, words)
    if isinstance(block, Group):
        return '<div class="grid">\n' + "".join(f"<div>{_block(b, printed, words)}</div>" for b in block.blocks) \
            + "</div>\n"
    if isinstance(block, Details):
        # a printed page shows every section open: a closed one would print as its summary alone
        inner = "".join(_block(b, printed, words) for b in block.blocks)
        return (f"<details{' open' if printed else ''}><summary>{escape(words.text(block.summary))}</summary>\n"
                f"{inner}</details>\n")
    caption = f"<figcaption>{escape(words.text(block.caption))}</figcaption>" if block.caption else ""
    svg = _svg(block.svg, words)
    return f"<figure>{caption}{svg}</figure>\n" if block.heading else f"<figure>{svg}{caption}</figure>\n"


def render_page(page: Page, paper: str | None = None, lang: str = "en") -> str:
    """The whole page as one HTML document (UTF-8, no external resource); ``paper`` (``a4``,
    ``letter``): the page as it is printed, every section open, numbered pages of that size; ``lang``:
    the language of its text (:mod:`oddscalc.report.language`; the command in the footer as typed)."""
    words = language(lang)
    printed = paper is not None
    title, subtitle = words.text(page.title), words.text(page.subtitle)
    nav = "".join(f'<a href="#{escape(s.anchor)}">{escape(words.text(s.title))}</a>' for s in page.sections)
    sections = "".join(f'<section id="{escape(s.anchor)}">\n<h2>{escape(words.text(s.title))}</h2>\n'
                       + "".join(_block(b, printed, words) for b in s.blocks) + "</section>\n"
                       for s in page.sections)
    style = STYLE + (print_style(paper, title, words) if paper is not None else "")
    footer = "".join(f"<p>{escape(words.text(line))}</p>" if not line.startswith("$ ")
                     else f"<p><code>{escape(line[2:])}</code></p>" for line in page.footer)
    return (f"<!DOCTYPE html>\n<html lang=\"{words.code}\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{escape(title)}</title>\n<style>{style}</style>\n</head>\n<body>\n<main>\n"
            f"<header><h1>{escape(title)}</h1><p class=\"subtitle\">{escape(subtitle)}</p></header>\n"
            f"<nav>{nav}</nav>\n{sections}<footer>{footer}</footer>\n</main>\n</body>\n</html>\n")


def page_texts(page: Page) -> Iterator[str]:
    """Every text the page prints through its language (:func:`render_page`), in order: what a
    translation table must cover (``tests/report/test_language.py``)."""
    yield page.title
    yield page.subtitle
    for section in page.sections:
        yield section.title
        for block in section.blocks:
            yield from _block_texts(block)
    yield from (line for line in page.footer if not line.startswith("$ "))


def _block_texts(block: Block) -> Iterator[str]:
    if isinstance(block, str):
        yield block
    elif isinstance(block, Fine):
        yield block.text
    elif isinstance(block, (Named, Table)):
        yield from table_texts(block.table if isinstance(block, Named) else block)
    elif isinstance(block, Group):
        for inner in block.blocks:
            yield from _block_texts(inner)
    elif isinstance(block, Details):
        yield block.summary
        for inner in block.blocks:
            yield from _block_texts(inner)
    else:
        yield block.caption
        for match in _SVG_TEXT.finditer(block.svg):
            yield unescape(match[2] if match[1] else match[5])
