"""The game's half of a random character's concept: what the packaged MiniLM embedder reads in it.

The random tools already pick what a concept's words name outright ("witch" → magic, "swordswoman" → a sword;
:mod:`tools.concepts`). Words miss what a concept means without naming it: a "herbalist" wants Medicine, a
"starship pilot" a vehicle skill. So before the call, the concept is embedded with the same MiniLM model the
router and the memory use (:func:`memory.embedder.default_embedder`, loaded once per process) and compared with
each option's text (the rulebook's words for a skill, a field of magic, a weapon); the best option of each kind
that is close enough goes into the tool's ``picks`` argument. The tool logs those picks, so the character — and
its replay — never depends on a float again.

Without the embedder (not installed, damaged) the concept still picks by its words: the game never fails for it.
"""

from __future__ import annotations

import importlib
import threading
from typing import Any

from narrator.tools.concepts import ConceptOption, Kind, as_read, word_hits
from narrator.tools.systems import get_system

THRESHOLDS: dict[Kind, float] = {"skill": 0.4, "magic": 0.45, "gear": 0.45}
"""Cosine similarity an option needs to be picked for a concept, by kind. Measured on twenty concepts in the five
systems: the options a reader would pick scored 0.37-0.75 ("starship pilot" → Piloting 0.68, "fire mage" → a fire
spell 0.47-0.61, "gunslinger" → a pistol 0.55-0.64) and the others mostly below 0.4 ("shy librarian" → Stealth
0.3, "grizzled soldier" → a spell 0.25). Magic and gear are stricter than skills: a soldier given a spell is worse
than a concept that picks nothing."""

_CACHE: dict[tuple[str, int], Any] = {}
_LOCK = threading.Lock()


def concept_options(system: str) -> tuple[ConceptOption, ...]:
    """The system's ``CONCEPT_OPTIONS`` (in its package's ``characters`` module); none for a system without."""
    package = type(get_system(system)).__module__
    try:
        module = importlib.import_module(f"{package}.characters")
    except ImportError:
        return ()
    return tuple(getattr(module, "CONCEPT_OPTIONS", ()))


def option_text(o: ConceptOption) -> str:
    """What a concept is compared with: the option's rulebook words and the people known for it ("cure: medicine;
    healing; first-aid; healer, medic, doctor"). The people make it read like a concept: a concept names a who, not
    a what, and MiniLM scores who-with-who higher (herbalist → Cure 0.43 without them, 0.49 with)."""
    return o.text + ("; " + ", ".join(o.words) if o.words else "")


def _vectors(system: str, options: tuple[ConceptOption, ...], embedder: Any):
    """The options' embeddings, computed once per system and embedder."""
    import numpy as np

    key = (system, id(embedder))
    with _LOCK:
        if key not in _CACHE:
            _CACHE[key] = np.array(embedder.embed([option_text(o) for o in options]), dtype=np.float32)
        return _CACHE[key]


def similarities(system: str, concept: str, embedder: Any = None) -> list[tuple[ConceptOption, float]]:
    """Every option of the system with its cosine similarity to the concept, best first."""
    import numpy as np

    from narrator.memory.embedder import default_embedder

    options = concept_options(system)
    if not options or not concept.strip():
        return []
    embedder = embedder or default_embedder()
    query = np.array(embedder.embed([concept])[0], dtype=np.float32)
    sims = _vectors(system, options, embedder) @ query
    return sorted(zip(options, (float(s) for s in sims)), key=lambda p: -p[1])


def embedded_picks(system: str, concept: str | None, embedder: Any = None) -> list[str]:
    """The option keys the embedder reads in a concept: for each kind, its closest option if close enough (see
    :data:`THRESHOLDS`), leaving out what the concept's words already pick. Empty when the embedder is missing."""
    if not concept or not concept.strip():
        return []
    concept = as_read(concept)  # "a witch hunter" means a hunter, not a witch
    try:
        ranked = similarities(system, concept, embedder)
    except Exception:  # noqa: BLE001 - no embedder (not installed, damaged): the words still pick
        return []
    have = set(word_hits(concept, [o for o, _ in ranked]))
    picks: list[str] = []
    for kind, threshold in THRESHOLDS.items():
        best = next(((o, s) for o, s in ranked if o.kind == kind), None)
        if best is not None and best[1] >= threshold and best[0].key not in have:
            picks.append(best[0].key)
    return picks


def random_character_args(system: str, args: dict[str, Any], embedder: Any = None) -> dict[str, Any]:
    """The random tool's arguments with the embedder's picks added (when the concept gives any)."""
    picks = embedded_picks(system, args.get("concept"), embedder)
    return {**args, "picks": picks} if picks else dict(args)
