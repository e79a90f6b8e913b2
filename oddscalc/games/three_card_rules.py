"""The rule set of a three-card game, read once from its table and checked: what the engine plays.

Paytables are keyed by *hand class*: the ranking's category, except that a high-card hand
topped by an ace is ``ace-high`` (the Fast Poker Bonus pays it), so ``high-card`` means a
high-card hand below ace high.

>>> from oddscalc.tables import load_game
>>> rules = three_card_rules(load_game("fast-poker"))
>>> rules.upcards, rules.bonus_ratio, rules.play.pay("flush")
(0, Fraction(1, 1), Fraction(3, 2))
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from oddscalc.cards import card_code, parse_rank
from oddscalc.errors import InputError
from oddscalc.evaluate import ThreeCardRanking
from oddscalc.games.three_card_ranking import ranking_of_game
from oddscalc.hands import ThreeCardCategory
from oddscalc.tables import GameTable, Paytable, check_categories

# Hand classes, weakest first under the default ranking; the names paytables use.
HAND_CLASSES = ("high-card", "ace-high", "pair", "flush", "straight", "three-of-a-kind", "straight-flush")
ACE = 12

# Paytables with a role in the game; side bets are named by rules.side_bets.
PLAY, BONUS, ANTE_BONUS = "play", "bonus", "ante-bonus"


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

    def hand_class(self, strength: int, cards) -> str:
        """Hand class of a hand (``cards``) of this strength.

        >>> from oddscalc.tables import load_game
        >>> from oddscalc.cards import parse_cards
        >>> r = three_card_rules(load_game("fast-poker")); hand = parse_cards("As 9d 4c")
        >>> r.hand_class(r.ranking.strength(hand), hand)
        'ace-high'
        """
        category = self.ranking.category(strength)
        if category == ThreeCardCategory.HIGH_CARD and max(c >> 2 for c in cards) == ACE:
            return "ace-high"
        return category.label

    def with_bonus_ratio(self, ratio) -> "ThreeCardRules":
        """The rules with another Bonus/Bet ratio (``--bonus``), checked.

        >>> from oddscalc.tables import load_game
        >>> three_card_rules(load_game("fast-poker")).with_bonus_ratio("1/3").bonus_ratio
        Fraction(1, 3)
        """
        if ratio is None:
            return self
        try:
            value = Fraction(ratio) if isinstance(ratio, (int, Fraction)) else Fraction(str(ratio).strip())
        except (ValueError, ZeroDivisionError):
            value = None
        if value is None or value < 0:
            raise InputError(f"--bonus must be a Bonus/Bet ratio of 0 or more such as 0, 1/3 or 2, got '{ratio}'")
        if value and self.bonus is None:
            raise InputError(f"{self.game.name} has no Bonus wager (no paytables.bonus), so --bonus must be 0")
        return replace(self, bonus_ratio=value)

    def possible_classes(self) -> tuple[str, ...]:
        """Hand classes that can occur under this ranking (no flushes when flush does not count)."""
        if self.ranking.flush_counts:
            return HAND_CLASSES
        return tuple(c for c in HAND_CLASSES if c not in ("flush", "straight-flush"))


def ratio_text(value: Fraction) -> str:
    """A ratio as typed: ``1/3``, ``2``.

    >>> ratio_text(Fraction(1, 3)), ratio_text(Fraction(2))
    ('1/3', '2')
    """
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def game_line(rules: ThreeCardRules) -> str:
    """One line saying which game and rules a report is about (the note under every report)."""
    up = "one dealer card face up" if rules.upcards else "dealer cards face down"
    qualifier = "-".join(rules.qualify_text.split())
    return (f"{rules.game.title}: {up}; dealer qualifies with {qualifier} or better; "
            f"Bonus/Bet ratio {ratio_text(rules.bonus_ratio)}")


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


def three_card_rules(game: GameTable) -> ThreeCardRules:
    """Read and check a three-card game's rules and paytables."""
    rules = game.rules
    ranking = ranking_of_game(game)
    side_names = rules.strings("side_bets", [])
    roles = {PLAY, BONUS, ANTE_BONUS, *side_names}
    names = {table.name for table in game.paytables}
    for name in names - roles:
        raise InputError(f"table '{game.name}': paytables.{name} has no role (expected play, bonus, "
                         "ante-bonus or a name listed in rules.side_bets)")
    for name in (PLAY, *side_names):
        if name not in names:
            raise InputError(f"table '{game.name}': paytables.{name} is missing")
    for name in names:
        check_categories(game, name, HAND_CLASSES)
    bonus = game.paytable(BONUS) if BONUS in names else None
    qualify_text = rules.text("dealer_qualifies", "Q 3 2")
    result = ThreeCardRules(
        game=game, ranking=ranking,
        qualify=_qualifier(game, qualify_text, ranking), qualify_text=qualify_text,
        upcards=rules.integer("dealer_upcards", 0, 0, 1),
        play_stake=rules.number("play_stake", 1),
        not_qualify_pays=rules.number("dealer_not_qualify_pays", 1),
        play=game.paytable(PLAY), bonus=bonus,
        ante_bonus=game.paytable(ANTE_BONUS) if ANTE_BONUS in names else None,
        side_bets=tuple(game.paytable(name) for name in side_names),
        bonus_ratio=rules.number("bonus_ratio", 1 if bonus else 0),
        bonus_ratio_min=rules.number("bonus_ratio_min", 0),
        bonus_ratio_max=rules.number("bonus_ratio_max", 6 if bonus else 0),
        fold_forfeits_bonus=rules.flag("fold_forfeits_bonus", True),
        play_on_tie=rules.text("ev_tie", "fold", ("play", "fold")) == "play",
    )
    if result.bonus_ratio and bonus is None:
        raise InputError(f"table '{game.name}': rules.bonus_ratio is {result.bonus_ratio} but there is "
                         "no paytables.bonus")
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
    return result
