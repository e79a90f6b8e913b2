"""Every command's ``-h`` prints its help and exits 0, with or without a game, never a traceback."""
import pytest

from oddscalc.cli.main import COMMANDS

GAME_COMMANDS = ("analyze", "decide", "strategy", "design", "sweep", "distribution", "simulate", "check")


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_help_without_a_game(cli, command):
    result = cli(command, "-h")
    assert result.status == 0 and result.err == ""
    assert "usage:" in result.out


@pytest.mark.slow
@pytest.mark.parametrize("command", GAME_COMMANDS)
@pytest.mark.parametrize("game", ["caribbean-stud", "fast-poker", "fast-action-poker"])
def test_help_with_a_game(cli, command, game):
    for args in ((command, game, "-h"), (command, "--help", game), (command, game, "--format", "json", "-h")):
        result = cli(*args)
        assert result.status == 0 and result.err == "" and "usage:" in result.out


def test_top_level_help_and_version(cli):
    assert cli("-h").status == 0 and "commands:" in cli("-h").out
    assert cli("--version").out.startswith("oddscalc ")
    assert cli("fast-action", "odds", "-h").status == 0


def test_no_command_and_an_unknown_command_are_one_line(cli):
    for args, message in (((), "a command is required"), (("analyse",), "did you mean 'analyze'?")):
        result = cli(*args)
        assert result.refused(message), result.err
