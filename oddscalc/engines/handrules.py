"""The strategy language of the stud and three-card engines: rules a player follows, read from a
strategy file or a command-line expression, and turned into one decision per (decision point,
upcard rank, hand strength), which the engines price exactly and their simulators play.

The engine tells the language its game's decisions (:mod:`oddscalc.engines.actions`): its
decision points in the order of play, each with its actions, the first of them the point's
default, what a player does where no rule holds (fold, check).  Caribbean Stud has one point,
fold or call (``play`` says the same), a three-card game fold or play (``call`` says the same); a
staged game names its points, e.g. ``preflop`` (check, raise 4x, raise 3x), ``flop`` (check,
raise 2x), ``river`` (fold, raise 1x).

A strategy is rules tried in order: at each point the first rule about it that holds decides, and
where none holds the player takes the point's default.  A rule is
``[POINT:] [ACTION[:]] [HANDS] [if CONDITION and CONDITION ...]``:

=========================  ===================================================================
part                       what it says
=========================  ===================================================================
ACTION                     one of the point's actions (``call``, ``fold``, ``raise 4x``); a
                           point of two actions (a yes/no decision) lets a rule leave it out for
                           the one that is not the default: ``A-K+`` is ``call A-K+`` in
                           Caribbean Stud.  An action the game does not have is refused, with
                           the nearest name.
POINT                      the decision point (``flop: raise 2x pair+``), left out in a game of
                           one point, and wherever the action belongs to one point only or the
                           rule is about the point of the rule before it (``check`` after a
                           preflop rule: check the rest preflop)
HANDS                      the hands it is about (below); left out after an action: every hand
=========================  ===================================================================

=========================  ===================================================================
HANDS                      the hands it is about
=========================  ===================================================================
``A-K-J-8-3+``             this hand or better (``A-K-J-8-3 or better``); a shorter list such as
                           ``8-8+`` or ``A-K+`` starts from the weakest hand beginning so
``A-K``, ``8-8``           hands whose ranks begin so, in that hand's category (A-K: ace-king high)
``pair``, ``pair+``        a category, a class of the engine (``ace-king``, ``ace-high``) or of the
                           game (``pair-8-or-better``); with ``+``: it or better
``any``                    every hand
=========================  ===================================================================

=========================  ===================================================================
CONDITION                  holds when
=========================  ===================================================================
``up Q``, ``up 2-Q``,      the dealer's upcard has this rank, a rank in this range, or in this
``up 2,3,9``               list
``match``, ``no match``    the upcard's rank is (is not) the rank of one of my cards
``holds Q``, ``holds A-K`` my hand holds these ranks
``up > card 4``            the upcard ranks above my 4th highest card (also ``>=``, ``<``, ``<=``,
                           ``=``)
=========================  ===================================================================

Every condition is a function of the hand's strength and the upcard's rank, so one decision per
(point, upcard rank, strength) is the whole strategy: the engines price it exactly over every deal.

>>> model = toy_model()
>>> table = decision_table(model, ("pair+", "A-K if match"))
>>> ak7 = model.strength_of_text("A-K-7")
>>> table.calls(ak7, up_rank=7), table.calls(ak7, up_rank=5), table.calls(model.strength_of_text("2-2"), 0)
(False, True, True)

A game of several actions and points (the toy's ``first``: check, raise 3x, raise 1x; ``second``:
check, raise 2x) names them: ``check`` is an action of both points, so it stays at the point of the
rule before it, and ``raise 2x`` is the second point's.

>>> staged = toy_model(TOY_STAGES)
>>> first, second = decision_tables(staged, ("raise 3x: pair+", "raise 1x A-K+", "check", "raise 2x any"))
>>> [first.action(staged.strength_of_text(h), 0) for h in ("5-5", "A-K-7", "Q-J-9")], second.action(0, 0)
(['raise 3x', 'raise 1x', 'check'], 'raise 2x')
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from oddscalc.core.cards import RANKS, parse_rank
from oddscalc.core.errors import InputError, unknown
from oddscalc.engines.actions import Actions, Point, folded

COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, "=": lambda a, b: a == b,
}
_RANKS = re.compile(r"^(?:10|[2-9tjqka])(?:-(?:10|[2-9tjqka]))*$", re.IGNORECASE)
@dataclass(frozen=True)
class HandModel:
    """What the language needs of an engine's hands, one entry per strength (weakest first).

    ``reps``: one hand of each strength (cards); ``names``: the categories and classes each
    strength belongs to (the engine's class names, the ranking's category, the game's classes);
    ``upcard``: whether the dealer shows a card; ``actions``: the game's decision points and their
    actions; ``suit_classes``: the game's classes that depend on suits (for a clear error on a
    class that cannot be used).
    """
    size: int
    reps: tuple[tuple[int, ...], ...]
    categories: tuple[str, ...]
    names: tuple[frozenset[str], ...]
    upcard: bool
    actions: Actions
    game: str
    suit_classes: frozenset[str] = frozenset()

    @cached_property
    def sequences(self) -> tuple[tuple[int, ...], ...]:
        """Ranks of each strength's hand as players read them: most often held first, then high."""
        out = []
        for cards in self.reps:
            counts = Counter(card >> 2 for card in cards)
            ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
            out.append(tuple(r for r in ordered for _ in range(counts[r])))
        return tuple(out)

    @cached_property
    def masks(self) -> tuple[int, ...]:
        """Rank bit mask of each strength's hand."""
        return tuple(sum(1 << r for r in set(seq)) for seq in self.sequences)

    @cached_property
    def descending(self) -> tuple[tuple[int, ...], ...]:
        """Each hand's ranks from the highest card down (for ``card N``)."""
        return tuple(tuple(sorted(seq, reverse=True)) for seq in self.sequences)

    @cached_property
    def known_names(self) -> frozenset[str]:
        return frozenset().union(*self.names)

    def strength_of_text(self, text: str) -> int:
        """The weakest strength whose hand begins with these ranks (for examples and tests)."""
        return min(self._prefixed(_parse_ranks(text, self)))

    def _prefixed(self, ranks: tuple[int, ...]) -> list[int]:
        return [s for s, seq in enumerate(self.sequences) if seq[:len(ranks)] == ranks]


@dataclass(frozen=True)
class DecisionTable:
    """One decision per (upcard rank, strength) at one decision point: ``rows`` is 13 rows (upcard
    ranks 2..A) or one row (no upcard) of ``strengths`` bytes, each the index of the action taken
    among the point's actions (0 the default: at a yes/no point 0 folds, 1 calls or plays)."""
    rows: int
    strengths: int
    data: bytes = field(repr=False)
    point: Point

    def choice(self, strength: int, up_rank: int = -1) -> int:
        """The index of the action taken (among ``point.actions``)."""
        row = 0 if self.rows == 1 else up_rank
        return self.data[row * self.strengths + strength]

    def action(self, strength: int, up_rank: int = -1) -> str:
        return self.point.actions[self.choice(strength, up_rank)]

    def calls(self, strength: int, up_rank: int = -1) -> bool:
        """Whether the action is not the default: at a yes/no point, whether the player calls (plays)."""
        return bool(self.choice(strength, up_rank))

    def row(self, up_rank: int) -> bytes:
        """The decisions against one upcard rank (-1: the only row)."""
        row = 0 if self.rows == 1 else up_rank
        return self.data[row * self.strengths:(row + 1) * self.strengths]


def _error(rule: str, message: str) -> InputError:
    return InputError(f"strategy rule '{rule[:80]}': {message}")


def _parse_ranks(token: str, model: HandModel, rule: str = "") -> tuple[int, ...]:
    """Ranks written with hyphens between them (``A-K-J-8-3``), or one rank."""
    text = token.replace("-", " ")
    try:
        ranks = tuple(parse_rank(t) for t in text.split())
    except InputError as error:
        raise _error(rule or token, f"{error} (ranks are 2-9, T, J, Q, K, A)") from None
    if len(ranks) > model.size:
        raise _error(rule or token, f"'{token}' names {len(ranks)} cards; a hand here has {model.size}")
    return ranks


def _rank_set(token: str, rule: str) -> set[int]:
    """``Q``, ``2-Q`` (a range), ``2,3,9`` (a list) as a set of ranks."""
    out: set[int] = set()
    try:
        for part in token.split(","):
            if not part:
                raise InputError("empty rank")
            ends = [p for p in re.findall(r"10|[^-]", part)]
            if "-" in part:
                low, high = sorted(parse_rank(p) for p in part.split("-"))
                out.update(range(low, high + 1))
            elif len(ends) == 1:
                out.add(parse_rank(part))
            else:
                raise InputError(f"unknown rank '{part}'")
    except (InputError, ValueError) as error:
        raise _error(rule, f"{error} in upcard ranks '{token}' (write e.g. A, 2-Q or 2,3,9)") from None
    return out


@dataclass
class _Rule:
    text: str
    point: int                            # the decision point it is about (its index)
    choice: int                           # the action it takes there (its index)
    hands: set[int]
    up: set[int] | None = None            # allowed upcard ranks (None: any)
    match: bool | None = None
    compare: list[tuple[Callable[[int, int], bool], int]] = field(default_factory=list)


def _hands(words: list[str], model: HandModel, rule: str) -> set[int]:
    """The strengths a rule's HANDS part names."""
    text = " ".join(words)
    lowered = text.lower()
    better = False
    for suffix in (" or better", "+"):
        if lowered.endswith(suffix):
            better, text = True, text[:-len(suffix)].strip()
            break
    if not text or " " in text:
        raise _error(rule, f"'{' '.join(words)}' is not a hand (write e.g. A-K-J-8-3+, pair+, A-K or any)")
    everything = range(len(model.reps))
    if text.lower() in ("any", "all", "every"):
        return set(everything)
    if text in model.suit_classes:
        raise _error(rule, f"class '{text}' depends on suits; a strategy decides by ranks and the upcard")
    if text in model.known_names:
        members = {s for s in everything if text in model.names[s]}
        return set(range(min(members), len(model.reps))) if better else members
    if not _RANKS.match(text) and not re.fullmatch(r"[0-9a-z]+(-[0-9a-z]+)+", text, re.IGNORECASE):
        names = ", ".join(sorted(model.known_names))
        raise _error(rule, f"'{text}' is not a hand, category or class (ranks such as A-K-J-8-3, or one of: {names})")
    ranks = _parse_ranks(text, model, rule)
    prefixed = model._prefixed(ranks)
    if not prefixed:
        raise _error(rule, f"no hand begins with {'-'.join(RANKS[r] for r in ranks)}")
    weakest = min(prefixed)
    if better:
        return set(range(weakest, len(model.reps)))
    category = model.categories[weakest]
    return {s for s in prefixed if model.categories[s] == category}


def _condition(words: list[str], model: HandModel, parsed: _Rule, rule: str) -> None:
    head = words[0].lower()
    if head in ("up", "match", "no") and not model.upcard:
        raise _error(rule, f"{model.game} shows no dealer card, so '{' '.join(words)}' does not apply")
    if head == "match" and len(words) == 1:
        parsed.match = True
    elif head == "no" and [w.lower() for w in words] == ["no", "match"]:
        parsed.match = False
    elif head == "holds" and len(words) == 2:
        need = Counter(_parse_ranks(words[1], model, rule))
        parsed.hands &= {s for s in parsed.hands
                         if all(model.sequences[s].count(r) >= n for r, n in need.items())}
    elif head == "up" and len(words) == 2:
        ranks = _rank_set(words[1], rule)
        parsed.up = ranks if parsed.up is None else parsed.up & ranks
    elif head == "up" and len(words) in (3, 4) and words[1] in COMPARISONS:
        card = "".join(words[2:]).lower()
        if not re.fullmatch(r"card[1-5]", card) or int(card[4:]) > model.size:
            raise _error(rule, f"compare the upcard with 'card N', N from 1 (my highest card) to {model.size}")
        parsed.compare.append((COMPARISONS[words[1]], int(card[4:]) - 1))
    else:
        raise _error(rule, f"unknown condition '{' '.join(words)}' (conditions: up RANKS, match, no match, "
                           "holds RANKS, up > card N)")


def _looks_like_hand(word: str, model: HandModel) -> bool:
    """Whether a word is written as a hand is (ranks, a category or class, any), right or wrong."""
    text = word.lower().removesuffix("+")
    return (text in ("any", "all", "every") or word.removesuffix("+") in model.known_names
            or bool(_RANKS.match(text)) or bool(re.fullmatch(r"[0-9a-z]+(-[0-9a-z]+)+", text)))


def _kind(model: HandModel, point: int | None) -> str:
    """An action in a refusal: ``action``, or ``flop action`` at a named point."""
    name = "" if point is None else model.actions.points[point].name
    return f"{name} action" if name else "action"


def _unnamed_action(words: list[str], model: HandModel, point: int | None, rule: str) -> None:
    """Refuse HANDS of several words led by a word that is no hand: an action the game does not
    have (``raise A-K+`` in Caribbean Stud), named with the nearest action there is."""
    if len(words) > 2 and [w.lower() for w in words[-2:]] == ["or", "better"]:
        words = words[:-2]
    if len(words) < 2 or _looks_like_hand(words[0], model):
        return
    raise unknown(_kind(model, point), folded(" ".join(words[:-1])), model.actions.spoken(point),
                  f"strategy rule '{rule[:80]}'")


def _prefixes(text: str, model: HandModel) -> tuple[int | None, str | None, str]:
    """A rule's ``POINT:`` and ``ACTION:`` prefixes: (point, action as written, the rest)."""
    *prefixes, body = text.split(":")
    if len(prefixes) > 2:
        raise _error(text, "more than two ':' (write e.g. 'flop: raise 2x pair+')")
    actions = model.actions
    point: int | None = None
    spoken: str | None = None
    for prefix in prefixes:
        word = folded(prefix)
        if point is None and spoken is None and actions.index(word) is not None:
            point = actions.index(word)
            continue
        if spoken is not None:
            raise _error(text, f"'{prefix.strip()}:' after the action (write e.g. 'flop: raise 2x pair+')")
        known = actions.spoken(point)
        if word not in known:
            several = point is None and len(actions.points) > 1
            names = [p.name for p in actions.points] if several else []
            raise unknown("decision point or action" if several else _kind(model, point), word, [*names, *known],
                          f"strategy rule '{text[:80]}'")
        spoken = word
    return point, spoken, body


def _leading_action(words: list[str], model: HandModel, point: int | None) -> str | None:
    """The action a rule begins with (the longest name that fits: ``raise 4x`` before ``raise``)."""
    lowered = [w.lower() for w in words]
    for name in sorted(model.actions.spoken(point), key=lambda n: -len(n.split())):
        if lowered[:len(name.split())] == name.split():
            return name
    return None


def _point_of(rule: str, model: HandModel, spoken: str | None, previous: int | None) -> int:
    """The point of a rule that names none: its action's only point, else the point of the rule
    before it, else the game's only point."""
    actions = model.actions
    points = actions.points
    if spoken is not None:
        having = [i for i in range(len(points)) if spoken in actions.words(i)]
        if len(having) == 1:
            return having[0]
        if previous in having:
            return previous
        names = [points[i].name for i in having]
        raise _error(rule, f"'{spoken}' is an action at the {' and the '.join(names)}: name the point, "
                           f"e.g. '{names[0]}: {spoken} ...'")
    if len(points) == 1:
        return 0
    if previous is not None:
        return previous
    first = points[0]
    raise _error(rule, f"name the decision point ({', '.join(p.name for p in points)}) and the action, e.g. "
                       f"'{first.name}: {first.actions[-1]} any'")


def parse_rule(text: str, model: HandModel, previous: int | None = None) -> _Rule:
    """One rule, or one line saying why it does not parse; ``previous``: the point of the rule
    before it (where a rule that names no point, and whose action is of several, is about)."""
    point, spoken, body = _prefixes(text, model)
    words = body.split()
    if spoken is None:
        spoken = _leading_action(words, model, point)
        if spoken is not None:
            words = words[len(spoken.split()):]
    lowered = [w.lower() for w in words]
    cut = lowered.index("if") if "if" in lowered else len(words)
    if spoken is None:
        _unnamed_action(words[:cut], model, point, text)
    if point is None:
        point = _point_of(text, model, spoken, previous)
    where = model.actions.points[point]
    if spoken is None and where.implied is None:
        raise _error(text, f"name the action{where.where} ({', '.join(where.actions)}), e.g. "
                           f"'{where.actions[-1]} {' '.join(words[:cut]) or 'any'}'")
    choice = 1 if spoken is None else model.actions.words(point)[spoken]
    if cut == 0 and spoken is None:
        raise _error(text, "no hand given (write e.g. 'A-K-J-8-3+' or 'A-K if match')")
    # an action alone (``check``, ``call if match``) is about every hand
    hands = _hands(words[:cut], model, text) if cut else set(range(len(model.reps)))
    parsed = _Rule(text, point, choice, hands)
    conditions = words[cut + 1:]
    if cut < len(words) and not conditions:
        raise _error(text, "nothing after 'if'")
    part: list[str] = []
    for word in [*conditions, "and"] if conditions else []:
        if word.lower() == "and":
            if not part:
                raise _error(text, "an empty condition around 'and'")
            _condition(part, model, parsed, text)
            part = []
        else:
            part.append(word)
    return parsed


def decision_tables(model: HandModel, rules: Sequence[str]) -> tuple[DecisionTable, ...]:
    """Every rule parsed and applied in order: the decisions at each decision point of the game,
    in the order of play (kept: a strategy is checked when it is named, then played or priced with
    the same tables)."""
    return _decision_tables(model, tuple(rules))


def decision_table(model: HandModel, rules: Sequence[str], point: str | None = None) -> DecisionTable:
    """The decisions at one point (``point`` None: the game's only one) of the rules applied in order."""
    tables = _decision_tables(model, tuple(rules))
    if point is None and len(tables) == 1:
        return tables[0]
    for table in tables:
        if point is not None and table.point.name == point:
            return table
    raise ValueError(f"{model.game}: no decision point {point!r} among {[t.point.name for t in tables]}")


@lru_cache(maxsize=16)
def _decision_tables(model: HandModel, rules: tuple[str, ...]) -> tuple[DecisionTable, ...]:
    parsed: list[_Rule] = []
    for text in rules:
        parsed.append(parse_rule(text, model, parsed[-1].point if parsed else None))
    n = len(model.reps)
    ups = list(range(13)) if model.upcard else [-1]
    tables = []
    for index, point in enumerate(model.actions.points):
        data = bytearray(len(ups) * n)          # 0: the point's default where no rule holds
        decided = bytearray(len(ups) * n)
        for rule in parsed:
            if rule.point != index:
                continue
            for row, up in enumerate(ups):
                if rule.up is not None and up not in rule.up:
                    continue
                base = row * n
                for s in rule.hands:
                    if decided[base + s]:
                        continue
                    if rule.match is not None and bool((model.masks[s] >> up) & 1) != rule.match:
                        continue
                    if rule.compare and not all(op(up, model.descending[s][i]) for op, i in rule.compare):
                        continue
                    decided[base + s] = 1
                    data[base + s] = rule.choice
        tables.append(DecisionTable(len(ups), n, bytes(data), point))
    return tuple(tables)


def threshold_table(model: HandModel, weakest: int) -> DecisionTable:
    """"Call with this strength or better" against every upcard (0: every hand), at a game's only
    decision point, a yes/no one."""
    (point,) = model.actions.points
    n = len(model.reps)
    row = bytes(1 if s >= weakest else 0 for s in range(n))
    return DecisionTable(13 if model.upcard else 1, n, row * (13 if model.upcard else 1), point)


# the toy's decisions: fold or call; staged, several points and actions (examples and tests)
TOY_CALL = Actions.yes_no("call", "play")
TOY_STAGES = Actions((Point("first", ("check", "raise 3x", "raise 1x")), Point("second", ("check", "raise 2x"))))


def toy_model(actions: Actions = TOY_CALL) -> HandModel:
    """A three-card model with an upcard, for the examples: high card, pair, trips by rank only;
    fold or call, or the decisions ``actions`` gives (:data:`TOY_STAGES`)."""
    from itertools import combinations_with_replacement
    hands = [h for h in combinations_with_replacement(range(13), 3) if max(Counter(h).values()) < 4]
    shape = {3: 0, 2: 1, 1: 2}          # distinct ranks -> category: high card, pair, trips

    def key(h: tuple[int, ...]) -> tuple[int, ...]:
        counts = Counter(h)
        return (shape[len(counts)], *sorted(h, key=lambda r: (counts[r], r), reverse=True))
    hands.sort(key=key)
    reps = tuple(tuple(r * 4 + i for i, r in enumerate(sorted(h))) for h in hands)
    categories = tuple(("high-card", "pair", "three-of-a-kind")[key(h)[0]] for h in hands)
    return HandModel(3, reps, categories, tuple(frozenset({c}) for c in categories), True, actions, "toy")
