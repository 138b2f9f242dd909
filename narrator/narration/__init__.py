"""Narration a player wants to read: model-fitted prompts, best-of-N candidates, a quality gate, an engine floor.

* :mod:`narrator.narration.gate` — the named checks every model-written text passes before a player sees it
  (``gate(text, evidence, context) -> Verdict``), usable on narration, questions and NPC lines alike.
* :mod:`narrator.narration.prompting` — the prompt fitted to the model: few-shot completion for base and tiny
  models, chat with examples for instruct models; the examples are files under ``prompts/``.
* :mod:`narrator.narration.candidates` — who writes (:data:`STYLES`); several seeded candidates within a latency
  budget, ranked by the gate.
* :mod:`narrator.narration.floor` — the engine's own sentence, composed from phrase tables: a small model's
  narration, and what stands when nothing the model wrote passes.
* :mod:`narrator.narration.colour` — the model's sentence after the engine's (``--narration colour``).
* :mod:`narrator.narration.evaluate` — ``narrator eval narration``.
"""

STYLES = ("auto", "engine", "colour", "completion", "chat")
"""Who writes the story (``--narration`` / ``--style``): fitted to the model; the engine's sentence alone; then the
model's colour; the model's whole narration as a few-shot completion or as chat
(:mod:`narrator.narration.candidates`)."""
