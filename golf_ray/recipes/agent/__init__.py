"""Agentic episodes: an executive (generate / test / debug / search / stop) whose next step a
DQN (RLlib's) picks, episode templates, and a hierarchical planner on top.

Modules: `env` (the environment, observation, masks, reward), `problems` (the problem interface,
golf tasks), `functions` (function problems, two-part problems), `tools` (LLM via rollout actors,
sandbox, retrieval), `retrieval` (solution DB + pydoc), `gym_env` (the episode as a gymnasium env
for RLlib), `dqn` (RLlib's DQN: the masked module and its config), `episodes` (the loop),
`runners` (Ray episode actors), `players`, `templates`, `planner`,
`scripted` (a world with known optimal returns), `config` and `train`
(the loop; `golf-ray agent train|eval|plan`)."""
