"""Blind reading of the colour line (issue 27, point 3): harvest every candidate of a seeded set (:mod:`harvest`),
write what a player reads for readers who never saw the prompts (:mod:`dump`), count what they said of each gate
check and of what each choice would show (:mod:`measure`) — and the two choosers tried and not shipped, a sense
reader over MiniLM embeddings (:mod:`reader`, :mod:`train`) and the adapter's own likelihood (:mod:`likelihood`)."""
