import json

import pytest


@pytest.mark.slow
def test_rank_five_cards(cli):
    result = cli("rank", "As Kd Qh Jc Ts")
    assert result.status == 0 and "straight" in result.out and result.err == ""


def test_rank_seven_cards_json(cli):
    result = cli("rank", "AsKsQsJsTs2d2c", "--format", "json")
    data = json.loads(result.out)
    assert data["category"] == "royal-flush" and data["best"] == "As Ks Qs Js Ts"
    assert data["strength"] == 7461


def test_rank_three_cards_uses_the_games_ranking(cli):
    data = json.loads(cli("rank", "Qh 6d 4s", "--format", "json").out)
    assert data["category"] == "high-card" and data["strengths"] == 741


@pytest.mark.slow
def test_python_dash_m_works(cli_process):
    result = cli_process("rank", "2c 2d 2h 2s 3c", "--format", "json")
    assert result.status == 0 and json.loads(result.out)["category"] == "four-of-a-kind"


@pytest.mark.parametrize("args, message", [
    (("rank", "As Ax Kd Qh Jc"), "unknown card 'Ax'"),
    (("rank", "As As Kd Qh Jc"), "duplicate card As"),
    (("rank", "As Kd Qh Jc"), "expected 3, 5, 6 or 7 cards, got 4"),
    (("rank", "As Kd Qh", "--game", "no-such-game"), "unknown game 'no-such-game'"),
    (("rank", "As Kd Qh Jc 2c", "--game", "no-such-game"), "unknown game 'no-such-game'"),
    (("rank", "As Kd Qh", "--game", "caribbean-stud"), "caribbean-stud ranks five-card hands"),
    (("rank", "As Kd Qh Jc 2c", "--game", "three-card-poker"), "three-card-poker ranks three-card hands"),
    (("rank", "As Kd Qh", "--colour"), "unrecognized arguments"),
    (("rank", "As Kd Qh", "--format", "yaml"), "invalid choice"),
    (("frobnicate",), "unknown command"),
    (("analyze", "no-such-game"), "unknown game"),
])
def test_bad_input_is_one_line_and_status_2(cli, args, message):
    result = cli(*args)
    assert result.refused(message), result.err


@pytest.mark.slow
def test_bad_input_from_a_process_has_no_traceback(cli_process):
    result = cli_process("rank", "As Kd Qh Jc Zz")
    assert result.status == 2 and "Traceback" not in result.err and result.err.count("\n") == 1


def test_rank_names_the_game_whose_ranking_applied(cli):
    data = json.loads(cli("rank", "As Kd Qh Jc 2c", "--game", "live-caribbean-stud", "--format", "json").out)
    assert data["game"] == "live-caribbean-stud" and data["category"] == "high-card"
    reordered = cli("rank", "Qh Jh 2h", "--game", "three-card-poker", "--format", "json")
    assert json.loads(reordered.out)["category"] == "flush"
