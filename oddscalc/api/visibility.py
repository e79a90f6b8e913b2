"""What seeing more than your own cards is worth, exactly where it fits, else a seeded estimate."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from oddscalc.api.arguments import (
    BoardCards,
    Boxes,
    DealerCards,
    Game,
    OptionalFilePath,
    OptionalSamples,
    OptionalText,
    OptionalWorkers,
    Pays,
    Rules,
    Seed,
    boundary,
)
from oddscalc.api.result import Result
from oddscalc.api.tables import load
from oddscalc.core.delegate import Delegated
from oddscalc.engines.base import Exposure, Seen
from oddscalc.tools.exposure import DEFAULT_SAMPLES, MAX_SAMPLES, analyze_exposure
from oddscalc.tools.exposure_report import exposure_report

__all__ = ["DEFAULT_SAMPLES", "MAX_SAMPLES", "Exposed", "exposure"]


@dataclass(frozen=True)
class Exposed(Result):
    """The informed optimal return beside the plain one, with the report: ``exposure`` is the one
    exposure result every family gives (exact, or an estimate with its standard error, samples and
    seed); its headline figures are here too."""
    game: str
    exposure: Exposure

    gain = Delegated[Fraction]("exposure.gain",
                               "What the information is worth per unit (exact, or the estimate's mean).")
    exact = Delegated[bool]("exposure.exact", "Whether the figures are exact (else estimates).")
    expected_return = Delegated[Fraction]("exposure.expected_return",
                                          "The informed expected return per unit (exact, or the estimate).")
    std_error = Delegated[float | None]("exposure.std_error", "The estimate's standard error (None when exact).")


@boundary
def exposure(game: Game, dealer_cards: DealerCards = 0, boxes: Boxes = 0, sorted_ranks: OptionalText = None,
             board_cards: BoardCards = 0, *, samples: OptionalSamples = None, seed: Seed = 1,
             workers: OptionalWorkers = None, scheduler: OptionalText = None, pays: Pays = None, rules: Rules = None,
             table: OptionalFilePath = None) -> Exposed:
    """The return of a player who also sees ``dealer_cards`` dealer cards (Caribbean Stud counts the
    upcard), ``boxes`` other boxes, the first ``board_cards`` community cards (Mississippi Stud, Let
    It Ride), or only whether those dealer or community cards are in ``sorted_ranks``; estimates
    (``samples`` situations, 20,000 unless given; a case counted exactly but at length, such as
    Ultimate Texas Hold'em's dealer cards seen, is estimated when ``samples`` is given) run in
    seeded chunks on ``workers`` local processes or the Dask cluster at ``scheduler``.

    >>> exposure("three-card-poker", dealer_cards=1).gain > 0
    True
    """
    loaded = load(game, pays, rules, table)
    seen = Seen(dealer_cards, boxes, sorted_ranks, board_cards)
    found = analyze_exposure(loaded, seen, samples, seed, workers, scheduler)
    return Exposed(loaded.name, found, report=exposure_report(loaded, found))
