"""The generator-vs-test-writer game: rewards on real sandbox verdicts (a test that fails on the
reference solution is never credited), the config's one-line errors, and an end-to-end run with
tiny models on CPU through all five stages — per-stage checkpoints, best, resume — then
`golf-ray solve` on function problems with the trained generator."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from golf_ray.actors.sandbox import SandboxActor, TestJob
from golf_ray.cli import main
from golf_ray.config import ConfigError, LearnerConfig, RewardConfig
from golf_ray.recipes.adversarial.config import (
    ScheduleConfig,
    load_adversarial_config,
    stage_roles,
)
from golf_ray.recipes.adversarial.rewards import (
    DiscriminatorSample,
    GeneratorSample,
    adversarial_score,
    judge_tests,
    parse_tests,
    restrict,
    valid_tests,
    validity,
)
from golf_ray.rewards import compute_rewards
from golf_ray.rl.run import fit_micro_batch
from golf_ray.verify import Limits

TINY = "adversarial/tiny.yaml"
REFERENCE = "def add(a, b):\n    return a + b\n"
WRONG = "def add(a, b):\n    return a * b\n"  # right for add(0, 0) and add(2, 2) only


@pytest.fixture(scope="module")
def sandbox():
    actor = SandboxActor("process", Limits(), image="", memory_mb=1024, cpus=1.0, pids_limit=64)
    yield actor
    actor.close()


def judge(sandbox, completion: str, generators: list[str], max_tests: int = 8):
    """A test-writer completion judged as the game judges it, with real sandbox runs."""
    tests, written = parse_tests(completion, max_tests)
    reference = sandbox.run_tests(TestJob("ref", REFERENCE, tests, 2.0))
    valid = [t for t, ok in zip(tests, reference.passed, strict=True) if ok]
    gens = [sandbox.run_tests(TestJob("gen", g, valid, 2.0)) for g in generators]
    return judge_tests(tests, written, reference, gens, completion, "0")


def test_parse_tests() -> None:
    text = "assert add(1, 2) == 3\nprint(1)\nassert add(\n  assert add(0, 0) == 0  \nassert 1 == 1"
    assert parse_tests(text, 8) == (
        ["assert add(1, 2) == 3", "assert add(0, 0) == 0", "assert 1 == 1"],
        4,
    )
    assert parse_tests(text, 2) == (["assert add(1, 2) == 3"], 2)
    assert parse_tests("no tests here", 4) == ([], 0)


def test_tests_failing_on_the_reference_are_never_credited(sandbox) -> None:
    completion = (
        "assert add(1, 2) == 3\n"  # valid; the wrong generator fails it
        "assert add(2, 2) == 5\n"  # INVALID (the reference gives 4); every generator fails it
        "assert add(\n"  # does not parse: written, never valid
        "assert add(0, 0) == 0"  # valid; the wrong generator passes it
    )
    s = judge(sandbox, completion, [WRONG])
    assert (s.written, s.valid, s.valid_tests) == (
        4,
        [True, False, True],
        ["assert add(1, 2) == 3", "assert add(0, 0) == 0"],
    )
    assert s.generator_pass == [0.0, 1.0]  # measured on the valid tests only
    assert validity(s) == 0.5 and adversarial_score(s) == pytest.approx(0.25)

    # Only invalid tests: the generator fails them all, and still no credit at all.
    only_invalid = judge(
        sandbox, "assert add(2, 2) == 5\nassert add(1, 1) == 3", [WRONG, REFERENCE]
    )
    assert only_invalid.valid == [False, False] and adversarial_score(only_invalid) == 0.0
    # Adding an invalid test to a set never raises the reward.
    valid_only = judge(sandbox, "assert add(1, 2) == 3", [WRONG])
    with_invalid = judge(sandbox, "assert add(1, 2) == 3\nassert add(2, 2) == 5", [WRONG])
    assert adversarial_score(valid_only) == 1.0 and adversarial_score(with_invalid) == 0.5
    # A reference that does not run validates nothing.
    broken = sandbox.run_tests(TestJob("ref", "def add(a, b) return", ["assert add(1, 2) == 3"], 2))
    none_valid = judge_tests(["assert add(1, 2) == 3"], 1, broken, [])
    assert none_valid.valid == [False] and adversarial_score(none_valid) == 0.0

    # Through the reward registry, as the driver computes them.
    batch = compute_rewards(
        [s, only_invalid, valid_only],
        RewardConfig(terms={"adversarial": 1.0, "test_validity": 0.5}, normalize="none"),
    )
    assert batch.terms["adversarial"] == [0.25, 0.0, 1.0]
    assert batch.terms["test_validity"] == [0.5, 0.0, 1.0]


def test_verdicts_are_cut_to_each_completions_valid_tests(sandbox) -> None:
    """A discriminator step runs each generator program once on the union of the valid tests
    of all completions; each completion is then judged on its own valid tests only."""
    first = ["assert add(1, 2) == 3", "assert add(2, 2) == 5"]  # the second is invalid
    second = ["assert add(0, 0) == 0", "assert add(1, 2) == 3"]
    refs = [sandbox.run_tests(TestJob("ref", REFERENCE, t, 2.0)) for t in (first, second)]
    union: list[str] = []
    for tests, ref in zip((first, second), refs, strict=True):
        union += [t for t in valid_tests(tests, ref) if t not in union]
    assert union == ["assert add(1, 2) == 3", "assert add(0, 0) == 0"]
    wrong = sandbox.run_tests(TestJob("gen", WRONG, union, 2.0))
    assert wrong.passed == [False, True]
    mine = restrict(wrong, union, valid_tests(second, refs[1]))
    assert mine.passed == [True, False] and mine.errors[0] is None
    scores = [
        adversarial_score(
            judge_tests(t, len(t), ref, [restrict(wrong, union, valid_tests(t, ref))])
        )
        for t, ref in zip((first, second), refs, strict=True)
    ]
    assert scores == [pytest.approx(0.5), pytest.approx(0.5)]  # (1-0)*1/2 and (1-0.5)*2/2


def test_generator_reward_is_the_pass_rate(sandbox) -> None:
    tests = ["assert add(1, 2) == 3", "assert add(0, 0) == 0", "assert add(2, 2) == 4"]
    verdicts = [
        sandbox.run_tests(TestJob(str(i), src, tests, 2.0))
        for i, src in enumerate((REFERENCE, WRONG))
    ]
    samples = [
        GeneratorSample("", src, None, "0", tests=v)
        for src, v in zip((REFERENCE, WRONG), verdicts, strict=True)
    ]
    samples.append(GeneratorSample("", None, None, "0", tests=None))  # no code
    samples.append(DiscriminatorSample("", None, None, "0"))  # wrong kind of sample: no reward
    batch = compute_rewards(
        samples, RewardConfig(terms={"function_pass_rate": 1.0}, normalize="none")
    )
    assert batch.raw_total == pytest.approx([1.0, 2 / 3, 0.0, 0.0])


def test_schedule_and_batch_fitting() -> None:
    roles = stage_roles(ScheduleConfig(phase_steps=2, alternating_steps=3))
    assert roles == ["discriminator"] * 2 + ["generator"] * 2 + [
        "discriminator",
        "generator",
        "discriminator",
    ]
    fitted = fit_micro_batch(LearnerConfig(micro_batch_size=4, num_actors=1), 6)
    assert (fitted.micro_batch_size, fitted.grad_accum_steps) == (2, 3)


def test_checkpoint_positions(tmp_path: Path) -> None:
    from golf_ray.recipes.adversarial.checkpoint import next_position, read_stage, resolve_stage

    cfg = load_adversarial_config(TINY)
    state = {
        "epoch": 0,
        "stage": 2,
        "stage_name": "pseudocode",
        "step": 6,
        "cursor": 12,
        "tests": {},
    }
    assert next_position(state, cfg) == (0, 3)
    assert next_position({**state, "stage": 4, "stage_name": "code"}, cfg) == (1, 0)
    with pytest.raises(ValueError, match="'pseudocode' is not stage 2 of this config"):
        next_position({**state, "stage": 1}, cfg)
    with pytest.raises(ValueError, match="not an adversarial run or stage checkpoint"):
        resolve_stage(tmp_path)
    (tmp_path / "stage.json").write_text(json.dumps({"epoch": 0}))
    with pytest.raises(ValueError, match=r"stage\.json: missing field 'stage'"):
        read_stage(tmp_path)


@pytest.mark.parametrize(
    ("body", "pattern"),
    [
        ("problems: {source: mbpp}", "problems.source: must be humaneval or file"),
        ("problems: {source: file}", "problems.path: required"),
        ("schedule: {phase_steps: 0, alternating_steps: 1}", "needs a generator and a disc"),
        ("generator: {reward: {terms: {nope: 1.0}}}", "unknown reward term 'nope'"),
        ("generator: {learner: {num_actors: 3}}", "generator.learner.num_actors: must divide"),
        ("schedule: {phases: 2}", "unknown key 'schedule.phases'"),
        ("stages: [{name: code, title: Code, instruction: Go.}]", r"stages\[0\]\.code"),
    ],
)
def test_config_errors_name_file_and_key(tmp_path: Path, body: str, pattern: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(f"defaults: [{TINY}]\n{body}\n")
    with pytest.raises(ConfigError, match=pattern) as err:
        load_adversarial_config(path)
    assert str(path) in str(err.value) and "\n" not in str(err.value)


# --------------------------------------------------------------------------- end to end


@pytest.fixture(scope="module")
def adversarial_run(ray_session, tmp_path_factory):
    from golf_ray.recipes.adversarial.loop import run_adversarial

    cfg = load_adversarial_config(TINY)
    run_dir = tmp_path_factory.mktemp("adversarial") / "run"
    result = run_adversarial(cfg, run_dir=run_dir)
    return cfg, run_dir, result


@pytest.mark.slow
def test_all_five_stages_checkpoint_and_resume(adversarial_run) -> None:
    from golf_ray.metrics import read_metrics
    from golf_ray.recipes.adversarial.loop import resolve_stage, run_adversarial

    cfg, run_dir, result = adversarial_run
    root = run_dir / "checkpoints"
    names = [f"epoch01-stage{k + 1}-{s.name}" for k, s in enumerate(cfg.stages)]
    assert result.steps == 10 and [r["stage_name"] for r in result.stages] == [
        "informal",
        "structured",
        "pseudocode",
        "constraints",
        "code",
    ]
    for k, name in enumerate(names):
        stage = json.loads((root / name / "stage.json").read_text())
        assert (stage["epoch"], stage["stage"], stage["step"]) == (0, k, 2 * k + 2)
        for role in ("generator", "discriminator"):
            meta = json.loads((root / name / role / "meta.json").read_text())
            assert meta["step"] == k + 1
            assert (root / name / role / "policy" / "model.safetensors").exists()
    best = json.loads((root / "best.json").read_text())
    assert best["dir"] in names and best["score"] == max(r["score"] for r in result.stages)
    assert best["score"] == pytest.approx(
        0.7 * best["generator_reward"] + 0.3 * best["test_validity"]
    )
    assert resolve_stage(root / "best") == root / best["dir"]
    assert resolve_stage(run_dir) == root / names[-1]
    metrics = read_metrics(run_dir)
    assert {s for s, _ in metrics["generator"]["stage"]} == {2, 4, 6, 8, 10}
    for key in ("validity_mean", "tests_written_mean", "generator_pass_on_valid", "policy_loss"):
        assert key in metrics["discriminator"], key
    assert "baseline_pass_rate" in metrics["generator"]
    assert (run_dir / "curves.png").exists() and (run_dir / "summary.json").exists()

    # A crash after stage 3: stages 4 and 5 never happened. --resume picks up at stage 4.
    for name in names[3:]:
        shutil.rmtree(root / name)
    (root / "latest").write_text(names[2] + "\n")
    (root / "best.json").write_text(json.dumps({**best, "dir": names[0], "value": -1.0}))
    resumed = run_adversarial(cfg, resume=str(run_dir))
    assert [r["stage_name"] for r in resumed.stages] == ["constraints", "code"]
    assert resumed.steps == 10
    last = json.loads((root / names[-1] / "stage.json").read_text())
    assert last["step"] == 10 and last["cursor"] == 10 * cfg.problems_per_step
    meta = json.loads((root / names[-1] / "generator" / "meta.json").read_text())
    assert meta["step"] == 5  # the learner went on from its stage-3 state (step 3)
    assert json.loads((root / "best.json").read_text())["dir"] in names[3:]


@pytest.mark.slow
def test_cli_on_a_finished_run(adversarial_run, capsys) -> None:
    """A complete schedule: --resume has nothing left (and starts nothing); --resume-from a
    checkpoint that ends the schedule says so in one line."""
    _, run_dir, _ = adversarial_run
    assert main(["adversarial", TINY, "--resume", str(run_dir)]) == 0
    assert "best stage: epoch01-stage" in capsys.readouterr().out
    last = str(run_dir / "checkpoints" / "epoch01-stage5-code")
    assert main(["adversarial", TINY, "schedule.epochs=1", "--resume-from", last]) == 2
    assert "ends the schedule (raise schedule.epochs" in capsys.readouterr().err


@pytest.mark.slow
def test_solve_function_problems_with_the_trained_generator(
    adversarial_run, tmp_path: Path, capsys
) -> None:
    _, run_dir, _ = adversarial_run
    problems = tmp_path / "problems.json"
    problems.write_text(
        json.dumps(
            {
                "problems": [
                    {
                        "id": "add",
                        "description": "Add two numbers.",
                        "function_signature": "def add(a, b):",
                        "baseline_tests": ["assert add(1, 2) == 3", "assert add(0, 0) == 0"],
                    }
                ]
            }
        )
    )
    out = tmp_path / "results.json"
    code = main(
        [
            "solve",
            "--checkpoint",
            str(run_dir),
            "--batch",
            "--problems-file",
            str(problems),
            "--execute-tests",
            "--attempts",
            "2",
            "--engine",
            "hf",
            "--backend",
            "process",
            "--max-tokens",
            "8",
            "--temperature",
            "0.7",
            "--top-p",
            "0.9",
            "--no-reasoning",
            "--output",
            str(out),
        ]
    )
    assert code == 0
    (result,) = json.loads(out.read_text())
    assert result["id"] == "add" and len(result["attempts"]) in (1, 2)
    first = result["attempts"][0]
    if not first["passed"]:  # a random tiny model: the retry was told what failed
        assert len(result["attempts"]) == 2 and len(first["tests"]["passed"]) == 2
    assert "stages" not in first  # --no-reasoning
    assert capsys.readouterr().out.startswith("# add: ")

    # One problem from flags, with the reasoning shown.
    code = main(
        [
            "solve",
            "--checkpoint",
            str(run_dir / "checkpoints" / "best"),
            "--problem",
            "Add two numbers.",
            "--signature",
            "def add(a, b):",
            "--tests",
            "assert add(1, 2) == 3; assert add(2, 2) == 4",
            "--engine",
            "hf",
            "--max-tokens",
            "6",
            "--greedy",
        ]
    )
    shown = capsys.readouterr().out
    assert code == 0 and "### Informal reasoning" in shown and "### Code" in shown
