"""Old campaigns still verify and replay after a sheet check's broken rules and a 5+ descriptor's problems became
steps (issue 30): a result logged before held each as a sentence — in its ``violations`` (``problems``) and in the
step quoting it (``sentence=``, ``rule=``, ``problem=``), or in steps logged as text by an older narrator still. The same words are the same result,
a reworded rule with the same numbers is reworded, another number is a divergence, and the old result still loads.
"""

from __future__ import annotations

import copy
import json
import re

import pytest

from narrator.memory.replay_data import as_data, in_words_as, under_new_names
from narrator.memory.store import canonical
from narrator.tools.dice import Roller
from narrator.tools.phrases import said, say
from narrator.tools.registry import default_registry
from narrator.tools.steps import is_step
from narrator.tools.systems import all_systems

REGISTRY = default_registry()
NUMBER = re.compile(r"(?<![\w.#])\d+\b")
EXAMPLES = {name: args for system in all_systems() for name, args in system.worked_examples().items()}


def _broken(tool: str, **changes) -> dict:
    """``tool``'s worked example with its sheet changed so that it breaks several rules."""
    sheet = copy.deepcopy(EXAMPLES[tool]["character"])
    for path, value in changes.items():
        *above, last = path.split("__")
        holder = sheet
        for key in above:
            holder = holder[key]
        holder[last] = value
    return {"character": sheet, "creation": True}


BROKEN = {  # a sheet breaking several rules, for each validate tool
    "minim_character_validate": _broken("minim_character_validate", traits__brain=6, health=9, vice="courage"),
    "brew_character_validate": _broken("brew_character_validate", attributes__power=0, health=13),
    "mastery_character_validate": _broken("mastery_character_validate", traits__agility=4, health=12),
    "minisix_character_validate": _broken("minisix_character_validate", attributes__might="6D"),
    "fiveplus_descriptor": {"notation": "Health (5/3:11) – general health"},  # 5+'s problems with one descriptor
}
FIELD = {tool: "problems" if tool == "fiveplus_descriptor" else "violations" for tool in BROKEN}


def _quoted_as_sentences(value):
    """A result as a narrator logged it while broken rules were sentences: every step a step holds written out."""
    if is_step(value):
        return {**value, "values": {k: say(v) if is_step(v) else v for k, v in value["values"].items()}}
    if isinstance(value, dict):
        return {k: said(v) if k in ("violations", "problems") else _quoted_as_sentences(v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [_quoted_as_sentences(v) for v in value]
    return value


def _in_words(result: dict) -> dict:
    """The same result as a narrator before steps logged it: the summary and steps in words too."""
    return {k: say(v) if k == "summary" else said(v) if k == "steps" else v for k, v in result.items()}


@pytest.mark.parametrize("tool", sorted(BROKEN))
@pytest.mark.parametrize("older", [False, True], ids=["steps", "text"])
def test_a_check_logged_with_sentences_is_the_same_result_as_its_replay(tool, older):
    made, field = REGISTRY.call(tool, BROKEN[tool], Roller(1)).model_dump(mode="json"), FIELD[tool]
    assert len(made[field]) >= 2 and all(is_step(v) for v in made[field])
    logged = _quoted_as_sentences(made)
    logged = under_new_names(_in_words(logged) if older else logged, made)
    assert all(isinstance(v, str) and v.endswith(")" if tool == "fiveplus_descriptor" else ").")
               for v in logged[field])
    assert canonical(in_words_as(made, logged)) == canonical(logged)  # the same words: the same result
    reworded = {**logged, field: ["Broken: " + v for v in logged[field]]}
    assert canonical(in_words_as(made, reworded)) != canonical(reworded)
    assert as_data(reworded, made) == as_data(made, reworded)  # other words, the same numbers: reworded
    at, found = next((i, m) for i, v in enumerate(logged[field]) for m in [NUMBER.search(v)] if m)
    renumbered = copy.deepcopy(logged)
    v = renumbered[field][at]
    renumbered[field][at] = v[:found.start()] + str(int(found[0]) + 17) + v[found.end():]
    assert as_data(renumbered, made) != as_data(made, renumbered)  # another number: a divergence


@pytest.mark.parametrize("tool", sorted(BROKEN))
def test_an_old_check_loads_into_the_result_it_now_is(tool):
    made, field = REGISTRY.call(tool, BROKEN[tool], Roller(1)), FIELD[tool]
    logged = _quoted_as_sentences(made.model_dump(mode="json"))
    loaded = REGISTRY.get(tool).result_model.model_validate(logged)
    assert getattr(loaded, field) == logged[field] == said(getattr(made, field))
