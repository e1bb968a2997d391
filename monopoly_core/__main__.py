"""``python -m monopoly_core``: the command line (see :mod:`monopoly_core.cli`)."""
from .cli import main

raise SystemExit(main())
