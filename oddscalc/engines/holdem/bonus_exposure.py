"""What a Texas Hold'em Bonus player gains by seeing or reading the dealer's hole cards before his
preflop decision (``exposure texas-holdem-bonus --dealer-cards 1`` or ``2``, ``--sorted`` to read
them by rank class): counted exactly over every class of situation (seen_classes.py: 5,083 classes of
holding and card seen, 93,769 for both cards, 169 x the classes or pairs of classes read), each
priced by the informed kernel (informed.py: the Flop wager's value over every board and unseen dealer
card, the Turn and River wagers decided on what is seen) against the fold; ``--samples N`` asks for
the seeded estimate instead, every situation exact.

The Bonus side bet does not enter the decision (the family refuses a table where a fold could
forfeit a paying Bonus), so the informed fold is worth the Ante, and the figures are the Ante and
wagers' per Ante, as the plain analysis' are.
"""
from __future__ import annotations

from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.engines.base import Exposure, GainSample, Seen
from oddscalc.engines.reads import Reads
from oddscalc.engines.solver import takes

from .bonus import FOLD, BonusGame, flop_action, main_analysis, plain_best
from .informed import bonus_values
from .seen_classes import Pricer, check_dealer_cards, counted_exposure, sampled_chunk
from .ultimate_family import DEALER_CARD_CASES


def class_values(game: GameTable, holding: tuple[int, int], seen: tuple[int, ...], reads: Reads
                 ) -> dict[str, Fraction]:
    """The Flop wager's exact value per Ante with ``seen`` dealer cards known and ``reads`` read, and the
    fold's."""
    rules = BonusGame.of(game).rules
    up, _found = bonus_values(rules, holding, seen, (), reads)
    return {flop_action(rules.flop_multiple): up, FOLD: Fraction(-1)}


def options(game: GameTable) -> list[str]:
    return [flop_action(BonusGame.of(game).rules.flop_multiple), FOLD]


def choose(game: GameTable, values: dict[str, Fraction]) -> str:
    """The Flop wager when it is worth more than the fold (equal: by the game's tie-break)."""
    rules = BonusGame.of(game).rules
    action = flop_action(rules.flop_multiple)
    return action if takes(values[action], values[FOLD], rules.wager_more) else FOLD


PRICER = Pricer(class_values, options, choose, plain_best, main_analysis, "the Turn and River wagers")


def dealer_cases(game: GameTable, seen: Seen) -> None:
    """One line for what is not priced: only the dealer's hole cards, seen whole or read."""
    if seen.given() not in DEALER_CARD_CASES:
        raise InputError(f"{game.name} prices the dealer's hole cards seen before the preflop decision "
                         f"(--dealer-cards 1 or 2, whole or read by class with --sorted)")
    check_dealer_cards(seen)


def exposure(game: GameTable, seen: Seen, workers: int | None = None, scheduler: str | None = None) -> Exposure:
    """The informed optimal player's exact return beside the plain optimal one's."""
    dealer_cases(game, seen)
    return counted_exposure(PRICER, game, seen, workers, scheduler)


def exposure_chunk(game: GameTable, seen: Seen, seed: int, chunk: int, size: int) -> GainSample:
    """One seeded chunk of situations, each priced exactly (``--samples N``)."""
    dealer_cases(game, seen)
    return sampled_chunk(PRICER, game, seen, seed, chunk, size)
