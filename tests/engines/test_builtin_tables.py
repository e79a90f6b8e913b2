"""Every shipped table passes its engine's whole validation, and a table is read once.

A family reads and checks a table once, into its typed game (``GameTable.built``); a variant
(an overlay, ``replace``) is read anew.  The stud classes are checked to hold a hand when first
used (evaluating every class costs a start about 50 ms): ranking a hand uses them all.
"""
from dataclasses import replace

import pytest

from oddscalc.core.cards import parse_cards
from oddscalc.core.classes import HandClass
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import list_games
from oddscalc.engines.base import engine_of, load, overlay
from oddscalc.engines.stud.rules import StudRules


@pytest.mark.parametrize("name", list_games())
def test_every_built_in_table_passes_the_whole_validation(name):
    table = load(name)
    fresh = replace(table)
    engine_of(fresh).validate(fresh)
    if table.classes and table.engine.startswith("stud5"):
        engine_of(fresh).rank(fresh, parse_cards("As Ad 9c 5h 2s"))


def test_a_table_is_read_once_and_a_variant_anew():
    table = load("caribbean-stud")
    assert StudRules.of(table) is StudRules.of(table)
    assert StudRules.of(overlay(table, rules=["call_multiple=3"])).call_multiple == 3
    assert StudRules.of(table.with_rule("call_multiple", 4)).call_multiple == 4
    assert StudRules.of(replace(table)) is not StudRules.of(table)


def test_a_class_with_no_hand_is_refused_when_the_classes_are_used():
    table = load("caribbean-stud")
    impossible = HandClass("impossible", "straight", ranks=(12, 11, 10, 9, 2))
    broken = replace(table, classes=(*table.classes, impossible))
    with pytest.raises(InputError, match="class 'impossible' holds no five-card hand"):
        engine_of(broken).rank(broken, parse_cards("As Ad 9c 5h 2s"))
    named = replace(broken, paytables=tuple(replace(t, pays={**t.pays, "impossible": 5}) if t.name == "call" else t
                                            for t in broken.paytables))
    with pytest.raises(InputError, match="class 'impossible' holds no hand the Call pays"):
        engine_of(named).validate(named)
