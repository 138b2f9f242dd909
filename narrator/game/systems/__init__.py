"""Game adapters, one module per rules system.

Each rules system names its adapter by dotted path (``RulesSystem.game_adapter``); :func:`narrator.game.rules.rules_for`
imports it from there. Supporting the next system in the game is adding a module here (or anywhere the system's
``game_adapter`` points), nothing else changes.
"""
