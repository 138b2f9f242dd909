"""Narration a player wants to read: model-fitted prompts, best-of-N candidates, a quality gate, an engine floor.

* :mod:`narrator.narration.gate` — the named checks every model-written text passes before a player sees it
  (``gate(text, evidence, context) -> Verdict``), usable on narration, questions and NPC lines alike.
* :mod:`narrator.narration.prompting` — the prompt fitted to the model: few-shot completion for base and tiny
  models, chat with examples for instruct models; the examples are files under ``prompts/``.
* :mod:`narrator.narration.candidates` — several seeded candidates within a latency budget, ranked by the gate.
* :mod:`narrator.narration.floor` — when nothing passes, a sentence the engine composes from phrase tables.
* :mod:`narrator.narration.evaluate` — ``narrator eval narration``.
"""
