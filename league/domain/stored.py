"""Values as the event store holds them."""

from __future__ import annotations

from typing import Any

import orjson


def plain(d: Any) -> Any:
    """JSON form (tuples become lists, int keys strings), as the stored event holds it."""
    return orjson.loads(orjson.dumps(d, option=orjson.OPT_NON_STR_KEYS))
