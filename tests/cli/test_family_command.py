"""A family's own commands, as it declares them: ``oddscalc command GAME NAME`` and
``oddscalc.command``, with options made from the command's declared inputs."""
import json

import pytest

import oddscalc
from oddscalc.core.errors import InputError

SETTLED = ("--seats", "1,2,3", "--hole", "1:AsAd 2:KsKd 3:7c2h", "--board", "Ah Kh 9c 9d 3s")


def test_the_command_gives_what_the_familys_own_command_line_gives(cli):
    generic = cli("command", "fast-action-poker", "odds", *SETTLED, "--format", "json")
    own = cli("fast-action", "odds", *SETTLED, "--format", "json")
    assert generic.status == 0 and generic.out == own.out
    assert json.loads(generic.out)["net"] == {"1": "6", "2": "-3", "3": "-3"}


def test_the_api_takes_the_declared_inputs_as_keyword_arguments():
    result = oddscalc.command("fast-action-poker", "odds", seats="1,2,3", hole="1:AsAd 2:KsKd 3:7c2h",
                              board="Ah Kh 9c 9d 3s")
    assert result.to_dict() == oddscalc.fast_action_odds("1,2,3", hole="1:AsAd 2:KsKd 3:7c2h",
                                                         board="Ah Kh 9c 9d 3s").to_dict()
    with pytest.raises(InputError, match="exact_limit= must be"):
        oddscalc.command("fast-action-poker", "odds", seats="1,2,3", exact_limit="many")


@pytest.mark.parametrize("argv, message", [
    (("command", "fast-action-poker", "odds", *SETTLED, "--players", "3"),
     "command fast-action-poker odds: --players does not apply to this game (it takes --seats,"),
    (("command", "fast-action-poker", "odz"), "unknown command 'odz' (expected one of: odds)"),
    (("command", "caribbean-stud", "odds"), "command is not available for caribbean-stud: it has no commands"),
    (("command", "fast-action-poker", "odds"), "odds fast-action-poker needs --seats"),
    (("command", "fast-action-poker"), "the following arguments are required: name"),
])
def test_a_bad_command_line_is_one_line(cli, argv, message):
    result = cli(*argv)
    assert result.refused(message), result.err


def test_the_commands_help_lists_its_options(cli):
    result = cli("command", "fast-action-poker", "odds", "-h")
    assert result.status == 0 and "--exact-limit" in result.out and "--seats" in result.out
