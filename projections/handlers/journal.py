"""View "journal": the commissioner's journal as ``league history`` prints it.

One row per ``Journal.CommandRecorded``, numbered 1, 2, ... in log order as
the Journal aggregate numbers its entries; the details are kept as the
event's own JSON, so they read back as the aggregate holds them (events are
plain JSON: league.domain.transcodings).  Entries are never removed -- an undo
is an entry of its own that names the one it undoes -- so the view only
ever appends.
"""

from __future__ import annotations

import json

from sqlalchemy import func, select

from league.domain import topics
from projections.tables import journal
from projections.view import NotificationLike, View, Writer, payload


def command_recorded(w: Writer, n: NotificationLike) -> None:
    data = payload(n)
    if "journal_entries" not in w.cache:  # once a batch: entries already in the view
        w.cache["journal_entries"] = w.execute(select(func.count()).select_from(journal)).scalar() or 0
    w.cache["journal_entries"] += 1
    w.insert(journal, {
        "entry": w.cache["journal_entries"],
        "command": data["command"],
        "actor": data["actor"],
        "reason": data["reason"],
        "at": data["at"],
        "details": json.dumps(data["details"], ensure_ascii=False, separators=(",", ":")),
        "undoes": data.get("undoes"),
    })


VIEW = View(
    name="journal",
    topics=(topics.JOURNAL_COMMAND_RECORDED,),
    handlers={topics.JOURNAL_COMMAND_RECORDED: command_recorded},
    tables=(journal,),
    description="the commissioner's journal (history)",
)
