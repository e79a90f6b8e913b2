"""The rules of a staged paytable game (Mississippi Stud, Let It Ride), read and checked once per
table into :class:`StagedRules`.

The stages are data: ``rules.stages`` is a list of strings, one per decision in the order of play::

    stages = ["3rd street: seen 2; fold | raise 1x = +1 | raise 2x = +2 | raise 3x = +3", ...]

that is ``NAME: seen N; OPTION | OPTION ...``: the decision is taken with N cards known (the
player's and the community cards turned so far), and each option is ``fold`` (every unit in action
is lost) or ``LABEL = DELTA``, the units it adds to the wager in action (a raise; a negative number
withdraws a bet, as Let It Ride's ``pull back = -1``).  The first option is the default, what a
player does where a strategy's rules say nothing.  A stage holds no comma, so ``--rule`` can give
the whole list (``--rule "stages=a: seen 2; fold | go = +1, b: seen 3; ..."``).

>>> from oddscalc.engines.base import load
>>> rules = StagedRules.of(load("mississippi-stud"))
>>> [(stage.name, stage.seen, stage.labels[:2]) for stage in rules.stages][0]
('3rd street', 2, ('fold', 'raise 1x'))
>>> parse_stage("decision 1: seen 3; pull back = -1 | let it ride = 0", "t").options[0]
Option(label='pull back', delta=-1, fold=False)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from oddscalc.core.classes import check_class_names
from oddscalc.core.errors import InputError, quoted
from oddscalc.core.gametable import GameTable, RuleSpec
from oddscalc.core.hands import DEFAULT_THREE_CARD_ORDER
from oddscalc.engines.actions import Actions, Point
from oddscalc.engines.handclasses import FIVE_CARD_CATEGORIES, FLUSH_LIKE
from oddscalc.engines.sidebets import SideBet, side_bet

HAND_CARDS = 5          # the kernel ranks five-card hands
MAX_UNITS = 255         # units in action at most (the kernel's bound)
MAX_OPTIONS = 16
WAGER_MORE, WAGER_LESS = "wager_more", "wager_less"
# what a side bet may be settled on: the player's cards or the community cards (three of them)
SIDE_HANDS = ("player", "community")
SIDE_CARDS = 3
# the three-card categories a side bet pays, weakest first: a straight beats a flush
THREE_CARD_CATEGORIES = tuple(category.label for category in DEFAULT_THREE_CARD_ORDER)

RULE_SPECS = (
    RuleSpec("initial_units", "integer", 1, "units in action when the cards are dealt (the Ante; Let It Ride's "
             "three bets)", low=1, high=MAX_UNITS),
    RuleSpec("hand_cards", "integer", HAND_CARDS, "cards of the final hand, the player's and the community "
             "cards (five: it ranks as a five-card poker hand)", low=HAND_CARDS, high=HAND_CARDS),
    RuleSpec("player_cards", "integer", None, "the player's own cards (default: the cards seen at the first "
             "decision); the rest of the final hand are community cards", low=1, high=HAND_CARDS - 1),
    RuleSpec("stages", "strings", (), "the decisions in the order of play, each 'NAME: seen N; OPTION | ...' "
             "with options 'fold' or 'LABEL = DELTA' (units added to the wager in action)"),
    RuleSpec("tie_break", "text", WAGER_MORE, "the option taken when two are worth exactly the same: the one "
             "that wagers more (no fold before a bet, the larger raise) or less", choices=(WAGER_MORE, WAGER_LESS)),
    RuleSpec("side_bets", "strings", (), "paytables of side bets on three cards (each says in 'hand' whether "
             "the player's or the community cards)"),
)

_STAGE = re.compile(r"\s*(?P<name>[^:;|=]+?)\s*:\s*seen\s+(?P<seen>\d+)\s*;(?P<options>.*)", re.S)
_OPTION = re.compile(r"\s*(?P<label>[^=|]+?)\s*=\s*(?P<delta>[+-]?\d+)\s*", re.S)
FOLD = "fold"


@dataclass(frozen=True)
class Option:
    """One option of a stage: its label, the units it adds to the wager in action, whether it folds."""
    label: str
    delta: int
    fold: bool = False


@dataclass(frozen=True)
class Stage:
    """One decision: its name, the cards known when it is taken, its options (the default first)."""
    name: str
    seen: int
    options: tuple[Option, ...]

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(option.label for option in self.options)


@dataclass(frozen=True)
class StagedRules:
    """A staged game, typed: the units dealt in, the player's cards, the stages, the tie-break and
    the side bets (the main paytable's pay classes are read when first used: ``layout``)."""
    game: GameTable
    initial_units: int
    player_cards: int
    stages: tuple[Stage, ...]
    tie_break: str
    side_bets: tuple[SideBet, ...]

    @classmethod
    def of(cls, game: GameTable) -> StagedRules:
        """The rules of a game table, read and checked once per table."""
        return game.built(_read)

    @property
    def wager_more(self) -> bool:
        return self.tie_break == WAGER_MORE

    @property
    def community_cards(self) -> int:
        return HAND_CARDS - self.player_cards

    @property
    def actions(self) -> Actions:
        """The decisions as the strategy vocabulary names them: a point per stage."""
        return Actions(tuple(Point(stage.name, stage.labels) for stage in self.stages))

    def units_reached(self) -> list[tuple[int, int]]:
        """(lowest, highest) units in action on reaching each stage, then after the last."""
        lo = hi = self.initial_units
        reached = [(lo, hi)]
        for stage in self.stages:
            deltas = [option.delta for option in stage.options if not option.fold]
            lo, hi = lo + min(deltas), hi + max(deltas)
            reached.append((lo, hi))
        return reached


def parse_option(text: str, where: str) -> Option:
    """``fold`` or ``LABEL = DELTA``.

    >>> parse_option(" raise 3x = +3 ", "t"), parse_option("fold", "t").fold
    (Option(label='raise 3x', delta=3, fold=False), True)
    """
    if text.strip() == FOLD:
        return Option(FOLD, 0, True)
    found = _OPTION.fullmatch(text)
    if found is None:
        raise InputError(f"{where}: option {quoted(text.strip())} is not 'fold' or 'LABEL = DELTA' "
                         "(e.g. 'raise 2x = +2', 'pull back = -1')")
    label = " ".join(found["label"].split())
    if label == FOLD:
        raise InputError(f"{where}: 'fold' takes no units (write it alone)")
    return Option(label, int(found["delta"]))


def parse_stage(text: str, where: str) -> Stage:
    """One stage: ``NAME: seen N; OPTION | OPTION ...``."""
    found = _STAGE.fullmatch(text)
    if found is None:
        raise InputError(f"{where}: stage {quoted(text)} is not 'NAME: seen N; OPTION | OPTION ...' "
                         "(e.g. '3rd street: seen 2; fold | raise 1x = +1')")
    name = " ".join(found["name"].split())
    here = f"{where}: stage '{name}'"
    options = tuple(parse_option(part, here) for part in found["options"].split("|"))
    if len(options) > MAX_OPTIONS:
        raise InputError(f"{here}: at most {MAX_OPTIONS} options")
    try:
        Point(name, tuple(option.label for option in options))
    except ValueError as error:
        raise InputError(f"{here}: {error}") from None
    kinds = [(option.fold, option.delta) for option in options]
    if len(set(kinds)) != len(kinds):
        # two options that wager alike are one option: no tie-break could choose between them
        raise InputError(f"{here}: two options add the same units (give each a different delta)")
    return Stage(name, int(found["seen"]), options)


def _stages(game: GameTable, player_cards: int | None, where: str) -> tuple[tuple[Stage, ...], int]:
    texts = game.rules.strings("stages")
    if not texts:
        raise InputError(f"{where}: rules.stages is required: the decisions in the order of play, each "
                         "'NAME: seen N; OPTION | ...'")
    stages = tuple(parse_stage(text, f"{where}: rules.stages") for text in texts)
    names = [stage.name for stage in stages]
    if len(set(names)) != len(names):
        raise InputError(f"{where}: rules.stages names two stages alike")
    player = stages[0].seen if player_cards is None else player_cards
    seen = [stage.seen for stage in stages]
    if seen[0] < player or any(b <= a for a, b in zip(seen, seen[1:], strict=False)) or seen[-1] >= HAND_CARDS:
        raise InputError(f"{where}: rules.stages: each stage sees more cards than the one before, the first at "
                         f"least the player's {player}, the last fewer than {HAND_CARDS} (got {seen})")
    return stages, player


def _check_units(rules: StagedRules, where: str) -> None:
    for (lo, hi), stage in zip(rules.units_reached()[1:], rules.stages, strict=True):
        if lo < 1 or hi > MAX_UNITS:
            raise InputError(f"{where}: after stage '{stage.name}' the units in action may be {lo} to {hi}: "
                             f"at least one unit stays in action, and at most {MAX_UNITS}")


def refuse_suits_on_part(game: GameTable, where: str) -> None:
    """Refuse a class suited on part of a hand outside the flush categories: it splits hands of
    one strength, and every count of this family is kept per strength."""
    for klass in game.classes:
        if klass.suited is not None and 0 < len(klass.ranks) < HAND_CARDS and klass.category not in FLUSH_LIKE:
            raise InputError(f"{where}: classes.{klass.name}: suited on part of a hand splits hands of one "
                             "strength, which the exact counts per strength of a staged game cannot")


def _read(game: GameTable) -> StagedRules:
    where = f"table '{game.name}'"
    player_rule = game.rules.get("player_cards")
    stages, player = _stages(game, player_rule if isinstance(player_rule, int) else None, where)
    names = game.rules.strings("side_bets")
    game.check_paytables([game.main_paytable, *names], names)
    if game.paytable().settlement:
        raise InputError(f"{where}: paytables.{game.main_paytable} pays the wager in action: hand, when and "
                         "paid_on are for side bets")
    check_class_names(game.classes, FIVE_CARD_CATEGORIES, where)
    refuse_suits_on_part(game, where)
    game.check_categories(game.main_paytable, (*FIVE_CARD_CATEGORIES, *(k.name for k in game.classes)))
    bets = tuple(side_bet(game.paytable(name), SIDE_HANDS, where) for name in names)
    three_card = (*THREE_CARD_CATEGORIES, *(k.name for k in game.classes))
    for bet in bets:
        cards = player if bet.hand == "player" else HAND_CARDS - player
        if cards != SIDE_CARDS:
            raise InputError(f"{where}: paytables.{bet.table.name} is settled on the {bet.hand} cards, which are "
                             f"{cards} here: a side bet is settled on three cards")
        game.check_categories(bet.table.name, three_card)
    rules = StagedRules(game, game.rules.integer("initial_units"), player, stages, game.rules.text("tie_break"),
                        bets)
    _check_units(rules, where)
    return rules
