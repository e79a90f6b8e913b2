"""Side bets settled on cards other than (or beside) the player's own, shared by the stud and
three-card engines: what a side bet's paytable says it is settled on, how a pay settles, and the
outcome table of a bet from its exact counts per paid class.

A side bet's paytable may give::

    hand = "player"          # the player's own cards (the default)
    hand = "dealer"          # the dealer's cards
    hand = "player+upcard"   # best five of the player's five and the dealer's upcard (stud)
    hand = "player+dealer"   # best five of the player's three and the dealer's three (three-card)
    hand = "showdown"        # both hands:
    when = "player-loses"    #   the deals it can pay on: player-loses, player-wins, tie, any
    paid_on = "player"       #   whose hand's class the pay is looked up by: player, dealer, lower

A side bet is settled on the cards whatever the player decides (a fold does not forfeit it), and a
showdown compares the hands' strength (whether the dealer qualifies plays no part).  A class the
paytable does not list loses; a listed pay is paid on its basis ("to one": 0 is a push).

>>> from types import MappingProxyType
>>> from fractions import Fraction
>>> bet = side_bet(Paytable("bb", "to", MappingProxyType({"flush": Fraction(5)}), hand="showdown",
...                when="player-loses"), ("player", "showdown"), "t")
>>> bet.when, bet.paid_on
('player-loses', 'player')
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.economics import Analysis, Outcome
from oddscalc.core.errors import InputError, unknown
from oddscalc.core.gametable import Paytable

HANDS = ("player", "dealer", "player+upcard", "player+dealer", "showdown")
WHEN = ("player-loses", "player-wins", "tie", "any")
PAID_ON = ("player", "dealer", "lower")
# a showdown's relation, as ext/three.pyx numbers it: the dealer's hand stronger, equal, weaker
DEALER_STRONGER, EQUAL, PLAYER_STRONGER = range(3)
WHEN_RELATIONS = {"player-loses": (DEALER_STRONGER,), "tie": (EQUAL,), "player-wins": (PLAYER_STRONGER,),
                  "any": (DEALER_STRONGER, EQUAL, PLAYER_STRONGER)}


@dataclass(frozen=True)
class SideBet:
    """A side bet's paytable and what it is settled on."""
    table: Paytable
    hand: str
    when: str = "any"
    paid_on: str = "player"

    @property
    def text(self) -> str:
        """What the bet is settled on, in words.

        >>> from types import MappingProxyType
        >>> SideBet(Paytable("x", "to", MappingProxyType({})), "player+dealer").text
        "the best five of the player's and the dealer's cards"
        """
        if self.hand == "showdown":
            whose = {"player": "the player's hand", "dealer": "the dealer's hand",
                     "lower": "the weaker hand"}[self.paid_on]
            deals = {"player-loses": "when the player's hand loses to the dealer's",
                     "player-wins": "when the player's hand beats the dealer's",
                     "tie": "when the hands tie", "any": "on every deal"}[self.when]
            return f"both hands: paid by {whose} {deals}"
        return {"player": "the player's cards", "dealer": "the dealer's cards",
                "player+upcard": "the best five of the player's cards and the dealer's upcard",
                "player+dealer": "the best five of the player's and the dealer's cards"}[self.hand]


def side_bet(table: Paytable, hands: Sequence[str], where: str) -> SideBet:
    """A side bet's settlement from its paytable, the values checked against what the engine plays."""
    here = f"{where}: paytables.{table.name}"
    hand = table.hand or "player"
    if hand not in hands:
        raise unknown("hand", hand, hands, here)
    if hand != "showdown" and (table.when or table.paid_on):
        raise InputError(f"{here}: 'when' and 'paid_on' apply to a bet with hand = \"showdown\"")
    when, paid_on = table.when or "any", table.paid_on or "player"
    if when not in WHEN:
        raise unknown("when", when, WHEN, here)
    if paid_on not in PAID_ON:
        raise unknown("paid_on", paid_on, PAID_ON, here)
    return SideBet(table, hand, when, paid_on)


def net_of(table: Paytable, name: str) -> Fraction | None:
    """Net per unit staked when ``name`` is paid: the pay "to one", pay - 1 "for one"; None when
    the table does not list it (the bet loses).

    >>> from types import MappingProxyType
    >>> t = Paytable("x", "to", MappingProxyType({"pair": Fraction(0)}))
    >>> net_of(t, "pair"), net_of(t, "flush")
    (Fraction(0, 1), None)
    """
    pay = table.listed(name)
    if pay is None:
        return None
    return pay if table.basis == "to" else pay - 1


def outcome_name(name: str, net: Fraction) -> str:
    """``win-flush`` (the player gains), ``push-flush`` (the stake back) or ``part-flush`` (part of it).

    >>> outcome_name("flush", Fraction(15)), outcome_name("pair", Fraction(0))
    ('win-flush', 'push-pair')
    """
    return f"{'win' if net > 0 else 'push' if net == 0 else 'part'}-{name}"


def side_bet_analysis(game: str, bet: SideBet, counts: Mapping[str, int], order: Sequence[str],
                      unit: str | None = None, strongest_first: bool = True) -> Analysis:
    """The outcome table of a side bet from how many equally likely deals (or card sets) end paid
    by each class name (``counts``): rows from the best pay down and ``lose`` last (or, with
    ``strongest_first`` false, ``lose`` first and up from there); ``order`` (weakest first)
    breaks ties of net."""
    rank = {name: i for i, name in enumerate(order)}
    rows: dict[str, tuple[Fraction, int, int]] = {"lose": (Fraction(-1), -1, 0)}     # -> (net, rank, count)
    for name, count in counts.items():
        net = net_of(bet.table, name)
        if net is None or net == -1:
            lose_net, lose_rank, lost = rows["lose"]
            rows["lose"] = lose_net, lose_rank, lost + count
            continue
        key = outcome_name(name, net)
        first_net, first_rank, counted = rows.get(key, (net, rank.get(name, len(rank)), 0))
        rows[key] = first_net, first_rank, counted + count
    ordered = sorted(rows.items(), key=lambda r: (r[1][0], r[1][1]), reverse=strongest_first)
    outcomes = tuple(Outcome(row_name, count, net, Fraction(1)) for row_name, (net, _rank, count) in ordered
                     if count or row_name == "lose")
    total = sum(counts.values())
    return Analysis(game, paytable_line(bet.table), total, outcomes, None, unit or bet.table.name)


def pay_rows(bet: SideBet, categories: Sequence[str],
             classes: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """A side bet's paytable as a table shows it, strongest first: every category of its hands
    (``categories``, weakest first) and each class (name, category) after its category, with
    ``none`` where the paytable lists no pay and ``0 (push)`` for a listed 0 "to one"."""
    from oddscalc.core.numbers import pay_text
    order = list(categories)
    for name, category in classes:
        if category in order:
            order.insert(order.index(category) + 1, name)
    return tuple((name, pay_text(bet.table.listed(name), bet.table.basis)) for name in reversed(order))


def paytable_line(table: Paytable) -> str:
    """A side bet's paytable on one line.

    >>> from types import MappingProxyType
    >>> paytable_line(Paytable("six", "to", MappingProxyType({"flush": Fraction(15)})))
    'six (to one): flush 15'
    """
    return f"{table.name} ({table.basis} one): " + ", ".join(f"{k} {v}" for k, v in table.pays.items())


def showdown_counts(bet: SideBet, cells: Mapping[tuple[int, str, str], int]) -> dict[str, int]:
    """Deals per paid class name of a showdown bet, from deals per (relation, player's class,
    dealer's class); a deal its ``when`` does not cover is counted under ``""`` (it loses)."""
    out: dict[str, int] = {}
    allowed = WHEN_RELATIONS[bet.when]
    for (relation, mine, theirs), count in cells.items():
        if relation not in allowed:
            name = ""
        elif bet.paid_on == "player":
            name = mine
        elif bet.paid_on == "dealer":
            name = theirs
        else:
            name = mine if relation != PLAYER_STRONGER else theirs
        out[name] = out.get(name, 0) + count
    return out
