"""``python -m spider``: the same as the ``spider`` command."""

import sys

from .cli import main

sys.exit(main())
