"""Every rule decision is a field of tables/fast-action-poker.toml, and a bad field is refused."""
from fractions import Fraction

import pytest

from oddscalc.core.errors import InputError
from oddscalc.engines.base import load
from oddscalc.engines.fast_action.rules import rules_of_game


def rules_with(tmp_path, text):
    path = tmp_path / "over.toml"
    path.write_text(text)
    return rules_of_game(load("fast-action-poker", path))


def test_defaults_follow_the_rules_file():
    rules = rules_of_game(load("fast-action-poker"))
    assert (rules.ante, rules.bet, rules.optional_bet) == (1, 1, 1)
    assert rules.seat_of_rank == (2, 3, 4, 5, 6, 7, 8, None, None, None, None, None, 1)
    assert rules.action_cards == ("river", "turn", "flop3", "flop2", "flop1")
    assert (rules.action_fallback, rules.phase_two_end, rules.phase_two_tie) == ("deck", "one-revolution", "push")
    assert (rules.phase_one_tie, rules.no_optional_bet) == ("split", "button")
    assert not rules.has_jackpot and rules.jackpot_stake == 0


def test_fields_can_be_changed(tmp_path):
    rules = rules_with(tmp_path, '[rules]\nante = "1/2"\nseat_ranks = ["A K", "2", "3", "4", "5", "6", "7", ""]\n'
                       'action_cards = ["river"]\nphase_two_tie = "pass"\njackpot_stake = 1\n'
                       '[paytables.jackpot]\nbasis = "for"\n[paytables.jackpot.pays]\nroyal-flush = 500\n')
    assert rules.ante == Fraction(1, 2) and rules.phase_two_tie == "pass"
    assert rules.seat_of_rank[12] == rules.seat_of_rank[11] == 1 and rules.seat_of_rank[0] == 2
    assert rules.action_positions == (4,)
    assert rules.has_jackpot and rules.jackpot_net(9) == 499 and rules.jackpot_net(0) == -1


@pytest.mark.parametrize("text, message", [
    ('[rules]\nphase_two_end = "forever"\n', "rules.phase_two_end must be one of"),
    ('[rules]\nphase_two_tie = 1\n', "rules.phase_two_tie must be a string"),
    ('[rules]\nseat_ranks = ["A", "A"]\n', "names rank A for seats 1 and 2"),
    ('[rules]\nseat_ranks = ["Z"]\n', "unknown rank 'Z'"),
    ('[rules]\nseat_ranks = ["A", "2"]\n', "rules.seat_ranks lists 2 seats, but the table has 8"),
    ('[rules]\nseats = 6\nplayers_max = 6\n', "rules.seat_ranks lists 8 seats, but the table has 6"),
    ('[rules]\naction_cards = ["river", "fourth"]\n', "unknown card 'fourth'"),
    ('[rules]\naction_cards = ["river", "river"]\n', "lists a card twice"),
    ('[rules]\nante = 0\n', "rules.ante must be positive"),
    ('[rules]\nseats = 9\n', "rules.seats must be between 3 and 8"),
    ('[rules]\naction_fallback = "dealer"\n', "rules.action_fallback must be one of"),
    ('[paytables.jackpot.pays]\nfive-aces = 100\n', "unknown category 'five-aces'"),
    ('[paytables.jackpot.pays]\nflush = 1\n[paytables.bonus.pays]\nflush = 1\n', "unknown paytable 'bonus'"),
])
def test_bad_fields_are_refused(tmp_path, text, message):
    with pytest.raises(InputError, match=message):
        rules_with(tmp_path, text)
