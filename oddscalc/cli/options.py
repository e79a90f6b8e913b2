"""The command line's shared parts: a parser whose errors are one line, and the options every
game command takes (the game, ``--table``, ``--pay``, ``--rule``, ``--format``).

Options may come anywhere on the line, before or after the game.  A value that starts with ``-``
(``--seats -1,2,3``) is taken as the option's value, so it is refused for what it is rather
than as a missing argument.

>>> parser = OneLineParser(prog="demo")
>>> _ = parser.add_argument("--seats")
>>> parser.parse(["--seats", "-1,2"]).seats
'-1,2'
"""
from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, NamedTuple, NoReturn, overload

from oddscalc.api.tables import load, rule_options
from oddscalc.core.budget import (
    DEFAULT_MEMORY_MB,
    DEFAULT_SECONDS,
    MEMORY_ENV,
    SECONDS_ENV,
    Limits,
    override,
    parse_limit,
)
from oddscalc.core.errors import InputError
from oddscalc.core.gametable import GameTable, is_game_path, list_games
from oddscalc.core.limits import MAX_SAMPLES, MAX_SEED, MAX_WORKERS, MIN_SAMPLES
from oddscalc.core.numbers import parse_int
from oddscalc.report.language import LANGUAGES
from oddscalc.report.model import Report
from oddscalc.report.render import FORMATS


class Shown(NamedTuple):
    """How a report is to be printed: its format and language (``--format``, ``--lang``)."""
    fmt: str
    lang: str = "en"


# what a command hands back: its report and how to print it
Output = tuple[Report, Shown]


def shown(args: argparse.Namespace) -> Shown:
    """The ``--format`` and ``--lang`` a command was given."""
    return Shown(args.format, getattr(args, "lang", "en"))


class HelpShown(Exception):
    """``-h``: the help text to print (exit status 0), instead of argparse printing and exiting."""

    def __init__(self, text: str):
        super().__init__(text)
        self.text = text


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line (the InputError path) and hands ``-h``'s
    text back to the caller."""

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self.takes_game = False             # a game command: the game's rule shorthands are its options
        self.rule_options_added = False

    @property
    def _takes_value(self) -> set[str]:
        """The options with exactly one value (those of argument groups included)."""
        return {option for action in self._actions if action.nargs is None for option in action.option_strings}

    def parse(self, argv: Sequence[str]) -> argparse.Namespace:
        """Parse a command line (see the module's note on values that start with ``-``); the limits
        it gives hold for the rest of the command.  A game command's parser first takes the named
        game's rule shorthands (``--bonus``)."""
        args = self.parse_args(self.joined(argv))
        if hasattr(args, "max_memory"):         # a command that sizes its work: its limits, checked now
            memory, seconds = args.max_memory, args.max_seconds
            override(None if memory is None else parse_limit(memory, "--max-memory"),
                     None if seconds is None else parse_limit(seconds, "--max-seconds"))
            Limits.resolve()                    # and the environment's, whether or not this run sizes work
        return args

    def joined(self, argv: Sequence[str]) -> list[str]:
        """``--opt -value`` as ``--opt=-value`` for options that take a value (a game command's
        parser first takes the named game's rule shorthands, ``--bonus``)."""
        if self.takes_game and not self.rule_options_added:
            self.rule_options_added = True
            add_rule_options(self, argv)
        out: list[str] = []
        i = 0
        while i < len(argv):
            token = argv[i]
            if token in self._takes_value and i + 1 < len(argv) and argv[i + 1].startswith("-") \
                    and argv[i + 1] not in self._option_string_actions:
                out.append(f"{token}={argv[i + 1]}")
                i += 2
                continue
            out.append(token)
            i += 1
        return out

    def error(self, message: str) -> NoReturn:
        raise InputError(f"{self.prog.removeprefix('oddscalc ')}: {message}")

    def print_help(self, file: Any = None) -> None:
        raise HelpShown(self.format_help())

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if status:
            raise InputError(message or "error")
        raise HelpShown(message or "")


def add_format(parser: argparse.ArgumentParser, choices: Sequence[str] = FORMATS) -> None:
    """The ``--format`` option every report command shares."""
    parser.add_argument("--format", choices=choices, default="text", help="output format (default: text)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="language of the text, Markdown and LaTeX output (default: en; JSON and CSV are data, "
                             "in English)")


def game_parser(command: str, description: str) -> OneLineParser:
    """The parser of a game command, with the game and the options every game command takes."""
    parser = OneLineParser(prog=f"oddscalc {command}", description=description)
    add_game_options(parser)
    parser.takes_game = True
    return parser


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """The game and the overlays every game command takes."""
    parser.add_argument("game", help="a built-in game (oddscalc games) or a game file (a path, or a name "
                                     "ending in .toml)")
    parser.add_argument("--table", metavar="PATH", help="your own table file, laid over the game's")
    parser.add_argument("--pay", action="append", default=[], metavar="CATEGORY=VALUE",
                        help="change one payout, e.g. flush=6 or pair-plus.flush=4 (repeatable)")
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                        help="change one rule, e.g. bonus_ratio=2 or dealer_upcards=1 (repeatable)")
    add_limits(parser)
    add_format(parser)


def add_limits(parser: argparse.ArgumentParser) -> None:
    """``--max-memory`` and ``--max-seconds``: the limits every sizing of the command checks."""
    parser.add_argument("--max-memory", metavar="MB", help=f"refuse work estimated beyond this memory "
                        f"(default {MEMORY_ENV} or {DEFAULT_MEMORY_MB})")
    parser.add_argument("--max-seconds", metavar="S", help=f"refuse work estimated beyond this time "
                        f"(default {SECONDS_ENV} or {DEFAULT_SECONDS})")


def add_scale_out(parser: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--scheduler``: where a sampled estimate's seeded chunks run (the result
    for a seed is the same on any of them)."""
    parser.add_argument("--workers", metavar="N",
                        help="local processes for a sampled estimate (default: one per core)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run a sampled estimate's chunks on a Dask cluster, e.g. tcp://10.0.0.5:8786 "
                             "(the [distributed] extra)")


def scale_out(args: argparse.Namespace) -> tuple[int | None, str | None]:
    """The ``--workers`` (None: one per core) and ``--scheduler`` of a command line."""
    workers = None if args.workers is None else parse_int(args.workers, "--workers", 1, MAX_WORKERS)
    return workers, args.scheduler


@overload
def samples_of(args: argparse.Namespace, default: int) -> int: ...
@overload
def samples_of(args: argparse.Namespace, default: None = None) -> int | None: ...
def samples_of(args: argparse.Namespace, default: int | None = None) -> int | None:
    """The ``--samples`` of a command line (2 to :data:`MAX_SAMPLES`), or ``default`` when not given."""
    return default if args.samples is None else parse_int(args.samples, "--samples", MIN_SAMPLES, MAX_SAMPLES)


def seed_of(args: argparse.Namespace, default: int = 1) -> int:
    """The ``--seed`` of a command line (0 to 2**64 - 1), or ``default`` when not given.

    >>> seed_of(argparse.Namespace(seed="7")), seed_of(argparse.Namespace(seed=None))
    (7, 1)
    """
    return default if args.seed is None else parse_int(args.seed, "--seed", 0, MAX_SEED)


RULE = "rule:"          # the destination prefix of a rule's shorthand option


def game_named(argv: Sequence[str]) -> str | None:
    """The game on a command line, before its options are known: the first word that names a
    built-in game or a game file, else the first word that is not an option's value."""
    words = [(i, word) for i, word in enumerate(argv) if not word.startswith("-")]
    for _, word in words:
        if is_game_path(word) or word in list_games():
            return word
    for i, word in words:
        before = argv[i - 1] if i else ""
        if not (before.startswith("--") and "=" not in before):
            return word
    return None


def add_rule_options(parser: argparse.ArgumentParser, argv: Sequence[str]) -> None:
    """The shorthand options of the named game's family rules (``--bonus RATIO`` for ``--rule
    bonus_ratio=RATIO``): only the game's own, so another family's is refused as unknown."""
    game = game_named(argv)
    if game is None:
        return
    try:
        specs = rule_options(game)
    except InputError:
        return                  # an unknown game: refused, with the nearest name, when it is loaded
    for spec in specs:
        parser.add_argument(spec.option, dest=RULE + spec.key, metavar="VALUE",
                            help=f"{spec.help}: the same as --rule {spec.key}=VALUE")


def rule_overrides(args: argparse.Namespace) -> list[str]:
    """``--rule`` values, with the family's shorthand options (``--bonus``) as the rules they name."""
    rules = list(args.rule)
    for dest, value in vars(args).items():
        if dest.startswith(RULE) and value is not None:
            rules.append(f"{dest.removeprefix(RULE)}={value}")
    return rules


def load_table(args: argparse.Namespace) -> GameTable:
    """The game of a command line with its overlays, validated once by its engine."""
    return load(args.game, args.pay, rule_overrides(args), args.table)


def overlay_hint(args: argparse.Namespace) -> str:
    """The options that changed the game, to repeat in a follow-up command."""
    parts = [f" --table {args.table}"] if args.table else []
    parts += [f" --pay {pay}" for pay in args.pay]
    parts += [f" --rule {rule}" for rule in rule_overrides(args)]
    return "".join(parts)
