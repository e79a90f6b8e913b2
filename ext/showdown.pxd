# The showdown of a played hand, shared by the simulators (ext/simulate.pyx, ext/simulate3.pyx):
# 1 the dealer does not qualify (even when tying the player), 2 the dealer wins, 3 push, 4 the
# player wins; 0 is left for a fold.  Strengths are dense (higher is stronger), the qualifier too.
cdef enum:
    SHOWDOWN_NOT_QUALIFY = 1
    SHOWDOWN_LOSE = 2
    SHOWDOWN_PUSH = 3
    SHOWDOWN_WIN = 4


cdef inline int showdown(int player, int dealer, int qualify) noexcept nogil:
    if dealer < qualify:
        return SHOWDOWN_NOT_QUALIFY
    if dealer > player:
        return SHOWDOWN_LOSE
    if dealer == player:
        return SHOWDOWN_PUSH
    return SHOWDOWN_WIN
