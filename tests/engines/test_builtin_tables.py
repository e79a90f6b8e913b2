"""Every shipped table passes its engine's whole validation.

Loading a built-in table unchanged skips the checks that evaluate every hand of every class
(``GameTable.built_in``), since they cost a start-up tens of milliseconds: this test is what makes
that safe, and the overlay tests below that any change brings the checks back.
"""
from dataclasses import replace

import pytest

from oddscalc.core.classes import HandClass
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import list_games
from oddscalc.engines.base import engine_of, load, overlay


@pytest.mark.parametrize("name", list_games())
def test_every_built_in_table_passes_the_whole_validation(name):
    table = load(name)
    assert table.built_in
    engine_of(table).validate(replace(table, built_in=False))


def test_an_overlay_is_no_longer_the_built_in_table():
    table = load("caribbean-stud")
    assert not load("caribbean-stud", pays=["flush=6"]).built_in
    assert not overlay(table, pays=["flush=6"]).built_in
    assert not overlay(table, rules=["call_multiple=3"]).built_in
    assert not table.with_rule("call_multiple", 3).built_in


def test_the_class_check_the_shipped_table_skips_refuses_a_class_with_no_hand():
    table = load("caribbean-stud")
    impossible = HandClass("impossible", "straight", ranks=(12, 11, 10, 9, 2))
    with pytest.raises(InputError, match="class 'impossible' holds no five-card hand"):
        engine_of(table).validate(replace(table, classes=(*table.classes, impossible), built_in=False))
