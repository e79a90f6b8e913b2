"""Pricing passes over the board kernel's staged counts (ext/holdem_price.pyx): the decisions a paytable moves."""
from collections.abc import Sequence
from typing import Any

from oddscalc._native.holdem import FlopCounts

def ultimate_price(counts: FlopCounts, orbit: Any, preflop: Sequence[Sequence[int]], flop: Sequence[int],
                   river: Sequence[int], fold_board: int, wager_more: bool = True, flop_rule: bytes | None = None,
                   river_min: int = -1, card_bins: Any = None, flop_played: Any = None,
                   fold_extra: Sequence[int] | None = None) -> dict[str, Any]: ...
def bonus_price(counts: FlopCounts, orbit: Any, ante: Sequence[int], flop_multiple: int,
                wager_more: bool = True, flop_played: Any = None, scale: int = 1,
                flop_rule: bytes | None = None, river_rule: int = -1) -> dict[str, Any]: ...
def call_chart(counts: FlopCounts, choices: bytes) -> Any: ...
def chart_choices(counts: FlopCounts, rule: bytes) -> bytes: ...
