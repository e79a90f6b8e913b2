"""Three-card games (Fast Poker, Caribbean Fast Poker, Three Card Poker): the engine's commands.

``analyze``, ``strategy``, ``decide``, ``simulate`` and ``check`` each take ``--bonus RATIO`` (Bonus stake / Bet stake,
exact, e.g. ``1/3``; the table's ``rules.bonus_ratio`` by default); ``decide`` takes the hand,
the dealer's upcard and dead cards.

>>> from oddscalc.tables import load_game
>>> validate(load_game("three-card-poker"))
"""
from __future__ import annotations

import argparse
from dataclasses import replace

from oddscalc import design_commands
from oddscalc.cards import parse_cards
from oddscalc.economics import Analysis
from oddscalc.games.three_card_rules import ThreeCardRules, three_card_rules
from oddscalc.report import Report
from oddscalc.tables import GameTable, Rules


def validate(game: GameTable) -> None:
    """Refuse a game whose ranking, rules or paytables cannot be played."""
    three_card_rules(game)


def analyze_game(game: GameTable) -> Analysis:
    """The optimal-strategy analysis of a table (the engine's common entry point, used by design,
    sweep, distribution and check): Bet + Play, with the Bonus at the table's ratio when staked."""
    from oddscalc.games.three_card_counts import game_counts
    from oddscalc.games.three_card_outcomes import analyses
    from oddscalc.games.three_card_solve import solve
    rules = three_card_rules(game)
    parts = analyses(solve(rules, game_counts(rules)))
    return parts.get("combined", parts["main"])


def _rules(game: GameTable, args) -> ThreeCardRules:
    return three_card_rules(game).with_bonus_ratio(args.bonus)


def _add_bonus(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bonus", metavar="RATIO",
                        help="Bonus stake / Bet stake, exact (0, 1/3, 2, 6 ...; default: the table's bonus_ratio)")


def _analyze(game: GameTable, args) -> Report:
    from oddscalc.games.three_card_report import analysis_report_of
    return analysis_report_of(_rules(game, args))


def _strategy(game: GameTable, args) -> Report:
    from oddscalc.games.three_card_report import strategy_report
    return strategy_report(_rules(game, args))


def _add_decide(parser: argparse.ArgumentParser) -> None:
    _add_bonus(parser)
    parser.add_argument("--hand", required=True, help="the player's three cards, e.g. 'Qh 6d 4s'")
    parser.add_argument("--up", help="the dealer's face-up card (games with an upcard)")
    parser.add_argument("--dead", default="", help="cards known to be out of the deck (other boxes' open cards)")


def _decide(game: GameTable, args) -> Report:
    from oddscalc.games.three_card_decide import decide, decision_report
    rules = _rules(game, args)
    hand = parse_cards(args.hand, count=3)
    upcard = parse_cards(args.up, count=1)[0] if args.up is not None else None
    dead = parse_cards(args.dead)
    return decision_report(rules, decide(rules, hand, upcard, dead))


COMMANDS = {
    "analyze": (_add_bonus, _analyze),
    "strategy": (_add_bonus, _strategy),
    "decide": (_add_decide, _decide),
}
COMMANDS.update(design_commands.COMMANDS)     # design, sweep, distribution, simulate, check


def with_bonus(game: GameTable, ratio) -> GameTable:
    """The game with ``--bonus RATIO`` as its table's ``rules.bonus_ratio`` (checked), so commands
    that take only a game (simulate, check) play and analyse that ratio.

    >>> from oddscalc.tables import load_game
    >>> analyze_game(with_bonus(load_game("fast-poker"), "0")).outcomes[0].outcome
    'fold'
    """
    if ratio is None:
        return game
    value = three_card_rules(game).with_bonus_ratio(ratio).bonus_ratio
    values = {**game.rules.values, "bonus_ratio": f"{value.numerator}/{value.denominator}"}
    return replace(game, rules=Rules(game.rules.game, values))


def _simulate_arguments(parser: argparse.ArgumentParser) -> None:
    from oddscalc.simulate_three import STRATEGIES, STRATEGY_HELP
    design_commands.simulate_arguments(parser, STRATEGIES, STRATEGY_HELP)
    _add_bonus(parser)


def _check_arguments(parser: argparse.ArgumentParser) -> None:
    from oddscalc.simulate_three import STRATEGIES
    design_commands.check_arguments(parser, STRATEGIES)
    _add_bonus(parser)


def _with_bonus_run(run):
    return lambda game, args: run(with_bonus(game, args.bonus), args)


# simulate and check take the three-card strategies and --bonus (the counts' names depend on it)
COMMANDS["simulate"] = (_simulate_arguments, _with_bonus_run(design_commands.COMMANDS["simulate"][1]))
COMMANDS["check"] = (_check_arguments, _with_bonus_run(design_commands.COMMANDS["check"][1]))
