"""``league rulesets``: the rule systems this build plays, with their variants and options."""

from __future__ import annotations

from typing import Any

import click

from commands.output import emit_json, json_option, render_table


@click.command("rulesets")
@json_option
def rulesets(as_json: bool) -> None:
    """List the rule systems: each name 'league init --ruleset' takes, its team files and options.

    Example: league rulesets --json
    """
    from league import registry

    rows: list[dict[str, Any]] = []
    for name in registry.names():
        rules = registry.ruleset(name)
        rows.append({
            "ruleset": name, "family": rules.family, "description": rules.variants[name],
            "version": rules.version(name), "team_file": rules.team_format, "hand_play": rules.hand_play,
            "options": {k: {"help": o.help, "choices": list(o.choices), "default": o.default}
                        for k, o in rules.options.items()},
        })
    if as_json:
        emit_json(rows)
        return
    for r in rows:
        r["options_text"] = ", ".join(f"{k}={'|'.join(o['choices'])}" for k, o in r["options"].items()) or "-"
    render_table(rows, [("ruleset", "Ruleset"), ("version", "Version"), ("description", "Rules"),
                        ("team_file", "Team files"), ("options_text", "Options")], title="Rule systems")


def register(cli: click.Group) -> None:
    cli.add_command(rulesets)
