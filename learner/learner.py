"""The learner actor: a DeepSpeed engine that updates the policy with GRPO or PPO.

One actor per data-parallel rank (gloo on CPU, NCCL on GPU). The RL maths lives in
`golf_ray.algorithms` as pure functions; this file wires a model, an optimizer and DeepSpeed
around them, and hands merged weights to the rollout actors.
"""

from __future__ import annotations

import copy
import logging
import math
import os
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path

import torch
from torch import Tensor, nn

from golf_ray.algorithms import (
    compute_gae,
    entropy_loss,
    group_advantages,
    grpo_loss,
    grpo_loss_kwargs,
    grpo_normalizer,
    kl_penalty,
    loss_token_level,
    masked_mean,
    masked_whiten,
    terminal_rewards,
    value_loss,
)
from golf_ray.algorithms.masking import loss_normalizer
from golf_ray.algorithms.schedules import lr_factor
from golf_ray.algorithms.variants import truncated_is_weights
from golf_ray.config import AlgorithmConfig, LearnerConfig
from golf_ray.devices import bf16_supported, claim_devices
from golf_ray.learner import checkpoint as ckpt
from golf_ray.learner.forward import response_forward
from golf_ray.learner.weights import policy_weights

log = logging.getLogger(__name__)


@dataclass
class TrainBatch:
    """Samples for one update. Prompts are left-padded, responses right-padded, in one row."""

    input_ids: Tensor  # [B, T]
    attention_mask: Tensor  # [B, T]
    response_mask: Tensor  # [B, T] 1 on response tokens the policy generated
    scores: Tensor  # [B] reward of each sample
    group_ids: Tensor  # [B] samples of one prompt share an id (GRPO)
    # [B, T] the engine's log-prob of each response token (0 elsewhere), for algorithm.tis_cap
    behaviour_logprobs: Tensor | None = None
    keep: Tensor | None = None  # [B] bool: False leaves a sample out of the loss (None: all in)

    def __len__(self) -> int:
        return self.input_ids.shape[0]

    def slice(self, start: int, stop: int) -> TrainBatch:
        return TrainBatch(
            **{k: None if v is None else v[start:stop] for k, v in asdict(self).items()}
        )

    def to(self, device: torch.device) -> TrainBatch:
        return TrainBatch(
            **{k: None if v is None else v.to(device) for k, v in asdict(self).items()}
        )


def make_batch(
    prompts: list[list[int]],
    responses: list[list[int]],
    scores: list[float],
    group_ids: list[int],
    pad_id: int,
    behaviour_logprobs: list[list[float]] | None = None,
    keep: list[bool] | None = None,
) -> TrainBatch:
    """Pack token lists: [pad … prompt | response … pad], the prompt/response border aligned.
    `behaviour_logprobs` (one per response token, from the engine) land on the response columns;
    `keep` False leaves a sample out of the loss (dynamic-sampling fill, masked overlong)."""
    p_len = max(len(p) for p in prompts)
    r_len = max(1, max(len(r) for r in responses))
    rows, attn, resp = [], [], []
    for p, r in zip(prompts, responses, strict=True):
        left, right = p_len - len(p), r_len - len(r)
        rows.append([pad_id] * left + list(p) + list(r) + [pad_id] * right)
        attn.append([0] * left + [1] * (len(p) + len(r)) + [0] * right)
        resp.append([0] * p_len + [1] * len(r) + [0] * right)
    behaviour = None
    if behaviour_logprobs is not None:
        behaviour = torch.zeros(len(rows), p_len + r_len, dtype=torch.float32)
        for i, (r, lp) in enumerate(zip(responses, behaviour_logprobs, strict=True)):
            if len(lp) != len(r):
                raise ValueError(f"sample {i}: {len(lp)} behaviour log-probs for {len(r)} tokens")
            behaviour[i, p_len : p_len + len(r)] = torch.tensor(lp, dtype=torch.float32)
    return TrainBatch(
        input_ids=torch.tensor(rows, dtype=torch.long),
        attention_mask=torch.tensor(attn, dtype=torch.long),
        response_mask=torch.tensor(resp, dtype=torch.long),
        scores=torch.tensor(scores, dtype=torch.float32),
        group_ids=torch.tensor(group_ids, dtype=torch.long),
        behaviour_logprobs=behaviour,
        keep=None if keep is None else torch.tensor(keep, dtype=torch.bool),
    )


class PolicyValueModel(nn.Module):
    """The policy LM, plus for PPO a value head on it or on a separate critic backbone."""

    def __init__(self, policy: nn.Module, critic: nn.Module | None, with_value: bool):
        super().__init__()
        self.policy = policy
        self.critic = critic
        hidden = policy.config.hidden_size
        self.value_head = nn.Linear(hidden, 1) if with_value else None
        if self.value_head is not None:
            nn.init.zeros_(self.value_head.weight)
            nn.init.zeros_(self.value_head.bias)

    def forward(
        self, input_ids: Tensor, attention_mask: Tensor, response_mask: Tensor, entropy: bool = True
    ) -> tuple[Tensor, Tensor | None, Tensor | None]:
        """(log-probs, values, entropies) of the response tokens, each [B, T-1] and aligned
        with `token_logprobs`; values are None without a value head, entropies when not asked."""
        want_hidden = self.value_head is not None and self.critic is None
        out = response_forward(
            self.policy,
            input_ids,
            attention_mask,
            response_mask,
            entropy=entropy,
            hidden=want_hidden,
        )
        values = None
        if self.value_head is not None:
            hidden = out.hidden
            if self.critic is not None:
                hidden = response_forward(
                    self.critic, input_ids, attention_mask, response_mask, hidden=True
                ).hidden
            values = self.value_head(hidden.to(self.value_head.weight.dtype)).squeeze(-1)
        return out.logp, values, out.entropy


def make_optimizer(learner: LearnerConfig, params: list[nn.Parameter]) -> torch.optim.Optimizer:
    """`learner.optimizer`: AdamW, SGD with `learner.momentum`, or Adafactor (no first moment,
    factored second moment: the least optimizer state)."""
    lr, decay = learner.lr, learner.weight_decay
    if learner.optimizer == "adamw":
        return torch.optim.AdamW(params, lr=lr, weight_decay=decay)
    if learner.optimizer == "sgd":
        return torch.optim.SGD(params, lr=lr, momentum=learner.momentum, weight_decay=decay)
    if learner.optimizer == "adafactor":
        return torch.optim.Adafactor(params, lr=lr, weight_decay=decay)
    raise ValueError(
        f"learner.optimizer: must be adamw, sgd or adafactor, got {learner.optimizer!r}"
    )


def _layers(model: nn.Module) -> nn.ModuleList | None:
    inner = getattr(model, "model", None)
    layers = getattr(inner, "layers", None)
    return layers if isinstance(layers, nn.ModuleList) else None


def use_bf16(precision: str, cuda: bool) -> bool:
    """`learner.precision`: auto = bf16 on a GPU that computes in it natively (compute
    capability 8+), fp32 elsewhere (CPU, V100, T4); bf16 asked for on a GPU without it is an
    error rather than a slow emulation."""
    if precision not in ("auto", "bf16", "fp32"):
        raise ValueError(f"learner.precision: must be auto, bf16 or fp32, got {precision!r}")
    if precision == "fp32":
        return False
    if not cuda:
        return precision == "bf16"
    if bf16_supported():
        return True
    if precision == "bf16":
        name, (major, minor) = torch.cuda.get_device_name(), torch.cuda.get_device_capability()
        raise ValueError(
            f"learner.precision=bf16 but this GPU ({name}, compute capability {major}.{minor}) "
            "has no native bf16: set learner.precision to fp32 (or auto)"
        )
    return False


def deepspeed_config(learner: LearnerConfig, bf16: bool) -> dict:
    """The DeepSpeed config of a learner. With bf16, ZeRO-0 would keep nothing but bf16 weights
    (DeepSpeed's plain bf16 data parallelism: optimizer steps and gradient accumulation in
    bf16), so bf16 runs ZeRO-1 at least, whose optimizer holds fp32 master weights; at stage 1
    gradients accumulate in fp32 too (`data_types.grad_accum_dtype`; ZeRO-2/3 reduce into
    their fp32 partitions)."""
    stage = learner.zero_stage
    config = {
        "train_micro_batch_size_per_gpu": learner.micro_batch_size,
        "gradient_accumulation_steps": learner.grad_accum_steps,
        "gradient_clipping": learner.grad_clip,
        "zero_optimization": {"stage": max(stage, 1) if bf16 else stage},
        "bf16": {"enabled": bf16},
        "zero_allow_untested_optimizer": True,
        "steps_per_print": 10**9,
    }
    if bf16 and stage == 0:
        log.info("learner: bf16 with ZeRO-0 keeps no fp32 weights; using ZeRO-1")
    if bf16 and max(stage, 1) == 1:
        config["data_types"] = {"grad_accum_dtype": "fp32"}
    return config


def out_of_memory(error: BaseException) -> bool:
    """torch's out-of-memory error, or the CPU allocator's (a plain RuntimeError)."""
    return isinstance(error, torch.OutOfMemoryError) or "can't allocate memory" in str(error)


class LearnerActor:
    """One data-parallel rank of the learner. Create through `LearnerGroup`."""

    def __init__(
        self,
        model_path: str,
        learner: LearnerConfig,
        algorithm: AlgorithmConfig,
        total_steps: int,
        rank: int = 0,
        world_size: int = 1,
        master_addr: str = "127.0.0.1",
        master_port: int = 29500,
        seed: int = 0,
    ):
        claim_devices()  # before anything can touch CUDA
        self.model_path, self.cfg, self.algo = model_path, learner, algorithm
        self.total_steps, self.seed = total_steps, seed
        self.rank, self.world_size = rank, world_size
        self.oom_above: int | None = None  # the test hook `inject_oom`

    def address(self) -> tuple[str, int]:
        """This node's address and a free port: rank 0 hosts the process group's rendezvous."""
        import socket

        import ray

        with socket.socket() as s:
            s.bind(("", 0))
            return ray.util.get_node_ip_address(), s.getsockname()[1]

    def setup(self, master_addr: str = "127.0.0.1", master_port: int = 29500) -> int:
        """Join the process group and build the engine; every rank must call it concurrently."""
        learner, algorithm, rank, world_size = self.cfg, self.algo, self.rank, self.world_size
        model_path, total_steps, seed = self.model_path, self.total_steps, self.seed
        cuda = claim_devices() == "cuda"  # no GPU assigned: none visible from here on
        os.environ.setdefault("DS_ACCELERATOR", "cuda" if cuda else "cpu")
        os.environ.update(
            MASTER_ADDR=master_addr,
            MASTER_PORT=str(master_port),
            RANK=str(rank),
            WORLD_SIZE=str(world_size),
            LOCAL_RANK="0",  # Ray gives each actor its own CUDA_VISIBLE_DEVICES
        )
        import deepspeed

        if not cuda:
            # On CPU DeepSpeed compiles its shm comm op (minutes) on first use; gloo does the
            # job. Not on CUDA: no such op there (NCCL), and merely reading __compatible_ops__
            # probes every op builder (compiler test runs, `nvcc -V`) at each learner start.
            deepspeed.ops.__compatible_ops__["deepspeed_shm_comm"] = False
        deepspeed.init_distributed(dist_backend="nccl" if cuda else "gloo")
        self.device = torch.device("cuda", 0) if cuda else torch.device("cpu")
        if not cuda:
            # Ray reserves num_cpus for scheduling; threads may use more when the learner
            # runs alone (SFT).
            torch.set_num_threads(learner.threads or max(1, int(learner.num_cpus)))
        torch.manual_seed(seed + rank)

        bf16 = use_bf16(learner.precision, cuda)
        self.transfer_dtype = torch.bfloat16 if bf16 and cuda else torch.float32
        self.model = self._build_model(model_path)
        self.ref_model = self._build_reference() if algorithm.kl_coef > 0 else None
        params = [p for p in self.model.parameters() if p.requires_grad]
        optimizer = make_optimizer(learner, params)
        # The schedule counts training steps: PPO's epochs are optimizer steps of one step.
        epochs = algorithm.ppo_epochs
        scheduler = torch.optim.lr_scheduler.LambdaLR(
            optimizer,
            lambda s: lr_factor(
                learner.lr_schedule, s // epochs, learner.warmup_steps, total_steps
            ),
        )
        optimizer.register_step_pre_hook(self._record_update)
        self.applied: dict[str, float] = {}
        ds_config = deepspeed_config(learner, bf16)
        self.zero_stage = ds_config["zero_optimization"]["stage"]
        self.engine, self.optimizer, _, self.scheduler = deepspeed.initialize(
            model=self.model, optimizer=optimizer, lr_scheduler=scheduler, config=ds_config
        )
        if self.ref_model is not None:
            self.ref_model.to(self.device, dtype=torch.bfloat16 if bf16 else torch.float32)
        self.step = 0
        self.bad_steps = 0
        self.last_good: str | None = None
        self.fingerprint = ckpt.model_fingerprint(self.model)
        return sum(p.numel() for p in self.model.parameters())

    # ------------------------------------------------------------------ model

    def _build_model(self, model_path: str) -> PolicyValueModel:
        from transformers import AutoModelForCausalLM

        cfg = self.cfg
        policy = AutoModelForCausalLM.from_pretrained(model_path, dtype=torch.float32)
        self._base_policy = policy
        if cfg.gradient_checkpointing:
            policy.gradient_checkpointing_enable()
        if cfg.freeze_layers:
            layers = _layers(policy)
            if layers is None:
                raise ValueError(f"learner.freeze_layers: {model_path} has no model.layers list")
            policy.get_input_embeddings().requires_grad_(False)
            for layer in layers[: cfg.freeze_layers]:
                layer.requires_grad_(False)
        if cfg.lora_rank > 0:
            from peft import LoraConfig, get_peft_model

            lora = LoraConfig(
                r=cfg.lora_rank,
                lora_alpha=cfg.lora_alpha,
                lora_dropout=cfg.lora_dropout,
                target_modules="all-linear",
                task_type="CAUSAL_LM",
            )
            policy = get_peft_model(policy, lora)
        ppo = self.algo.name == "ppo"
        if self.algo.name not in ("ppo", "grpo"):
            raise ValueError(f"algorithm.name: must be grpo or ppo, got {self.algo.name!r}")
        critic = None
        if ppo and cfg.critic == "separate":
            critic = AutoModelForCausalLM.from_pretrained(model_path, dtype=torch.float32)
        elif cfg.critic != "head":
            raise ValueError(f"learner.critic: must be head or separate, got {cfg.critic!r}")
        return PolicyValueModel(policy, critic, with_value=ppo)

    def _build_reference(self) -> nn.Module | None:
        if self.cfg.lora_rank > 0:
            return None  # the reference is the policy with its adapter switched off
        ref = copy.deepcopy(self._base_policy).eval()
        ref.requires_grad_(False)
        return ref

    def _forward(self, batch: TrainBatch, entropy: bool = True):
        return self.engine(batch.input_ids, batch.attention_mask, batch.response_mask, entropy)

    @torch.no_grad()
    def _reference_logprobs(self, batch: TrainBatch) -> Tensor | None:
        if self.algo.kl_coef <= 0:
            return None
        args = (batch.input_ids, batch.attention_mask, batch.response_mask)
        if self.ref_model is not None:
            return response_forward(self.ref_model, *args).logp.float()
        with self.model.policy.disable_adapter():
            return response_forward(self.model.policy, *args).logp.float()

    # ------------------------------------------------------------------ training

    def train_step(self, batch: TrainBatch) -> dict[str, float]:
        """One optimizer step (per PPO epoch) on this rank's share of the batch.

        Out of memory (torch's error, or the CPU allocator's) before any optimizer step of
        this call: the step runs again with half the micro-batch (twice the accumulation, the
        same update), and the smaller micro-batch stays for later steps. Metrics say so:
        `oom_retries`, `micro_batch_size`. Peers wait in the gradient all-reduce meanwhile:
        the ranks need not use the same micro-batch."""
        retries, steps, micro_steps = 0, self.engine.global_steps, self.engine.micro_steps
        while True:
            try:
                metrics = self._train_step(batch)
                break
            except RuntimeError as e:  # torch.OutOfMemoryError is one
                mb = self.cfg.micro_batch_size
                # retried only while no update is applied and nothing accumulated outside the
                # parameters' .grad (ZeRO-2/3 keep partitioned gradients of their own)
                applied = self.engine.global_steps != steps
                accumulated = self.zero_stage >= 2 and self.engine.micro_steps != micro_steps
                if not out_of_memory(e) or mb == 1 or applied or accumulated:
                    raise
                self.engine.zero_grad()
                self.engine.micro_steps = micro_steps
                if torch.cuda.is_available():
                    torch.cuda.empty_cache()
                self._set_micro_batch(len(batch), mb // 2)
                retries += 1
                log.warning(
                    "learner rank %d: out of memory at micro-batch %d (%s); retrying the step "
                    "with micro-batch %d",
                    self.rank,
                    mb,
                    str(e).splitlines()[0][:120],
                    self.cfg.micro_batch_size,
                )
        metrics.update(oom_retries=retries, micro_batch_size=self.cfg.micro_batch_size)
        return metrics

    def _set_micro_batch(self, per_rank: int, at_most: int) -> None:
        """The largest micro-batch up to `at_most` dividing `per_rank`; accumulation to match."""
        mb = max(d for d in range(1, max(1, at_most) + 1) if per_rank % d == 0)
        self.cfg = replace(self.cfg, micro_batch_size=mb, grad_accum_steps=per_rank // mb)
        self.engine.set_train_micro_batch_size(mb)
        self.engine.set_train_batch_size(per_rank * self.world_size)

    def inject_oom(self, above: int) -> None:
        """Test hook: from now on a micro-batch of more than `above` samples raises
        torch.OutOfMemoryError in its forward pass, as a device that small would."""
        self.oom_above = above

    def _train_step(self, batch: TrainBatch) -> dict[str, float]:
        start = time.perf_counter()
        n_micro = self.cfg.micro_batch_size * self.cfg.grad_accum_steps
        if len(batch) != n_micro:
            raise ValueError(
                f"learner: batch of {len(batch)} samples per rank, expected "
                f"micro_batch_size × grad_accum_steps = {n_micro}"
            )
        batch = batch.to(self.device)
        mask = batch.response_mask[:, 1:].bool()  # aligned with token_logprobs columns
        if batch.keep is not None:
            mask = mask & batch.keep.unsqueeze(-1)
        # On-policy GRPO with one epoch: the policy has not moved when each micro-batch is scored,
        # so its own detached log-probs are the old ones and the extra forward pass is saved.
        on_policy = self.algo.name == "grpo" and self.algo.ppo_epochs == 1
        with torch.no_grad():
            old_logp, old_values = (None, None) if on_policy else self._forward(batch, False)[:2]
            ref_logp = self._reference_logprobs(batch)
            advantages, returns = self._advantages(batch, mask, old_logp, old_values, ref_logp)
        normalizer = grpo_normalizer(
            mask, self.algo.loss_type, self.algo.token_level_loss, self.algo.loss_max_tokens or None
        )
        behaviour = None
        if self.algo.tis_cap > 0 and batch.behaviour_logprobs is not None:
            behaviour = batch.behaviour_logprobs[:, 1:]

        totals: dict[str, float] = {}
        nonfinite, own_norm = 0, None
        mb = self.cfg.micro_batch_size
        rows = mask.any(dim=-1)
        for _ in range(self.algo.ppo_epochs):
            for start_i in range(0, len(batch), mb):
                sl = slice(start_i, start_i + mb)
                loss, stats = self._loss(
                    batch.slice(sl.start, sl.stop),
                    mask[sl],
                    None if old_logp is None else old_logp[sl],
                    None if old_values is None else old_values[sl],
                    None if ref_logp is None else ref_logp[sl],
                    advantages[sl],
                    None if returns is None else returns[sl],
                    normalizer,
                    None if behaviour is None else behaviour[sl],
                )
                if not torch.isfinite(loss):
                    # Contribute no gradient, keep DeepSpeed's accumulation counters in step.
                    nonfinite += 1
                    loss = sum((p * 0).sum() for p in self.engine.parameters() if p.requires_grad)
                self.engine.backward(loss, scale_wrt_gas=False)
                if self.engine.is_gradient_accumulation_boundary():
                    own_norm = self._grad_norm()
                self.engine.step()
                # Each micro-batch's stats weigh by its share of the rows in the loss (all rows
                # unless samples are left out: keep False, no response token).
                share = float(rows[sl].sum()) / float(rows.sum()) if rows.any() else 0.0
                for k, v in stats.items():
                    totals[k] = totals.get(k, 0.0) + float(v) * share
        self.step += 1
        metrics = {k: v / self.algo.ppo_epochs for k, v in totals.items()}
        grad_norm = self.engine.get_global_grad_norm()
        if grad_norm is None:  # ZeRO-0 with a torch optimizer does not record it
            grad_norm = own_norm
        metrics.update(
            step=self.step,
            lr=self.applied.get("lr", math.nan),
            grad_norm=float(grad_norm) if grad_norm is not None else float("nan"),
            grad_norm_clipped=self.applied.get("grad_norm_clipped", math.nan),
            nonfinite_microbatches=nonfinite,
            tokens_per_s=float(mask.sum()) * self.algo.ppo_epochs / (time.perf_counter() - start),
            step_time_s=time.perf_counter() - start,
            score_mean=float(batch.scores.mean()),
        )
        if metrics["grad_norm"] > 10 * self.cfg.grad_clip:
            log.warning(
                "gradient norm %.3g clipped to %g", metrics["grad_norm"], self.cfg.grad_clip
            )
        self._recover_if_needed(nonfinite > 0)
        return metrics

    def sft_step(self, batch: TrainBatch) -> dict[str, float]:
        """One supervised optimizer step: NLL of the response tokens (golf_ray.algorithms.sft)."""
        from golf_ray.algorithms.sft import sft_loss

        start, mb = time.perf_counter(), self.cfg.micro_batch_size
        if len(batch) != mb * self.cfg.grad_accum_steps:
            raise ValueError(
                f"learner: SFT batch of {len(batch)} samples per rank, expected "
                f"micro_batch_size × grad_accum_steps = {mb * self.cfg.grad_accum_steps}"
            )
        batch = batch.to(self.device)
        mask = batch.response_mask[:, 1:].bool()
        normalizer, total = loss_normalizer(mask, token_level=True), 0.0
        for i in range(0, len(batch), mb):
            part = batch.slice(i, i + mb)
            logp = self._forward(part, entropy=False)[0]
            loss, _ = sft_loss(logp, mask[i : i + mb], normalizer=normalizer)
            self.engine.backward(loss, scale_wrt_gas=False)
            self.engine.step()
            total += float(loss.detach())
        self.step += 1
        return {
            "sft_loss": total,
            "lr": self.applied.get("lr", math.nan),
            "tokens": float(mask.sum()),
            "step_time_s": time.perf_counter() - start,
        }

    def _record_update(self, optimizer, args, kwargs) -> None:
        """What the optimizer applies, read just before it steps: its LR and the norm of the
        gradients after DeepSpeed clipped them (`grad_norm_clipped`, at most learner.grad_clip)."""
        grads = [p.grad for g in optimizer.param_groups for p in g["params"] if p.grad is not None]
        sq = torch.nn.utils.get_total_norm(grads).float() ** 2 if grads else torch.zeros(())
        if self.zero_stage > 0 and self.world_size > 1:  # each rank holds a partition
            import torch.distributed as dist

            sq = sq.to(self.device)
            dist.all_reduce(sq)
        self.applied = {
            "lr": optimizer.param_groups[0]["lr"],
            "grad_norm_clipped": float(sq.sqrt()),
        }

    def _grad_norm(self) -> float | None:
        """Pre-clipping norm of the local gradients (ZeRO-0 keeps them whole on every rank)."""
        if self.zero_stage != 0:
            return None
        grads = [p.grad for p in self.engine.parameters() if p.grad is not None]
        return float(torch.nn.utils.get_total_norm(grads)) if grads else 0.0

    def _advantages(self, batch, mask, old_logp, old_values, ref_logp):
        if self.algo.name == "grpo":
            # Dr. GRPO: centred per group, not divided by the group's std
            std = self.algo.loss_type != "dr_grpo"
            adv = group_advantages(batch.scores, group_ids=batch.group_ids, normalize_std=std)
            return adv, None
        rewards = terminal_rewards(batch.scores, mask)
        if ref_logp is not None:
            rewards = rewards - self.algo.kl_coef * kl_penalty(old_logp, ref_logp, "k1") * mask
        adv, returns = compute_gae(rewards, old_values, mask, self.algo.gamma, self.algo.gae_lambda)
        return masked_whiten(adv, mask), returns

    def _loss(
        self, mb, mask, old_logp, old_values, ref_logp, adv, returns, normalizer, behaviour=None
    ):
        if self.oom_above is not None and len(mb) > self.oom_above:
            raise torch.OutOfMemoryError(f"test hook: micro-batch of {len(mb)} > {self.oom_above}")
        logp, values, entropy = self._forward(mb)
        if old_logp is None:
            old_logp = logp.detach()
        token_level = loss_token_level(self.algo.loss_type, self.algo.token_level_loss)
        weights = None
        if behaviour is not None:  # truncated importance sampling (algorithm.tis_cap)
            weights = truncated_is_weights(
                old_logp, behaviour, mask, self.algo.tis_cap, self.algo.loss_type == "gspo"
            )
        # PPO: the same loss variants on per-token GAE advantages; its KL is in the reward, so
        # no reference log-probs here (grpo_loss_kwargs gives PPO kl_coef 0)
        loss, stats = grpo_loss(
            logp,
            old_logp,
            ref_logp if self.algo.name == "grpo" else None,
            adv,
            mask,
            normalizer=normalizer,
            token_weights=weights,
            **grpo_loss_kwargs(self.algo),
        )
        if weights is not None:
            stats["tis_weight_mean"] = masked_mean(weights, mask)
            stats["tis_capped_frac"] = masked_mean(
                (weights >= self.algo.tis_cap).to(weights.dtype), mask
            )
        if self.algo.name == "ppo":
            v_loss, v_stats = value_loss(
                values, old_values, returns, mask, self.algo.value_clip, token_level, normalizer
            )
            loss = loss + self.algo.value_coef * v_loss
            stats = {**stats, **v_stats, "value_loss": v_loss.detach()}
            if ref_logp is not None:
                stats["kl"] = masked_mean(kl_penalty(logp.detach(), ref_logp, "k3"), mask)
        if self.algo.entropy_coef:
            loss = loss + entropy_loss(
                entropy, mask, self.algo.entropy_coef, token_level, normalizer
            )
        stats = {
            **stats,
            "policy_loss": stats.get("pg_loss", loss.detach()),
            "entropy": masked_mean(entropy.detach(), mask),
        }
        return loss, stats

    def _recover_if_needed(self, bad: bool) -> None:
        """After `max_bad_steps` steps in a row with non-finite losses: halve the LR, reload."""
        self.bad_steps = self.bad_steps + 1 if bad else 0
        if self.bad_steps < self.cfg.max_bad_steps:
            return
        self.bad_steps = 0
        for group in self.optimizer.param_groups:
            group["lr"] *= 0.5
        self.scheduler.base_lrs = [lr * 0.5 for lr in self.scheduler.base_lrs]
        log.warning("non-finite losses for %d steps: LR halved", self.cfg.max_bad_steps)
        if self.last_good is not None:
            log.warning("reloading last good checkpoint %s", self.last_good)
            lrs = list(self.scheduler.base_lrs)
            self.load_checkpoint(self.last_good)
            self.scheduler.base_lrs = lrs

    # ------------------------------------------------------------------ weights

    def policy_state_dict(self, dtype: torch.dtype = torch.float32) -> dict[str, Tensor] | None:
        """Plain HF-named policy weights on CPU, LoRA merged in (out of place, in fp32), for
        the rollout engines and checkpoints; rank 0 gets them, the other ranks None. Every rank
        must call it: under ZeRO-3 each parameter is gathered by all of them."""
        return policy_weights(
            self.model.policy,
            keep=self.rank == 0,
            zero3=self.cfg.zero_stage == 3,
            dtype=dtype,
        )

    def rollout_weights(self):
        """`policy_state_dict` packed for the object store (rollout actors map it zero-copy):
        bf16 from a learner on a GPU that has it (half the bytes of fp32; the engines run bf16
        there), fp32 otherwise. None on ranks other than 0, which only help gather."""
        from golf_ray.actors.rollout import pack_weights

        weights = self.policy_state_dict(self.transfer_dtype)
        return None if weights is None else pack_weights(weights)

    def parameter_checksum(self) -> float:
        """Sum of all trainable parameters: equal across ranks when data parallelism works."""
        return float(sum(p.detach().double().sum() for p in self.engine.parameters()))

    def peak_memory(self) -> dict[str, float]:
        """Peak host (and CUDA) memory of this actor since the last call (golf_ray.memory)."""
        from golf_ray.memory import read_peak

        return read_peak()

    # ------------------------------------------------------------------ checkpoints

    def save_checkpoint(
        self,
        path: str,
        metrics: dict | None = None,
        config: dict | None = None,
        policy_version: int = 0,
    ) -> str:
        """Write this step's checkpoint to `path`; the run names it and publishes it."""
        import torch.distributed as dist

        tmp = ckpt.temp_dir(path)
        client = {"step": self.step, "rng": ckpt.rng_state(), "policy_version": policy_version}
        self.engine.save_checkpoint(
            str(tmp), tag=ckpt.STATE_TAG, client_state=client, save_latest=False
        )
        weights = self.policy_state_dict()  # a collective under ZeRO-3: every rank takes part
        if self.rank == 0:
            ckpt.write_policy(tmp / ckpt.POLICY_DIR, weights, self.model_path)
        dist.barrier()
        if self.rank == 0:
            ckpt.finalize(
                path,
                {
                    "step": self.step,
                    "policy_version": policy_version,
                    "fingerprint": self.fingerprint,
                    "world_size": self.world_size,
                    "metrics": metrics or {},
                    "config": config or {},
                },
            )
        dist.barrier()
        self.last_good = str(path)
        return str(path)

    def load_checkpoint(self, path: str) -> dict:
        """Load one checkpoint dir (callers resolve run dirs with golf_ray.rl.checkpoints)."""
        path = Path(path)
        meta = ckpt.read_meta(path, self.fingerprint)
        try:
            _, client = self.engine.load_checkpoint(str(path), tag=ckpt.STATE_TAG)
        except Exception as e:  # DeepSpeed raises many kinds for a damaged file
            raise ckpt.CheckpointError(f"{path}: cannot load DeepSpeed state: {e}") from None
        if client is None:
            raise ckpt.CheckpointError(f"{path}: DeepSpeed state missing or unreadable")
        self.step = client["step"]
        ckpt.set_rng_state(client["rng"])
        self.last_good = str(path)
        return meta
