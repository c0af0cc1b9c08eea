"""The LLM golfer (`tasks.source: golfer`): its reward, its expert iteration through the real
sandbox, and a tiny training run through real actors."""

from __future__ import annotations

import json

import pytest

from golf_ray.actors.engines import Completion
from golf_ray.actors.sandbox import SandboxPool
from golf_ray.config import ConfigError, RewardConfig, load_config
from golf_ray.domains import GolferDomain
from golf_ray.golf.golfer import golfer_task_set, readable, seed_bases, warm_start_pairs
from golf_ray.golf.pipeline import GolfOptions, run_golf
from golf_ray.metrics import read_metrics
from golf_ray.recipes.sft import load_sft_config, run_sft
from golf_ray.recipes.train import train
from golf_ray.rewards import RewardSample, compute_rewards, golf_gain
from golf_ray.score import Judging
from golf_ray.solutions import SolutionDB
from golf_ray.tasks import Example, Task, load_task_dir
from golf_ray.verify import Limits, Verdict

SWAP = [Example([[1, 0], [0, 1]], [[2, 0], [0, 2]]), Example([[1, 1]], [[2, 2]])]
BASE = "def p(g):\n    return [[2 if c == 1 else c for c in r] for r in g]\n"
GOLFER = "experiments/golfer.yaml"
TINY = ["model.name=tiny", "model.tiny_hidden=128", "model.tiny_layers=2"]
OVERRIDES = [
    "rollout.engine=hf",
    "rollout.num_cpus=0",
    "rollout.max_tokens=16",
    "rollout.samples_per_prompt=2",
    "sandbox.backend=process",
    "sandbox.example_timeout_s=2",
    "learner.num_cpus=0",
    "learner.micro_batch_size=2",
    "learner.freeze_layers=0",
    "tasks.val_fraction=0.2",  # of task001-task004, task001 and task002 are held out
]


def verdict(correct: bool) -> Verdict:
    return Verdict(correct, int(correct), 1, None, None, "", 0, 0.0)


@pytest.mark.parametrize(
    "correct, gain, expected",
    [(False, 40.0, 0.0), (True, 0.0, 0.0), (True, 5.0, 0.05), (True, 50.0, 0.5), (True, 500, 1.0)],
)
def test_golf_gain_is_zero_for_wrong_or_longer_and_grows_with_bytes_saved(correct, gain, expected):
    sample = RewardSample("", "p=0", verdict(correct), gain=gain)
    assert golf_gain(sample, RewardConfig()) == pytest.approx(expected)


def test_the_golfer_pays_for_bytes_saved_and_nothing_for_a_copy():
    """Its config's reward, with what it inherits from base.yaml: a correct copy of the base
    earns nothing, a shorter correct rewrite earns its gain, a broken one a penalty."""
    cfg = load_config(GOLFER).reward
    copy, shorter, wrong = (
        RewardSample("", "p", verdict(True), gain=0.0),
        RewardSample("", "p", verdict(True), gain=30.0),
        RewardSample("", "p", Verdict(False, 0, 1, None, "syntax", "", 0, 0.0), gain=0.0),
    )
    assert compute_rewards([copy, shorter, wrong], cfg).raw_total == pytest.approx([0.0, 0.3, -0.1])


def test_readable_spells_named_lambdas_as_defs_and_keeps_behaviour():
    golfed = "K=lambda a,b=2:a*b\np=lambda g:[[K(c)for c in r]for r in g[::-1]]"
    text = readable(golfed)
    assert text.startswith("def K(a, b=2):\n    return a * b\n") and "lambda" not in text
    grid = [[1, 2], [3, 0]]
    runs = []
    for source in (golfed, text):
        scope: dict = {}
        exec(source, scope)
        runs.append(scope["p"](grid))
    assert runs[0] == runs[1] == [[6, 0], [2, 4]]


def test_seed_bases_take_the_search_where_it_is_shorter(golf_tasks):
    """Without a golf run, a base is the shorter of the search's program and the seed's
    mechanical ladder: task155 is the grid upside down."""
    bases = seed_bases(golf_tasks.subset(["task155"]), 600)
    assert bases == {"task155": "p=lambda g:g[::-1]"}


def completion(text: str, i: int = 0) -> Completion:
    return Completion(0, i, text, [1], [0.0], "stop", 0)


@pytest.fixture
def golfer_overrides(tmp_path, write_task) -> list[str]:
    folder = tmp_path / "tasks"
    for n in (1, 2, 3, 4):
        write_task(Task(f"task00{n}", n, None, SWAP, [Example([[0, 1]], [[0, 2]])], []))
    with SolutionDB(tmp_path / "golf" / "solutions.sqlite") as db:
        for n in (1, 2, 3, 4):
            db.add(f"task00{n}", BASE, verdict(True), 0, 0, "seed/test")
    return [*OVERRIDES, f"tasks.dir={folder}", f"tasks.golf_from={tmp_path / 'golf'}"]


def test_golfer_rewards_only_correct_savings_and_keeps_the_best(ray_session, golfer_overrides):
    overrides = [*golfer_overrides, "tasks.golf_expert_iteration=true"]
    domain = GolferDomain(load_config(GOLFER, overrides), None, "golfer-test")
    try:
        assert set(domain.prompts) == {"task001", "task002", "task003", "task004"}
        assert domain.val_ids == ["task001", "task002"]
        assert BASE.strip() in domain.prompts["task001"]
        shorter = "p=lambda g:[[2 if c==1 else c for c in r]for r in g]"
        wrong = "p=lambda g:g"
        longer = BASE + "# a comment\n"
        generated = [
            ("task001", 0, completion(wrong + "\n", 0)),
            ("task001", 0, completion(longer, 1)),
            ("task001", 0, completion(shorter + "\n", 2)),
            ("task001", 0, completion("no code at all", 3)),
        ]
        samples = domain.judge(generated)
        assert [s.gain for s in samples] == [0.0, 0.0, len(BASE) - len(shorter), 0.0]
        assert samples[2].correct and not samples[0].correct
        # Expert iteration: the shorter program is the task's base from now on.
        assert domain.state.best["task001"].source.strip() == shorter
        assert (
            shorter in domain.prompts["task001"] and BASE.strip() not in domain.prompts["task001"]
        )
        # The old base is now longer than the best: rewriting it back earns nothing.
        (again,) = domain.judge([("task001", 0, completion(BASE, 0))])
        assert again.correct and again.gain == 0.0
    finally:
        domain.close()


def test_a_batch_is_paid_against_one_base_and_fixed_bases_keep_paying(
    ray_session, golfer_overrides
):
    shorter = "p=lambda g:[[2 if c==1 else c for c in r]for r in g]"
    twice = [("task003", 0, completion(shorter + "\n", i)) for i in range(2)]
    for expert_iteration in (True, False):
        overrides = [*golfer_overrides, f"tasks.golf_expert_iteration={expert_iteration}"]
        domain = GolferDomain(load_config(GOLFER, overrides), None, "golfer-batch")
        try:
            # equal rewrites in one group earn equal rewards, whichever is judged first
            assert [s.gain for s in domain.judge(twice)] == [len(BASE) - len(shorter)] * 2
            (later,) = domain.judge(twice[:1])
            assert later.gain == (0 if expert_iteration else len(BASE) - len(shorter))
            assert (domain.state.best["task003"].source == BASE) != expert_iteration
        finally:
            domain.close()


def test_warm_up_view_shows_readable_bases_without_grids(ray_session, golfer_overrides):
    golfed = "def p(g):return[[2 if c==1 else c for c in r]for r in g]"
    overrides = [*golfer_overrides, "tasks.golf_readable=true", "tasks.golf_examples=false"]
    domain = GolferDomain(load_config(GOLFER, overrides), None, "golfer-warm-up")
    try:
        best = domain.state.best["task001"]
        assert best.source == readable(golfed) == BASE.strip()
        assert best.bytes == len(BASE.strip())
        prompt = domain.prompts["task001"]
        assert BASE.strip() in prompt and "Example 1" not in prompt and "Test input" not in prompt
        # gains count from the readable text: the golfed form of the same program saves bytes
        (sample,) = domain.judge([("task001", 0, completion(golfed + "\n"))])
        assert sample.correct and sample.gain == len(BASE.strip()) - len(golfed)
    finally:
        domain.close()


@pytest.mark.slow
def test_golfer_warm_start_learns_readable_to_golfed_on_train_tasks_only(
    ray_session, golfer_overrides, tmp_path
):
    golfed = "def p(g):return[[2 if c==1 else c for c in r]for r in g]"
    with SolutionDB(tmp_path / "golfed" / "solutions.sqlite") as db:
        for n in (1, 2, 3, 4):
            db.add(f"task00{n}", golfed, verdict(True), 0, 0, "mechanical/test")
    overrides = [o for o in golfer_overrides if not o.startswith("tasks.golf_from=")] + TINY
    with pytest.raises(ConfigError, match="tasks.golf_readable"):
        no_readable = load_config(GOLFER, [*overrides, "tasks.golf_from=x"])
        warm_start_pairs(no_readable, None, golfer_task_set(no_readable))
    # as `golf-ray sft --golfer OUT` loads it: the golfer's config, readable bases from OUT
    cfg = load_sft_config(
        None, [*overrides, "sft.epochs=1", "sft.batch_size=2"], golfer=str(tmp_path / "golfed")
    )
    prompts, answers = warm_start_pairs(cfg, None, golfer_task_set(cfg))
    assert sorted(answers) == ["task003", "task004"]  # task001 and task002 are held out
    assert answers["task003"] == golfed and BASE.strip() in prompts["task003"]
    result = run_sft(cfg, tmp_path / "warm", progress=False)
    assert result.corpus == 2 and result.rejected == 0
    assert json.loads((tmp_path / "warm" / "sft.json").read_text())["options"]["source"] == "golfer"


@pytest.mark.slow
def test_golfer_trains_through_real_actors(ray_session, golfer_overrides, tmp_path):
    steps = ["steps=2", "prompts_per_step=1", "eval_every=2", "eval_tasks=1", "checkpoint.every=2"]
    cfg = load_config(GOLFER, [*golfer_overrides, *TINY, *steps])
    result = train(cfg, run_dir=tmp_path / "run", progress=False)
    assert result.steps == 2
    series = read_metrics(tmp_path / "run")
    assert {"reward/golf_gain", "reward_mean"} <= set(series["train"])
    assert "bytes_saved" in series["val"]


@pytest.mark.slow
def test_golf_with_a_model_runs_the_llm_stage(ray_session, tmp_path, write_task):
    folder = tmp_path / "tasks"
    for n in (1, 4):  # with val_fraction 0.5, task004 trains and task001 is held out
        write_task(Task(f"task00{n}", n, None, SWAP, [Example([[0, 1]], [[0, 2]])], []))
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    for n in (1, 4):
        (seeds / f"task00{n}.py").write_text(BASE)
    tasks = load_task_dir(folder)
    opts = GolfOptions(
        out=tmp_path / "out",
        seeds=[str(seeds)],
        rearc=False,
        progress=False,
        model="tiny",
        minutes=0.05,
        golfer_overrides=[*OVERRIDES, *TINY, "tasks.val_fraction=0.5", "eval_tasks=1"],
        judging=Judging(workers=1),
    )
    pool = SandboxPool(num_actors=1, backend="process", limits=Limits(example_timeout_s=5.0))
    report = run_golf(tasks, pool, opts, tasks_dir=str(folder))
    assert (tmp_path / "out" / "llm" / "metrics.csv").is_file()  # the golfer trained
    assert report.correct == 2 and "mechanical" in report.stage_points
    # Whatever the random model wrote, what the submission holds was judged correct.
    with SolutionDB(tmp_path / "out" / "solutions.sqlite") as db:
        assert all(s.correct for s in db.best_all().values())
