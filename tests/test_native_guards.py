"""Guards of the native side: every kernel built from ext/ has a stub, the stubs match the built
modules (mypy.stubtest, with tests/stubtest-allowlist.txt), and ext/ passes cython-lint."""
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import oddscalc._native

ROOT = Path(__file__).resolve().parent.parent
NATIVE = Path(oddscalc._native.__path__[0])
BUILT = sorted(module.name for module in pkgutil.iter_modules([str(NATIVE)]))
ALLOWLIST = Path(__file__).with_name("stubtest-allowlist.txt")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_every_kernel_is_built_and_stubbed():
    kernels = sorted(path.stem for path in (ROOT / "ext").glob("*.pyx"))
    stubs = sorted(path.stem for path in NATIVE.glob("*.pyi"))
    assert BUILT == kernels
    assert stubs == kernels


@pytest.mark.slow
def test_stubs_match_the_built_kernels():
    done = run("-m", "mypy.stubtest", "--mypy-config-file", "pyproject.toml", "--allowlist", str(ALLOWLIST),
               *(f"oddscalc._native.{name}" for name in BUILT))
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_ext_passes_cython_lint():
    done = run("-m", "cython_lint.cython_lint", "ext/")
    assert done.returncode == 0, done.stdout + done.stderr
