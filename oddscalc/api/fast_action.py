"""Fast Action Poker's own query: the odds of a partly known deal, or its settlement."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from oddscalc.api.result import Result
from oddscalc.api.tables import GameLike, Overlay, load
from oddscalc.engines.fast_action import EXACT_LIMIT, SAMPLES, SEED, deal_report

__all__ = ["EXACT_LIMIT", "SAMPLES", "SEED", "DealOdds", "fast_action_odds"]


@dataclass(frozen=True)
class DealOdds(Result):
    """Per seat: phase-one chances and pot share, the action hand, phase-two and total expected nets
    (exact, or a seeded estimate past the exact limit); or the settlement when every card is known.
    The figures are in ``to_dict()``."""
    game: str
    seats: str


def fast_action_odds(seats: str, *, button: str | None = None, hole: str | None = None, board: str | None = None,
                     bettors: str | None = None, dead: str | None = None, draws: str | None = None,
                     game: GameLike = "fast-action-poker", pays: Overlay = None, rules: Overlay = None,
                     table: str | Path | None = None, exact_limit: int = EXACT_LIMIT, samples: int = SAMPLES,
                     seed: int = SEED, workers: int | None = None, scheduler: str | None = None) -> DealOdds:
    """The odds of a Fast Action Poker deal: ``seats`` such as ``"1,2,4"``, ``hole`` such as
    ``"1:AsAd 2:KsKd"``, the ``board`` so far.

    >>> settled = fast_action_odds("1,2,3", hole="1:AsAd 2:KsKd 3:7c2h", board="Ah Kh 9c 9d 3s")
    >>> settled.to_dict()["net"]          # every card known: the hand settled, in units
    {'1': '6', '2': '-3', '3': '-3'}
    """
    loaded = load(game, pays, rules, table)
    return DealOdds(loaded.name, seats, report=deal_report(loaded, seats, button, hole, board, bettors, dead, draws,
                                                           exact_limit, samples, seed, workers, scheduler))
