"""The limits of what a user may ask, defined once for the command line and the Python API.

The command line reads each as an option (``--samples``, ``--seed``, ``--workers``, …) and the API
as a parameter of the same meaning (``samples=``, ``seed=``, ``workers=``, …); both refuse the same
values.  Limits that belong to one tool stay with it (``tools.distribution.MAX_DIGITS``,
``tools.parsheet.MAX_ROUNDS``, ``tools.sweep.MAX_POINTS``).

>>> MIN_SAMPLES <= MAX_SAMPLES and MAX_SEED == 2 ** 64 - 1
True
"""
from __future__ import annotations

MAX_WORKERS = 256               # --workers / workers=: local processes for a sampled estimate
MIN_SAMPLES = 2                 # --samples / samples=: a sampled estimate needs two draws for its error
MAX_SAMPLES = 10 ** 9           # ... and draws at most this many situations
MAX_SEED = 2 ** 64 - 1          # --seed / seed=: any 64-bit seed, from 0
MAX_ROUNDS = 10 ** 15           # --rounds / rounds= of simulate and distribution
PLAYERS = (2, 8)                # --players / players= of a Fast Action decision
OTHERS_BET = (0, 7)             # --others-bet / others_bet=: other players making the optional bet
DEALER_CARDS = (0, 5)           # --dealer-cards / dealer_cards= of exposure
BOXES = (0, 7)                  # --boxes / boxes= of exposure
BOARD_CARDS = (0, 4)            # --board-cards / board_cards= of exposure: community cards seen (the player holds one)
MAX_EXACT_LIMIT = 10 ** 12      # --exact-limit / exact_limit= of Fast Action odds
# one text argument: what one command-line argument can hold (Linux's MAX_ARG_STRLEN, 128 KiB)
MAX_TEXT = 128 * 1024
MAX_ITEMS = 1000                # items of a list argument (levels, losses, payouts, cards, overlay lines)
