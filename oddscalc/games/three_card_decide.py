"""One decision: exact EVs of playing and folding a hand (with an upcard and dead cards), and its report.

>>> from oddscalc.tables import load_game
>>> from oddscalc.games.three_card_rules import three_card_rules
>>> from oddscalc.cards import parse_cards
>>> d = decide(three_card_rules(load_game("three-card-poker")), parse_cards("Qh 6d 4s"))
>>> d.play, d.total
(True, 18424)
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc._native import three
from oddscalc.cards import DECK, format_cards
from oddscalc.errors import InputError
from oddscalc.games.three_card_rules import ThreeCardRules, game_line, ratio_text
from oddscalc.games.three_card_outcomes import main_row
from oddscalc.games.three_card_solve import LOSE, NOT_QUALIFY, PUSH, WIN, prices
from oddscalc.report import Report, Table, decimal_text


@dataclass(frozen=True)
class Decision:
    """The dealer hands a hand meets, its EVs per Bet (Bonus included) and the optimal choice."""
    hand: tuple[int, ...]
    upcard: int | None
    dead: tuple[int, ...]
    hand_class: str
    not_qualify: int
    dealer_wins: int
    tie: int
    player_wins: int
    ev_play: Fraction
    ev_fold: Fraction
    play: bool

    @property
    def total(self) -> int:
        """Dealer hands (or upcard completions) the hand can meet."""
        return self.not_qualify + self.dealer_wins + self.tie + self.player_wins


def decide(rules: ThreeCardRules, hand: Sequence[int], upcard: int | None = None,
           dead: Sequence[int] = ()) -> Decision:
    """Play or fold ``hand`` (``upcard``: the dealer's face-up card; ``dead``: cards out of play)."""
    if rules.upcards and upcard is None:
        raise InputError(f"{rules.game.name} shows a dealer card: give it with --up")
    if not rules.upcards and upcard is not None:
        raise InputError(f"{rules.game.name} shows no dealer card, so --up does not apply")
    seen = [*hand, *([] if upcard is None else [upcard]), *dead]
    if len(set(seen)) != len(seen):
        raise InputError("a card appears twice among --hand, --up and --dead")
    deck = [card for card in DECK if card not in seen]
    if len(deck) < (2 if upcard is not None else 3):
        raise InputError(f"only {len(deck)} cards are left for the dealer")
    strength = rules.ranking.strength(hand)
    nq, dw, tie, pw, _ = three.hand_counts(rules.ranking.native, deck, tuple(hand), rules.qualify,
                                           -1 if upcard is None else upcard)
    klass = rules.hand_class(strength, hand)
    p = prices(rules)
    ev_play, ev_fold = p.ev_play(klass, nq, dw, tie, pw), p.ev_fold(klass)
    play = ev_play > ev_fold or (ev_play == ev_fold and rules.play_on_tie)
    return Decision(tuple(hand), upcard, tuple(dead), klass, nq, dw, tie, pw, ev_play, ev_fold, play)


def played_outcomes(rules: ThreeCardRules, d: Decision) -> list[tuple[str, int, Fraction, Fraction]]:
    """(outcome, dealer hands, probability, net per Bet without the Bonus) if the hand is played."""
    p = prices(rules)
    counts = {NOT_QUALIFY: d.not_qualify, LOSE: d.dealer_wins, PUSH: d.tie, WIN: d.player_wins}
    rows = []
    for result, count in counts.items():
        _key, name, net, _wager = main_row(rules, p, d.hand_class, result)
        rows.append((name, count, Fraction(count, d.total), net))
    return rows


def decision_report(rules: ThreeCardRules, d: Decision) -> Report:
    """``decide``: the EVs of playing and folding one hand and the outcome probabilities if played."""
    unit = rules.game.unit
    fields = [("hand", format_cards(d.hand), ""), ("hand class", d.hand_class, "")]
    if d.upcard is not None:
        fields.append(("dealer upcard", format_cards([d.upcard]), ""))
    if d.dead:
        fields.append(("dead cards", format_cards(d.dead), ""))
    fields += [("Bonus/Bet ratio", ratio_text(rules.bonus_ratio), ""),
               ("dealer hands", d.total, ""),
               (f"EV(play) per {unit}", d.ev_play, decimal_text(d.ev_play, 6)),
               (f"EV(fold) per {unit}", d.ev_fold, decimal_text(d.ev_fold, 6)),
               ("play - fold", d.ev_play - d.ev_fold, decimal_text(d.ev_play - d.ev_fold, 6)),
               ("decision", "play" if d.play else "fold", "")]
    rows = played_outcomes(rules, d)
    tables = (Table("decision", ("field", "exact", "decimal"), tuple(fields)),
              Table(f"if played: the {unit} and Play (Bonus not included)",
                    ("outcome", "dealer hands", "probability", f"net per {unit}"),
                    tuple((name, count, decimal_text(p, 8), net) for name, count, p, net in rows)))
    data = {"game": rules.game.name, "hand": format_cards(d.hand),
            "upcard": None if d.upcard is None else format_cards([d.upcard]),
            "dead": format_cards(d.dead), "hand_class": d.hand_class, "bonus_ratio": rules.bonus_ratio,
            "total": d.total, "decision": "play" if d.play else "fold",
            "ev_play": d.ev_play, "ev_fold": d.ev_fold, "ev_difference": d.ev_play - d.ev_fold,
            "outcomes": [{"outcome": n, "count": c, "probability": p, "net": net} for n, c, p, net in rows]}
    for key in ("ev_play", "ev_fold", "ev_difference"):
        data[key + "_decimal"] = float(data[key])
    notes = [game_line(rules)]
    if rules.bonus_ratio:
        notes.append(f"The EVs include the Bonus ({ratio_text(rules.bonus_ratio)} per {unit}), settled on your hand "
                     f"when you play{'; a fold forfeits it' if rules.fold_forfeits_bonus else ''}.")
    return Report(f"{rules.game.title}: play or fold?", tables, data, tuple(notes))
