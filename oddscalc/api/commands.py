"""A family's own commands (``oddscalc command GAME NAME``): what the family declares it can run
beyond analyze, decide and the tools, with the inputs it declares for each.

>>> result = command("fast-action-poker", "odds", seats="1,2,3", hole="1:AsAd 2:KsKd 3:7c2h",
...                  board="Ah Kh 9c 9d 3s")
>>> result.to_dict()["net"]
{'1': '6', '2': '-3', '3': '-3'}
"""
from __future__ import annotations

from dataclasses import dataclass

from oddscalc.api.arguments import (
    CheckedBelow,
    Game,
    OptionalFilePath,
    OptionalSamples,
    OptionalText,
    OptionalWorkers,
    Pays,
    Rules,
    Seed,
    Text,
    boundary,
)
from oddscalc.api.inputs import situation_of
from oddscalc.api.result import Result
from oddscalc.api.tables import GameLike, load, sampling_of
from oddscalc.core.errors import unknown
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import COMMANDS, FamilyCommand
from oddscalc.report.model import Report

PARAMETERS = ("game", "name", "pays", "rules", "table", "samples", "seed", "workers", "scheduler")


@dataclass(frozen=True)
class CommandResult(Result):
    """The report of a family's own command (its figures are in ``to_dict()``)."""
    game: str
    command: str


def family_command(game: GameLike, name: str) -> FamilyCommand:
    """The command ``name`` of a game's family (a one-line refusal naming the commands it has)."""
    table = load(game)
    commands = COMMANDS.of(table).commands
    if name not in commands:
        raise unknown("command", name, commands, table.name)
    return commands[name]


def run_command(table: GameTable, name: str, inputs: dict[str, object], samples: int | None = None,
                seed: int = 1, workers: int | None = None, scheduler: str | None = None) -> Report:
    """Run a family's command on a loaded table with the inputs it declares."""
    found = family_command(table, name)
    sampling = sampling_of(found.inputs, samples, seed, workers, scheduler)
    situation = situation_of(name, table.name, found.inputs, (), inputs, sampling, PARAMETERS)
    return found.run(table, situation)


@boundary
def command(game: Game, name: Text, *, pays: Pays = None, rules: Rules = None, table: OptionalFilePath = None,
            samples: OptionalSamples = None, seed: Seed = 1, workers: OptionalWorkers = None,
            scheduler: OptionalText = None, **inputs: CheckedBelow) -> CommandResult:
    """Run the command ``name`` that the game's family declares (``oddscalc games`` lists which
    families have commands), with its declared ``inputs`` as keyword arguments."""
    loaded = load(game, pays, rules, table)
    return CommandResult(loaded.name, name, report=run_command(loaded, name, inputs, samples, seed, workers,
                                                               scheduler))
