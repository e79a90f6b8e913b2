"""Files a user names: read only regular files of a sane size, check an output path before any
work is done, and write so that a failure leaves nothing behind.

A FIFO would block a read forever and a device or ``/proc`` file can be endless, so a file is
checked with ``stat`` before it is opened; every operating-system error becomes one line.

>>> read_text("/nonexistent/table.toml", "--table")
Traceback (most recent call last):
oddscalc.core.errors.InputError: --table: no such file: /nonexistent/table.toml
"""
from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path

from oddscalc.core.errors import InputError

MAX_INPUT_BYTES = 16 * 1024 * 1024


def _describe(error: OSError) -> str:
    return (error.strerror or str(error)).lower()


def _regular_file(path: str | Path, what: str, verb: str) -> bool:
    """Whether ``path`` exists (False: it does not), refusing a folder, a pipe or a device — which
    ``stat`` tells without opening it, so a FIFO never blocks."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError as error:
        raise InputError(f"{what}: cannot {verb} {str(path)[:80]}: {_describe(error)}") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"{what}: {str(path)[:80]} is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"{what}: {str(path)[:80]} is not a regular file (a pipe or a device)")
    return True


def read_text(path: str | Path, what: str, limit: int = MAX_INPUT_BYTES) -> str:
    """The UTF-8 text of a regular file, refused in one line when it is anything else."""
    if not _regular_file(path, what, "read"):
        raise InputError(f"{what}: no such file: {str(path)[:80]}")
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise InputError(f"{what}: cannot read {path}: {_describe(error)}") from None
    if len(data) > limit:
        raise InputError(f"{what}: {path} is larger than {limit // (1024 * 1024)} MB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{what}: {path} is not UTF-8 text") from None


def output_path(path: str, what: str, suffixes: Sequence[str]) -> Path:
    """Check a file to be written (its suffix, its folder, its name) before the work starts.

    A path is taken as typed: one that ends in a separator (``out.csv/``) or in ``.`` names a
    folder, though ``Path`` would quietly drop that ending and write ``out.csv``.

    >>> output_path("counts.txt", "--output", (".csv", ".json"))
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: --output: the file name must end in .csv or .json, got 'counts.txt'
    >>> output_path("counts.csv/", "--output", (".csv", ".json"))
    Traceback (most recent call last):
    oddscalc.core.errors.InputError: --output: 'counts.csv/' names a folder (it ends in '/'), not a file
    """
    if not path.strip():
        raise InputError(f"{what}: a file name is required, got '{path}'")
    if "\0" in path:
        raise InputError(f"{what}: a file name cannot contain a NUL byte")
    separators = tuple(sep for sep in (os.sep, os.altsep) if sep)
    if path.endswith(separators) or os.path.basename(path) in (".", ".."):
        ending = path[-1] if path.endswith(separators) else os.path.basename(path)
        raise InputError(f"{what}: '{path[:80]}' names a folder (it ends in '{ending}'), not a file")
    target = Path(path)
    if target.suffix.lower() not in suffixes:
        raise InputError(f"{what}: the file name must end in {' or '.join(suffixes)}, got '{path[:80]}'")
    folder = target.parent
    try:
        limit = os.pathconf(folder if folder.is_dir() else ".", "PC_NAME_MAX")
    except (OSError, ValueError):
        limit = 255
    if len(os.fsencode(target.name)) > limit:
        raise InputError(f"{what}: the file name is longer than {limit} bytes")
    if not folder.is_dir():
        if folder.exists():
            raise InputError(f"{what}: {str(folder)[:80]} is not a folder")
        raise InputError(f"{what}: no such folder: {str(folder)[:80]}")
    if not os.access(folder, os.W_OK):
        raise InputError(f"{what}: cannot write in {folder}: permission denied")
    _regular_file(target, what, "write")
    return target


def _mode_for(target: Path) -> int:
    """The permissions a written file gets: those of the file it replaces, else what the umask
    allows a new file (a temporary file alone would be private to its owner)."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_file(target: Path, data: str | bytes, what: str) -> None:
    """Write a whole file through a temporary file in the same folder, so a failure writes nothing."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        # imported here: it costs every command's start, and only writing needs it
        import tempfile
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name[:40]}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(payload)
            os.chmod(temporary, _mode_for(target))
            os.replace(temporary, target)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as error:
        raise InputError(f"{what}: cannot write {target}: {_describe(error)}") from None
