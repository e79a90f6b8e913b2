"""``analyze``, ``decide`` and ``strategy``: a game's own reports, through its family.

A game's situation options are the inputs its family declares (:mod:`oddscalc.engines.inputs`):
the parser is made for the game named on the line, so ``oddscalc decide GAME -h`` lists that
game's options, and one that its family does not declare is refused by name.  Options may come
before or after the game.

>>> from oddscalc.cli.main import run
>>> run(["decide", "caribbean-stud", "--hand", "As Kd 9c 5h 2s", "--up", "Qd", "--format", "json"])[0][:1]
'{'
"""
from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from oddscalc.api.analysis import analyze, decide, input_spec, strategy
from oddscalc.api.tables import Inputs
from oddscalc.cli.options import (
    OneLineParser,
    Output,
    add_scale_out,
    game_named,
    game_parser,
    load_table,
    samples_of,
    scale_out,
    seed_of,
    shown,
)
from oddscalc.core.errors import InputError
from oddscalc.core.numbers import parse_int


def _add_sampling(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--samples", metavar="N", help="Monte Carlo samples where exact enumeration is too large")
    parser.add_argument("--seed", metavar="S", help="Monte Carlo seed (default 1)")
    add_scale_out(parser)


DESCRIPTIONS = {
    "analyze": "The exact outcome table and metrics of a game under its optimal strategy.",
    "decide": "The best decision in one situation, with each choice's exact expected value.",
}


def _add_inputs(parser: argparse.ArgumentParser, inputs: Inputs) -> None:
    """The options of a family's declared inputs (and sampling, when the command may estimate)."""
    group = parser.add_argument_group("the game's situation")
    for spec in inputs.fields:
        required = " (required)" if spec.required else ""
        if spec.kind == "flag":
            group.add_argument(*spec.options, dest=spec.name, action="store_true", help=spec.help)
        elif spec.kind == "integers":
            group.add_argument(*spec.options, dest=spec.name, metavar=spec.metavar or None, action="append",
                               help=spec.help + required)
        else:
            group.add_argument(*spec.options, dest=spec.name, metavar=spec.metavar or None, help=spec.help + required)
    if inputs.samples is not None:
        _add_sampling(parser)


def _parse(command: str, argv: Sequence[str]) -> tuple[argparse.Namespace, Inputs]:
    """A game command's line, parsed with the options of the game's family."""
    parser = game_parser(command, DESCRIPTIONS[command])
    game = game_named(argv)
    if game is None:
        parser.epilog = f"A game's situation options: oddscalc {command} GAME -h"
        return parser.parse(argv), Inputs()          # refused: no game (or the plain help)
    inputs = input_spec(game, command)
    _add_inputs(parser, inputs)
    return _checked(parser, argv, f"{command} {game}", inputs), inputs


def _checked(parser: OneLineParser, argv: Sequence[str], what: str, inputs: Inputs) -> argparse.Namespace:
    """A command line parsed with the family's options; an option it does not declare is refused
    naming the ones it takes."""
    _args, extra = parser.parse_known_args(parser.joined(argv))
    if extra:
        option = next((word.partition("=")[0] for word in extra if word.startswith("--")), None)
        if option is None:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        takes = ", ".join(spec.flag for spec in inputs.fields)
        raise InputError(f"{what}: {option} does not apply to this game" + (f" (it takes {takes})" if takes else ""))
    return parser.parse(argv)


def command_spec(game: str, name: str) -> Inputs:
    """The inputs of a family's command."""
    # imported here: only this command needs it
    from oddscalc.api.commands import family_command
    return family_command(game, name).inputs


def command_command(argv: Sequence[str]) -> Output:
    """``oddscalc command GAME NAME [the command's options]``: a command of the game's family's own."""
    parser = game_parser("command", "Run a command of the game's family's own (oddscalc games lists them).")
    parser.add_argument("name", help="the command, e.g. odds for Fast Action Poker")
    game = game_named(argv)
    words = [word for word in argv if not word.startswith("-")]
    name = words[words.index(game) + 1] if game is not None and words.index(game) + 1 < len(words) else None
    if game is None or name is None:
        parser.parse(argv)                           # the plain help, or refused: no game or no command
        raise InputError("command: give the game and the command, e.g. oddscalc command fast-action-poker odds")
    inputs = command_spec(game, name)
    _add_inputs(parser, inputs)
    args = _checked(parser, argv, f"command {game} {name}", inputs)
    from oddscalc.api.commands import run_command
    return run_command(load_table(args), name, _values(args, inputs), **_sampling(args, inputs)), shown(args)


def _values(args: argparse.Namespace, inputs: Inputs) -> dict[str, Any]:
    """The API's keyword arguments of a command line's situation options, each as its kind."""
    values: dict[str, Any] = {}
    for spec in inputs.fields:
        text = getattr(args, spec.name)
        if text is None or text is False:
            continue
        if spec.kind == "integer":
            values[spec.name] = parse_int(text, spec.flag, spec.low, spec.high)
        elif spec.kind == "integers":
            values[spec.name] = tuple(parse_int(item, spec.flag, spec.low, spec.high) for item in text)
        else:
            values[spec.name] = text
    return values


def _sampling(args: argparse.Namespace, inputs: Inputs) -> dict[str, Any]:
    """The sampling options of a command line, for a family that samples (else none)."""
    if inputs.samples is None:
        return {}
    workers, scheduler = scale_out(args)
    return {"samples": samples_of(args), "seed": seed_of(args),
            "workers": workers, "scheduler": scheduler}


def analyze_command(argv: Sequence[str]) -> Output:
    """``oddscalc analyze GAME [the game's situation options]``."""
    args, inputs = _parse("analyze", argv)
    table = load_table(args)
    return analyze(table, **_sampling(args, inputs), **_values(args, inputs)).report, shown(args)


def decide_command(argv: Sequence[str]) -> Output:
    """``oddscalc decide GAME --hand … [the game's other situation options]``."""
    args, inputs = _parse("decide", argv)
    table = load_table(args)
    return decide(table, **_sampling(args, inputs), **_values(args, inputs)).report, shown(args)


def strategy_parser() -> OneLineParser:
    parser = game_parser("strategy", "The optimal strategy as players use it, with its exceptions; or any "
                                     "strategy priced exactly.")
    parser.add_argument("--compare", action="store_true", help="also price simple strategies exactly")
    parser.add_argument("--price", metavar="FILE|RULES", help="price a strategy exactly against the optimal one: a "
                        "strategy file, a built-in name or rules such as 'A-K-J-8-3+; A-K if match'")
    return parser


def strategy_command(argv: Sequence[str]) -> Output:
    """``oddscalc strategy GAME [--compare | --price FILE|RULES]``."""
    args = strategy_parser().parse(argv)
    if args.compare and args.price is not None:
        raise InputError("strategy: --compare and --price do not go together")
    return strategy(load_table(args), compare=args.compare, price=args.price).report, shown(args)
