"""The narration's recent story (``narrator.narration.context``) is the story that still counts."""

from __future__ import annotations

from narrator.memory.campaign import Campaign
from narrator.narration.context import facts_and_context, recent_narrations


def test_an_undone_turns_story_is_not_the_recent_story(tmp_path):
    """After /undo the undone narration still sat in the log's last events, so the turn played again was told
    "again" ("The guard is hurt again.") — of a wound that never happened."""
    with Campaign.new("Undo", "minim", seed=2, root=tmp_path) as c:
        c.say("narration", "The lantern gutters.")
        before = c.store.last_seq()
        c.say("player", "I attack the guard")
        c.say("narration", "You strike the guard. The guard is hurt.")
        assert recent_narrations(c)[-1] == "You strike the guard. The guard is hurt."
        c.rewind(before)
        assert recent_narrations(c) == ("The lantern gutters.",)
        _, context = facts_and_context(c, "I attack the guard", None)
        assert "The guard is hurt." not in context.said and "The lantern gutters." in context.said
