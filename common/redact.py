"""Edit links out of the logs: the edit token is a table's write capability, and a log
line that holds it hands the table to whoever reads the logs.

``install()`` wraps the logging module's record factory, so every record of every
logger — Django's "Not Found: <path>" and "Internal Server Error: <path>", runserver's
access log, gunicorn's error and access logs — has the token segment of an edit path
(``/t/<view>/e/<edit>/``) replaced before any handler formats it. Installed by the
settings (config/settings/base.py), so gunicorn's master (``preload_app``) and
runserver have it before they serve a request.
"""

from __future__ import annotations

import logging
import re

EDIT_TOKEN = re.compile(r"(/t/[^/\s\"']+/e/)[^/\s?#\"']+")
REDACTED = "[edit-token]"


def redact(text: str) -> str:
    return EDIT_TOKEN.sub(rf"\g<1>{REDACTED}", text)


def _redacting(factory):
    def record(*args, **kwargs) -> logging.LogRecord:
        made = factory(*args, **kwargs)
        if "/e/" in str(made.msg) or (made.args and "/e/" in str(made.args)):
            try:
                message = made.getMessage()
            except (TypeError, ValueError):  # a malformed record: leave it to logging
                return made
            made.msg, made.args = redact(message), None
        return made

    record.redacts_edit_tokens = True  # type: ignore[attr-defined]
    return record


def install() -> None:
    """Once per process (a second call keeps the one wrapper)."""
    factory = logging.getLogRecordFactory()
    if not getattr(factory, "redacts_edit_tokens", False):
        logging.setLogRecordFactory(_redacting(factory))
