"""structlog set-up: human-readable by default, JSON lines for machines.

structlog (with the rich tracebacks it loads) is a good part of a command's
start-up, and at the CLI's default level (warnings) a read command logs
nothing.  So the loggers here drop what is below the configured level
themselves, and structlog is imported and configured only for the first
line that gets through.  Without :func:`configure_logging` (a library use,
a test) nothing is filtered here and structlog keeps its own defaults.
"""

from __future__ import annotations

import sys
from typing import Any

# The standard library's level numbers (not imported: logging itself costs a few milliseconds).
DEBUG, INFO, WARNING, ERROR, CRITICAL = 10, 20, 30, 40, 50

# (format, level) of the last configure_logging(); None: never called.
_settings: tuple[str, int] | None = None
_configured = False  # structlog has been given _settings
_stream: list[Any] = [None]  # sys.stderr as configure_logging() found it


def configure_logging(fmt: str = "human", verbose: bool = False) -> None:
    global _settings, _configured
    # The stream is the one of this moment (a CLI test's runner swaps sys.stderr for each command).
    _settings = (fmt, INFO if verbose else WARNING)
    _configured = False
    _stream[0] = sys.stderr


def _structlog() -> Any:
    """structlog, configured as the last configure_logging() asked."""
    global _configured
    import structlog

    if _settings is not None and not _configured:
        fmt, level = _settings
        renderer = (
            structlog.processors.JSONRenderer()
            if fmt == "json"
            else structlog.dev.ConsoleRenderer(colors=False)
        )
        structlog.configure(
            processors=[
                structlog.processors.add_log_level,
                structlog.processors.TimeStamper(fmt="iso"),
                renderer,
            ],
            wrapper_class=structlog.make_filtering_bound_logger(level),
            logger_factory=structlog.PrintLoggerFactory(file=_stream[0]),
            cache_logger_on_first_use=False,
        )
        _configured = True
    return structlog


class Logger:
    """A named logger; structlog's own comes into being for the first line above the level."""

    def __init__(self, name: str) -> None:
        self.name = name

    def _log(self, level: int, method: str, event: str, kw: dict[str, Any]) -> Any:
        if _settings is not None and level < _settings[1]:
            return None
        return getattr(_structlog().get_logger(self.name), method)(event, **kw)

    def debug(self, event: str, **kw: Any) -> Any:
        return self._log(DEBUG, "debug", event, kw)

    def info(self, event: str, **kw: Any) -> Any:
        return self._log(INFO, "info", event, kw)

    def warning(self, event: str, **kw: Any) -> Any:
        return self._log(WARNING, "warning", event, kw)

    def error(self, event: str, **kw: Any) -> Any:
        return self._log(ERROR, "error", event, kw)

    def critical(self, event: str, **kw: Any) -> Any:
        return self._log(CRITICAL, "critical", event, kw)

    def exception(self, event: str, **kw: Any) -> Any:
        return self._log(ERROR, "exception", event, kw)

    def __getattr__(self, name: str) -> Any:  # bind(), new(), ...: structlog's logger itself
        return getattr(_structlog().get_logger(self.name), name)


def get_logger(name: str) -> Logger:
    return Logger(name)
