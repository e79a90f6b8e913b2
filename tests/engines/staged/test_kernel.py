"""The staged kernel's own checks of what Python gives it: every card, every stage, every class
and option is checked before a code indexes a table (a refusal, never a crash)."""
import pytest

from oddscalc._native import staged

CLASSES = bytes(7462)           # every strength in class 0
GOOD = dict(deck=range(10), base=(), seen=[2, 3], deltas=[[0, 1], [0, 1]], folds=[[True, False], [True, False]],
            initial_units=1, class_map=CLASSES, nets=[1], scale=1, wager_more=True)


def call(**changes):
    return staged.solve(**{**GOOD, **changes})


@pytest.mark.parametrize(("changes", "message"), [
    ({"deck": [1, 1, 2, 3, 4, 5]}, "given twice"),
    ({"base": (60,)}, "not 0..51"),
    ({"base": (0,)}, "given twice"),
    ({"seen": [3, 2]}, "each stage sees more cards"),
    ({"seen": [2, 5]}, "fewer than five"),
    ({"deltas": [[0, 1]]}, "1 to 5 stages"),
    ({"fixed": [0]}, "1 to 5 stages"),
    ({"fixed": [0, 2]}, "a fixed option is -1 or an option's index"),
    ({"folds": [[True, True], [True, False]]}, "every option folds"),
    ({"deltas": [[0, -1], [0, 1]]}, "units in action must stay"),
    ({"class_map": bytes(10)}, "one class per strength"),
    ({"class_map": bytes([1]) * 7462}, "not below 1"),
    ({"scale": 0}, "denominator is positive"),
    ({"deck": range(4)}, "draws 2 cards from a deck of 4|too few cards"),
])
def test_bad_input_is_refused(changes, message):
    with pytest.raises(ValueError, match=message):
        call(**changes)


def test_a_solution_reads_back_what_it_was_given():
    found = call()
    # two cards, one more, then the last two together (a set: their order is not a deal of its own)
    assert found.total == 45 * 8 * 21 and found.n == 10 and found.n_stages == 2
    assert found.units(0) == (1, 1) and found.units(1) == (2, 2) and found.units(2) == (3, 3)
    # every final hand nets +1 per unit, so every option that continues wins and none folds
    assert found.actions() == [[0, 7560], [0, 7560]] and found.folds() == []
    assert found.outcomes() == [(0, 3, 7560)]
    assert found.values(0, (0, 1), 1) == [-found.denominator(0), 3 * found.denominator(0)]
    with pytest.raises(ValueError, match="is not in the deck"):
        found.values(0, (0, 11), 1)
    with pytest.raises(ValueError, match="reached with 1 to 1 units"):
        found.choice(0, (0, 1), 2)
