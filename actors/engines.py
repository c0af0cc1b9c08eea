"""Generation engines behind `RolloutActor`: vLLM (in-process) and transformers `generate`.

Both engines take chat-formatted prompt *text*, tokenize it themselves with the model's tokenizer
(no special tokens added: the chat template already holds them), and return one `Completion` per
sample with the same conventions, so the learner cannot tell them apart:

- ``token_ids``: every sampled token, up to and including the one that ended generation (an EOS
  token is kept, so the learner trains the model to stop; tokens after the first stop string are
  dropped). ``text == tokenizer.decode(token_ids, skip_special_tokens=True)`` exactly.
- ``logprobs[i]``: log-probability of ``token_ids[i]`` under the distribution it was sampled
  from: logits / temperature, then top-k and top-p masking, then log-softmax (vLLM
  ``logprobs_mode="processed_logprobs"``; HF records the processed scores). Greedy requests get
  the untempered ``log_softmax(logits)``. The learner recomputes its own logprobs; these are for
  importance ratios / diagnostics.
- ``finish_reason``: ``"stop"`` (EOS or a stop string; ``stop_reason`` names the string) or
  ``"length"`` (``max_tokens`` reached).
- A stop string is *included* in the text (like vLLM's ``include_stop_str_in_output``), so text
  and tokens agree even when the last token runs past the stop string.
"""

from __future__ import annotations

import gc
import logging
import os
import tempfile
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import torch

from golf_ray.devices import bf16_supported, claim_devices

log = logging.getLogger(__name__)

FINISH_REASONS = ("stop", "length")


# --------------------------------------------------------------------------- results contract


@dataclass(frozen=True)
class Sampling:
    """How to sample; mirrors the knobs of `vllm.SamplingParams` that rollouts use."""

    n: int = 1  # samples per prompt
    temperature: float = 1.0
    top_p: float = 1.0
    top_k: int = -1  # <= 0: off
    max_tokens: int = 256
    stop: tuple[str, ...] = ()
    seed: int | None = None  # same seed + same prompts -> same samples (per engine)
    greedy: bool = False  # argmax decoding; n copies of one completion

    def __post_init__(self):
        if self.n < 1 or self.max_tokens < 1:
            raise ValueError(f"n and max_tokens must be >= 1, got {self.n}, {self.max_tokens}")
        if self.temperature < 0 or not 0 < self.top_p <= 1:
            raise ValueError(f"bad temperature/top_p: {self.temperature}, {self.top_p}")
        object.__setattr__(self, "stop", tuple(self.stop))

    @property
    def is_greedy(self) -> bool:
        return self.greedy or self.temperature < 1e-5

    @classmethod
    def from_config(cls, cfg: Any, **overrides: Any) -> Sampling:
        """From a `RolloutConfig` (samples_per_prompt, temperature, ...), then overrides."""
        base = cls(
            n=cfg.samples_per_prompt,
            temperature=cfg.temperature,
            top_p=cfg.top_p,
            top_k=cfg.top_k,
            max_tokens=cfg.max_tokens,
            stop=tuple(cfg.stop),
            seed=cfg.seed,
        )
        return replace(base, **overrides)


@dataclass
class Completion:
    """One sample for one prompt. Plain data: pickles through Ray."""

    prompt_index: int
    sample_index: int
    text: str
    token_ids: list[int]
    logprobs: list[float]  # of the sampled tokens, see the module docstring
    finish_reason: str  # "stop" | "length"
    policy_version: int
    stop_reason: str | None = None  # the stop string that ended it (None: EOS or length)
    prompt_tokens: int = 0
    batch_seconds: float = 0.0  # wall time of the whole generate() call this came from
    batch_tokens: int = 0  # completion tokens of the whole call
    engine: str = ""

    @property
    def num_tokens(self) -> int:
        return len(self.token_ids)


# --------------------------------------------------------------------------- shared helpers


def resolve_dtype(dtype: str, on_gpu: bool) -> torch.dtype:
    """`auto`: bfloat16 on a GPU that has it, float16 on an older one (V100, T4), else float32."""
    if dtype in ("auto", None):
        if not on_gpu:
            return torch.float32
        return torch.bfloat16 if bf16_supported() else torch.float16
    return {
        "float32": torch.float32,
        "fp32": torch.float32,
        "bfloat16": torch.bfloat16,
        "bf16": torch.bfloat16,
        "float16": torch.float16,
        "fp16": torch.float16,
    }[dtype]


def load_tokenizer(model_path: str | Path):
    """The model's tokenizer, padding on the left (generation) with a pad token."""
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(str(model_path))
    tok.padding_side = "left"
    if tok.pad_token is None:
        tok.pad_token = tok.eos_token
    return tok


def eos_token_ids(model_path: str | Path, tokenizer) -> list[int]:
    """EOS ids from generation_config.json (int or list) plus the tokenizer's EOS."""
    ids: list[int] = []
    try:
        from transformers import GenerationConfig

        eos = GenerationConfig.from_pretrained(str(model_path)).eos_token_id
        ids += eos if isinstance(eos, list) else [eos] if eos is not None else []
    except OSError:  # no generation_config.json
        pass
    if tokenizer.eos_token_id is not None:
        ids.append(tokenizer.eos_token_id)
    return sorted(set(ids))


def finalize(
    tokenizer,
    token_ids: Sequence[int],
    logprobs: Sequence[float],
    sampling: Sampling,
    eos_ids: Iterable[int],
) -> tuple[list[int], list[float], str, str, str | None]:
    """Cut at the first EOS or stop string; return ids, logprobs, text, finish, stop string.

    The cut is at the first token whose decoded prefix contains a stop string (what vLLM does
    while generating), so for vLLM output this only re-derives the text; for HF output it also
    drops what was generated after the stop.
    """
    ids, lps = list(token_ids), list(logprobs)
    eos = set(eos_ids)
    finish, stop_reason = "length", None
    for i, t in enumerate(ids):
        if t in eos:
            ids, lps, finish = ids[: i + 1], lps[: i + 1], "stop"
            break

    def decode(k: int) -> str:
        return tokenizer.decode(ids[:k], skip_special_tokens=True)

    text = decode(len(ids))
    stops = [s for s in sampling.stop if s]
    if any(s in text for s in stops):
        # smallest k whose decoded prefix contains a stop string (monotone in k)
        lo, hi = 1, len(ids)
        while lo < hi:
            mid = (lo + hi) // 2
            if any(s in decode(mid) for s in stops):
                hi = mid
            else:
                lo = mid + 1
        ids, lps = ids[:lo], lps[:lo]
        text = decode(lo)
        stop_reason = min((text.find(s), s) for s in stops if s in text)[1]
        finish = "stop"
    if finish == "length" and len(ids) < sampling.max_tokens:
        finish = "stop"  # engine stopped early for a reason we don't model (shouldn't happen)
    return ids, lps, text, finish, stop_reason


def check_full_state_dict(names: Iterable[str], expected: set[str], tied: bool) -> None:
    """Weight updates must carry every parameter (vLLM reloads whole layers)."""
    got = set(names)
    tied_head = {"lm_head.weight"} if tied else set()  # a tied model's state_dict() may list it
    missing = expected - got - tied_head
    unexpected = got - expected - tied_head
    if missing or unexpected:
        raise ValueError(
            "update_weights needs the model's full HF-named state dict: "
            f"missing {sorted(missing)[:5]}{'...' if len(missing) > 5 else ''}, "
            f"unexpected {sorted(unexpected)[:5]}{'...' if len(unexpected) > 5 else ''}"
        )


@dataclass
class EngineInfo:
    name: str
    model_path: str
    device: str
    dtype: str
    extra: dict[str, Any] = field(default_factory=dict)


class Engine(ABC):
    """Common shape of both engines; `RolloutActor` holds one."""

    name = "base"

    def __init__(self, model_path: str | Path, seed: int = 0):
        self.model_path = str(model_path)
        self.seed = seed
        self.version = 0
        self.tokenizer = load_tokenizer(model_path)
        self.eos_ids = eos_token_ids(model_path, self.tokenizer)
        self.param_names, self.tied = _checkpoint_param_names(model_path)

    def generate(self, prompts: Sequence[str], sampling: Sampling) -> list[Completion]:
        """`n` completions per prompt, prompt-major (prompt 0's samples first)."""
        if not prompts:
            return []
        encoded = [self.tokenizer.encode(p, add_special_tokens=False) for p in prompts]
        n_gen = 1 if sampling.is_greedy else sampling.n
        start = time.perf_counter()
        raw = self._generate(encoded, sampling, n_gen)  # [prompt][sample] -> (ids, logprobs)
        seconds = time.perf_counter() - start
        out: list[Completion] = []
        for p, samples in enumerate(raw):
            if len(samples) == 1 and sampling.n > 1:  # greedy: n identical copies
                samples = samples * sampling.n
            for s, (ids, lps) in enumerate(samples):
                ids, lps, text, finish, stop = finalize(
                    self.tokenizer, ids, lps, sampling, self.eos_ids
                )
                out.append(
                    Completion(
                        prompt_index=p,
                        sample_index=s,
                        text=text,
                        token_ids=ids,
                        logprobs=lps,
                        finish_reason=finish,
                        stop_reason=stop,
                        policy_version=self.version,
                        prompt_tokens=len(encoded[p]),
                        engine=self.name,
                    )
                )
        total = sum(c.num_tokens for c in out)
        for c in out:
            c.batch_seconds, c.batch_tokens = seconds, total
        return out

    def update_weights(self, state_dict: Mapping[str, torch.Tensor], version: int) -> float:
        """Load a full HF-named state dict in place; returns seconds spent."""
        if self.param_names is not None:
            check_full_state_dict(state_dict.keys(), self.param_names, self.tied)
        start = time.perf_counter()
        self._load(state_dict)
        self.version = version
        return time.perf_counter() - start

    @abstractmethod
    def _generate(
        self, encoded: list[list[int]], sampling: Sampling, n_gen: int
    ) -> list[list[tuple[list[int], list[float]]]]: ...

    @abstractmethod
    def _load(self, state_dict: Mapping[str, torch.Tensor]) -> None: ...

    @abstractmethod
    def info(self) -> EngineInfo: ...

    def shutdown(self) -> None:  # noqa: B027 - optional hook
        pass


def _checkpoint_param_names(model_path: str | Path) -> tuple[set[str] | None, bool]:
    """Parameter names stored in the checkpoint (None: not a local safetensors dir, so updates
    are not checked), and whether the embeddings are tied."""
    from safetensors import safe_open
    from transformers import AutoConfig

    path = Path(model_path)
    names: set[str] = set()
    for file in sorted(path.glob("*.safetensors")) if path.is_dir() else []:
        with safe_open(str(file), "pt") as f:
            names.update(f.keys())
    config = AutoConfig.from_pretrained(str(model_path))
    tied = bool(getattr(config.get_text_config(), "tie_word_embeddings", False))
    return names or None, tied


# --------------------------------------------------------------------------- transformers


class _RecordLogprobs:
    """Last logits processor: records log_softmax(processed scores) of each sampled token.

    At step t it sees the token sampled at step t-1 (last column of input_ids) and the
    processed scores of step t; keeping one step of log-probs (B x V) instead of HF's
    `output_scores` (T x B x V: gigabytes for a 49k vocab) keeps memory flat.
    """

    def __init__(self):
        self.steps: list[torch.Tensor] = []
        self.prev: torch.Tensor | None = None

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor):
        if self.prev is not None:
            self.steps.append(self.prev.gather(1, input_ids[:, -1:]).squeeze(1))
        self.prev = torch.log_softmax(scores.float(), dim=-1)
        return scores

    def result(self, sequences: torch.Tensor, n_new: int) -> torch.Tensor:
        steps = self.steps[:n_new]
        if len(steps) < n_new and self.prev is not None:
            steps.append(self.prev.gather(1, sequences[:, -1:]).squeeze(1))
        return torch.stack(steps, dim=1) if steps else sequences.new_zeros((len(sequences), 0))


class _StopOnText:
    """Stopping criterion: the generated text (not the prompt) contains a stop string.

    The same test as `finalize` (and vLLM), on the decoded tail of each row, so a row HF stops
    is always cut at the same token afterwards. (transformers' own `stop_strings` also matches
    a stop string that straddles the prompt boundary, which would leave pad tokens behind.)
    """

    def __init__(self, tokenizer, stops: Sequence[str], prompt_len: int):
        self.tokenizer, self.stops, self.prompt_len = tokenizer, [s for s in stops if s], prompt_len
        self.window = max(len(s) for s in self.stops) + 8  # tokens: >= 1 char each, mostly

    def __call__(self, input_ids: torch.LongTensor, scores, **kwargs) -> torch.BoolTensor:
        tails = input_ids[:, max(self.prompt_len, input_ids.shape[1] - self.window) :].tolist()
        texts = self.tokenizer.batch_decode(tails, skip_special_tokens=True)
        hits = [any(s in t for s in self.stops) for t in texts]
        return torch.tensor(hits, dtype=torch.bool, device=input_ids.device)


class HFEngine(Engine):
    """`transformers` generate: left-padded batches, KV cache, processed-score logprobs."""

    name = "hf"

    def __init__(
        self,
        model_path: str | Path,
        dtype: str = "auto",
        seed: int = 0,
        max_batch_sequences: int = 256,
        device: str | None = None,
    ):
        from transformers import AutoModelForCausalLM, GenerationConfig

        super().__init__(model_path, seed)
        self.device = torch.device(device or claim_devices())
        self.dtype = resolve_dtype(dtype, self.device.type == "cuda")
        self.model = AutoModelForCausalLM.from_pretrained(self.model_path, dtype=self.dtype)
        self.model.to(self.device).eval()
        # A clean generation config: nothing (top_k=50, repetition penalty...) sneaks in from
        # the checkpoint's generation_config.json; sampling knobs are our own processors.
        self.model.generation_config = GenerationConfig(
            eos_token_id=self.eos_ids,
            pad_token_id=self.tokenizer.pad_token_id,
            bos_token_id=self.tokenizer.bos_token_id,
        )
        self.max_batch_sequences = max_batch_sequences

    def info(self) -> EngineInfo:
        return EngineInfo(self.name, self.model_path, str(self.device), str(self.dtype))

    @torch.inference_mode()
    def _generate(self, encoded, sampling, n_gen):
        from transformers import (
            GenerationConfig,
            LogitsProcessorList,
            StoppingCriteriaList,
            TemperatureLogitsWarper,
            TopKLogitsWarper,
            TopPLogitsWarper,
        )

        greedy = sampling.is_greedy
        config = GenerationConfig(
            do_sample=not greedy,
            max_new_tokens=sampling.max_tokens,
            num_return_sequences=n_gen,
            temperature=1.0,  # the warpers below do the work, before the recorder sees it
            top_k=0,
            top_p=1.0,
            eos_token_id=self.eos_ids,
            pad_token_id=self.tokenizer.pad_token_id,
            use_cache=True,
        )
        per_batch = max(1, self.max_batch_sequences // n_gen)
        results: list[list[tuple[list[int], list[float]]]] = []
        devices = [self.device] if self.device.type == "cuda" else []
        with torch.random.fork_rng(devices=devices):
            if sampling.seed is not None and not greedy:
                torch.manual_seed(sampling.seed)
            for lo in range(0, len(encoded), per_batch):
                chunk = encoded[lo : lo + per_batch]
                batch = self.tokenizer.pad(
                    {"input_ids": chunk}, padding=True, return_tensors="pt"
                ).to(self.device)
                warpers: list = []
                if not greedy:
                    if sampling.temperature != 1.0:
                        warpers.append(TemperatureLogitsWarper(sampling.temperature))
                    if sampling.top_k > 0:
                        warpers.append(TopKLogitsWarper(sampling.top_k))
                    if sampling.top_p < 1.0:
                        warpers.append(TopPLogitsWarper(sampling.top_p))
                recorder = _RecordLogprobs()
                prompt_len = batch["input_ids"].shape[1]
                stopping = StoppingCriteriaList()
                if any(sampling.stop):
                    stopping.append(_StopOnText(self.tokenizer, sampling.stop, prompt_len))
                sequences = self.model.generate(
                    **batch,
                    generation_config=config,
                    logits_processor=LogitsProcessorList([*warpers, recorder]),
                    stopping_criteria=stopping,
                )
                new = sequences[:, prompt_len:]
                lps = recorder.result(sequences, new.shape[1])
                new, lps = new.tolist(), lps.tolist()
                for i in range(len(chunk)):
                    rows = range(i * n_gen, (i + 1) * n_gen)
                    results.append([(new[r], lps[r]) for r in rows])
        return results

    @torch.no_grad()
    def _load(self, state_dict):
        params = dict(self.model.named_parameters(remove_duplicate=False))
        params.update(dict(self.model.named_buffers()))
        for name, value in state_dict.items():
            params[name].copy_(value)  # casts dtype/device; tied params share storage


# --------------------------------------------------------------------------- vLLM


def vllm_importable() -> tuple[bool, str]:
    try:
        import vllm  # noqa: F401
    except Exception as e:  # ImportError, or a broken torchvision dragged in by pip
        return False, f"{type(e).__name__}: {e}"
    return True, ""


class VLLMEngine(Engine):
    """`vllm.LLM`, in-process on one device (``VLLM_ENABLE_V1_MULTIPROCESSING=0``, uni executor).

    CPU: float32, eager, KV cache ``kv_cache_gib`` (``VLLM_CPU_KVCACHE_SPACE``). By default vLLM-CPU
    packs each linear weight into a oneDNN handle, so an in-place update has to re-pack
    (`reload_weights`: ~7x a plain copy for 135M params) and a tied lm_head goes stale. With
    ``cpu_plain_weights`` (default on CPU) the weights stay plain tensors (torch ``F.linear``;
    decode speed the same within noise: 133 vs 144 tok/s on SmolLM2 at 64x4) and an update is
    one copy through the model's own ``load_weights`` (~1.2x a plain copy; tied stays tied).
    GPU: bfloat16, CUDA graphs, ``gpu_memory_utilization``; ``tensor_parallel_size > 1`` uses
    vLLM's multiprocess executor (weights then travel through a /dev/shm safetensors dir).
    Seeded sampling seeds the engine once per call (`set_random_seed` in every worker), not
    each request: vLLM samples requests that carry their own seed one by one.
    """

    name = "vllm"

    def __init__(
        self,
        model_path: str | Path,
        dtype: str = "auto",
        seed: int = 0,
        max_model_len: int = 4096,
        tensor_parallel_size: int = 1,
        gpu_memory_utilization: float = 0.85,
        kv_cache_gib: int | None = None,
        max_num_seqs: int = 256,
        enforce_eager: bool | None = None,
        cpu_plain_weights: bool | None = None,
    ):
        super().__init__(model_path, seed)
        on_gpu = claim_devices() == "cuda"
        self.in_process = tensor_parallel_size == 1
        if cpu_plain_weights and not self.in_process:
            raise ValueError("cpu_plain_weights needs the in-process engine (tp=1)")
        self.plain_weights = self.in_process if cpu_plain_weights is None else cpu_plain_weights
        self.plain_weights = self.plain_weights and not on_gpu
        os.environ["VLLM_ENABLE_V1_MULTIPROCESSING"] = "0" if self.in_process else "1"
        if not on_gpu:  # whole GiB; an explicit argument beats the environment
            if kv_cache_gib is not None:
                os.environ["VLLM_CPU_KVCACHE_SPACE"] = str(max(1, round(kv_cache_gib)))
            os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")
        from vllm import LLM

        self.dtype = resolve_dtype(dtype, on_gpu)
        kwargs: dict[str, Any] = dict(
            model=self.model_path,
            tokenizer=self.model_path,
            dtype=self.dtype,
            seed=seed,
            max_model_len=max_model_len,
            tensor_parallel_size=tensor_parallel_size,
            distributed_executor_backend="uni" if self.in_process else "mp",
            enforce_eager=(not on_gpu) if enforce_eager is None else enforce_eager,
            logprobs_mode="processed_logprobs",
            max_num_seqs=max_num_seqs,
        )
        if on_gpu:
            kwargs["gpu_memory_utilization"] = gpu_memory_utilization
        else:
            # vLLM-CPU 0.32 bug: a seeded request whose prefill is split over steps crashes
            # ("CPU Generator does not use offset": the runner rewinds a discarded sample's RNG
            # by a CUDA-only offset). Whole-prompt prefills never discard a sample. (Requests
            # carry no seed now, see `_generate`; kept so a user's seeded request works too.)
            kwargs["enable_chunked_prefill"] = False
            kwargs["max_num_batched_tokens"] = max(max_model_len, 8192)
        self.on_gpu = on_gpu
        self.max_model_len = max_model_len
        with _plain_cpu_linear() if self.plain_weights else nullcontext(True) as plain:
            self.plain_weights = self.plain_weights and plain
            self.llm = LLM(**kwargs)

    def info(self) -> EngineInfo:
        extra = {
            "in_process": self.in_process,
            "max_model_len": self.max_model_len,
            "plain_weights": self.plain_weights,
        }
        device = "cuda" if self.on_gpu else "cpu"
        return EngineInfo(self.name, self.model_path, device, str(self.dtype), extra)

    def _generate(self, encoded, sampling, n_gen):
        from vllm import SamplingParams

        greedy = sampling.is_greedy
        stops = [s for s in sampling.stop if s]
        params = SamplingParams(
            n=n_gen,
            temperature=0.0 if greedy else sampling.temperature,
            top_p=1.0 if greedy else sampling.top_p,
            top_k=0 if greedy or sampling.top_k <= 0 else sampling.top_k,
            max_tokens=sampling.max_tokens,
            stop=stops or None,
            stop_token_ids=self.eos_ids,
            include_stop_str_in_output=True,
            logprobs=0,  # just the sampled token's logprob
            skip_special_tokens=True,
            detokenize=bool(stops),  # the text is decoded again in `finalize` anyway
        )
        if not greedy and sampling.seed is not None:
            # One seed for the engine, this call: the batch samples together (a seed per
            # request would make vLLM draw each request's noise on its own). Which request
            # draws which noise follows the engine's scheduling, so it must not depend on what
            # earlier calls left in the prefix cache (in training every weight update resets
            # it anyway).
            self.llm.reset_prefix_cache()
            self.llm.collective_rpc(_seed_worker, args=(int(sampling.seed),))
        prompts = [{"prompt_token_ids": ids} for ids in encoded]
        outputs = self.llm.generate(prompts, params, use_tqdm=False)
        results = []
        for out in outputs:
            samples = []
            for c in sorted(out.outputs, key=lambda c: c.index):
                ids = list(c.token_ids)
                lps = [c.logprobs[i][t].logprob for i, t in enumerate(ids)] if ids else []
                samples.append((ids, lps))
            results.append(samples)
        return results

    def _load(self, state_dict):
        if self.plain_weights:  # one copy_ per tensor into the live parameters
            self.llm.collective_rpc(_load_weights_in_place, args=(list(state_dict.items()),))
            self.llm.reset_prefix_cache()
            return
        if self.tied and not self.on_gpu:
            # Measured: after an in-place reload on CPU a tied lm_head keeps its old values.
            raise NotImplementedError(
                "vLLM-CPU with packed weights leaves a tied lm_head stale after "
                "reload_weights: use cpu_plain_weights (the default) or an untied model"
            )
        if self.in_process:
            items = list(state_dict.items())
            self.llm.collective_rpc("reload_weights", kwargs={"weights_iterator": iter(items)})
        else:  # workers in other processes: hand them a safetensors dir in shared memory
            from safetensors.torch import save_file

            shm = "/dev/shm" if os.path.isdir("/dev/shm") else None
            with tempfile.TemporaryDirectory(prefix="golf-ray-weights-", dir=shm) as tmp:
                tensors = {k: v.detach().contiguous().cpu() for k, v in state_dict.items()}
                save_file(tensors, os.path.join(tmp, "model.safetensors"))
                self.llm.collective_rpc("reload_weights", kwargs={"weights_path": tmp})
        self.llm.reset_prefix_cache()

    def shutdown(self) -> None:
        """Stop the engine core (frees /dev/shm segments); safe to call twice."""
        llm = getattr(self, "llm", None)
        if llm is None:
            return
        try:
            llm.llm_engine.engine_core.shutdown()
        finally:
            self.llm = None
            del llm
            gc.collect()


_PLAIN_CPU_LINEAR = {"on": False}


@contextmanager
def _plain_cpu_linear():
    """While active, vLLM-CPU keeps plain linear weights (torch F.linear), not oneDNN-packed ones.

    Wraps `dispatch_cpu_unquantized_gemm`, which vLLM 0.32's linear and embedding layers import
    at call time from `vllm.model_executor.layers.utils` when they process loaded weights; the
    wrapper is installed once and only acts inside this context (engine construction), so
    packed engines in the same process are unaffected. Yields False when this vLLM has no such
    hook (the engine then packs as usual).
    """
    import torch.nn.functional as F

    try:
        from vllm.model_executor.layers import utils

        original = utils.dispatch_cpu_unquantized_gemm
    except (ImportError, AttributeError) as e:
        log.warning("plain CPU weights unavailable in this vLLM (%s): packed weights", e)
        yield False
        return
    if not getattr(original, "_golf_ray_plain", False):

        def dispatch(layer: torch.nn.Module, remove_weight: bool) -> None:
            weight = getattr(layer, "weight", None)
            if not _PLAIN_CPU_LINEAR["on"] or weight is None or weight.is_meta or weight.ndim != 2:
                return original(layer, remove_weight)
            layer.cpu_linear = lambda x, weight, bias: F.linear(x, weight, bias)

        dispatch._golf_ray_plain = True  # type: ignore[attr-defined]
        utils.dispatch_cpu_unquantized_gemm = dispatch
    _PLAIN_CPU_LINEAR["on"] = True
    try:
        yield True
    finally:
        _PLAIN_CPU_LINEAR["on"] = False


def _seed_worker(worker, seed: int) -> None:
    """Runs in each vLLM worker: Python, numpy and torch (every device) RNGs from `seed`."""
    from vllm.utils.torch_utils import set_random_seed

    set_random_seed(seed)


def _load_weights_in_place(worker, items: list[tuple[str, torch.Tensor]]) -> int:
    """Runs in the vLLM worker: the model's own loader (fuses qkv / gate-up) into live params."""
    model = worker.model_runner.get_model()
    with torch.no_grad():
        return len(model.load_weights(iter(items)))
