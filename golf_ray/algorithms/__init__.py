"""RL algorithms as pure functions on torch tensors (no Ray, no config objects in the math).

Conventions (details in each module):

- Batches are ``[B, T]`` with a ``[B, T]`` mask (bool or 0/1) of the tokens that count.
- ``token_logprobs(logits [B, T, V], tokens [B, T]) -> [B, T-1]``: column ``t`` scores token
  ``t+1``; line a token mask up with it as ``mask[:, 1:]``.
- Losses are minimised; per-token terms are averaged per sequence then over sequences by
  default, or over all tokens of the batch with ``token_level=True`` (DAPO); ``normalizer``
  (from ``loss_normalizer`` over the whole batch) makes micro-batch losses sum to the batch loss.
- Masked positions never change a result or its gradient.
"""

from golf_ray.algorithms.filtering import (
    OVERLONG_MODES,
    informative_groups,
    overlong_keep,
    overlong_penalty,
)
from golf_ray.algorithms.gae import compute_gae, gae_kwargs, terminal_rewards
from golf_ray.algorithms.grpo import (
    KL_ESTIMATORS,
    group_advantages,
    grpo_loss,
    grpo_loss_kwargs,
    grpo_normalizer,
    kl_penalty,
    loss_token_level,
    token_advantages,
)
from golf_ray.algorithms.logprobs import (
    entropy_from_logits,
    gather_logprobs,
    token_entropy,
    token_logprobs,
)
from golf_ray.algorithms.masking import (
    aggregate_loss,
    as_bool_mask,
    lengths_to_mask,
    loss_normalizer,
    masked_mean,
    masked_sum,
    masked_var,
    masked_whiten,
    response_mask,
    zero_masked,
)
from golf_ray.algorithms.ppo import (
    clipped_surrogate,
    entropy_loss,
    policy_stats,
    ppo_policy_loss,
    value_loss,
)
from golf_ray.algorithms.variants import (
    LOSS_TYPES,
    dapo_clip_high,
    sequence_log_ratio,
    sequence_surrogate,
    truncated_is_weights,
)

__all__ = [
    "KL_ESTIMATORS",
    "LOSS_TYPES",
    "OVERLONG_MODES",
    "aggregate_loss",
    "as_bool_mask",
    "clipped_surrogate",
    "compute_gae",
    "dapo_clip_high",
    "entropy_from_logits",
    "entropy_loss",
    "gae_kwargs",
    "gather_logprobs",
    "grpo_loss",
    "grpo_loss_kwargs",
    "grpo_normalizer",
    "group_advantages",
    "informative_groups",
    "kl_penalty",
    "lengths_to_mask",
    "loss_token_level",
    "loss_normalizer",
    "masked_mean",
    "masked_sum",
    "masked_var",
    "masked_whiten",
    "overlong_keep",
    "overlong_penalty",
    "policy_stats",
    "ppo_policy_loss",
    "response_mask",
    "sequence_log_ratio",
    "sequence_surrogate",
    "terminal_rewards",
    "token_advantages",
    "token_entropy",
    "token_logprobs",
    "truncated_is_weights",
    "value_loss",
    "zero_masked",
]
