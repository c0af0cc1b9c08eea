"""reasoning_gym tasks: the answer parser, question format, the datasets' own scoring, the reward
terms on answers, the reasoning domain's split and judging; per-step peak memory; W&B logging."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golf_ray.actors.engines import Completion
from golf_ray.config import ConfigError, RewardConfig, load_config
from golf_ray.domains import ReasoningDomain, split_ids
from golf_ray.memory import memory_metrics
from golf_ray.rewards import RewardSample, compute_rewards
from golf_ray.tasks.reasoning import (
    ReasoningTasks,
    extract_answer,
    format_question,
    response_text,
)

NAMES = ["chain_sum", "leg_counting"]


@pytest.fixture(scope="module")
def items() -> ReasoningTasks:
    return ReasoningTasks(NAMES, size=6, seed=3)


@pytest.fixture(scope="module")
def tiny_cfg():
    return load_config(
        "experiments/reasoning_tiny.yaml", ["tasks.size=20", "tasks.val_fraction=0.25"]
    )


@pytest.fixture(scope="module")
def domain(tiny_cfg) -> ReasoningDomain:
    # No tokenizer: plain prompts and estimated lengths (the end-to-end test in test_bench.py
    # runs the tiny model's chat template).
    return ReasoningDomain(tiny_cfg, None)


# --------------------------------------------------------------------------- the parser


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("so 3+4 is <answer>7</answer>", "7"),
        ("<answer> 12 </answer> wait, <answer>\n13\n</answer>", "13"),  # the last one counts
        ("<answer>a\nb</answer>", "a\nb"),
        ("no tags at all: 7", None),
        ("<answer>7", None),  # unclosed: not well formed
        ("<answer>   </answer>", None),  # empty
        ("</answer>7<answer>", None),
    ],
)
def test_extract_answer(text, expected):
    assert extract_answer(text) == expected


@given(st.text().filter(lambda s: "<answer>" not in s and "</answer>" not in s), st.text())
def test_extract_answer_round_trip(answer, before):
    before = before.replace("<answer>", "")
    got = extract_answer(f"{before}<answer>{answer}</answer>")
    assert got == (answer.strip() or None)


def test_response_text_reattaches_the_stop_string():
    assert response_text("<answer>", "42", "</answer>") == "<answer>42</answer>"
    assert extract_answer(response_text("", "so <answer>42", "</answer>")) == "42"
    assert response_text("", "42", None) == "42"


def test_format_question(domain):
    plain = format_question("What is 2+2?")
    assert "What is 2+2?" in plain and "<answer>" in plain and plain.endswith("Answer:\n")
    first = domain.train_ids[0]
    assert domain.prompts[first] == format_question(domain.items.by_id(first).question)


# --------------------------------------------------------------------------- datasets


def test_items_are_deterministic_and_interleaved(items):
    again = ReasoningTasks(NAMES, size=6, seed=3)
    other = ReasoningTasks(NAMES, size=6, seed=4)
    assert [i.question for i in items] == [i.question for i in again]
    assert [i.question for i in items] != [i.question for i in other]
    assert [i.id for i in items[:4]] == [
        "chain_sum/0000",
        "leg_counting/0000",
        "chain_sum/0001",
        "leg_counting/0001",
    ]
    assert len(items) == 12 and items.by_id("leg_counting/0005").index == 5


def test_scoring_uses_the_datasets_verifier(items):
    item = items.by_id("chain_sum/0002")
    assert items.score(item, item.answer) == 1.0
    assert items.score(item, f"+{item.answer}.00") == 1.0  # chain_sum's own tolerant parse
    assert items.score(item, str(int(item.answer) + 1)) == 0.0
    assert items.score(item, None) == 0.0
    judged = items.judge(item, f"thinking... <answer>{item.answer}</answer>")
    assert judged.correct and judged.well_formed and judged.answer == item.answer
    wrong = items.judge(item, "the answer is 3")
    assert not wrong.well_formed and wrong.score == 0.0


def test_unknown_dataset_is_a_one_line_error():
    with pytest.raises(
        ValueError,
        match=r"tasks.names: unknown reasoning_gym dataset 'chain_sun' \(did you mean 'chain_sum'\?\)",
    ):
        ReasoningTasks(["chain_sun"], size=2)
    with pytest.raises(ValueError, match="at least one"):
        ReasoningTasks([], size=2)


def test_config_types_are_checked():
    cfg = load_config("experiments/reasoning_tiny.yaml")
    assert cfg.tasks.source == "reasoning_gym" and cfg.tasks.names == NAMES
    assert cfg.reward.terms["format"] > 0
    with pytest.raises(ConfigError, match="'tasks.size' must be int"):
        load_config("experiments/reasoning_tiny.yaml", ["tasks.size=many"])


# --------------------------------------------------------------------------- rewards


def test_correctness_and_format_terms_on_answers():
    cfg = RewardConfig(terms={"correctness": 1.0, "format": 0.5}, normalize="none")
    samples = [
        RewardSample("<answer>7</answer>", "7", None, group="a", score=1.0),
        RewardSample("<answer>8</answer>", "8", None, group="a", score=0.0),
        RewardSample("<answer>700</answer>", "700", None, group="a", score=0.25),  # partial
        RewardSample("7", None, None, group="a", score=0.0),
    ]
    batch = compute_rewards(samples, cfg)
    assert batch.terms["correctness"] == [1.0, 0.0, 0.25, 0.0]
    assert batch.terms["format"] == [1.0, 1.0, 1.0, 0.0]
    assert batch.raw_total == [1.5, 0.5, 0.75, 0.0]
    strict = RewardConfig(terms={"correctness": 1.0}, correctness_mode="all_or_nothing")
    assert compute_rewards(samples, strict).terms["correctness"] == [1.0, 0.0, 0.0, 0.0]


# --------------------------------------------------------------------------- the domain


def test_split_is_seeded_and_stable():
    ids = [f"x/{i:04d}" for i in range(400)]
    train, val = split_ids(ids, 0.25, seed=1)
    assert sorted(train + val) == sorted(ids) and 60 < len(val) < 140
    assert split_ids(ids, 0.25, seed=1) == (train, val)
    assert split_ids(ids[:200], 0.25, seed=1)[1] == [v for v in val if v in set(ids[:200])]


def test_domain_judges_like_the_benchmark(domain):
    assert set(domain.train_ids).isdisjoint(domain.val_ids)
    assert len(domain.train_ids) + len(domain.val_ids) == 40
    assert domain.actors == {}  # no sandbox: answers are judged in-process
    good, bad = domain.train_ids[0], domain.train_ids[1]

    def completion(i, text, stop=None):
        return Completion(i, 0, text, [1, 2], [0.0, 0.0], "stop", 0, stop_reason=stop)

    reference = domain.items.by_id(good).answer
    samples = domain.judge(
        [
            (good, 0, completion(0, f"ok <answer>{reference}", "</answer>")),
            (bad, 1, completion(1, "<answer>nonsense</answer>")),
            (bad, 1, completion(1, "no answer")),
        ]
    )
    assert [s.correct for s in samples] == [True, False, False]
    assert [s.program for s in samples] == [reference, "nonsense", None]
    assert samples[0].pass_rate == 1.0 and samples[0].verdict is None
    metrics = domain.eval_metrics(samples, 3)
    assert metrics["pass@1"] == pytest.approx(1 / 3)
    assert metrics["format_rate"] == pytest.approx(2 / 3)
    first, second = (domain.items.by_id(t).dataset for t in (good, bad))
    assert metrics[f"pass@1/{first}"] == 1.0 and metrics[f"pass@1/{second}"] == 0.0


def test_domain_rejects_an_impossible_budget(tiny_cfg):
    import dataclasses

    tasks = dataclasses.replace(tiny_cfg.tasks, max_prompt_tokens=5)
    cfg = dataclasses.replace(tiny_cfg, tasks=tasks)
    with pytest.raises(ConfigError, match="tasks.max_prompt_tokens"):
        ReasoningDomain(cfg, None)


# --------------------------------------------------------------------------- memory


PEAK_PER_STEP = """
from golf_ray.memory import read_peak
read_peak()  # reset
block = bytearray(200 * 2**20)
block[::4096] = b"x" * len(block[::4096])  # touch every page
del block
peak = read_peak()["host_gib"]  # the block was resident since the last read
after = read_peak()["host_gib"]  # ... and not since this one
print(peak, after)
"""


def test_peak_memory_is_per_step():
    # A fresh process: in a long-lived one the allocator may hand back pages that are already
    # resident, and the block would not raise the high-water mark at all.
    out = subprocess.run(
        [sys.executable, "-c", PEAK_PER_STEP], capture_output=True, text=True, check=True
    )
    peak, after = map(float, out.stdout.split())
    assert peak > after + 0.15


def test_memory_metrics_per_role():
    m = memory_metrics(
        {
            "driver": [{"host_gib": 1.0}],
            "learner": [{"host_gib": 2.0, "device_gib": 5.0}, {"host_gib": 3.0, "device_gib": 4.0}],
            "sandbox": [],
        }
    )
    assert m["mem/driver_peak_gib"] == 1.0
    assert m["mem/learner_peak_gib"] == 3.0 and m["mem/learner_device_peak_gib"] == 5.0
    assert m["mem/learner_1_peak_gib"] == 3.0 and m["mem/learner_0_device_peak_gib"] == 5.0
    assert not any(k.startswith("mem/sandbox") for k in m)
