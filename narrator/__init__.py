"""narrator: a local-first, AI-assisted narrator for tabletop role-playing games."""

__version__ = "0.1.0"
