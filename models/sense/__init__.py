"""The sense reader (issue 27, point 3): does the embedded model's colour line, after the engine's sentence, read as
sense to a reader? Learned from blind readers' labels of harvested candidates (:mod:`harvest`)."""
