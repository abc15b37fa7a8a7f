"""Log formats the settings name (config/settings/production.py)."""

from __future__ import annotations

import logging


class OneLine(logging.Formatter):
    """A rejected request in one line: its level, logger and message, never a traceback
    (the request was refused and answered; there is nothing to debug)."""

    def format(self, record: logging.LogRecord) -> str:
        line = f"{record.levelname} {record.name}: {record.getMessage()}"
        return " ".join(line.split())
