"""The narrator agent: proposals that must go through tools, narration that cannot cheat."""
