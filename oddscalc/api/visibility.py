"""What seeing more than your own cards is worth, exactly where it fits, else a seeded estimate."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from oddscalc.api.result import Result
from oddscalc.api.tables import GameLike, Overlay, load
from oddscalc.core.delegate import Delegated
from oddscalc.engines.base import Exposure, Seen
from oddscalc.tools.exposure import DEFAULT_SAMPLES, MAX_SAMPLES, analyze_exposure
from oddscalc.tools.exposure_report import exposure_report

__all__ = ["DEFAULT_SAMPLES", "MAX_SAMPLES", "Exposed", "exposure"]


@dataclass(frozen=True)
class Exposed(Result):
    """The informed optimal return beside the plain one: exact, or an estimate (``exposure``
    gives its standard error, samples and seed)."""
    game: str
    exposure: Exposure

    gain = Delegated[Fraction]("exposure.gain",
                               "What the information is worth per unit (exact, or the estimate's mean).")
    exact = Delegated[bool]("exposure.exact", "Whether the figures are exact (else estimates).")


def exposure(game: GameLike, dealer_cards: int = 0, boxes: int = 0, sorted_ranks: str | None = None, *,
             samples: int = DEFAULT_SAMPLES, seed: int = 1, workers: int | None = None,
             scheduler: str | None = None, pays: Overlay = None, rules: Overlay = None,
             table: str | Path | None = None) -> Exposed:
    """The return of a player who also sees ``dealer_cards`` dealer cards (Caribbean Stud counts the
    upcard), ``boxes`` other boxes, or only whether dealer cards are in ``sorted_ranks``; estimates
    run in seeded chunks on ``workers`` local processes or the Dask cluster at ``scheduler``.

    >>> exposure("three-card-poker", dealer_cards=1).gain > 0
    True
    """
    loaded = load(game, pays, rules, table)
    found = analyze_exposure(loaded, Seen(dealer_cards, boxes, sorted_ranks), samples, seed, workers, scheduler)
    return Exposed(loaded.name, found, report=exposure_report(loaded, found))
