"""The one folder the workbench reads and writes: the designer's game files are read from it, an
uploaded game file and every export (a par sheet, an overlay) are written to it, and a name that
would lead out of it (``..``, an absolute path, a link pointing elsewhere) is refused.

>>> folder = Folder(Path("/tmp"))
>>> folder.name_of("../etc/passwd", (".toml",))
Traceback (most recent call last):
oddscalc.core.errors.InputError: file '../etc/passwd': give a file name in the workbench folder (letters, digits, ...
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from oddscalc.core.errors import InputError, quoted
from oddscalc.core.files import read_text, write_file

# a plain file name: no separator, no leading dot (nothing hidden, never '.' or '..')
FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")
GAME_SUFFIXES = (".toml",)
EXPORT_PREFIX = "oddscalc-"      # the files the workbench writes: the only ones it serves back
EXPORT_SUFFIXES = (".html", ".pdf", ".toml")
MAX_GAME_FILE = 256 * 1024


@dataclass(frozen=True)
class Folder:
    """The workbench's folder (resolved once: a link to it is followed once, at start)."""
    root: Path

    @classmethod
    def at(cls, path: Path) -> Folder:
        root = path.resolve()
        if not root.is_dir():
            raise InputError(f"--dir: no such folder: {quoted(str(path), 80)}")
        return cls(root)

    def name_of(self, name: str, suffixes: Sequence[str]) -> str:
        """A file name as the workbench takes it: plain (no folder) and with one of ``suffixes``."""
        if not isinstance(name, str) or not FILE_NAME.fullmatch(name) or ".." in name:
            raise InputError(f"file {quoted(name)}: give a file name in the workbench folder (letters, digits, "
                             "'-', '_', '.'), no folder")
        if not name.lower().endswith(tuple(suffixes)):
            raise InputError(f"file {quoted(name)}: the name must end in {' or '.join(suffixes)}")
        return name

    def path(self, name: str, suffixes: Sequence[str]) -> Path:
        """The path of a file in the folder; refused when it (or a link it is) leads out of it."""
        path = self.root / self.name_of(name, suffixes)
        if path.resolve().parent != self.root:
            raise InputError(f"file {quoted(name)} leads out of the workbench folder")
        return path

    def game_files(self) -> list[str]:
        """The game files in the folder (the workbench's own overlays are not games)."""
        return sorted(p.name for p in self.root.glob("*.toml")
                      if p.is_file() and FILE_NAME.fullmatch(p.name) and not p.name.startswith(EXPORT_PREFIX)
                      and p.resolve().parent == self.root)

    def game(self, name: str) -> Path:
        """A game file of the folder, which must exist."""
        path = self.path(name, GAME_SUFFIXES)
        if not path.is_file():
            raise InputError(f"file {quoted(name)}: no such game file in the workbench folder")
        return path

    def save_game(self, name: str, text: str) -> Path:
        """Write an uploaded game file (never over one of the workbench's exports)."""
        if name.startswith(EXPORT_PREFIX):
            raise InputError(f"file {quoted(name)}: names starting {EXPORT_PREFIX!r} are the workbench's exports")
        if len(text.encode("utf-8")) > MAX_GAME_FILE:
            raise InputError(f"file {quoted(name)} is larger than {MAX_GAME_FILE // 1024} KB")
        path = self.path(name, GAME_SUFFIXES)
        write_file(path, text, f"file {name}")
        return path

    def export(self, name: str) -> Path:
        """Where an export of that name is written (and later served from)."""
        if not name.startswith(EXPORT_PREFIX):
            raise InputError(f"file {quoted(name)} is not one of the workbench's exports")
        return self.path(name, EXPORT_SUFFIXES)

    def write(self, name: str, text: str) -> Path:
        """Write an export (through a temporary file: a failure leaves nothing)."""
        path = self.export(name)
        write_file(path, text, f"file {name}")
        return path

    def read_export(self, name: str) -> bytes:
        path = self.export(name)
        if not path.is_file():
            raise InputError(f"file {quoted(name)}: no such export")
        return path.read_bytes()

    def read_game_text(self, name: str) -> str:
        return read_text(self.game(name), f"file {name}", MAX_GAME_FILE)
