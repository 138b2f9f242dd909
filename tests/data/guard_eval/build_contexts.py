"""Build and check the turn contexts of the held-out provenance-guard set (see README.md beside this file).

Each context is the list of real tool calls one turn made, run through the registry with scripted dice on the
default evaluation table (``narrator.agent.evaluate.table_for("minim", None, None)``). ``setup`` calls run first
and stand for *earlier* turns (they put the table in the state the turn starts from); only ``calls`` belong to
the turn the narration describes.

    python tests/data/guard_eval/build_contexts.py           # check contexts.json against a fresh run
    python tests/data/guard_eval/build_contexts.py --write   # (re)write contexts.json

The check fails if the engine no longer produces the recorded facts, so a sentence label in sentences.jsonl
can never silently refer to a turn that no longer happens.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from narrator.agent.evaluate import table_for
from narrator.tools.dice import Roller
from narrator.tools.registry import default_registry
from narrator.tools.table import apply_all

HERE = Path(__file__).resolve().parent
CONTEXTS = HERE / "contexts.json"


def call(tool: str, args: dict[str, Any], faces: list[int]) -> dict[str, Any]:
    return {"tool": tool, "args": args, "faces": faces}


DEFINITIONS: dict[str, dict[str, Any]] = {
    "neutral_test": {
        "scene": "Aria tries to keep her nerve as something moves in the dark of the tower (a plain brass test, no "
                 "skill). The measured case: dice 2 and 5 against target 3, a neutral outcome, nothing changes.",
        "setup": [],
        "calls": [call("minim_test", {"trait": 3, "trait_name": "brass"}, [2, 5])],
    },
    "climb_success": {
        "scene": "Aria climbs the courtyard wall (brawl + sports). A plain success, not a critical one.",
        "setup": [],
        "calls": [call("minim_check", {"actor": "Aria", "skill": "sports"}, [3, 5])],
    },
    "lock_failure": {
        "scene": "Aria picks the lock of the tower door (brain + security). A failure, not a critical one.",
        "setup": [],
        "calls": [call("minim_check", {"actor": "Aria", "skill": "security"}, [4, 3])],
    },
    "attack_hit": {
        "scene": "In the courtyard Aria punches the Guard bare-handed (fight, which she lacks). A success: one "
                 "fatigue point, not avoided; the Guard is hurt but still standing.",
        "setup": [],
        "calls": [call("minim_attack_target", {"attacker": "Aria", "defender": "Guard", "skill": "fight"}, [1, 3, 5])],
    },
    "catch_breath": {
        "scene": "Aria, bitten by the wolf on an earlier turn, spends her turn catching her breath (mid-action "
                 "brass test) and gets one health point back; she is still not at full health.",
        "setup": [call("minim_damage", {"target": "Aria", "amount": 2, "reason": "the wolf's bite"}, [])],
        "calls": [call("minim_recover_health", {"actor": "Aria", "mode": "mid_action"}, [2, 3])],
    },
    "healing_touch": {
        "scene": "Brom fell from the wall on an earlier turn. Aria uses her healing touch power on him: it "
                 "activates, costs her a faith point, and Brom is restored to full health.",
        "setup": [call("minim_damage", {"target": "Brom", "amount": 2, "reason": "a fall from the wall"}, [])],
        "calls": [call("minim_use_power", {"actor": "Aria", "power": "healing touch"}, [2]),
                  call("minim_heal", {"target": "Brom", "amount": 2, "reason": "Aria's healing touch"}, [])],
    },
    "purchase": {
        "scene": "At the market Brom buys a cheap lantern (quality -1, price 2, score-appropriate for his wealth "
                 "2): the wealth roll succeeds, he loses a wealth point (no faith: purchases cost wealth only), the "
                 "lantern joins his gear.",
        "setup": [],
        "calls": [call("minim_buy", {"actor": "Brom", "item": "lantern", "quality": -1}, [2])],
    },
    "nothing_rolled": {
        "scene": "Aria walks into the inn, sits by the fire and orders a cider. No tool was called: nothing was "
                 "rolled and nothing changed.",
        "setup": [],
        "calls": [],
    },
}


def _facts_of(result: Any) -> dict[str, Any]:
    d = result.model_dump(mode="json")
    out: dict[str, Any] = {"summary": d.get("summary")}
    if d.get("dice") is not None:
        out["dice"] = [die["face"] for die in d["dice"]]
    if isinstance(d.get("target"), int):
        out["target"] = d["target"]
    elif d.get("tests"):
        out["target"] = d["tests"][0]["target"]
    for key in ("outcome", "outcome_label", "success", "fatigue", "avoided", "damage",
                "health_before", "health_after", "max_health", "faith_before", "faith_after",
                "wealth_before", "wealth_after", "price", "unconscious"):
        if key in d and d[key] is not None:
            out[key] = d[key]
    odds = d.get("odds")
    if odds and odds.get("exact"):
        out["odds_exact"] = odds["exact"]
    out["changes"] = [{k: c.get(k) for k in ("name", "field", "was", "value") if k in c}
                      for c in d.get("changes", [])]
    return out


def numbers_in(value: Any) -> set[int]:
    """Every integer a result contains: JSON integers, integers inside strings (steps, summaries, fractions), and
    each probability as a rounded percentage. Floats' decimal expansions are not numbers anyone would narrate."""
    import re

    found: set[int] = set()
    if isinstance(value, bool):
        return found
    if isinstance(value, int):
        found.add(abs(value))
    elif isinstance(value, float):
        if 0 <= value <= 1:
            found.add(round(value * 100))
    elif isinstance(value, str):
        found.update(int(m) for m in re.findall(r"\d+", value))
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= numbers_in(k) | numbers_in(v)
    elif isinstance(value, list):
        for v in value:
            found |= numbers_in(v)
    return found


def run(definition: dict[str, Any]) -> dict[str, Any]:
    registry = default_registry()
    state = table_for("minim", None, None)
    for c in definition["setup"]:
        result = registry.call(c["tool"], c["args"], Roller.scripted(c["faces"]), state)
        state = apply_all(state, list(getattr(result, "changes", [])))
    before = {n: {k: s.get(k) for k in ("health", "max_health", "faith", "gear")} | {"wealth": s["powers"].get("wealth")}
              for n, s in state.characters.items()}
    calls = []
    numbers: set[int] = set()
    for c in definition["calls"]:
        roller = Roller.scripted(c["faces"])
        result = registry.call(c["tool"], c["args"], roller, state)
        if roller.remaining_script:
            raise AssertionError(f"{c['tool']}: scripted faces left over: {roller.remaining_script}")
        state = apply_all(state, list(getattr(result, "changes", [])))
        calls.append({"tool": c["tool"], **_facts_of(result)})
        numbers |= numbers_in(result.model_dump(mode="json"))
    after = {n: {k: s.get(k) for k in ("health", "max_health", "faith", "gear")} | {"wealth": s["powers"].get("wealth")}
             for n, s in state.characters.items()}
    changed = {n: {k: [before[n][k], after[n][k]] for k in before[n] if before[n][k] != after[n][k]}
               for n in after if before[n] != after[n]}
    return {"rolled": any(c.get("dice") for c in calls), "calls": calls,
            "changed_this_turn": changed, "state_at_start": before, "numbers_in_results": sorted(numbers)}


def build() -> dict[str, Any]:
    return {name: {**d, "facts": run(d)} for name, d in DEFINITIONS.items()}


WORDS = {w: i for i, w in enumerate([
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"])}
WORDS |= {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
          "hundred": 100, "fours": 4, "sixes": 6}


def stated_numbers(sentence: str) -> set[int]:
    """Digits and number words a sentence states (enough for this set's labels; not a general parser)."""
    import re

    found = {int(m) for m in re.findall(r"\d+", sentence)}
    found |= {WORDS[w] for w in re.findall(r"[a-z]+", sentence.lower()) if w in WORDS}
    return found


def check_labels(sentences: list[dict[str, Any]], built: dict[str, Any]) -> list[str]:
    """Unlogged-number labels must state numbers the turn never produced; engine_number labels only ones it did."""
    problems = []
    for s in sentences:
        logged = set(built[s["context"]]["facts"]["numbers_in_results"])
        stated = stated_numbers(s["sentence"])
        if s["expected"] != ("remove" if s["mechanical_claim"] else "keep"):
            problems.append(f"expected/mechanical_claim disagree: {s['sentence']}")
        unlogged = s["kind"].startswith("unlogged") or s["kind"] in ("percentage", "dc")
        if unlogged and (not stated or stated & logged):
            problems.append(f"{s['context']}: {s['sentence']!r} states {sorted(stated)}, logged {sorted(stated & logged)}")
        if s["kind"] == "engine_number" and not stated <= logged:
            problems.append(f"{s['context']}: {s['sentence']!r} states {sorted(stated - logged)} the engine never produced")
    return problems


def main(argv: list[str]) -> int:
    built = build()
    if "--write" in argv:
        CONTEXTS.write_text(json.dumps(built, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {CONTEXTS} ({len(built)} contexts)")
        return 0
    stored = json.loads(CONTEXTS.read_text(encoding="utf-8"))
    bad = [n for n in built if stored.get(n) != built[n]] + [n for n in stored if n not in built]
    sentences = [json.loads(line) for line in (HERE / "sentences.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    unknown = sorted({s["context"] for s in sentences} - set(built))
    if bad or unknown:
        print(f"contexts differ from the engine: {bad}; sentences name unknown contexts: {unknown}")
        return 1
    problems = check_labels(sentences, built)
    if problems:
        print("\n".join(problems))
        return 1
    print(f"ok: {len(built)} contexts reproduce; {len(sentences)} sentences all name a context")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
