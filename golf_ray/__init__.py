"""golf-ray: distributed RL that trains language models to write short, correct Python programs."""

__version__ = "0.1.0"
