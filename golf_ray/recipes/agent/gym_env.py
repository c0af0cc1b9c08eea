"""The executive episode as a gymnasium env, for RLlib's EnvRunner: `ExecutiveEnv` behind
`reset`/`step`, a Dict observation (`observations`: the feature vector, `action_mask`: the legal
actions), the problems in turn. The LLM, sandbox and retriever are the same `Tools` as the
players'. Each step's info says what happened; the last one also what was submitted, so a
sampled episode converts back to the trainer's `Episode` record (`from_rllib`), and a played one
(a forced template episode) to RLlib's (`to_rllib`) for the replay buffer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from ray.rllib.env.single_agent_episode import SingleAgentEpisode

from golf_ray.recipes.agent.env import N_ACTIONS, OBS_DIM, EnvConfig, ExecutiveEnv, Step, Tools
from golf_ray.recipes.agent.episodes import Episode, Transition
from golf_ray.recipes.agent.problems import Problem

OBSERVATION_SPACE = spaces.Dict(
    {
        "observations": spaces.Box(0.0, 1.0, (OBS_DIM,), np.float32),
        "action_mask": spaces.Box(0.0, 1.0, (N_ACTIONS,), np.float32),
    }
)
ACTION_SPACE = spaces.Discrete(N_ACTIONS)


def gym_observation(obs: np.ndarray, mask: np.ndarray) -> dict[str, np.ndarray]:
    return {"observations": obs.astype(np.float32), "action_mask": mask.astype(np.float32)}


class ExecutiveGymEnv(gym.Env):
    """`config`: `problems` (played in turn), `make_tools` (called once, here: the env may live
    in another process) and `env` (an `EnvConfig`)."""

    observation_space = OBSERVATION_SPACE
    action_space = ACTION_SPACE

    def __init__(self, config: dict[str, Any]):
        self.problems: Sequence[Problem] = list(config["problems"])
        make_tools: Callable[[], Tools] = config["make_tools"]
        self.tools = make_tools()
        self.env_cfg: EnvConfig = config["env"]
        self.turn = 0
        self.env: ExecutiveEnv | None = None

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        problem = self.problems[self.turn % len(self.problems)]
        self.turn += 1
        if hasattr(self.tools, "reseed"):
            self.tools.reseed(int(self.np_random.integers(2**31)))
        self.env = ExecutiveEnv(problem, self.tools, self.env_cfg)
        return gym_observation(*self.env.reset()), {"problem_id": problem.id}

    def step(self, action):
        assert self.env is not None, "step() before reset()"
        obs, mask, reward, done, step = self.env.step(int(action))
        info: dict[str, Any] = {"step": step}
        if done:
            final = self.env.final
            correct = bool(final and final.correct)
            info.update(
                problem_id=self.env.problem.id,
                kind=self.env.problem.kind,
                correct=correct,
                points=final.points if final and correct else 0.0,
                code=self.env.state.code,
            )
        return gym_observation(obs, mask), reward, done, False, info


def to_rllib(episode: Episode) -> SingleAgentEpisode:
    """A played episode (e.g. forced along a template) as experience for RLlib's replay buffer."""
    ts = episode.transitions
    observations = [gym_observation(ts[0].obs, ts[0].mask)]
    observations += [gym_observation(t.next_obs, t.next_mask) for t in ts]
    out = SingleAgentEpisode(
        observations=observations,
        actions=[t.action for t in ts],
        rewards=[t.reward for t in ts],
        infos=[{}] + [{"step": s} for s in episode.steps],
        terminated=ts[-1].done,
        observation_space=OBSERVATION_SPACE,
        action_space=ACTION_SPACE,
        len_lookback_buffer=0,
    )
    return out.to_numpy()


def from_rllib(sampled: SingleAgentEpisode) -> Episode:
    """A finished episode that RLlib's EnvRunner sampled, as the trainer's record."""
    obs, actions = sampled.get_observations(), sampled.get_actions()
    rewards, infos = sampled.get_rewards(), sampled.get_infos()
    last = infos[-1]
    episode = Episode(last["problem_id"], last["kind"], None)
    for t in range(len(sampled)):
        step: Step = infos[t + 1]["step"]
        episode.transitions.append(
            Transition(
                obs["observations"][t],
                obs["action_mask"][t].astype(bool),
                int(actions[t]),
                float(rewards[t]),
                obs["observations"][t + 1],
                obs["action_mask"][t + 1].astype(bool),
                t == len(sampled) - 1 and sampled.is_terminated,
            )
        )
        episode.steps.append(step)
    episode.correct, episode.points, episode.code = last["correct"], last["points"], last["code"]
    return episode
