"""Coin's words: the phrase table its steps are written out with (:mod:`tools.phrases`)."""

PHRASES = {
    "outcome": "{outcome}",
    "flipped": lambda v: f"Flipped {', '.join(v['sides'])}.",
    "joins": "{name} joins (luck {luck})",
    "sheet": "Luck {luck}, health {health}.",
    "check": "{name}: {flip}",
}
