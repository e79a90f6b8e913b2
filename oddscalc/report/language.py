"""The languages reports are printed in: a translation table per language, applied by the renderers.

Every report and page is built in English; a renderer given another language passes each piece of
text it prints (a title, a header, a cell, a note, a chart's label) through :meth:`Language.text`.
The translations are data, one TOML file per language in ``oddscalc/report/languages/``:

- ``[phrases]``: an English text and its translation, whole;
- ``[templates]``: an English text with holes, ``{#}`` for a number and ``{name}`` for any text
  (itself translated, so ``"outcomes: {wager}"`` and ``"{wager}, per {unit}"`` compose), and its
  translation with the same holes; a hole holds one item of a list (no ``; `` or `` | ``) unless
  it is written ``{name...}``.  A text no entry fits whole that is a list (``a; b``, ``a | b``,
  ``a, b``) is translated item by item.

What no entry matches is printed in English, its numbers written the language's way; names a user
types (games, categories, outcomes, metric keys, strategies, cards, options) are never translated.
Numbers take the language's decimal sign and digit grouping (Swedish and Norwegian: ``0,5`` and
``2 598 960``); an exact rational ``p/q`` reads the same in every language.

>>> sv = language("sv")
>>> sv.text("house edge per ante"), sv.text("3.7037 %"), sv.text("19,933,230,517,200 deals")
('husets fördel per ante', '3,7037 %', '19 933 230 517 200 deals')
>>> language("en").text("house edge per ante")
'house edge per ante'
"""
from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources import files

from oddscalc.core.errors import InputError, unknown

LANGUAGES = ("en", "sv", "nb")
_HOLE = re.compile(r"\{(#|[a-z_]+(?:\.\.\.)?)\}")
# a hole holds one item of a list, never a separator, unless it is written {name...}
_ITEM = r"(?:(?!; | \| ).)+?"
# a number as the English reports write it: digits grouped by commas, a decimal point, an exponent;
# not part of a word, a version (0.2.0) or a hand (A-K-J-3-2 keeps its digits as they are)
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(e[-+]?\d+)?(?![\w]|[.,]\d)")
_NUMBER_HOLE = r"[-+−]?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?(?:/\d+)?"
_NUMBER_ONLY = re.compile(r"[-+−(]*" + _NUMBER_HOLE + r"\)?( ?%)?")


class Verbatim(str):
    """Text printed as written in every language: a game file's own words (its description), which
    the file's author writes in the language of her choice."""

    __slots__ = ()


# how a list's items are separated, widest first: a list with no entry of its own is translated item by item
_SEPARATORS = ("; ", " | ", ", ")


@dataclass(frozen=True)
class Template:
    """An English text with holes, as a pattern, and its translation."""
    pattern: re.Pattern[str]
    translation: str
    literal: int                       # characters outside the holes: the more, the more specific


@dataclass(frozen=True)
class Language:
    """One language's translation table and number format."""
    code: str
    name: str
    decimal: str = "."
    grouping: str = ","
    phrases: Mapping[str, str] = field(default_factory=dict)
    templates: tuple[Template, ...] = ()

    @property
    def is_english(self) -> bool:
        return self.code == "en"

    def text(self, text: str) -> str:
        """``text`` in this language: a phrase, else the most specific template that fits it whole,
        else the English with its numbers written this language's way; a :class:`Verbatim` text
        (a game file's own words) as it is."""
        if self.is_english or not text.strip() or isinstance(text, Verbatim):
            return text
        return _translate(self, text)

    def number(self, text: str) -> str:
        """Every number in ``text`` with this language's decimal sign and digit grouping.

        >>> language("nb").number("1,234.5 and 0.25 (version 0.2.0, A-K-4-3-2)")
        '1 234,5 and 0,25 (version 0.2.0, A-K-4-3-2)'
        """
        if self.decimal == "." and self.grouping == ",":
            return text

        def written(match: re.Match[str]) -> str:
            whole, decimals, exponent = match.group(1), match.group(2) or "", match.group(3) or ""
            return whole.replace(",", self.grouping) + decimals.replace(".", self.decimal) + exponent
        return _NUMBER.sub(written, text)

    def translated(self, text: str) -> str | None:
        """The entry that fits ``text``, translated; else, for a list (items separated by ``; ``,
        `` | `` or ``, ``), the list of its items translated (None: neither)."""
        if text in self.phrases:
            return self.phrases[text]
        for template in self.templates:
            match = template.pattern.fullmatch(text)
            if match is not None:
                return self._filled(template.translation, match)
        for separator in _SEPARATORS:
            if separator in text:
                return separator.join(map(self.text, text.split(separator)))
        return None

    def gaps(self, text: str) -> list[str]:
        """The parts of ``text`` that no entry translates (what prints in English), innermost.

        >>> language("sv").gaps("house edge per ante"), language("sv").gaps("a house of cards")
        ([], ['a house of cards'])
        """
        text = text.strip()
        if not text or text in self.phrases or _NUMBER_ONLY.fullmatch(text) or isinstance(text, Verbatim):
            return []
        for template in self.templates:
            match = template.pattern.fullmatch(text)
            if match is not None:
                return [gap for name, value in match.groupdict().items() if not name.startswith("_n")
                        for gap in self.gaps(value)]
        for separator in _SEPARATORS:
            if separator in text:
                return [gap for item in text.split(separator) for gap in self.gaps(item)]
        return [text]

    def _filled(self, translation: str, match: re.Match[str]) -> str:
        """A template's translation with its holes filled: numbers in order, texts by name."""
        numbers = iter(range(len(translation)))

        def hole(found: re.Match[str]) -> str:
            name = found.group(1)
            if name == "#":
                return self.number(match[f"_n{next(numbers)}"])
            return self.text(match[name.removesuffix("...")])
        return _HOLE.sub(hole, translation)


# texts already translated, per language: a page asks for the same labels thousands of times
_DONE: dict[tuple[str, str], str] = {}


def _translate(lang: Language, text: str) -> str:
    key = (lang.code, text)
    if key not in _DONE:
        found = lang.translated(text.strip())
        _DONE[key] = lang.number(text) if found is None else \
            text[:len(text) - len(text.lstrip())] + found + text[len(text.rstrip()):]
    return _DONE[key]


def _template(english: str, translation: str, where: str) -> Template:
    """A template read: named holes may move in the translation; numbers keep their order."""
    holes, theirs = _HOLE.findall(english), _HOLE.findall(translation)
    named = [h.removesuffix("...") for h in holes if h != "#"]
    theirs = [h.removesuffix("...") for h in theirs]
    holes = [h.removesuffix("...") for h in holes]
    if sorted(holes) != sorted(theirs) or len(set(named)) != len(named):
        raise ValueError(f"{where}: template {english!r}: its translation must have the same holes, each once")
    parts = _HOLE.split(english)
    pattern, numbers = [], 0
    for i, part in enumerate(parts):
        if i % 2 == 0:
            pattern.append(re.escape(part))
        elif part == "#":
            pattern.append(f"(?P<_n{numbers}>{_NUMBER_HOLE})")
            numbers += 1
        elif part.endswith("..."):
            pattern.append(f"(?P<{part[:-3]}>.+?)")
        else:
            pattern.append(f"(?P<{part}>{_ITEM})")
    literal = sum(len(part) for i, part in enumerate(parts) if i % 2 == 0)
    return Template(re.compile("".join(pattern), re.S), translation, literal)


@functools.cache
def language(code: str) -> Language:
    """The language called ``code`` (``en``, ``sv``, ``nb``), its table read once."""
    if code not in LANGUAGES:
        raise unknown("language", code, LANGUAGES, "--lang")
    if code == "en":
        return Language("en", "English")
    source = files("oddscalc.report").joinpath("languages", f"{code}.toml")
    try:
        data = tomllib.loads(source.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:         # an installation without its data
        raise InputError(f"--lang {code}: the translation table cannot be read ({error})") from None
    head = data["language"]
    where = f"languages/{code}.toml"
    templates = sorted((_template(english, translation, where) for english, translation in
                        data.get("templates", {}).items()), key=lambda t: -t.literal)
    return Language(code, head["name"], head["decimal"], head["grouping"], dict(data.get("phrases", {})),
                    tuple(templates))
