"""The rule set of a three-card game, read once from its table and checked: what the engine plays.

Paytables are keyed by *hand class*: the ranking's category, except that a high-card hand
topped by an ace is ``ace-high`` (the Fast Poker Bonus pays it), so ``high-card`` means a
high-card hand below ace high; and by the game's own classes (``[classes.NAME]``), each paid as
its category until a pay names it.  A hand's *pay class* is the most specific class any paytable
of the main wager (play, ante-bonus, bonus) names, else its hand class; each of those paytables
pays it under the most specific class it names itself.

>>> from oddscalc.engines.base import load
>>> rules = three_card_rules(load("fast-poker"))
>>> rules.upcards, rules.bonus_ratio, rules.play.pay("flush")
(0, Fraction(1, 1), Fraction(3, 2))
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

from oddscalc.core.cards import DECK, card_code, parse_rank
from oddscalc.core.classes import check_class_names
from oddscalc.core.errors import InputError
from oddscalc.core.evaluate import ThreeCardRanking
from oddscalc.core.gametable import GameTable, Paytable, RuleSpec
from oddscalc.core.hands import DEFAULT_THREE_CARD_ORDER, ThreeCardCategory
from oddscalc.core.numbers import ratio_text
from oddscalc.engines.base import TIES_RULE, Ties
from oddscalc.engines.handclasses import FIVE_CARD_CATEGORIES, five_card_categories, five_card_map, refuse_suits_on_five
from oddscalc.engines.sidebets import SideBet, side_bet
from oddscalc.engines.three_card.classes import (
    HAND_CLASSES,
    ThreeCardClasses,
    base_class,
    hand_classes,
    three_card_classes,
)

# what a side bet may be settled on
SIDE_HANDS = ("player", "dealer", "player+dealer", "showdown")

# Paytables with a role in the game; side bets are named by rules.side_bets.
PLAY, BONUS, ANTE_BONUS = "play", "bonus", "ante-bonus"
DEFAULT_ORDER = tuple(c.label for c in reversed(DEFAULT_THREE_CARD_ORDER))

RULE_SPECS = (
    RuleSpec("category_order", "strings", DEFAULT_ORDER, "hand categories, strongest first"),
    RuleSpec("flush_counts", "flag", True, "whether three suited cards make a flush"),
    RuleSpec("dealer_upcards", "integer", 0, "dealer cards shown before the player decides", low=0, high=1),
    RuleSpec("dealer_qualifies", "text", "Q 3 2",
             "the weakest qualifying dealer hand, as ranks of an unsuited hand ('none': always qualifies)"),
    RuleSpec("play_stake", "number", Fraction(1), "the Play stake as a multiple of the Bet"),
    RuleSpec("dealer_not_qualify_pays", "number", Fraction(1), "what the Bet wins when the dealer does not qualify"),
    RuleSpec("bonus_ratio", "number", None, "Bonus stake / Bet stake (default 1 with a Bonus paytable, else 0)",
             option="--bonus"),
    RuleSpec("bonus_ratio_min", "number", Fraction(0), "the smallest Bonus/Bet ratio the table allows"),
    RuleSpec("bonus_ratio_max", "number", None, "the largest Bonus/Bet ratio the table allows (default 6)"),
    RuleSpec("fold_forfeits_bonus", "flag", True, "a fold loses the Bonus"),
    RuleSpec("ev_tie", "text", "fold", "the choice when playing and folding are worth exactly the same",
             choices=("play", "fold")),
    TIES_RULE,
    RuleSpec("side_bets", "strings", (), "paytables of side bets (each says in 'hand' what it is settled on; "
                                         "default the player's three cards)"),
)


def ranking_of_game(game: GameTable) -> ThreeCardRanking:
    """The ranking a table asks for: ``category_order`` lists categories strongest first.

    >>> from oddscalc.engines.base import load
    >>> ranking_of_game(load("fast-poker")).order[-1].label
    'straight-flush'
    """
    labels = game.rules.strings("category_order")
    order = tuple(ThreeCardCategory.from_label(label) for label in reversed(labels))
    return ThreeCardRanking(order, game.rules.flag("flush_counts"))


@dataclass(frozen=True)
class ThreeCardRules:
    """Everything the three-card engine needs, exact and validated."""
    game: GameTable
    ranking: ThreeCardRanking
    qualify: int                   # weakest qualifying dealer strength (0: always qualifies)
    qualify_text: str
    upcards: int
    play_stake: Fraction           # Play stake per Bet
    not_qualify_pays: Fraction     # what the Bet wins when the dealer does not qualify
    play: Paytable
    bonus: Paytable | None
    ante_bonus: Paytable | None
    side_bets: tuple[Paytable, ...]
    bonus_ratio: Fraction
    bonus_ratio_min: Fraction
    bonus_ratio_max: Fraction
    fold_forfeits_bonus: bool
    play_on_tie: bool
    ties: Ties = Ties.PUSH
    side: tuple[SideBet, ...] = ()

    def hand_class(self, strength: int, cards: Iterable[int]) -> str:
        """Hand class of a hand (``cards``) of this strength.

        >>> from oddscalc.engines.base import load
        >>> from oddscalc.core.cards import parse_cards
        >>> r = three_card_rules(load("fast-poker")); hand = parse_cards("As 9d 4c")
        >>> r.hand_class(r.ranking.strength(hand), hand)
        'ace-high'
        """
        return base_class(self.ranking, strength, cards)

    @cached_property
    def classes(self) -> ThreeCardClasses:
        """The game's classes on its three-card hands."""
        return three_card_classes(self.ranking, self.game.classes, DECK, f"table '{self.game.name}'")

    @property
    def main_tables(self) -> tuple[Paytable, ...]:
        """The paytables of the main wager (the decision depends on them)."""
        return tuple(t for t in (self.play, self.ante_bonus, self.bonus) if t is not None)

    @cached_property
    def pay_class_of(self) -> tuple[str, ...]:
        """The pay class of every strength: its most specific class a main paytable names, else its
        hand class."""
        named = {name for t in self.main_tables for name in t.pays}
        if not any(klass.name in named for klass in self.game.classes):
            return hand_classes(self.ranking)          # no class map needed (it costs every start)
        cmap = self.classes.by_strength
        return tuple(cmap.pay_name(s, named) for s in range(len(cmap.rows)))

    @cached_property
    def pay_classes(self) -> tuple[str, ...]:
        """Every pay class, the hand classes first, then the game's classes the main paytables name."""
        named = {name for t in self.main_tables for name in t.pays}
        return (*HAND_CLASSES, *(k.name for k in self.game.classes if k.name in named))

    def pay_name(self, table: Paytable | None, klass: str) -> str:
        """The name ``table`` pays a pay class under (the most specific class it names holding it).

        >>> from oddscalc.engines.base import load
        >>> rules = three_card_rules(load("three-card-poker", pays=["ante-bonus.mini-royal=10"]))
        >>> rules.pay_name(rules.play, "mini-royal"), rules.pay_name(rules.ante_bonus, "mini-royal")
        ('straight-flush', 'mini-royal')
        """
        if table is None or klass in HAND_CLASSES:
            return klass
        cmap = self.classes.by_strength
        row = self.pay_class_of.index(klass)
        return cmap.pay_name(row, table.pays)

    def at_bonus_ratio(self, ratio: Fraction) -> ThreeCardRules:
        """The rules at another Bonus/Bet ratio (the strategy's breakpoints sweep it).

        >>> from oddscalc.engines.base import load
        >>> three_card_rules(load("fast-poker")).at_bonus_ratio(Fraction(1, 3)).bonus_ratio
        Fraction(1, 3)
        """
        return replace(self, bonus_ratio=Fraction(ratio))

    def possible_classes(self) -> tuple[str, ...]:
        """Hand classes that can occur under this ranking (no flushes when flush does not count)."""
        if self.ranking.flush_counts:
            return HAND_CLASSES
        return tuple(c for c in HAND_CLASSES if c not in ("flush", "straight-flush"))


def game_line(rules: ThreeCardRules) -> str:
    """One line saying which game and rules a report is about (the note under every report)."""
    up = "one dealer card face up" if rules.upcards else "dealer cards face down"
    qualifier = "-".join(rules.qualify_text.split())
    # the Bonus/Bet ratio of a game with a Bonus wager (Fast Poker's); the Ante Bonus is the Ante's own pay
    bonus = f"; Bonus/Bet ratio {ratio_text(rules.bonus_ratio)}" if rules.bonus is not None else ""
    ante_bonus = "; the Ante Bonus is paid on a played hand whatever the dealer holds" if rules.ante_bonus else ""
    return f"{rules.game.title}: {up}; dealer qualifies with {qualifier} or better{bonus}{ante_bonus}"


def qualifier_strength(text: str, ranking: ThreeCardRanking) -> int:
    """Strength of the weakest qualifying hand, given as three ranks of an unsuited hand.

    >>> qualifier_strength("none", ThreeCardRanking())
    0
    >>> ThreeCardRanking().category(qualifier_strength("Q 3 2", ThreeCardRanking())).label
    'high-card'
    """
    if text.strip().lower() == "none":
        return 0
    try:
        ranks = [parse_rank(token) for token in text.replace(",", " ").split()]
    except InputError as error:
        raise InputError(f"rules.dealer_qualifies: {error}") from None
    if len(ranks) != 3:
        raise InputError(f"rules.dealer_qualifies must be three ranks such as 'Q 3 2' or 'none', got '{text}'")
    # three different suits: the weakest hand of these ranks (never a flush)
    return ranking.strength([card_code(rank, suit) for suit, rank in enumerate(ranks)])


def _qualifier(game: GameTable, text: str, ranking: ThreeCardRanking) -> int:
    try:
        return qualifier_strength(text, ranking)
    except InputError as error:
        raise InputError(f"table '{game.name}': {error}") from None


def _side_bets(game: GameTable, side_names: tuple[str, ...]) -> tuple[SideBet, ...]:
    where = f"table '{game.name}'"
    class_names = tuple(k.name for k in game.classes)
    check_class_names(game.classes, (*HAND_CLASSES, *FIVE_CARD_CATEGORIES), where)
    bets = tuple(side_bet(game.paytable(name), SIDE_HANDS, where) for name in side_names)
    for table in game.paytables:
        if table.name not in side_names and table.settlement:
            raise InputError(f"{where}: paytables.{table.name}: hand, when and paid_on are for side bets "
                             "(list it in rules.side_bets)")
        five = any(bet.table.name == table.name and bet.hand == "player+dealer" for bet in bets)
        game.check_categories(table.name, (*(FIVE_CARD_CATEGORIES if five else HAND_CLASSES), *class_names))
    return bets


def _check_classes(rules: ThreeCardRules) -> None:
    """Refuse a class no hand of the game is in, a class a paytable names but cannot pay, and a
    class that depends on suits where the counts group hands by strength."""
    game = rules.game
    where = f"table '{game.name}'"
    classes = rules.classes
    five = None
    five_named = any(bet.hand == "player+dealer" and any(k.name in bet.table.pays for k in game.classes)
                     for bet in rules.side)
    if five_named or any(not classes.sizes[k.name] for k in game.classes):
        refuse_suits_on_five([k for k in game.classes if not classes.sizes[k.name]], where)
        five = five_card_map(game.classes, five_card_categories(), where)
    for klass in game.classes:
        if not classes.sizes[klass.name] and (five is None or not five.sizes[klass.name]):
            raise InputError(f"{where}: class '{klass.name}' ({klass.text}) holds no hand of this game")
    for table in rules.main_tables:
        for name in table.pays:
            if name in classes.suit_classes:
                raise InputError(f"{where}: paytables.{table.name}: class '{name}' depends on suits, which the "
                                 "main wager's counts (grouped by strength) cannot split; pay it on a side bet "
                                 "on the player's cards")
            if name in classes.sizes and not classes.sizes[name]:
                raise InputError(f"{where}: paytables.{table.name}: class '{name}' holds no three-card hand")
    for bet in rules.side:
        for name in bet.table.pays:
            if name not in classes.sizes:
                continue
            if bet.hand == "player+dealer":
                assert five is not None
                if not five.sizes[name]:
                    raise InputError(f"{where}: paytables.{bet.table.name}: class '{name}' holds no five-card hand")
            elif not classes.sizes[name]:
                raise InputError(f"{where}: paytables.{bet.table.name}: class '{name}' holds no three-card hand")
            elif bet.hand == "showdown" and name in classes.suit_classes:
                raise InputError(f"{where}: paytables.{bet.table.name}: class '{name}' depends on suits, which "
                                 "the showdown's counts (grouped by strength) cannot split")


def three_card_rules(game: GameTable) -> ThreeCardRules:
    """A three-card game's rules and paytables, read and checked once per table."""
    return game.built(_read)


def _read(game: GameTable) -> ThreeCardRules:
    rules = game.rules
    ranking = ranking_of_game(game)
    side_names = rules.strings("side_bets")
    game.check_paytables((PLAY, BONUS, ANTE_BONUS, *side_names), (PLAY, *side_names))
    side = _side_bets(game, side_names)
    bonus = game.paytable(BONUS) if game.has_paytable(BONUS) else None
    qualify_text = rules.text("dealer_qualifies")
    ratio = rules.get("bonus_ratio")
    ratio_max = rules.get("bonus_ratio_max")
    result = ThreeCardRules(
        game=game, ranking=ranking,
        qualify=_qualifier(game, qualify_text, ranking), qualify_text=qualify_text,
        upcards=rules.integer("dealer_upcards"),
        play_stake=rules.number("play_stake"),
        not_qualify_pays=rules.number("dealer_not_qualify_pays"),
        play=game.paytable(PLAY), bonus=bonus,
        ante_bonus=game.paytable(ANTE_BONUS) if game.has_paytable(ANTE_BONUS) else None,
        side_bets=tuple(game.paytable(name) for name in side_names),
        bonus_ratio=ratio if isinstance(ratio, Fraction) else Fraction(1 if bonus else 0),
        bonus_ratio_min=rules.number("bonus_ratio_min"),
        bonus_ratio_max=ratio_max if isinstance(ratio_max, Fraction) else Fraction(6 if bonus else 0),
        fold_forfeits_bonus=rules.flag("fold_forfeits_bonus"),
        play_on_tie=rules.text("ev_tie") == "play",
        ties=Ties.read(rules.text("ties")), side=side,
    )
    if result.bonus_ratio and bonus is None:
        raise InputError(f"{game.name} has no Bonus wager (no paytables.bonus), so the Bonus/Bet ratio "
                         f"(rules.bonus_ratio, --bonus) must be 0, got {ratio_text(result.bonus_ratio)}")
    if result.bonus_ratio_min > result.bonus_ratio_max:
        raise InputError(f"table '{game.name}': rules.bonus_ratio_min is above rules.bonus_ratio_max")
    if result.play_stake <= 0:
        raise InputError(f"table '{game.name}': rules.play_stake must be positive")
    missing = [c for c in result.possible_classes() if c not in result.play.pays]
    if missing:
        raise InputError(f"table '{game.name}': paytables.play must list every hand class; "
                         f"missing {', '.join(missing)}")
    if result.ante_bonus is not None and result.ante_bonus.basis != "to":
        raise InputError(f"table '{game.name}': paytables.ante-bonus pays on the Ante, so its basis must be 'to'")
    if game.classes:
        _check_classes(result)
    return result
