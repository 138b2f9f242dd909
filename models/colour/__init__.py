"""The colour adapter: a LoRA for the embedded SmolLM2 that writes the one sentence after the engine's
(:mod:`narrator.narration.colour`), trained by :mod:`models.colour.train` on lines written blind."""
