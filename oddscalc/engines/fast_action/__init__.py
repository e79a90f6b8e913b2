"""Fast Action Poker (engine ``fast-action``): 3 to 8 players, two hole cards and a shared board;
phase one pays the best optional bettor, phase two is the action-hand chain between players.

Rules (``rules``) → a deal as the user states it (``deal``) → who holds the action hand
(``action``, exact) → the kernel's sums over every completion (``odds``, ext/board.pyx) or,
with every card known, the settlement step by step (``settlement``, after ``chain``, the rules
written plainly); the optional-bet advice (``advice``, ``equity``); random hands (``analyze``,
an estimate); reports (``report``).  There is no exact analysis over every deal (about 10^20),
so the tools that need one (design, sweep, distribution, check) do not attach to this engine.

>>> from oddscalc.engines.base import load
>>> ENGINE.validate(load("fast-action-poker"))
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable
from oddscalc.core.limits import MAX_EXACT_LIMIT, OTHERS_BET, PLAYERS
from oddscalc.core.parallel import default_workers
from oddscalc.engines.base import OPTIMAL, Decision, FamilyBase, FamilyCommand, NamedStrategy
from oddscalc.engines.fast_action.advice import decision_of, decision_rows
from oddscalc.engines.fast_action.analyze import ANALYZE_SAMPLES, analyze_report
from oddscalc.engines.fast_action.deal import parse_deal
from oddscalc.engines.fast_action.odds import EXACT_LIMIT, SAMPLES, SEED, deal_odds
from oddscalc.engines.fast_action.report import decide_report, odds_report, settlement_report
from oddscalc.engines.fast_action.rules import RULE_SPECS, rules_of_game
from oddscalc.engines.fast_action.settlement import settle
from oddscalc.engines.inputs import Input, Inputs, Sampling, Situation
from oddscalc.report.model import Report

DECIDE_SAMPLES = 200_000

__all__ = ["DECIDE_SAMPLES", "ENGINE", "EXACT_LIMIT", "SAMPLES", "SEED", "FastActionEngine", "deal_report"]


ANALYSIS_INPUTS = Inputs((
    Input("seats", "text", "occupied seats", required=True, metavar="LIST", example="1,2,4,7"),
), samples=ANALYZE_SAMPLES)
ODDS_INPUTS = Inputs((
    Input("seats", "text", "occupied seats, e.g. 1,2,4,7 (3 to 8 of 1-8)", required=True, metavar="LIST",
          example="1,2,4,7"),
    Input("button", "text", "seat of the dealer button", metavar="SEAT"),
    Input("hole", "text", "known hole cards, e.g. '1:AsKd 7:QcJc'", metavar="'SEAT:CARDS ...'"),
    Input("board", "text", "community cards so far: flop, turn, river (0, 3, 4 or 5)", metavar="CARDS"),
    Input("bettors", "text", "seats that made the optional bet: list, all (default) or none", metavar="LIST"),
    Input("dead", "text", "cards known to be out of play", metavar="CARDS"),
    Input("draws", "text", "cards turned from the deck for the action hand (only when every card is known)",
          metavar="CARDS"),
    Input("exact_limit", "integer", f"largest number of completions enumerated exactly (default {EXACT_LIMIT})",
          low=0, high=MAX_EXACT_LIMIT, metavar="N"),
), samples=SAMPLES)
DECIDE_INPUTS = Inputs((
    Input("hand", "cards", "your 2 cards", option="--hole", aliases=("--hand",), counts=(2,), required=True,
          metavar="CARDS"),
    Input("board", "cards", "the community cards", option="--flop", aliases=("--board",), counts=(3, 4, 5),
          required=True, metavar="CARDS"),
    Input("dead", "cards", "other cards you can see (other players' cards, a flashed burn card), out of the deck",
          metavar="CARDS"),
    Input("players", "integer", "players at the table", low=PLAYERS[0], high=PLAYERS[1], required=True,
          metavar="N", example="4"),
    Input("others_bet", "integers", "other players who make the optional bet (repeatable; default: every number)",
          low=OTHERS_BET[0], high=OTHERS_BET[1], metavar="J"),
    Input("hero_button", "flag", "you hold the button"),
), samples=DECIDE_SAMPLES)


class FastActionEngine(FamilyBase):
    """The family of Fast Action Poker tables: decide (the optional bet) and its own ``odds``
    command; no exact analysis over every deal (about 10^20), so no tool that needs one."""

    decide_inputs = DECIDE_INPUTS
    unavailable = {
        "exact analysis": "it has no exact analysis over every deal (about 10^20 of them), which design, sweep, "
                          "distribution, check and the par sheet need",
        "strategy": "see decide for the optional bet",
    }

    def __init__(self) -> None:
        super().__init__("fast-action", RULE_SPECS, analysis_inputs=ANALYSIS_INPUTS,
                         strategies=(NamedStrategy(OPTIMAL, "no strategy is priced exactly"),))

    @property
    def commands(self) -> Mapping[str, FamilyCommand]:
        return {"odds": ODDS}

    def validate(self, table: GameTable) -> None:
        rules_of_game(table)

    def analysis_report(self, table: GameTable, situation: Situation) -> Report:
        sampling = situation.sampling or Sampling(ANALYZE_SAMPLES)
        seats = situation.text("seats")
        assert seats is not None                     # declared required
        return analyze_report(table, seats, None, sampling.samples, sampling.seed, sampling.workers,
                              sampling.scheduler)

    def decide(self, table: GameTable, situation: Situation) -> tuple[Decision, ...]:
        players = situation.integer("players")
        assert players is not None                   # declared required
        sampling = situation.sampling or Sampling(DECIDE_SAMPLES)
        rows = decision_rows(rules_of_game(table), situation.cards("hand"), situation.cards("board"),
                             situation.cards("dead"), players, situation.integers("others_bet"),
                             situation.flag("hero_button"), sampling.samples, sampling.seed,
                             default_workers() if sampling.workers is None else sampling.workers, sampling.scheduler)
        return tuple(decision_of(row) for row in rows)

    def decision_report(self, table: GameTable, situation: Situation, decisions: Sequence[Decision]) -> Report:
        return decide_report(rules_of_game(table), table, self.decide_inputs, situation,
                             list(decisions))


def _odds(table: GameTable, situation: Situation) -> Report:
    seats = situation.text("seats")
    assert seats is not None                     # declared required
    sampling = situation.sampling or Sampling(SAMPLES, SEED)
    limit = situation.integer("exact_limit")
    return deal_report(table, seats, situation.text("button"), situation.text("hole"), situation.text("board"),
                       situation.text("bettors"), situation.text("dead"), situation.text("draws"),
                       EXACT_LIMIT if limit is None else limit, sampling.samples, sampling.seed, sampling.workers,
                       sampling.scheduler)


ODDS = FamilyCommand("The exact odds of a partly known Fast Action Poker deal (a seeded estimate past the exact "
                     "limit); with every card known, the settlement step by step.", ODDS_INPUTS, _odds)


def deal_report(table: GameTable, seats: str, button: str | None = None, holes: str | None = None,
                board: str | None = None, bettors: str | None = None, dead: str | None = None,
                draws: str | None = None, exact_limit: int = EXACT_LIMIT, samples: int = SAMPLES, seed: int = SEED,
                workers: int | None = None, scheduler: str | None = None) -> Report:
    """``fast-action odds``: the exact odds of a partly known deal (a seeded estimate past
    ``exact_limit`` completions), or its settlement step by step when every card is known."""
    if table.engine != ENGINE.name:
        raise InputError(f"game '{table.name}' is not a Fast Action Poker game")
    if not 0 <= exact_limit <= 10 ** 12:
        raise InputError(f"--exact-limit must be between 0 and 10**12, got {exact_limit}")
    rules = rules_of_game(table)
    deal = parse_deal(rules, seats, button, holes, board, bettors, dead, draws)
    if deal.complete:
        return settlement_report(settle(rules, deal))
    if deal.draws:
        raise InputError("--draws needs every hole card and all five community cards")
    return odds_report(deal_odds(rules, deal, exact_limit, samples, seed, workers=workers, scheduler=scheduler))


ENGINE = FastActionEngine()
