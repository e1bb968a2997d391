#!/usr/bin/env python3
"""The project's two commands, self-installing on a fresh clone (only Python 3.11 and pip needed).

    python3 dev.py site     start the site (streamlit run streamlit_app.py)
    python3 dev.py test     run the whole test suite

Both create ``.venv`` beside this file on first use and install the package with its test extras into it; the
install is repeated only when ``pyproject.toml`` changes. Extra arguments go to streamlit / pytest.

Both also compile the rules engine with mypyc into ``build/native`` when its source changed (a minute or two; see
``monopoly_core/native.py``): the same source, about four times as fast. Without a C compiler they say so and run
interpreted; if the build fails, ``site`` runs interpreted and ``test`` runs the tests but fails. ``test`` runs
the whole suite on the build the site uses, then the tests that need no browser once more on the interpreted
source, so both builds are always tested.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"


def ensure_env() -> None:
    if sys.version_info < (3, 11):
        sys.exit(f"Python 3.11 or newer is needed, this is {sys.version.split()[0]}")
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == want and PY.exists():
        return
    if not PY.exists():
        print("creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("installing the package and its test tools into .venv ...", flush=True)
    subprocess.check_call([str(PY), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    subprocess.check_call([str(PY), "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test,native,cluster]"])
    STAMP.write_text(want)


def ensure_native() -> str:
    """Compile the engine unless the native build is up to date. Returns "native", "skipped" (asked not to, or
    no C compiler: the package simply runs interpreted) or "failed", saying why."""
    if os.environ.get("MONOPOLY_BUILD") == "interpreted":
        print("MONOPOLY_BUILD=interpreted: not compiling the engine", flush=True)
        return "skipped"
    if not any(shutil.which(cc) for cc in (os.environ.get("CC", "cc"), "cc", "gcc", "clang")):
        print("no C compiler here: the engine runs interpreted (about a quarter of the speed)", flush=True)
        return "skipped"
    status = subprocess.run([str(PY), "-m", "monopoly_core", "native", "build"], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if status.returncode == 0:
        print(status.stdout.strip().splitlines()[-1], flush=True)
        return "native"
    tail = "\n".join(status.stdout.strip().splitlines()[-15:])
    print(f"{tail}\nthe native build failed (above); running the interpreted source instead", flush=True)
    return "failed"


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("site", "test"):
        print(__doc__)
        return 2
    ensure_env()
    command, rest = argv[0], argv[1:]
    os.chdir(ROOT)
    # small numeric solves: one BLAS thread avoids 100 ms stalls on a busy machine (see monopoly_core/__init__.py)
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    native = ensure_native()
    if command == "site":
        return subprocess.call([str(PY), "-m", "streamlit", "run", "streamlit_app.py", *rest])
    status = subprocess.call([str(PY), "-m", "pytest", *rest])
    if native != "native":
        # a build that fails where a compiler exists is a defect (a type error mypyc refuses): the tests ran on
        # the interpreted source, but the run fails so that it is seen
        return status or (1 if native == "failed" else 0)
    print("\nthe same tests on the interpreted source (browser tests ran above) ...", flush=True)
    again = subprocess.call([str(PY), "-m", "pytest", "-m", "not browser", *rest],
                            env={**os.environ, "MONOPOLY_BUILD": "interpreted"})
    return status or again


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
