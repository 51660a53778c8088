"""``python -m services.referee.cli`` runs the ``refbox`` command."""

import sys

from services.referee.cli import main

sys.exit(main())
