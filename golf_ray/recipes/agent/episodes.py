"""Episodes: the record (`Episode`, its transitions) and the loop that plays one (`run_episode`).
The Ray actors that play many in parallel are in `golf_ray.recipes.agent.runners`.

An episode is driven by a policy (the trained DQN module, greedy) or forced along a
template's action sequence (`golf_ray.recipes.agent.templates`); either way the code comes from the
model and the verdicts from the sandbox. A forced action that is illegal where it comes up (a
debug after a passing test) ends the episode with `stop` when that is legal.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from golf_ray.recipes.agent.env import ACTIONS, Action, ExecutiveEnv, Step
from golf_ray.recipes.agent.problems import Problem

# obs, mask -> (action, Q-values of this state; NaN where illegal)
Policy = Callable[[np.ndarray, np.ndarray], tuple[int, list[float]]]


@dataclass
class Transition:
    obs: np.ndarray
    mask: np.ndarray
    action: int
    reward: float
    next_obs: np.ndarray
    next_mask: np.ndarray
    done: bool


@dataclass
class Episode:
    problem_id: str
    kind: str
    template: str | None  # the forced template, None when the policy chose
    transitions: list[Transition] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    q_values: list[list[float]] = field(default_factory=list)  # per policy decision
    correct: bool = False
    points: float = 0.0
    code: str | None = None
    seconds: float = 0.0

    @property
    def ret(self) -> float:
        return float(sum(t.reward for t in self.transitions))

    @property
    def length(self) -> int:
        return len(self.transitions)

    @property
    def actions(self) -> list[str]:
        return [s.action for s in self.steps]

    @property
    def outcomes(self) -> list[str | None]:
        return [s.outcome for s in self.steps]


def run_episode(
    env: ExecutiveEnv,
    policy: Policy,
    forced: Sequence[int] | None = None,
    template: str | None = None,
) -> Episode:
    """Play one episode to the end; every transition is recorded for replay."""
    start = time.perf_counter()
    obs, mask = env.reset()
    episode = Episode(env.problem.id, env.problem.kind, template)
    forced = list(forced) if forced is not None else None
    while not env.done:
        if forced is not None:
            action = forced.pop(0) if forced else int(Action.STOP)
            if not mask[action]:
                # The template does not fit what happened: end here if we can.
                action = int(Action.STOP) if mask[Action.STOP] else policy(obs, mask)[0]
        else:
            action, q = policy(obs, mask)
            episode.q_values.append(q)
        next_obs, next_mask, reward, done, step = env.step(action)
        episode.transitions.append(
            Transition(obs, mask, int(action), reward, next_obs, next_mask, done)
        )
        episode.steps.append(step)
        obs, mask = next_obs, next_mask
    final = env.final
    episode.correct = bool(final and final.correct)
    episode.points = final.points if final and final.correct else 0.0
    episode.code = env.state.code
    episode.seconds = time.perf_counter() - start
    return episode


def first_legal(obs: np.ndarray, mask: np.ndarray) -> tuple[int, list[float]]:
    """A trivial policy: the first legal action (a fallback when no network is given)."""
    return int(np.flatnonzero(mask)[0]), [float("nan")] * len(ACTIONS)


@dataclass
class EpisodeSpec:
    """What one episode actor call should play."""

    problem: Problem
    seed: int = 0
    template: str | None = None
    forced: list[int] | None = None
