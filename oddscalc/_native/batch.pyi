"""A caller's batch of hands ranked at once (ext/batch.pyx): three-card strengths, strength counts."""
from typing_extensions import Buffer

from oddscalc._native.eval3 import ThreeCardRanking

def three_card_batch(ranking: ThreeCardRanking, hands: Buffer, out: Buffer) -> None: ...
def strength_counts(strengths: Buffer, n: int) -> list[int]: ...
