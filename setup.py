"""Build the Cython extensions from ext/ into oddscalc._native (all metadata is in pyproject.toml).

Cython finds a cimported .pxd by its package path, so the .pxd files of ext/ are mirrored
under build/cython-include/oddscalc/_native/ before compiling.
"""
import shutil
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = Path(__file__).resolve().parent
EXT = HERE / "ext"
INCLUDE = HERE / "build" / "cython-include"


def mirror_pxd_files():
    target = INCLUDE / "oddscalc" / "_native"
    target.mkdir(parents=True, exist_ok=True)
    for path in (INCLUDE / "oddscalc" / "__init__.pxd", target / "__init__.pxd"):
        path.touch()
    for pxd in EXT.glob("*.pxd"):
        shutil.copyfile(pxd, target / pxd.name)


# Kernels whose loops run on every core (cython.parallel.prange, OpenMP).
PARALLEL = {"stud", "exposure_stud", "exposure_stud_pairs", "exposure_stud_whole", "exposure_stud_seen", "staged",
            "holdem", "holdem_informed", "holdem_seen_flops", "solver"}

# Every kernel: def functions are introspectable (binding, Cython 3's default, stated so that
# mypy.stubtest can check the .pyi stubs against the built modules); no per-module __test__ dict
# (doctest finds the bound functions' examples by itself) and no pickling helpers for classes that
# cannot be pickled anyway (each holds C pointers or takes __cinit__ arguments).
DIRECTIVES = {"binding": True, "autotestdict": False, "auto_pickle": False}


def extension(pyx: Path) -> Extension:
    openmp = ["-fopenmp"] if pyx.stem in PARALLEL else []
    # include_dirs: the C headers of ext/ (colex.h, the binomial table the kernels share)
    return Extension(f"oddscalc._native.{pyx.stem}", [str(pyx.relative_to(HERE))], include_dirs=[str(EXT)],
                     extra_compile_args=["-O3", *openmp], extra_link_args=openmp)


def extensions():
    mirror_pxd_files()
    modules = [extension(pyx) for pyx in sorted(EXT.glob("*.pyx"))]
    return cythonize(modules, include_path=[str(INCLUDE)], language_level=3, compiler_directives=DIRECTIVES,
                     build_dir=str(HERE / "build" / "cython"))


setup(ext_modules=extensions())
