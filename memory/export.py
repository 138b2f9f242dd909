"""A campaign's log as Markdown: every line spoken, every roll with its dice, steps, odds and citations."""

from __future__ import annotations

from narrator.memory.campaign import Campaign
from narrator.tools import render


def export_markdown(campaign: Campaign) -> str:
    out = [f"# {campaign.name}", "", f"System: {campaign.system} · master seed {campaign.master_seed}", ""]
    for e, result in campaign.walk():  # each result as its tool made it (the log's keys are sorted)
        p = e.payload
        if e.kind == "campaign_created":
            out.append(f"*Event {e.seq}: campaign created ({p['system']}).*")
        elif e.kind == "tool_call":
            out.append(f"### Event {e.seq}: `{p['tool']}` (seed {p['seed']})")
            out.append("")
            out.append(render.markdown(result, p["tool"]).rstrip())
        elif e.kind == "tool_rejected":
            out.append(f"*Event {e.seq}: `{p['tool']}` rejected:* {p['error'].splitlines()[0]}")
        elif e.kind == "rewind":
            out.append(f"*Event {e.seq}: rewound to event {p['to']}.*")
        elif e.kind == "player":
            out.append(f"> **Player** (event {e.seq}): {p['text']}")
        elif e.kind == "narration":
            out.append(f"{p['text']}")
        else:
            out.append(f"*Event {e.seq} ({e.kind}):* {p.get('text', '')}")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
