"""Warm start: the SFT loss as a pure function, and a tiny-model `golf-ray sft` run through a real
learner actor and a real sandbox, from a solution DB that also holds a program falsely marked
correct (the sandbox must drop it)."""

import dataclasses
import json

import pytest
import torch

from golf_ray.algorithms import loss_normalizer, token_logprobs
from golf_ray.algorithms.sft import sft_loss
from golf_ray.cli import main
from golf_ray.config import load_config
from golf_ray.learner.learner import make_batch
from golf_ray.recipes.sft import (
    CorpusItem,
    _batches,
    answer_text,
    cpu_threads_per_rank,
    load_sft_config,
    run_sft,
    synthetic_corpus,
    task_prompts,
    tokenize_corpus,
)
from golf_ray.solutions import SolutionDB
from golf_ray.tasks.synthetic import load_synthetic_tasks
from golf_ray.verify import Verdict

TINY_SYNTHETIC = [
    "tasks.source=synthetic",
    "tasks.max_prompt_tokens=1024",
    'rollout.response_prefix="```python\\n"',
    "sandbox.backend=process",
    "sandbox.num_actors=1",
    "sandbox.example_timeout_s=5",
    "learner.num_cpus=0",
    "learner.micro_batch_size=2",
]


def test_sft_loss_is_the_mean_nll_of_masked_tokens():
    logp = torch.log(torch.tensor([[0.5, 0.25, 0.9], [0.1, 0.5, 0.5]]))
    mask = torch.tensor([[1, 1, 0], [0, 1, 1]])
    loss, stats = sft_loss(logp, mask)
    expected = -(logp[0, 0] + logp[0, 1] + logp[1, 1] + logp[1, 2]) / 4
    assert torch.allclose(loss, expected) and stats["tokens"] == 4
    per_seq, _ = sft_loss(logp, mask, token_level=False)
    assert torch.allclose(per_seq, -(logp[0, :2].mean() + logp[1, 1:].mean()) / 2)
    # masked positions change neither the value nor the gradient
    noisy = logp.clone()
    noisy[mask == 0] = -1e9
    assert torch.allclose(sft_loss(noisy, mask)[0], loss)
    # micro-batches with the whole batch's normalizer sum to the batch loss
    norm = loss_normalizer(mask.bool(), token_level=True)
    parts = sum(sft_loss(logp[i : i + 1], mask[i : i + 1], normalizer=norm)[0] for i in range(2))
    assert torch.allclose(parts, loss)


def test_sft_gradient_raises_the_target_token_probability():
    logits = torch.zeros(1, 3, 5, requires_grad=True)
    tokens = torch.tensor([[0, 3, 1]])
    loss, _ = sft_loss(token_logprobs(logits, tokens), torch.tensor([[1, 1]]))
    loss.backward()
    assert logits.grad[0, 0, 3] < 0 and logits.grad[0, 1, 1] < 0  # descent raises them
    assert torch.all(logits.grad[0, 2] == 0)  # the last position predicts nothing in the batch


def test_synthetic_corpus_and_answers():
    tasks = load_synthetic_tasks()
    train, held = tasks.split()
    corpus = synthetic_corpus(tasks)
    assert sorted(i.task_id for i in corpus) == sorted(train)
    assert len(synthetic_corpus(tasks, include_held_out=True)) == len(train) + len(held)
    assert answer_text("p=1", "```python\n", "<eos>") == "p=1\n```<eos>"
    assert answer_text("p=1", "", "") == "```python\np=1\n```"


def test_synthetic_instances_repeat_each_program_on_new_grids():
    one, three = load_synthetic_tasks(), load_synthetic_tasks(per_param=3)
    corpus = synthetic_corpus(three)
    assert len(corpus) == 3 * len(synthetic_corpus(one))
    by_key: dict = {}
    for item in corpus:
        task = three.by_id(item.task_id)
        by_key.setdefault((task.family, task.params), []).append((item.program, task.train))
    for entries in by_key.values():
        assert len(entries) == 3 and len({program for program, _ in entries}) == 1
        assert len({repr(train) for _, train in entries}) == 3  # different grids


def test_per_family_balances_one_program_families_against_colour_maps():
    from golf_ray.recipes.sft import balance_families

    tasks = load_synthetic_tasks(per_param=6).train_tasks()
    picked = balance_families(tasks, 6)
    families: dict = {}
    for task in picked:
        families.setdefault(task.family, []).append(task.params)
    assert set(families) == {t.family for t in tasks}
    assert all(len(params) == 6 for params in families.values())
    # a family with many parameters takes each in turn before repeating any
    assert len(set(families["recolour"])) == 6 and len(set(families["swap"])) == 4
    assert len(set(families["identity"])) == 1
    assert len({t.id for t in picked}) == len(picked)


def test_cpu_sft_threads_take_the_whole_node(ray_session):
    import ray

    node_cpus = int(max(n["Resources"]["CPU"] for n in ray.nodes() if n["Alive"]))
    learner = load_config("experiments/synthetic_grpo.yaml").learner
    assert cpu_threads_per_rank(learner, ranks=1) == node_cpus
    assert cpu_threads_per_rank(learner, ranks=64) == 1
    assert cpu_threads_per_rank(dataclasses.replace(learner, num_gpus=1), ranks=1) == 0


def test_batches_are_full_and_cover_every_epoch():
    for n, size, epochs in [(44, 8, 1), (6, 4, 6), (3, 8, 1), (10, 3, 2)]:
        batches = _batches(n, size, epochs, seed=0)
        assert len(batches) == -(-n * epochs // size) and all(len(b) == size for b in batches)
        flat = [i for b in batches for i in b]
        assert set(flat[: n * epochs]) == set(range(n)) and max(flat) < n


def _verdict(correct: bool, nbytes: int) -> Verdict:
    return Verdict(correct, 28 if correct else 0, 28, None, None, "", nbytes, 1.0)


@pytest.mark.slow
def test_sft_from_a_solution_db_lowers_the_loss_and_writes_a_model(ray_session, tmp_path):
    from transformers import AutoModelForCausalLM

    from golf_ray.models import load_tokenizer

    tasks = load_synthetic_tasks()
    train_ids = tasks.split()[0]
    picked = [tasks.by_id(i) for i in train_ids[::6]][:6]
    db_path = tmp_path / "run" / "solutions.sqlite"
    with SolutionDB(db_path) as db:
        for t in picked:
            db.add(t.id, t.reference, _verdict(True, len(t.reference)), 0, 1)
        # a corrupted record: marked correct, but the program is wrong for its task
        db.add(picked[0].id, "p=lambda g:g[::-1]", _verdict(True, 18), 0, 1)
        db.add(picked[1].id, "p=lambda g:0", _verdict(False, 12), 0, 1)  # wrong: never used

    cfg = load_sft_config(
        "experiments/tiny_grpo.yaml",
        [*TINY_SYNTHETIC, "sft.epochs=6", "sft.batch_size=4", "learner.lr=3e-3"],
    )
    out = tmp_path / "warm"
    result = run_sft(cfg, out, db=str(db_path), progress=False)
    assert result.corpus == len(picked) and result.rejected == 1
    assert result.steps == 9 and result.epochs == [0, 0, 1, 2, 2, 3, 4, 4, 5]  # 6 x 6 / 4

    info = json.loads((out / "sft.json").read_text())
    assert info["corpus"] == len(picked) and len(info["losses"]) == 9
    assert info["options"]["lr"] == 3e-3 and info["options"]["epochs"] == 6
    tok = load_tokenizer(str(out))
    assert tok.pad_token_id is not None
    prompts = task_prompts(picked, tok, cfg)
    items = [CorpusItem(t.id, t.reference) for t in picked]
    pairs = tokenize_corpus(items, prompts, tok, cfg.rollout.response_prefix)
    batch = make_batch([p for p, _ in pairs], [r for _, r in pairs], [0.0] * 6, [0] * 6, 0)

    def corpus_nll(path: str) -> float:
        model = AutoModelForCausalLM.from_pretrained(path).eval()
        with torch.no_grad():
            logits = model(input_ids=batch.input_ids, attention_mask=batch.attention_mask).logits
        logp = token_logprobs(logits, batch.input_ids)
        return float(sft_loss(logp, batch.response_mask[:, 1:])[0])

    before, after = corpus_nll(info["base_model"]), corpus_nll(str(out))
    assert after < 0.6 * before, (before, after)


def test_cli_sft_bad_input_is_one_line(tmp_path, capsys):
    missing = tmp_path / "nope" / "solutions.sqlite"
    assert main(["sft", "--from-db", str(missing), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"golf-ray: error: sft: solution database {missing} does not exist"
    out = str(tmp_path / "o")
    # the warm start's knobs live in its config (sft.*, learner.lr): KEY=VALUE, one home each
    assert main(["sft", "--synthetic", "--out", out, "sft.epochs=0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "golf-ray: error: command line: 'sft.epochs' must be >= 1, got 0"
    assert main(["sft", "--synthetic", "--out", out, "sft.epoch=2"]) == 2
    assert "unknown key 'sft.epoch' (did you mean 'sft.epochs'?)" in capsys.readouterr().err
    assert main(["sft", "--synthetic", "--out", out, "sft.instances=2", "sft.per_family=4"]) == 2
    assert "give sft.instances or sft.per_family, not both" in capsys.readouterr().err
    # a flag that was once a second copy of a config knob says which key it is
    assert main(["sft", "--synthetic", "--out", out, "--lr", "1e-4"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("golf-ray: error: unrecognized arguments: --lr")
    assert err.endswith("(did you mean learner.lr=...?)") and "\n" not in err
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x")
    assert main(["sft", "--synthetic", "--out", str(tmp_path / "full")]) == 2
    assert "exists and is not empty" in capsys.readouterr().err
