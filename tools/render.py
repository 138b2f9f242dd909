"""Renderers: one result object, three audiences. Results never format themselves.

* :func:`terminal` — what a person reads in the CLI or the game: summary, steps, odds bars, citations.
* :func:`prompt` — what the LLM reads: compact, every number the narration may mention, nothing to invent.
* :func:`markdown` — session exports and docs.

A result's summary and steps are records; the words are written here, from the phrase tables (:mod:`tools.phrases`).
"""

from __future__ import annotations

from pydantic import BaseModel

from narrator.tools.odds import Odds
from narrator.tools.phrases import steps_of, summary_of

BAR_WIDTH = 24


def percent(p: float, digits: int = 1) -> str:
    """``p`` as a percentage that never reads as sure or as impossible when it is neither: 0.996 to no decimals is
    ">99%", not "100%" (a newcomer offered "deception — 100%" takes it as certain); 0.0004 to one is "<0.1%"."""
    text = f"{p * 100:.{digits}f}%"
    step = 10 ** -digits
    if 0 < p < 1 and text == f"{100:.{digits}f}%":
        return f">{100 - step:.{digits}f}%"
    if 0 < p < 1 and text == f"{0:.{digits}f}%":
        return f"<{step:.{digits}f}%"
    return text


def _field(result: BaseModel, name: str):
    return getattr(result, name, None)


def _summary(result: BaseModel) -> str:
    s = summary_of(result)
    if s:
        return s
    if _field(result, "expression") is not None:
        return f"{result.expression} = {result.total}"
    return type(result).__name__


def ordered(odds: Odds) -> list[tuple[str, float]]:
    """Labels in their natural order: numerically when they are numbers (stored JSON sorts keys as text)."""
    items = list(odds.distribution.items())
    try:
        return sorted(items, key=lambda kv: float(kv[0]))
    except ValueError:
        return items


def outcome_names(odds: Odds, labels: dict[str, str] | None) -> dict[str, str]:
    """``labels`` (a system's names for outcomes: '2' -> '+2 critical success') when it names every outcome of these
    odds, else none: a distribution of something else (a count, a yes or no) keeps the engine's keys."""
    return labels if labels and set(odds.distribution) <= set(labels) else {}


YES_NO = {"no", "yes, but", "yes"}
"""The oracle's answers: where they are the outcomes, a success is a yes (a yes-but included), and is said so."""


def success_words(odds: Odds) -> str:
    """'P(success)', or 'P(yes or yes, but)' for a question to the oracle ("is anyone following me?": a success of
    83% read as if a roll could be won)."""
    return "P(yes or yes, but)" if set(odds.distribution) <= YES_NO else "P(success)"


def odds_lines(odds: Odds, width: int = BAR_WIDTH, labels: dict[str, str] | None = None) -> list[str]:
    """One bar per outcome, named by :func:`outcome_names`."""
    names = outcome_names(odds, labels)
    label_w = max((len(names.get(k, k)) for k in odds.distribution), default=1)
    lines = []
    for label, p in ordered(odds):
        bar = "█" * round(p * width)
        exact = odds.exact.get(label, "")
        lines.append(f"{names.get(label, label).rjust(label_w)} {bar.ljust(width)} {percent(p):>6}  {exact}".rstrip())
    if odds.p_success is not None:
        lines.append(f"{success_words(odds)} = {percent(odds.p_success)}")
    return lines


def terminal(result: BaseModel, name: str | None = None, explain: bool = True,
             labels: dict[str, str] | None = None) -> str:
    head = f"{name}: {_summary(result)}" if name else _summary(result)
    out = [head]
    if explain:
        out += [f"  {i}. {s}" for i, s in enumerate(steps_of(result), 1)]
        odds = _field(result, "odds")
        if isinstance(odds, Odds):
            out.append("  Odds before the roll:")
            out += [f"    {line}" for line in odds_lines(odds, labels=labels)]
        refs = _field(result, "rule_refs") or []
        if refs:
            out.append(f"  Rules: {', '.join(refs)}")
    return "\n".join(out)


WHO_FIELDS = ("actor", "attacker", "defender", "target")


def prompt(result: BaseModel, name: str | None = None, effects: list | None = None) -> str:
    """The facts the narration may use, in words and without numbers: who acted, how it went, what changed.

    Numbers stay out of the prompt on purpose: a small model copies what it sees, and the mechanics line the
    player reads is rendered by the engine anyway. What changed comes from ``effects`` — the system's reading of
    the result's ops (:meth:`tools.systems.contract.RulesSystem.effects`), so "hurt" means hurt in every system.
    """
    data = result.model_dump(mode="json")
    who = [f"{f}: {data[f]}" for f in WHO_FIELDS if isinstance(data.get(f), str)]
    what = (name or "").split("_", 1)[-1].replace("_", " ")
    facts = [f"action: {what}"] if what else []
    facts += who
    if data.get("skill"):
        facts.append(f"skill: {data['skill']}")
    label = data.get("outcome_label") or (data["outcome"] if isinstance(data.get("outcome"), str) else None)
    if label:
        facts.append(f"result: {label}")
    elif data.get("success") is not None:
        facts.append("result: " + ("success" if data["success"] else "failure"))
    facts += [e.words() for e in effects or [] if e.kind not in ("created", "state")]
    return "; ".join(facts) if facts else _summary(result)


def markdown(result: BaseModel, name: str | None = None) -> str:
    out = [f"**{name}** — {_summary(result)}" if name else f"**{_summary(result)}**", ""]
    out += [f"{i}. {s}" for i, s in enumerate(steps_of(result), 1)]
    dice = _field(result, "dice") or []
    if dice:
        out += ["", "Dice: " + ", ".join(f"`{d}`" for d in dice)]
    odds = _field(result, "odds")
    if isinstance(odds, Odds):
        out += ["", "| outcome | probability | exact |", "| --- | --- | --- |"]
        out += [f"| {k} | {percent(p)} | {odds.exact.get(k, '')} |" for k, p in ordered(odds)]
    refs = _field(result, "rule_refs") or []
    if refs:
        out += ["", "Rules: " + ", ".join(f"`{r}`" for r in refs)]
    return "\n".join(out).strip() + "\n"
