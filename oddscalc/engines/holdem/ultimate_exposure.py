"""What an Ultimate Texas Hold'em player gains by seeing the first flop card before he decides preflop
(issue 20, item 4; ``oddscalc exposure ultimate-texas-holdem --board-cards 1``): exact over every deal,
every stage optimal (``holdem_stages.ultimate_seen_card``: each (holding, flop) priced once per flop
card seen first, the preflop decision per class of holding and seen card).
"""
from __future__ import annotations

from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import Exposure, GainSample, Seen
from oddscalc.engines.holdem_stages import UltimatePlay, ultimate_seen_card

from .ultimate import UltimateGame, main_analysis, main_of


def _informed(game: GameTable) -> dict[str, UltimatePlay]:
    return {}


def exposure(game: GameTable, seen: Seen, workers: int | None = None, scheduler: str | None = None
             ) -> Exposure:
    """The informed optimal player's exact return beside the plain optimal one's."""
    if seen.given() != ("board_cards",) or seen.board_cards != 1:
        raise InputError(f"{game.name} prices one community card seen early (--board-cards 1: the first flop card "
                         f"before the preflop decision); dealer cards, boxes and sorted cards are not priced yet")
    made = game.built(_informed)
    if "play" not in made:
        made["play"] = ultimate_seen_card(UltimateGame.of(game).rules)
    informed = main_of(game, made["play"])
    baseline = main_analysis(game)
    return Exposure(seen.text(), baseline, informed.expected_return - baseline.expected_return, informed,
                    strategy=(("preflop", "decided per class of starting hand and first flop card seen; the flop "
                                          "and the river as in the plain game"),),
                    facts={"deals_counted": "each deal once per flop card seen first (three times the plain game)"})


def exposure_chunk(game: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample:
    """Never needed: the case priced is counted exactly."""
    raise InputError(f"{game.name}: a community card seen early is counted exactly, not sampled")
