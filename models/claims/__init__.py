"""The claims reader's tuned encoder: the packaged MiniLM with its transformer layers fine-tuned to read what a
narration sentence claims, and a small head per label family.

Why a tuned encoder: a linear model over frozen MiniLM sentence embeddings missed 44% of the claims of the blind
held-out set (``narrator eval claims``): a mean-pooled general-purpose embedding hardly tells "your blade finds
only air" from "your blade finds its mark". Fine-tuning the layers on the labelled lines lets the words that carry
the claim count.

What is shipped is small and derived: ``reader.npz`` holds the six layers' weights quantized exactly as the
packaged ONNX file quantizes them (int8 per output column, weight-only), their biases and norms, and the heads.
The word and position embeddings are the packaged ones, frozen. At run time :mod:`narrator.agent.claims_encoder`
loads the packaged ONNX file with these weights in place of its own (onnxruntime's initializer override), so no
second model file and no torch. ``train.py`` (needs torch) makes the file from the training lines.
"""
