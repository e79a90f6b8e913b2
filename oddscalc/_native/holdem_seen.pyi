from typing import Any

def situation_cell(cards: Any, dealer_seen: int, board_seen: int, qualifier: int,
                   dead: Any = ()) -> list[list[int]]: ...
