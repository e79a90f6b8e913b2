from collections.abc import Sequence
from typing import Any

def one_stage(keys: Any, class_of: Any, columns: list[Any], total: int,
              coefficients: Sequence[Sequence[Sequence[int] | None]], wagers: Sequence[int], wager_more: bool,
              weights: Any = None, fixed: Any = None, tally: bool = True) -> tuple[bytes, list[list[list[int]]]]: ...
