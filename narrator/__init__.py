"""narrator: a local-first, AI-assisted narrator for tabletop role-playing games.

One installed namespace: ``narrator.tools`` (the rules engine), ``narrator.models`` (LLM backends),
``narrator.memory`` (campaigns and their memory), ``narrator.prompts`` (prompt files), and the agent, the game and
the command line. Each package's ``__all__`` is what a plugin may import; a rules system's game adapter builds on
``narrator.game.rules`` and ``narrator.game.answers``.
"""

__version__ = "0.1.0"
__all__ = ["__version__", "conformance", "game", "memory", "models", "prompts", "tools"]
