"""`golf-ray adversarial`: the loop (`loop`), its config (`config`), the game's reward terms
(`rewards`) and its per-stage checkpoints (`checkpoint`)."""
