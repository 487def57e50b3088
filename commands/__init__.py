"""The ``league`` command line.

``__version__`` is the distribution's version, kept here so that ``league
--version`` prints it without reading the installed metadata (which costs
more than the rest of that command); tests/unit/test_cli_version.py holds it
equal to ``importlib.metadata.version("league")``.
"""

__version__ = "0.1.0"
