"""Fast Action Poker's own query: the odds of a partly known deal, or its settlement."""
from __future__ import annotations

from dataclasses import dataclass

from oddscalc.api.arguments import (
    ExactLimit,
    Game,
    OptionalFilePath,
    OptionalText,
    OptionalWorkers,
    Pays,
    Rules,
    Samples,
    Seed,
    Text,
    boundary,
)
from oddscalc.api.commands import run_command
from oddscalc.api.result import Result
from oddscalc.api.tables import load
from oddscalc.core.errors import InputError
from oddscalc.engines.base import Commands, engine_of
from oddscalc.engines.fast_action import EXACT_LIMIT, SAMPLES, SEED

__all__ = ["EXACT_LIMIT", "SAMPLES", "SEED", "DealOdds", "fast_action_odds"]


@dataclass(frozen=True)
class DealOdds(Result):
    """Per seat: phase-one chances and pot share, the action hand, phase-two and total expected nets
    (exact, or a seeded estimate past the exact limit); or the settlement when every card is known.
    The figures are in ``to_dict()``."""
    game: str
    seats: str


@boundary
def fast_action_odds(seats: Text, *, button: OptionalText = None, hole: OptionalText = None,
                     board: OptionalText = None, bettors: OptionalText = None, dead: OptionalText = None,
                     draws: OptionalText = None, game: Game = "fast-action-poker", pays: Pays = None,
                     rules: Rules = None, table: OptionalFilePath = None, exact_limit: ExactLimit = EXACT_LIMIT,
                     samples: Samples = SAMPLES, seed: Seed = SEED, workers: OptionalWorkers = None,
                     scheduler: OptionalText = None) -> DealOdds:
    """The odds of a Fast Action Poker deal: ``seats`` such as ``"1,2,4"``, ``hole`` such as
    ``"1:AsAd 2:KsKd"``, the ``board`` so far.

    >>> settled = fast_action_odds("1,2,3", hole="1:AsAd 2:KsKd 3:7c2h", board="Ah Kh 9c 9d 3s")
    >>> settled.to_dict()["net"]          # every card known: the hand settled, in units
    {'1': '6', '2': '-3', '3': '-3'}
    """
    loaded = load(game, pays, rules, table)
    family = engine_of(loaded)
    if not (isinstance(family, Commands) and "odds" in family.commands):
        raise InputError(f"game '{loaded.name}' is not a Fast Action Poker game (fast-action odds is that family's "
                         "own command)")
    given: dict[str, object] = {"seats": seats, "button": button, "hole": hole, "board": board, "bettors": bettors,
                                "dead": dead, "draws": draws, "exact_limit": exact_limit}
    return DealOdds(loaded.name, seats, report=run_command(loaded, "odds", given, samples, seed, workers, scheduler))
