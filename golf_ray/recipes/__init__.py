"""The training loops, one file (or one folder) per loop, each read top to bottom over the shared
core (golf_ray.rl: `Run`, `Policy`, checkpoints):

- `train`: GRPO/PPO over a domain (golf tasks, synthetic grids, reasoning_gym, the golfer)
- `sft`: supervised warm start on verified programs
- `sweep`: Ray Tune over `train` runs
- `adversarial/`: a staged-reasoning generator against a test-writer (`loop`, with its `config`,
  `rewards` and stage `checkpoint`s)
- `agent/`: RLlib's DQN over an executive's decisions (`train`, with its environment,
  gymnasium wrapper, masked DQN module, episodes and planner)

A loop that needs more than one file is a folder holding what only it uses; what several use
(the staged prompts of function problems, golf_ray.tasks.stages) stays outside.
"""
