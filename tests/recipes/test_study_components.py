"""Studies 4, 8 and 11 (ablations, architecture/tokenization, quantization): each report judges
the runs it is given with its numbers; one --quick study runs for real through the CLI, and the
quantization study, without a GPU here, starts no run and says why (exit 0: a skip)."""

from __future__ import annotations

import re

import pytest

from golf_ray.cli import main
from golf_ray.config import ConfigError, load_config
from golf_ray.recipes.study_reports import (
    FAILS,
    HOLDS,
    MEASURED,
    VERDICT_LINE,
    Trial,
    ablations,
    architecture_tokenization,
    measure_quantized,
    quantization_unavailable,
)

BASE = "experiments/tiny_synthetic.yaml"


def _trial(label: str, rewards: list[float], *overrides: str) -> Trial:
    cfg = load_config(BASE, [f"steps={len(rewards)}", *overrides])
    steps = [(i + 1, float(i + 1)) for i in range(len(rewards))]
    reward = [(i + 1, r) for i, r in enumerate(rewards)]
    return Trial(label, cfg, {"train": {"step": steps, "reward_mean": reward}}, "done")


def test_the_ablation_report_measures_each_change_against_the_seed_noise():
    # Last-third means: seeds 0.1, 0.2, 0.3 (mean 0.2, sd 0.1); no_kl +0.05 = 0.5 sd (noise);
    # no_curriculum -0.6 = -6 sd (beyond it).
    trials = [
        _trial("baseline", [0.0, 0.0, 0.1]),
        _trial("seed1", [0.0, 0.0, 0.2], "seed=1", "rollout.seed=1"),
        _trial("seed2", [0.0, 0.0, 0.3], "seed=2", "rollout.seed=2"),
        _trial("no_kl", [0.0, 0.0, 0.25], "algorithm.kl_coef=0.5"),
        _trial("no_curriculum", [0.0, 0.0, -0.4], "curriculum.enabled=false"),
    ]
    report = ablations(trials)
    assert report.figures == {"ablations.png": report.figures["ablations.png"]}
    logged, noise, kl, curriculum = report.verdicts
    assert logged.status == HOLDS
    assert noise.status == HOLDS and "3 seed runs: reward 0.2000 ± 0.1000" in noise.numbers
    assert kl.status == FAILS and "0.2500 vs 0.2000: delta +0.0500 = +0.5 sd" in kl.numbers
    assert "+0.1500 against the baseline of its own seed" in kl.numbers  # seed 0's: 0.1
    assert curriculum.status == HOLDS and "delta -0.6000 = -6.0 sd" in curriculum.numbers
    # One seed run: no noise estimate, so no change counts as beyond it.
    alone = ablations([trials[0], trials[4]]).verdicts
    assert [v.status for v in alone[1:]] == [FAILS, FAILS]


def test_the_architecture_report_counts_parameters_and_compares_tokenizers():
    rewards = [0.0, 0.1, 0.2]
    trials = [
        _trial("baseline", rewards),
        _trial("llama", rewards, "model.tiny_arch=llama"),
        _trial("llama_smollm2", rewards, "model.tiny_arch=llama", "model.tiny_tokenizer=smollm2"),
    ]
    report = architecture_tokenization(trials)
    logged, tokens, size, reward = report.verdicts
    assert (logged.status, tokens.status, size.status, reward.status) == (
        HOLDS,
        HOLDS,
        HOLDS,
        MEASURED,
    )
    # Qwen2 has biases on q, k and v (3 x 128 per layer, 2 layers): 768 parameters more.
    assert "Qwen2ForCausalLM: 1,049,984 parameters" in size.numbers
    assert "LlamaForCausalLM: 1,049,216 parameters" in size.numbers
    counts = dict(re.findall(r"(\w+): (\d+) tokens", tokens.numbers))
    assert set(counts) == {"bpe", "smollm2"} and counts["bpe"] != counts["smollm2"]
    assert "13,107,840 parameters" in reward.numbers  # SmolLM2's 49k-token embeddings, untied
    assert "architecture_tokenization.png" in report.figures


def test_a_qwen2_with_smollm2s_tokenizer_is_refused_in_one_line():
    with pytest.raises(ConfigError, match="'model.tiny_tokenizer' smollm2 needs model.tiny_arch"):
        load_config(BASE, ["model.tiny_tokenizer=smollm2"])
    with pytest.raises(ConfigError, match="must be one of qwen2, llama"):
        load_config(BASE, ["model.tiny_arch=gpt2"])


@pytest.mark.skipif(quantization_unavailable() is None, reason="a GPU with bitsandbytes is here")
def test_the_quantization_study_without_a_gpu_starts_no_run_and_says_why(tmp_path, capsys):
    reason = quantization_unavailable()
    assert main(["study", "quantization", "--quick", "--storage", str(tmp_path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert f"study quantization skipped: {reason}" in out
    out_dir = tmp_path / "quantization"
    report = (out_dir / "report.md").read_text()
    assert f"- **{MEASURED}** memory by precision: skipped: {reason}" in report
    assert (out_dir / "quantization.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not list(out_dir.glob("trial-*")) and "0 runs" in report


@pytest.mark.slow
def test_quick_ablations_study_runs_and_reports(ray_session, tmp_path, capsys):
    args = ["study", "ablations", "--quick", "--storage", str(tmp_path), "--quiet"]
    assert main(args) == 0
    out_dir = tmp_path / "ablations"
    report = (out_dir / "report.md").read_text()
    assert "![ablations](ablations.png)" in report
    assert (out_dir / "ablations.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    verdicts = [line for line in report.splitlines() if line.startswith("- **")]
    assert len(verdicts) == 3 and all(VERDICT_LINE.match(v) for v in verdicts), verdicts
    assert verdicts[0].startswith(f"- **{HOLDS}** train reward logged at every step")
    assert "2 seed runs" in verdicts[1] and "no_kl changes the reward" in verdicts[2]
    assert verdicts == [v for v in capsys.readouterr().out.splitlines() if v.startswith("- **")]


@pytest.mark.gpu
@pytest.mark.skipif(quantization_unavailable() is not None, reason=str(quantization_unavailable()))
def test_quantized_weights_take_strictly_less_gpu_memory():
    cfg = load_config(BASE)
    programs = ["p=lambda g:g", "p=lambda g:[r[::-1]for r in g]"]
    memory = {b: measure_quantized(cfg, b, programs)["weights_gib"] for b in (32, 16, 8, 4)}
    assert memory[32] > memory[16] > memory[8] > memory[4] > 0, memory
