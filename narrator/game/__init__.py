"""``narrator play``: the interactive game.

Two layers, so the game can be tested without a terminal:

* :class:`narrator.game.session.GameSession` — pure logic. ``handle(line)`` takes one typed line and returns the
  output blocks (:mod:`narrator.game.blocks`); it owns the campaign, the agent, the mode, the active character and
  the wizards. Every change still goes through a logged tool call of the campaign. The mode is an object
  (:mod:`narrator.game.modes`) the session calls at the moments solo, assist and teach differ.
* :mod:`narrator.game.app` — the prompt_toolkit application: layout, key bindings, completion, the status line,
  and drawing blocks. It runs the session on one worker thread (:mod:`narrator.game.runner`) because a campaign's
  SQLite connection belongs to the thread that opened it, and so the screen stays live while the model thinks.

System-specific behaviour (guided creation, quick checks, odds previews, lessons, encounters, scenes) sits behind
small seams: :mod:`narrator.game.rules`, :mod:`narrator.game.scenes` and :mod:`narrator.game.encounters`; what
every adapter reads alike (wizard answers) is in :mod:`narrator.game.answers`.
"""
