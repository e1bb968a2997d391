"""``native``: build, remove or report the compiled build of the engine (see :mod:`monopoly_core.native`)."""
from __future__ import annotations

from .. import native


def register(sub) -> None:
    p = sub.add_parser("native", help="compile the engine with mypyc (build), remove it (clean), or say which "
                                      "build runs (status)")
    p.add_argument("action", choices=("build", "clean", "status"), nargs="?", default="status")
    p.add_argument("--force", action="store_true", help="build even when the build is up to date")
    p.add_argument("-v", "--verbose", action="store_true", help="show the compiler's output")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.action == "build":
        if native.is_fresh() and not args.force:
            print(f"the native build in {native.NATIVE} is up to date")
            return 0
        print("compiling the engine with mypyc (a minute or two) ...", flush=True)
        native.build(verbose=args.verbose)
        print(f"native build written to {native.NATIVE}; new processes use it")
    elif args.action == "clean":
        native.clean()
        print("native build removed; the package runs interpreted")
    else:
        from .. import game  # noqa: F401  (a compiled module, loaded to report on)
        print(native.status())
    return 0
