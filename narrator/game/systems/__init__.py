"""Game adapters, one module per rules system.

Each built-in system's adapter is this package's module of its name, registered through the hook
``narrator.game_rules`` in ``pyproject.toml`` (:mod:`narrator.tools.hooks`) as a plugin registers its own;
:func:`narrator.game.rules.rules_for` finds it there. Supporting the next system in the game is adding a module and
its entry point, nothing else changes.
"""
