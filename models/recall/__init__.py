"""The campaign memory's recall embedder: the packaged MiniLM with its transformer layers tuned so that a player's
question, asked days later in other words ("who sold us out?"), lands near the turn that answers it.

Why tuned: recall on sessions written blind stalled at about two thirds of the questions found in the top five with
the packaged model, whatever the ranking around it did (issue 29): a general-purpose sentence embedding puts "who
ratted us out" far from the narration in which the ferry boy names the reeve's man. ``embedder.npz`` holds the
tuned layers in the packaged file's own int8 format and loads like the claims reader (:mod:`memory.tuned`);
``train.py`` (needs torch and onnx) makes it from ``training/*.json``, sessions written blind by other writers than
the evaluation's (``training/README.md``).
"""
