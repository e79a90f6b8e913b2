"""What an Ultimate Texas Hold'em player gains by seeing more before he decides preflop (issue 20,
item 4):

- **the first flop card** (``exposure ultimate-texas-holdem --board-cards 1``): exact over every deal,
  every stage optimal (``holdem_stages.ultimate_seen_card``: each (holding, flop) priced once per flop
  card seen first, the preflop decision per class of holding and seen card);
- **one or both dealer hole cards** (``--dealer-cards 1`` or ``2``): exact, every class of
  (holding, cards seen) priced (seen_classes.py: 5,083 classes at about 0.12 s each, some ten
  minutes on two cores, for one card; 93,769 at about 0.07 s, nearly two hours, for both), in
  chunks that also run on ``--workers`` or a Dask cluster; the gain and the informed decisions, not
  the informed outcome table (the informed kernel prices values, not outcome cells);
- **one or both dealer hole cards read by rank class** (``--dealer-cards 1 --sorted "A|K Q J"``, or
  2): exact the same way, a class per holding orbit and classes read (about a minute for one card
  read by three classes, a few minutes for both);
- **the same with ``--samples N``**: an ESTIMATE.
  Situations (the holding and the dealer cards seen) are drawn from a seed, and each is priced
  exactly, every stage decided on what is seen (informed.py: every board and every unseen dealer
  card).  The gain of a situation is its informed best value less the plain optimal value of its
  holding (the exact analysis, whose mean over the holdings is the plain return), so the holding's
  own luck cancels and only the dealer cards' is sampled.
"""
from __future__ import annotations

from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import Exposure, GainSample, Seen
from oddscalc.engines.holdem_stages import ultimate_seen_card
from oddscalc.engines.reads import Reads
from oddscalc.engines.solver import best_of

from .informed import ultimate_values
from .seen_classes import Pricer, check_dealer_cards, counted_exposure, sampled_chunk
from .ultimate import UltimateGame, main_analysis, main_of, plain_best, preflop_wagers
from .ultimate_family import DEALER_CARD_CASES


def class_values(game: GameTable, holding: tuple[int, int], seen: tuple[int, ...], reads: Reads
                 ) -> dict[str, Fraction]:
    """Every preflop option's exact value per Ante with ``seen`` dealer cards known and ``reads`` read."""
    values, _found = ultimate_values(UltimateGame.of(game).rules, holding, seen, (), reads)
    return values


def options(game: GameTable) -> list[str]:
    return list(preflop_wagers(UltimateGame.of(game).rules))


def choose(game: GameTable, values: dict[str, Fraction]) -> str:
    """The best preflop option by the solver's rule (the game's tie-break on the Play each wagers)."""
    rules = UltimateGame.of(game).rules
    return best_of(values, preflop_wagers(rules), rules.wager_more)


PRICER = Pricer(class_values, options, choose, plain_best, main_analysis, "the flop and the river")


def exposure(game: GameTable, seen: Seen, workers: int | None = None, scheduler: str | None = None
             ) -> Exposure | None:
    """The informed optimal player's exact return beside the plain optimal one's."""
    if seen.given() in DEALER_CARD_CASES:
        check_dealer_cards(seen)
        return counted_exposure(PRICER, game, seen, workers, scheduler)
    if seen.given() != ("board_cards",) or seen.board_cards != 1:
        raise InputError(f"{game.name} prices one community card seen early (--board-cards 1: the first flop card "
                         f"before the preflop decision) or the dealer's hole cards (--dealer-cards 1 or 2), "
                         f"one at a time")
    informed = main_of(game, game.built_for(exposure, "first flop card",
                                            lambda: ultimate_seen_card(UltimateGame.of(game).rules)))
    baseline = main_analysis(game)
    return Exposure(seen.text(), baseline, informed.expected_return - baseline.expected_return, informed,
                    strategy=(("preflop", "decided per class of starting hand and first flop card seen; the flop "
                                          "and the river as in the plain game"),),
                    facts={"deals_counted": "each deal once per flop card seen first (three times the plain game)"})


def exposure_chunk(game: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample:
    """One seeded chunk of situations (a holding and the dealer cards seen, drawn uniformly), each priced
    exactly: the informed best value less the plain optimal value of the holding."""
    if seen.given() not in DEALER_CARD_CASES:
        raise InputError(f"{game.name}: only the dealer's cards seen are sampled; a flop card seen is counted exactly")
    check_dealer_cards(seen)
    return sampled_chunk(PRICER, game, seen, seed, chunk, size)
