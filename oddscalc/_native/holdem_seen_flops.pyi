from collections.abc import Sequence
from typing import Any

MODES: dict[str, int]

def count_flops(flops: Sequence[Sequence[int]], weights: Sequence[int], dead: Sequence[int], qualifier: int,
                seen: str, groups: Sequence[int] | None, call: Sequence[int], fold: int, call_extra: Sequence[int],
                fold_extra: Sequence[int], wager_more: bool) -> dict[str, Any]: ...
