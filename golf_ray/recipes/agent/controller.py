"""The DQN controller that picks the executive's next step: Q-network (MLP, optional dueling
head), replay buffer, target network and epsilon-greedy acting. Plain torch, no Ray: the
target math lives in `golf_ray.algorithms.dqn`.
"""

from __future__ import annotations

import copy
import io
from dataclasses import asdict, dataclass

import numpy as np
import torch
from torch import nn

from golf_ray.algorithms.dqn import (
    double_dqn_targets,
    dqn_targets,
    dueling_combine,
    epsilon_at,
    epsilon_greedy,
    masked_argmax,
    td_loss,
)


@dataclass
class DQNConfig:
    hidden: int = 64
    layers: int = 2
    dueling: bool = True
    double: bool = True
    gamma: float = 0.99
    lr: float = 1e-3
    batch_size: int = 32
    buffer_size: int = 10_000
    min_buffer: int = 32  # transitions before the first update
    target_update_every: int = 50  # updates between hard target-network copies
    grad_clip: float = 10.0
    loss: str = "huber"  # huber | mse
    eps_start: float = 1.0
    eps_end: float = 0.05
    eps_decay_steps: int = 500  # decisions
    eps_schedule: str = "linear"  # linear | exponential


class QNetwork(nn.Module):
    """MLP over the observation; with `dueling`, separate value and advantage streams."""

    def __init__(
        self, obs_dim: int, n_actions: int, hidden: int = 64, layers: int = 2, dueling: bool = True
    ):
        super().__init__()
        self.obs_dim, self.n_actions, self.dueling = obs_dim, n_actions, dueling
        body: list[nn.Module] = []
        width = obs_dim
        for _ in range(layers):
            body += [nn.Linear(width, hidden), nn.ReLU()]
            width = hidden
        self.body = nn.Sequential(*body)
        self.advantage = nn.Linear(width, n_actions)
        self.value = nn.Linear(width, 1) if dueling else None

    def forward(self, obs: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        h = self.body(obs)
        if self.value is None:
            return self.advantage(h)
        return dueling_combine(self.value(h), self.advantage(h), mask)


class ReplayBuffer:
    """A ring buffer of transitions (obs, action, reward, next_obs, next_mask, done)."""

    def __init__(self, capacity: int, obs_dim: int, n_actions: int, seed: int = 0):
        self.capacity, self.size, self.pos = capacity, 0, 0
        self.obs = np.zeros((capacity, obs_dim), np.float32)
        self.mask = np.zeros((capacity, n_actions), bool)
        self.actions = np.zeros(capacity, np.int64)
        self.rewards = np.zeros(capacity, np.float32)
        self.next_obs = np.zeros((capacity, obs_dim), np.float32)
        self.next_mask = np.zeros((capacity, n_actions), bool)
        self.dones = np.zeros(capacity, np.float32)
        self.rng = np.random.default_rng(seed)

    def __len__(self) -> int:
        return self.size

    def add(self, obs, mask, action: int, reward: float, next_obs, next_mask, done: bool) -> None:
        i = self.pos
        self.obs[i], self.mask[i], self.actions[i], self.rewards[i] = obs, mask, action, reward
        self.next_obs[i], self.next_mask[i], self.dones[i] = next_obs, next_mask, float(done)
        self.pos = (self.pos + 1) % self.capacity
        self.size = min(self.size + 1, self.capacity)

    def sample(self, batch_size: int) -> dict[str, torch.Tensor]:
        idx = self.rng.integers(0, self.size, size=batch_size)
        return {
            name: torch.from_numpy(getattr(self, name)[idx])
            for name in ("obs", "mask", "actions", "rewards", "next_obs", "next_mask", "dones")
        }


class DQNController:
    """Acts epsilon-greedily over legal actions and learns from replayed transitions."""

    def __init__(self, obs_dim: int, n_actions: int, cfg: DQNConfig, seed: int = 0):
        self.cfg, self.obs_dim, self.n_actions = cfg, obs_dim, n_actions
        torch.manual_seed(seed)
        self.online = QNetwork(obs_dim, n_actions, cfg.hidden, cfg.layers, cfg.dueling)
        self.target = copy.deepcopy(self.online).requires_grad_(False)
        self.optimizer = torch.optim.Adam(self.online.parameters(), lr=cfg.lr, foreach=True)
        self.buffer = ReplayBuffer(cfg.buffer_size, obs_dim, n_actions, seed)
        self.generator = torch.Generator().manual_seed(seed)
        self.decisions = 0  # acting steps so far: drives the epsilon schedule
        self.updates = 0

    @property
    def epsilon(self) -> float:
        c = self.cfg
        return epsilon_at(self.decisions, c.eps_start, c.eps_end, c.eps_decay_steps, c.eps_schedule)

    def q_values(self, obs, mask) -> torch.Tensor:
        with torch.no_grad():
            return self.online(_batch(obs), _batch(mask, torch.bool))

    def act(self, obs, mask, explore: bool = True) -> int:
        """One action for one observation; counts as a decision when exploring."""
        q = self.q_values(obs, mask)
        m = _batch(mask, torch.bool)
        if not explore:
            return int(masked_argmax(q, m)[0])
        action = int(epsilon_greedy(q, m, self.epsilon, self.generator)[0])
        self.decisions += 1
        return action

    def add(self, obs, mask, action, reward, next_obs, next_mask, done) -> None:
        self.buffer.add(obs, mask, action, reward, next_obs, next_mask, done)

    def update(self) -> dict[str, float] | None:
        """One gradient step on a replayed batch (None until the buffer holds `min_buffer`)."""
        c = self.cfg
        if len(self.buffer) < max(c.min_buffer, 1):
            return None
        b = self.buffer.sample(c.batch_size)
        q = self.online(b["obs"], b["mask"])
        q_taken = q.gather(1, b["actions"].unsqueeze(1)).squeeze(1)
        with torch.no_grad():
            next_target = self.target(b["next_obs"], b["next_mask"])
            if c.double:
                next_online = self.online(b["next_obs"], b["next_mask"])
                targets = double_dqn_targets(
                    b["rewards"], b["dones"], next_online, next_target, b["next_mask"], c.gamma
                )
            else:
                targets = dqn_targets(
                    b["rewards"], b["dones"], next_target, b["next_mask"], c.gamma
                )
        loss = td_loss(q_taken, targets, c.loss)
        self.optimizer.zero_grad()
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(self.online.parameters(), c.grad_clip)
        self.optimizer.step()
        self.updates += 1
        if self.updates % max(c.target_update_every, 1) == 0:
            self.target.load_state_dict(self.online.state_dict())
        legal_q = q.detach().masked_fill(~b["mask"], float("nan"))
        return {
            "loss": float(loss.detach()),
            "q_mean": float(torch.nanmean(legal_q)),
            "q_taken_mean": float(q_taken.detach().mean()),
            "target_mean": float(targets.mean()),
            "grad_norm": float(grad_norm),
        }

    # ------------------------------------------------------------------ persistence

    def state_dict(self) -> dict:
        return {
            "config": asdict(self.cfg),
            "obs_dim": self.obs_dim,
            "n_actions": self.n_actions,
            "online": self.online.state_dict(),
            "target": self.target.state_dict(),
            "optimizer": self.optimizer.state_dict(),
            "decisions": self.decisions,
            "updates": self.updates,
        }

    def load_state_dict(self, state: dict) -> None:
        if (state["obs_dim"], state["n_actions"]) != (self.obs_dim, self.n_actions):
            raise ValueError(
                f"checkpoint is for obs_dim={state['obs_dim']}, n_actions={state['n_actions']}; "
                f"this controller has {self.obs_dim}, {self.n_actions}"
            )
        self.online.load_state_dict(state["online"])
        self.target.load_state_dict(state["target"])
        self.optimizer.load_state_dict(state["optimizer"])
        self.decisions, self.updates = state["decisions"], state["updates"]

    def to_bytes(self) -> bytes:
        buffer = io.BytesIO()
        torch.save(self.state_dict(), buffer)
        return buffer.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes, seed: int = 0) -> DQNController:
        state = torch.load(io.BytesIO(data), weights_only=False)
        cfg = DQNConfig(**state["config"])
        controller = cls(state["obs_dim"], state["n_actions"], cfg, seed)
        controller.load_state_dict(state)
        return controller


class GreedyPolicy:
    """The acting half of a controller, cheap to ship to episode actors: online weights only."""

    def __init__(
        self,
        online_state: dict,
        obs_dim: int,
        n_actions: int,
        cfg: DQNConfig,
        epsilon: float = 0.0,
        seed: int = 0,
    ):
        self.net = QNetwork(obs_dim, n_actions, cfg.hidden, cfg.layers, cfg.dueling)
        self.net.load_state_dict(online_state)
        self.epsilon = epsilon
        self.generator = torch.Generator().manual_seed(seed)

    @classmethod
    def of(cls, controller: DQNController, epsilon: float, seed: int = 0) -> GreedyPolicy:
        state = {k: v.clone() for k, v in controller.online.state_dict().items()}
        return cls(state, controller.obs_dim, controller.n_actions, controller.cfg, epsilon, seed)

    def __call__(self, obs, mask) -> tuple[int, list[float]]:
        """(action, legal Q-values as a list, NaN where illegal)."""
        m = _batch(mask, torch.bool)
        with torch.no_grad():
            q = self.net(_batch(obs), m)
        action = int(epsilon_greedy(q, m, self.epsilon, self.generator)[0])
        return action, q[0].masked_fill(~m[0], float("nan")).tolist()


def _batch(x, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    t = torch.as_tensor(np.asarray(x), dtype=dtype)
    return t.unsqueeze(0) if t.dim() == 1 else t
