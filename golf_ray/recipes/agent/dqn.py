"""RLlib's DQN for the executive (new API stack): the config section, the action-masking
RLModule, the RLlib `DQNConfig` built from them, and the greedy policy the players act with.

Masking: the Q-values of illegal actions are -inf, applied to the advantage stream before the
dueling head centres it (so the mean is over legal actions), in every forward pass: acting
(RLlib's epsilon-greedy draws its random action among finite Q-values), the learner's current
and next-state online pass (double Q's argmax) and the target pass. RLlib's DQN loss maps -inf
to 0 where it gathers. A terminal state has no legal action; it is left unmasked (its target is
multiplied by 0 anyway).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import torch
from ray.rllib.algorithms.dqn import DQNConfig as RLlibDQNConfig
from ray.rllib.algorithms.dqn.default_dqn_rl_module import QF_PREDS
from ray.rllib.algorithms.dqn.torch.default_dqn_torch_rl_module import DefaultDQNTorchRLModule
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.rl_module import RLModule, RLModuleSpec

from golf_ray.recipes.agent.gym_env import ExecutiveGymEnv


@dataclass
class DQNConfig:
    hidden: int = 64
    layers: int = 2
    dueling: bool = True
    double: bool = True
    gamma: float = 0.99
    lr: float = 1e-3
    batch_size: int = 32
    buffer_size: int = 10_000  # transitions
    min_buffer: int = 32  # transitions before the first update
    target_update_every: int = 50  # policy steps between hard target-network copies
    grad_clip: float = 10.0
    loss: str = "huber"  # huber | mse
    eps_start: float = 1.0
    eps_end: float = 0.05
    eps_decay_steps: int = 500  # policy steps, linear


class MaskedDQNModule(DefaultDQNTorchRLModule):
    """RLlib's default DQN module over the `observations` of a Dict observation, with the Q-values
    of actions its `action_mask` rules out at -inf."""

    def __init__(self, *, observation_space=None, **kwargs):
        # The networks see the feature vector; the mask comes in beside it in every batch.
        if observation_space is not None and "observations" in getattr(
            observation_space, "spaces", {}
        ):
            observation_space = observation_space["observations"]
        super().__init__(observation_space=observation_space, **kwargs)

    def _qf_forward_helper(self, batch, encoder, head):
        obs = batch[Columns.OBS]
        mask = obs["action_mask"].bool()
        legal = mask | ~mask.any(dim=-1, keepdim=True)

        def masked(net):
            return lambda x: net(x).masked_fill(~legal, float("-inf"))

        head = (
            {k: masked(v) if k == "af" else v for k, v in head.items()}
            if isinstance(head, dict)
            else masked(head)
        )
        return super()._qf_forward_helper(
            {**batch, Columns.OBS: obs["observations"]}, encoder, head
        )


def algorithm_config(cfg: DQNConfig, env_config: dict[str, Any], seed: int) -> RLlibDQNConfig:
    """DQN on one local EnvRunner (no remote runners, no remote learners): the episodes' cost is
    the LLM and the sandbox, which the tools already spread over Ray actors."""
    return (
        RLlibDQNConfig()
        .environment(ExecutiveGymEnv, env_config=env_config, disable_env_checking=True)
        .framework("torch")
        .env_runners(
            num_env_runners=0,
            num_envs_per_env_runner=1,
            batch_mode="complete_episodes",
            rollout_fragment_length=1,
        )
        .learners(num_learners=0)
        .training(
            double_q=cfg.double,
            dueling=cfg.dueling,
            gamma=cfg.gamma,
            lr=cfg.lr,
            train_batch_size_per_learner=cfg.batch_size,
            replay_buffer_config={"type": "EpisodeReplayBuffer", "capacity": cfg.buffer_size},
            num_steps_sampled_before_learning_starts=0,  # the trainer waits for min_buffer
            target_network_update_freq=cfg.target_update_every,
            tau=1.0,
            grad_clip=cfg.grad_clip,
            grad_clip_by="global_norm",
            td_error_loss_fn=cfg.loss,
            n_step=1,
            epsilon=[(0, cfg.eps_start), (max(cfg.eps_decay_steps, 1), cfg.eps_end)],
        )
        .rl_module(
            rl_module_spec=RLModuleSpec(module_class=MaskedDQNModule),
            model_config={
                "fcnet_hiddens": [cfg.hidden] * cfg.layers,
                "fcnet_activation": "relu",
                "head_fcnet_hiddens": [],
            },
        )
        .debugging(seed=seed)
    )


class ModulePolicy:
    """Greedy acting with a trained module (cheap to ship to episode actors): (action, the Q-values
    of this state as a list, NaN where illegal)."""

    def __init__(self, module: RLModule):
        self.module = module

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> tuple[int, list[float]]:
        m = torch.as_tensor(np.asarray(mask, bool)).unsqueeze(0)
        batch = {
            Columns.OBS: {
                "observations": torch.as_tensor(np.asarray(obs, np.float32)).unsqueeze(0),
                "action_mask": m.float(),
            }
        }
        with torch.no_grad():
            q = self.module.compute_q_values(batch)[QF_PREDS][0]
        action = int(torch.argmax(q))
        return action, q.masked_fill(~m[0], float("nan")).tolist()
