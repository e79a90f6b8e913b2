"""The one exception type for bad input: the CLI prints it as one line and exits with 2."""


class InputError(ValueError):
    """Bad input from the user: an unknown card, a malformed table, an unknown game…

    >>> str(InputError("unknown card 'Ax'"))
    "unknown card 'Ax'"
    """
