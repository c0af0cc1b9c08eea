"""The agent (golf_ray/recipes/agent/): the executive environment and its masks, RLlib's DQN on
the scripted world, templates, retrieval, configs and the CLI; then, with the tiny model, a DQN
run through real actors (rollout, sandbox, episode actors) and a hierarchical planner episode on
a two-part function problem."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from golf_ray.config import ConfigError
from golf_ray.recipes.agent.config import load_agent_config
from golf_ray.recipes.agent.env import ACTIONS, OBS_DIM, Action, EnvConfig, ExecutiveEnv
from golf_ray.recipes.agent.episodes import first_legal, run_episode
from golf_ray.recipes.agent.players import LocalPlayer
from golf_ray.recipes.agent.retrieval import names_to_document, similar_solutions, stdlib_docs
from golf_ray.recipes.agent.scripted import OPTIMAL, ScriptedProblem, ScriptedTools, optimal_return
from golf_ray.recipes.agent.templates import TEMPLATES, classify, template_report
from golf_ray.recipes.agent.train import AgentTrainer, load_problems
from golf_ray.solutions import SolutionDB
from golf_ray.verify import Verdict

CONFIGS = Path(__file__).resolve().parents[2] / "tune_configs" / "agent"
# what every agent training run logs per iteration
TRAIN_METRICS = (
    "episode_return",
    "success_rate",
    "episode_length",
    "epsilon",
    "q_value_mean",
    "td_loss",
    "template/direct/success_rate",
)


def legal(env: ExecutiveEnv) -> set[str]:
    return {ACTIONS[i] for i in np.flatnonzero(env.action_mask())}


def test_masks_follow_the_rules():
    env = ExecutiveEnv(ScriptedProblem("hard"), ScriptedTools(), EnvConfig(max_steps=10))
    obs, mask = env.reset()
    assert obs.shape == (OBS_DIM,) and mask.dtype == bool
    # no code yet: no test, no debug, no stop
    assert legal(env) == {"generate", "search"}
    with pytest.raises(ValueError, match="illegal action test"):
        env.step(Action.TEST)
    env.step(Action.GENERATE)
    assert legal(env) == {"generate", "test", "search"}  # stop needs a tested program
    *_, step = env.step(Action.TEST)
    assert step.outcome == "fail" and step.detail == "0/4 wrong_output"
    assert legal(env) == {"generate", "debug", "search", "stop"}  # no second test
    env.step(Action.SEARCH)
    assert "search" not in legal(env)  # search once
    env.step(Action.DEBUG)
    assert legal(env) == {"generate", "test"}
    env.step(Action.TEST)
    assert legal(env) == {"generate", "debug", "stop"}


def test_stop_on_untested_code_when_allowed_and_the_step_limit():
    cfg = EnvConfig(max_steps=2, stop_requires_test=False)
    env = ExecutiveEnv(ScriptedProblem("easy"), ScriptedTools(), cfg)
    env.reset()
    env.step(Action.GENERATE)
    assert "stop" in legal(env)
    *_, reward, done, _ = env.step(Action.GENERATE)  # the step limit ends it: judged as is
    assert done and env.final.correct and reward == pytest.approx(1.0 - cfg.step_cost)
    assert not env.action_mask().any()
    with pytest.raises(RuntimeError):
        env.step(Action.STOP)


@pytest.mark.parametrize("name", list(OPTIMAL))
def test_templates_replay_the_known_optimal_returns(name):
    cfg = EnvConfig(max_steps=8, step_cost=0.1)
    template = {"easy": "direct", "medium": "debug", "hard": "search"}[name]
    env = ExecutiveEnv(ScriptedProblem(name), ScriptedTools(), cfg)
    episode = run_episode(env, first_legal, TEMPLATES[template].forced(), template)
    assert episode.correct and classify(episode) == template
    assert episode.ret == pytest.approx(optimal_return(name, cfg))
    assert template_report([episode])[template] == {
        "episodes": 1.0,
        "success_rate": 1.0,
        "matched": 1.0,
        "mean_return": pytest.approx(optimal_return(name, cfg)),
        "followed": 0.0,
    }


def test_a_template_that_does_not_fit_ends_with_stop():
    # `debug` on the easy problem: the first test passes, so debug is illegal -> stop.
    env = ExecutiveEnv(ScriptedProblem("easy"), ScriptedTools(), EnvConfig())
    episode = run_episode(env, first_legal, TEMPLATES["debug"].forced(), "debug")
    assert episode.actions == ["generate", "test", "stop"] and episode.correct
    assert classify(episode) == "direct"
    report = template_report([episode])
    assert report["debug"]["success_rate"] == 1.0 and report["debug"]["matched"] == 0.0


def test_rllib_dqn_learns_the_optimal_sequences_and_resumes_with_its_replay(ray_session, tmp_path):
    """The scripted world has known returns; after training (RLlib's DQN, double Q + dueling,
    masked; fixed seed), the greedy module takes each problem's optimal sequence (= the templates)
    and always ends correct. A checkpoint restores the module and the replay buffer."""
    cfg = load_agent_config(CONFIGS / "scripted.yaml", ["logging.tensorboard=false"])
    assert cfg.dqn.double and cfg.dqn.dueling
    problems = load_problems(cfg)
    trainer = AgentTrainer(cfg, tmp_path, LocalPlayer(ScriptedTools(), cfg.env), problems)
    again = None
    try:
        for it in range(cfg.iterations):
            metrics = trainer.iteration(it)
        assert metrics["epsilon"] == pytest.approx(cfg.dqn.eps_end)
        metrics, episodes = trainer.evaluate()
        greedy = {e.problem_id: e for e in episodes if e.template is None}
        assert metrics["success_rate"] == 1.0
        for name, episode in greedy.items():
            assert episode.actions == [a.name.lower() for a in OPTIMAL[name]], name
            assert episode.ret == pytest.approx(optimal_return(name, cfg.env))
        path = trainer.save(metrics)
        again = AgentTrainer(cfg, tmp_path, LocalPlayer(ScriptedTools(), cfg.env), problems)
        assert again.buffer.get_num_timesteps() == 0
        assert again.load(path) == cfg.iterations
        assert again.evaluate()[0]["success_rate"] == 1.0
        assert again.policy_steps == trainer.policy_steps and again.epsilon == trainer.epsilon
        # the replay buffer came back whole: same transitions, same episodes, same order
        before, after = trainer.buffer, again.buffer
        assert after.get_num_timesteps() == before.get_num_timesteps() > cfg.dqn.batch_size
        assert after.get_num_episodes() == before.get_num_episodes()
        for a, b in zip(before.episodes, after.episodes, strict=True):
            assert a.id_ == b.id_ and list(a.get_actions()) == list(b.get_actions())
            np.testing.assert_array_equal(
                a.get_observations()["observations"], b.get_observations()["observations"]
            )
        assert again.update() is not None  # and learning goes on from it

        # a damaged checkpoint: one line naming the file
        (path / "replay_buffer.pkl").write_bytes(b"\x80\x05truncated")
        with pytest.raises(ValueError, match=r"replay_buffer.pkl: unreadable replay buffer"):
            again.load(path)
    finally:
        trainer.close()
        if again is not None:
            again.close()


def test_parse_plan_keeps_parts_with_usable_tests():
    from golf_ray.recipes.agent.functions import two_part_problems
    from golf_ray.recipes.agent.planner import parse_plan

    whole = two_part_problems()[0].whole
    text = """Sure.
PART: def count_primes(n: int) -> int:
DOES: counts primes up to n
TEST: assert count_primes(10) == 4
PART: def is_prime(n):
DOES: primality
TEST: assert is_prime(7)
TEST: assert is_prime(
PART: def helper(x):
DOES: has no test that calls it
TEST: assert True
"""
    parts = parse_plan(text, whole, max_parts=4)
    assert [p.entry_point for p in parts] == ["is_prime", "count_primes"]  # entry point last
    assert parts[0].baseline_tests == ["assert is_prime(7)"]  # the broken test is dropped
    assert parts[1].id == "count_primes_two_part/count_primes"
    assert parse_plan("PART: def f(x):\nTEST: assert f(1) == 1", whole, max_parts=0) == []


def test_masked_module_never_picks_or_bootstraps_from_an_illegal_action():
    import torch
    from ray.rllib.algorithms.dqn.default_dqn_rl_module import QF_NEXT_PREDS, QF_PREDS
    from ray.rllib.core.columns import Columns

    from golf_ray.recipes.agent.dqn import DQNConfig, ModulePolicy, algorithm_config
    from golf_ray.recipes.agent.gym_env import (
        ACTION_SPACE,
        OBSERVATION_SPACE,
        from_rllib,
        to_rllib,
    )

    config = algorithm_config(DQNConfig(eps_start=1.0, eps_end=1.0), {}, seed=0)
    config.environment(observation_space=OBSERVATION_SPACE, action_space=ACTION_SPACE)
    module = config.get_rl_module_spec().build()
    module.make_target_networks()  # what the learner does
    assert module.uses_dueling and module.uses_double_q
    obs = torch.rand(4, OBS_DIM)
    mask = torch.tensor([[0, 0, 1, 0, 0]] * 3 + [[0, 0, 0, 0, 0]], dtype=torch.float32)
    batch = {Columns.OBS: {"observations": obs, "action_mask": mask}}
    q = module.compute_q_values(batch)[QF_PREDS]
    assert torch.isinf(q[:3, [0, 1, 3, 4]]).all() and torch.isfinite(q[:3, 2]).all()
    assert torch.isfinite(q[3]).all()  # a terminal state (nothing legal) stays unmasked
    # epsilon = 1: RLlib's random action is drawn among the legal ones only
    for _ in range(5):
        actions = module.forward_exploration(batch, t=0)[Columns.ACTIONS]
        assert actions[:3].tolist() == [2, 2, 2]
    assert module.forward_inference(batch)[Columns.ACTIONS][:3].tolist() == [2, 2, 2]
    # the learner's next-state Q (double Q's argmax) and the target's are masked too
    train = {**batch, Columns.NEXT_OBS: batch[Columns.OBS]}
    out = module.forward_train(train)
    assert out[QF_NEXT_PREDS][:3].argmax(-1).tolist() == [2, 2, 2]
    assert torch.isinf(out["qf_target_next_preds"][:3, 0]).all()
    action, qs = ModulePolicy(module)(obs[0].numpy(), mask[0].numpy().astype(bool))
    assert action == 2 and np.isnan(qs[0]) and not np.isnan(qs[2])
    # a played episode goes into RLlib's format and back unchanged
    env = ExecutiveEnv(ScriptedProblem("medium"), ScriptedTools(), EnvConfig())
    episode = run_episode(env, first_legal, TEMPLATES["debug"].forced(), "debug")
    rllib = to_rllib(episode)
    assert len(rllib) == episode.length and rllib.is_terminated
    assert OBSERVATION_SPACE.contains(rllib.get_observations(0))
    rllib.get_infos()[-1].update(
        problem_id="medium", kind="scripted", correct=True, points=0.0, code=episode.code
    )
    back = from_rllib(rllib)
    assert back.actions == episode.actions and back.ret == pytest.approx(episode.ret)
    assert [t.mask.tolist() for t in back.transitions] == [
        t.mask.tolist() for t in episode.transitions
    ]


def test_retrieval_finds_similar_solved_problems_and_docs(tmp_path):
    with SolutionDB(tmp_path / "solutions.sqlite") as db:
        ok = Verdict(True, 3, 3, None, None, "", 30, 2470.0)
        wrong = Verdict(False, 0, 3, 0, "wrong_output", "", 30, 0.001)
        db.add("task001", "p=lambda g:g[::-1]", ok, 0, 1)
        db.add("task002", "p=lambda g:[r[::-1]for r in g]", ok, 0, 1)
        db.add("task003", "p=lambda g:g", wrong, 0, 1)
        library = {
            "task001": "colours2 h3 w3 same_shape",
            "task002": "colours5 h9 w9 larger",
            "task003": "colours2 h3 w3 same_shape",
        }
        found = similar_solutions(db, "task009", "colours2 h3 w3 same_shape", library, k=5)
    assert [f[0] for f in found] == ["task001", "task002"]  # the wrong one is never offered
    assert found[0][2] == 1.0
    assert names_to_document("import itertools as it\np=lambda g:list(zip(*it.chain(g)))") == [
        "list",
        "zip",
        "itertools.chain",
    ]
    assert names_to_document("import os\nos.system('x')") == []  # only allow-listed modules
    docs = stdlib_docs("p=lambda g:sorted(g)", "TypeError: 'int' object is not iterable")
    assert "pydoc sorted" in docs and "pydoc int" in docs


def test_agent_configs_load_and_bad_keys_name_the_file(tmp_path):
    for path in CONFIGS.glob("*.yaml"):
        load_agent_config(path)
    bad = tmp_path / "bad.yaml"
    bad.write_text("dqn:\n  hiden: 3\n")
    with pytest.raises(ConfigError, match=r"bad.yaml: unknown key 'dqn.hiden' \(did you mean"):
        load_agent_config(bad)
    bad.write_text("problems:\n  source: web\n")
    with pytest.raises(ConfigError, match="bad.yaml: 'problems.source' must be one of"):
        load_agent_config(bad)


def test_cli_agent_train_scripted(ray_session, tmp_path):
    run = tmp_path / "run"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "golf_ray.cli",
            "agent",
            "train",
            str(CONFIGS / "scripted.yaml"),
            "iterations=4",
            "eval_every=2",
            "checkpoint.every=2",
            "logging.tensorboard=false",
            "--run-dir",
            str(run),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "eval/template/search/success_rate" in proc.stdout
    csv_text = (run / "metrics.csv").read_text()
    for key in TRAIN_METRICS:
        assert f",train,{key}," in csv_text, key
    assert ",eval,success_rate," in csv_text
    assert (run / "checkpoints" / "latest").read_text().strip() == "iter-000004"
    assert (run / "agent_curves.png").stat().st_size > 10_000
    assert json.loads((run / "summary.json").read_text())["iterations"] == 4

    # --resume continues the run (module, optimizer, replay and epsilon schedule) to iteration 6
    from golf_ray.recipes.agent.train import train_agent

    cfg = load_agent_config(
        CONFIGS / "scripted.yaml",
        ["iterations=6", "eval_every=0", "checkpoint.every=2", "logging.tensorboard=false"],
    )
    result = train_agent(cfg, resume=str(run))
    assert result.run_dir == run and result.iterations == 6
    assert (run / "checkpoints" / "latest").read_text().strip() == "iter-000006"
    steps = {int(line.split(",")[0]) for line in (run / "metrics.csv").read_text().splitlines()[1:]}
    assert steps == {1, 2, 3, 4, 5, 6}


# --------------------------------------------------------------------------- real actors

TINY = [
    "iterations=2",
    "eval_every=0",
    "checkpoint.every=2",
    "problems.limit=2",
    "problems.per_iteration=1",
    "problems.eval_limit=1",
    "runners=2",
    "tools.max_tokens=16",
]


@pytest.fixture(scope="module")
def tiny_player(ray_session, tmp_path_factory):
    """Rollout actor (tiny model, HF), process sandbox pool and two episode actors, shared."""
    from golf_ray.recipes.agent.players import RayPlayer

    cfg = load_agent_config(CONFIGS / "tiny.yaml", TINY)
    run_dir = tmp_path_factory.mktemp("agent") / "tiny"
    run_dir.mkdir()
    player = RayPlayer(cfg, run_dir, load_problems(cfg))
    yield cfg, run_dir, player
    player.close()


@pytest.mark.slow
def test_tiny_model_dqn_run_trains_logs_and_checkpoints(tiny_player, tmp_path):
    from golf_ray.metrics import read_metrics
    from golf_ray.recipes.agent.train import evaluate_agent, train_agent

    cfg, run_dir, player = tiny_player
    result = train_agent(cfg, run_dir, player=player)
    assert result.iterations == 2
    train = read_metrics(run_dir)["train"]
    for key in (*TRAIN_METRICS, "template/search/matched"):
        assert [s for s, _ in train[key]] == [1, 2], key
    assert (run_dir / "checkpoints" / "iter-000002" / "replay_buffer.pkl").is_file()
    assert list((run_dir / "tb").iterdir()) and (run_dir / "agent_curves.png").is_file()
    with SolutionDB(run_dir / "solutions.sqlite") as db:
        assert db.stats()["attempts"] > 0  # every episode's final program was recorded

    report = evaluate_agent(cfg, str(run_dir), tmp_path / "eval.json", player=player)
    assert {n: r["episodes"] for n, r in report["templates"].items()} == {
        "direct": 1.0,
        "debug": 1.0,
        "search": 1.0,
    }
    forced = [e for e in report["episodes"] if e["template"]]
    # every template starts generate -> test, and the sandbox judged that test
    assert all(e["actions"][:2] == ["generate", "test"] for e in forced)
    assert all(e["outcomes"][1] in ("pass", "fail") for e in forced)
    assert json.loads((tmp_path / "eval.json").read_text())["checkpoint"] == str(run_dir)

    # Function problems (HumanEval) plug into the same episode actors, judged by run_tests.
    from golf_ray.recipes.agent.episodes import EpisodeSpec

    fn_cfg = load_agent_config(
        CONFIGS / "tiny.yaml", ["problems.source=functions", "problems.limit=1"]
    )
    [problem] = load_problems(fn_cfg)
    assert problem.kind == "function" and problem.id == "HumanEval/0"
    [episode] = player.play([EpisodeSpec(problem, 3, "debug", TEMPLATES["debug"].forced())], None)
    assert episode.actions[:2] == ["generate", "test"] and episode.outcomes[1] in ("pass", "fail")
    assert episode.steps[1].detail.startswith(("0/3", "1/3", "2/3", "3/3"))


class ReferenceTools:
    """An LLM stand-in that answers with a part's reference solution, wrong at first for
    `is_prime` (so the executive's debug path runs); judging is the real sandbox pool's."""

    def __init__(self, sandbox):
        self.sandbox = sandbox

    def text(self, messages):
        return "no plan here"  # the planner falls back to the declared parts

    def generate(self, problem, context):
        if problem.problem.entry_point == "is_prime":
            return "def is_prime(n):\n    return n % 2 == 1\n"
        return problem.problem.reference_solution

    def debug(self, problem, code, check, context):
        return problem.problem.reference_solution

    def test(self, problem, code, full):
        return problem.judge(code, self.sandbox, full)

    def search(self, problem, code, check):
        return ""


@pytest.mark.slow
def test_hierarchical_planner_on_a_two_part_problem(tiny_player):
    from golf_ray.recipes.agent.functions import two_part_problems
    from golf_ray.recipes.agent.planner import Planner, PlannerConfig, template_executive

    cfg, _, player = tiny_player
    problem = two_part_problems()[0]

    # With the real model (tiny, random), on an episode actor: every stage runs through the
    # rollout and sandbox actors; its garbage fails, so the planner's policy runs a correction
    # cycle, then stops.
    [result] = player.pool.plan([problem], None, "debug", PlannerConfig(max_cycles=1))
    assert result.plan_source == "declared" and result.parts == ["is_prime", "count_primes"]
    assert result.stages == [
        "planning",
        "execution",
        "integration",
        "evaluation",
        "correction",
        "execution",
        "integration",
        "evaluation",
        "stop",
    ]
    assert not result.correct and result.trace[3].detail.endswith("/5 tests pass")
    assert len(result.episodes) == 4
    assert all(e.outcomes[1] in ("pass", "fail") for e in result.episodes)

    # With an LLM that knows the parts: the helper is debugged by the executive, the second
    # part runs on top of it, and the integrated program passes the whole problem's tests.
    planner = Planner(ReferenceTools(player.sandbox), template_executive("debug"), cfg.env)
    result = planner.run(problem)
    assert result.correct and result.part_correct == [True, True] and result.cycles == 0
    assert result.episodes[0].outcomes == [None, "fail", None, "pass", None]
    assert "def is_prime" in result.program and "def count_primes" in result.program
