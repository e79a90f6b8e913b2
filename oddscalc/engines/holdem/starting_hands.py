"""The 169 starting hands of Hold'em as a player reads them: a 13 x 13 chart (pairs on the diagonal,
suited hands above it, offsuit below) of one preflop decision, and the decision in words (for each
highest card, the least second card that takes each action, suited and offsuit apart).

A decision per starting hand comes from the exact solution per orbit (engines/holdem_stages.py); on a
full deck every orbit is one of the 169 hands, so a chart cell holds its hands (4 suited, 6 pairs,
12 offsuit), all taking the same action.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from oddscalc.core.errors import InputError
from oddscalc.engines.charts import StrategyChart
from oddscalc.engines.holdem_stages import hand_of

RANKS = "AKQJT98765432"                     # the chart's order, highest first
RANK_OF = {r: 12 - i for i, r in enumerate(RANKS)}     # A -> 12 .. 2 -> 0


def hand_name(a: int, b: int) -> str:
    """The starting hand of two cards, as players write it.

    >>> hand_name(48, 44), hand_name(48, 45), hand_name(0, 1)
    ('AKs', 'AKo', '22')
    """
    return hand_of((a, b))


def cell_of(name: str) -> tuple[int, int]:
    """(row, column) of a starting hand on the chart: suited above the diagonal, offsuit below.

    >>> cell_of("AKs"), cell_of("AKo"), cell_of("22")
    ((0, 1), (1, 0), (12, 12))
    """
    hi, lo = RANKS.index(name[0]), RANKS.index(name[1])
    if len(name) == 2 or name[2] == "s":
        return hi, lo
    return lo, hi


def chart(actions: Sequence[str], choose: Callable[[str], str], hands: Callable[[str], int], point: str,
          rules: tuple[tuple[str, str], ...] = (), note: str = "") -> StrategyChart:
    """The chart of one preflop decision: ``choose(hand)`` the action of a starting hand, ``hands(hand)``
    how many holdings it has."""
    grid = []
    for row in range(13):
        cells = []
        for column in range(13):
            hi, lo = (row, column) if row <= column else (column, row)
            name = RANKS[hi] + RANKS[lo] + ("" if row == column else "s" if row < column else "o")
            counts = [0] * len(actions)
            counts[actions.index(choose(name))] = hands(name)
            cells.append(tuple(counts))
        grid.append(tuple(cells))
    return StrategyChart(tuple(actions), tuple(RANKS), tuple(RANKS), tuple(grid), point, "first card",
                         "second card (above the diagonal suited, below offsuit)", rules, note)


def every_hand() -> list[str]:
    """The 169 starting hands, strongest ranks first."""
    out = []
    for i, hi in enumerate(RANKS):
        out.append(hi + hi)
        for lo in RANKS[i + 1:]:
            out += [hi + lo + "s", hi + lo + "o"]
    return out


def in_words(choose: Callable[[str], str], actions: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """Each action but the default (``actions[0]``) in words: the pairs, then per highest card the
    suited and the offsuit hands taking it, as ranges where the hands taking it are the higher ones
    (``K9s+``: K-9 suited up to K-Q suited) and listed where not.

    >>> in_words(lambda h: "raise" if h[0] == "A" or h[0] == h[1] else "check", ("check", "raise"))[0]
    ('raise', 'pairs: every pair; A-x suited: every one; A-x offsuit: every one')
    """
    out = []
    for action in actions[1:]:
        parts = []
        pairs = [r + r for r in RANKS if choose(r + r) == action]
        if pairs:
            parts.append("pairs: " + _range(pairs, [r + r for r in RANKS], "every pair"))
        for i, hi in enumerate(RANKS[:-1]):
            for kind, word in (("s", "suited"), ("o", "offsuit")):
                names = [hi + lo + kind for lo in RANKS[i + 1:]]
                taking = [n for n in names if choose(n) == action]
                if taking:
                    parts.append(f"{hi}-x {word}: " + _range(taking, names, "every one"))
        out.append((action, "; ".join(parts) if parts else "no starting hand"))
    return tuple(out)


def _range(taking: list[str], names: list[str], every: str) -> str:
    """``names`` strongest first; the hands taking an action as a range from its strongest."""
    if taking == names:
        return every
    if taking == names[:len(taking)]:
        return taking[-1] + "+"
    return ", ".join(taking)


LOW_FIRST = RANKS[::-1]                  # 2 3 ... A


def hand_range(text: str) -> frozenset[str]:
    """Starting hands from a range: ``QQ`` a pair, ``QQ+`` it and every higher pair, ``AJs``/``AJo`` one
    suited or offsuit hand, ``AJs+`` the second card from J up to just below the first.

    >>> sorted(hand_range("QQ+ AKs"))
    ['AA', 'AKs', 'KK', 'QQ']
    """
    out: set[str] = set()
    for token in text.split():
        plus = token.endswith("+")
        core = token.rstrip("+")
        if len(core) == 2 and core[0] == core[1] and core[0] in LOW_FIRST:
            start = LOW_FIRST.index(core[0])
            out |= {r + r for r in (LOW_FIRST[start:] if plus else core[0])}
        elif len(core) == 3 and core[2] in "so" and core[0] in LOW_FIRST and core[1] in LOW_FIRST \
                and LOW_FIRST.index(core[1]) < LOW_FIRST.index(core[0]):
            hi, lo = LOW_FIRST.index(core[0]), LOW_FIRST.index(core[1])
            out |= {core[0] + LOW_FIRST[x] + core[2] for x in (range(lo, hi) if plus else (lo,))}
        else:
            raise InputError(f"a starting hand range is written QQ, QQ+, AJs, AJo+, not {token!r}")
    return frozenset(out)
