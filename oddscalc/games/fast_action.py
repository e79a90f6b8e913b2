"""Fast Action Poker engine: rule checks and the ``analyze`` and ``decide`` game commands.

``oddscalc fast-action odds`` (partly known deals) lives in fast_action_cli.

>>> from oddscalc.tables import load_game
>>> sorted(COMMANDS)
['analyze', 'decide']
>>> validate(load_game("fast-action-poker"))
"""
from __future__ import annotations

from oddscalc.cards import parse_cards
from oddscalc.errors import InputError
from oddscalc.games.fast_action_analyze import ANALYZE_SAMPLES, analyze_report
from oddscalc.games.fast_action_cli import add_deal_arguments, add_sampling_arguments
from oddscalc.games.fast_action_decide import decision_rows
from oddscalc.games.fast_action_decide_report import decide_report
from oddscalc.games.fast_action_rules import rules_of_game
from oddscalc.report import Report
from oddscalc.tables import GameTable


def validate(game: GameTable) -> None:
    """Refuse a table whose rule fields cannot be played (InputError names the field)."""
    rules_of_game(game)


def _analyze_arguments(parser) -> None:
    add_deal_arguments(parser, button=False)     # phase two does not depend on the button
    add_sampling_arguments(parser, ANALYZE_SAMPLES)


def _analyze(game: GameTable, args) -> Report:
    if args.samples < 2:
        raise InputError("--samples must be at least 2")
    return analyze_report(game, args.seats, None, args.samples, args.seed)


def _decide_arguments(parser) -> None:
    parser.add_argument("--hole", required=True, metavar="CARDS", help="the hero's two hole cards")
    parser.add_argument("--flop", "--board", dest="board", required=True, metavar="CARDS",
                        help="the flop (or 3 to 5 community cards)")
    parser.add_argument("--players", type=int, required=True, metavar="N", help="players at the table")
    parser.add_argument("--others-bet", type=int, action="append", metavar="J",
                        help="other players who make the optional bet (repeatable; default: every J)")
    parser.add_argument("--hero-button", action="store_true",
                        help="the hero holds the button (matters when nobody else bets)")
    parser.add_argument("--dead", metavar="CARDS", help="cards known to be out of play")
    add_sampling_arguments(parser, 200_000)


def _decide(game: GameTable, args) -> Report:
    rules = rules_of_game(game)
    hero = parse_cards(args.hole, count=2)
    board = parse_cards(args.board, count=(3, 4, 5), exclude=hero)
    dead = parse_cards(args.dead or "", exclude=hero + board)
    if args.samples < 2:
        raise InputError("--samples must be at least 2")
    rows = decision_rows(rules, hero, board, dead, args.players, args.others_bet, args.hero_button,
                         args.samples, args.seed)
    return decide_report(rules, hero, board, dead, args.players, rows)


COMMANDS = {
    "analyze": (_analyze_arguments, _analyze),
    "decide": (_decide_arguments, _decide),
}
