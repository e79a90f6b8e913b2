"""Reports and par sheets in Swedish and Norwegian (``--lang sv|nb``): a translation table, applied by
the renderers, that covers every text the project itself prints on each built-in game's par sheet and
in its analyze and strategy reports; numbers with the decimal comma; the figures the English ones."""
import re
from fractions import Fraction

import pytest

from oddscalc.cli.main import run
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import list_games
from oddscalc.engines.base import EXACT, STRATEGY, engine_of, load
from oddscalc.report.html import page_texts
from oddscalc.report.language import LANGUAGES, Language, Verbatim, _template, language
from oddscalc.report.render import report_texts
from oddscalc.tools.parsheet import collect, page

FOREIGN = [code for code in LANGUAGES if code != "en"]
# the games whose sheets take a second or two (the `not slow` loop)
QUICK_GAMES = ["caribbean-stud-progressive", "five-plus-one-bonus", "twenty-one-plus-three", "fast-poker",
               "caribbean-fast-poker", "three-card-poker"]
# every other built-in game with a par sheet (an exact analysis): the stud games and Ultimate Three Card
# Poker (about 10 s each: their strategy charts and exceptions), the staged and Hold'em games
SLOW_GAMES = [g for g in list_games() if g not in QUICK_GAMES and EXACT.has(engine_of(load(g)))]


def game_words():
    """The game files' own text (titles, descriptions, units), printed as their authors wrote it."""
    words = set()
    for name in list_games():
        game = load(name)
        words |= {game.title, game.description, game.unit, game.unit + "s", f"{game.name} ({game.title})"}
    return words


def untranslated(lang, texts, own):
    """The project's own English left in ``texts``: a part no entry of the table translates that reads
    as English words (not one name: a category, an outcome, an action, cards), nor a game file's words."""
    left = set()
    for text in texts:
        if isinstance(text, Verbatim) or text.strip() in own:
            continue
        for gap in lang.gaps(text):
            if gap in own or not re.search(r"[A-Za-z]{2,}[ ,:;()]+[a-z]{2,}", gap) \
                    or re.fullmatch(r"[\w.+-]+(, [\w.+-]+)*", gap):
                continue
            left.add(gap)
    return sorted(left)


def test_the_price_report_s_own_words_are_translated():
    # the wording every family's strategy --price report shares (engines/pricing.py)
    sv, nb = language("sv"), language("nb")
    assert sv.text("rules (first that holds decides; none holds: fold)") == \
        "regler (den första som gäller avgör; gäller ingen: fold)"
    assert nb.text("Texas Hold'em Bonus: the strategy 'always-bet' priced exactly") == \
        "Texas Hold'em Bonus: strategien 'always-bet' eksakt priset"
    for text in ("exact over every deal", "cost against the optimal strategy", "in percent of a unit",
                 "return given up per ante"):
        assert sv.text(text) != text and nb.text(text) != text


def test_words_and_numbers_are_written_the_language_s_way():
    sv, nb = language("sv"), language("nb")
    assert sv.text("house edge per ante") == "husets fördel per ante"
    assert nb.text("house edge per ante") == "husets fordel per ante"
    assert sv.text("0.03703678") == "0,03703678" and sv.text("3.7037 %") == "3,7037 %"
    assert nb.text("19,933,230,517,200") == "19 933 230 517 200"
    # a rational, a version, a hand and a card keep their signs
    assert sv.number("1/3, oddscalc 0.2.0, A-K-4-3-2, 9h") == "1/3, oddscalc 0.2.0, A-K-4-3-2, 9h"
    # templates compose: the wager's title inside the table's, its numbers localized
    assert sv.text("outcomes: Ante and Call, per ante") == "utfall: Ante och Call, per ante"
    assert nb.text("per hour at 60 rounds (per ante staked a round)") == \
        "per time ved 60 runder (per ante satset per runde)"
    # a game file's words and a user's names are printed as written; English is the identity
    said = "Five cards each, one dealer card up; fold."
    assert sv.text(Verbatim(said)) == said
    assert sv.text("royal-flush") == "royal-flush" and language("en").text("house edge") == "house edge"


def test_a_template_keeps_its_holes_and_a_list_is_translated_item_by_item():
    with pytest.raises(ValueError, match="same holes"):
        _template("{a} against {b}", "{a} mot", "x")
    lang = Language("xx", "test", ",", " ", {"yes": "ja"}, (_template("{a} or {b}", "{b} eller {a}", "x"),))
    assert lang.text("yes or no") == "no eller ja"                          # a hole may move
    assert lang.text("yes; yes | yes, yes") == "ja; ja | ja, ja"
    assert lang.gaps("maybe; yes") == ["maybe"]


def test_an_unknown_language_is_refused_in_the_caller_s_terms(cli, tmp_path):
    with pytest.raises(InputError, match="unknown language 'de'"):
        language("de")
    result = cli("analyze", "three-card-poker", "--lang", "de")
    assert result.status == 2 and result.out == "" and "--lang" in result.err
    target = tmp_path / "x.html"
    assert cli("report", "three-card-poker", "--output", target, "--lang", "de").status == 2
    assert not target.exists()
    import oddscalc
    with pytest.raises(InputError, match="unknown language"):
        oddscalc.par_sheet("three-card-poker", target, lang="fi")


@pytest.mark.slow
@pytest.mark.parametrize("code", FOREIGN)
def test_the_text_report_is_translated_and_json_stays_data(code):
    english, _ = run(["analyze", "caribbean-stud"])
    shown, status = run(["analyze", "caribbean-stud", "--lang", code])
    assert status == 0 and shown != english
    assert ("husets fördel" if code == "sv" else "husets fordel") in shown
    edge = re.search(r"house edge per ante\s+house_edge\s+(\S+)\s+(\S+)", english)
    assert edge is not None and f"{edge.group(1)}  " in shown and edge.group(2).replace(".", ",") in shown
    assert run(["analyze", "caribbean-stud", "--format", "json", "--lang", code])[0] == \
        run(["analyze", "caribbean-stud", "--format", "json"])[0]


@pytest.mark.slow
@pytest.mark.parametrize("game", QUICK_GAMES)
def test_every_text_of_the_sheet_and_reports_is_in_the_table(game):
    import oddscalc
    sheet = collect(load(game), rounds=2, sweep_points=2)
    texts = [*page_texts(page(sheet, f"oddscalc report {game} --output x.html", "2026-01-01")),
             *report_texts(oddscalc.analyze(game).report)]
    if STRATEGY.has(engine_of(load(game))):           # a side bet has no strategy
        texts += report_texts(oddscalc.strategy(game, compare=True).report)
    own = game_words()
    for code in FOREIGN:
        assert untranslated(language(code), texts, own) == [], code


@pytest.mark.slow
@pytest.mark.parametrize("game", SLOW_GAMES)
def test_every_text_of_the_other_sheets_is_in_the_table(game):
    import oddscalc
    sheet = collect(load(game), rounds=2, sweep_points=0)
    texts = [*page_texts(page(sheet, f"oddscalc report {game} --output x.html", "2026-01-01")),
             *report_texts(oddscalc.analyze(game).report), *report_texts(oddscalc.strategy(game, compare=True).report)]
    own = game_words()
    for code in FOREIGN:
        assert untranslated(language(code), texts, own) == [], code


@pytest.mark.slow
def test_the_page_in_swedish_holds_the_english_figures(tmp_path):
    import oddscalc
    from tests.tools.test_parsheet import by_key, parse_page
    english, swedish = tmp_path / "en.html", tmp_path / "sv.html"
    oddscalc.par_sheet("three-card-poker", english, rounds=2, sweep_points=2)
    found = oddscalc.par_sheet("three-card-poker", swedish, rounds=2, sweep_points=2, lang="sv")
    text = swedish.read_text()
    assert '<html lang="sv">' in text and ">Sammanfattning<" in text and "--lang sv" in text
    ours, theirs = parse_page(text).tables, parse_page(english.read_text()).tables
    assert set(ours) == set(theirs)                                     # every table, under the same id
    mine = by_key({"headers": ["key", "exact"], "rows": [r[1:3] for r in ours["key-figures"]["rows"]]})
    figures = by_key({"headers": ["key", "exact"], "rows": [r[1:3] for r in theirs["key-figures"]["rows"]]})
    rational = {key: value for key, value in figures.items() if value != "(irrational)"}
    assert {key: mine[key] for key in rational} == rational
    assert Fraction(mine["house_edge"]) == found.sheet.main.house_edge
    assert {mine[key] for key in figures if key not in rational} == {"(irrationellt)"}
    decimals = [r[3] for r in ours["key-figures"]["rows"]]
    assert decimals == [r[3].replace(".", ",") for r in theirs["key-figures"]["rows"]]


@pytest.mark.slow
def test_the_norwegian_pdf_numbers_its_pages_in_norwegian(cli, tmp_path):
    from tests.tools.test_parsheet_submission import pdf_text
    target = tmp_path / "tcp.pdf"
    assert cli("report", "three-card-poker", "--output", target, "--lang", "nb", "--rounds", "2",
               "--sweep-points", "2").status == 0
    text = pdf_text(target)
    assert "side 1 av" in text and "Sammendrag" in text and "husets fordel" in text
