#!/usr/bin/env bash
# golf-ray on one real GPU, about 10 minutes: one PASS/FAIL line per check with its figures
# (tokens/s of vLLM and transformers, weight reload and sync times, GRPO step times with the
# rollout actor and the learner sharing the GPU, then ZeRO-3, then LoRA; bench with two models).
#   bash scripts/setup.sh --gpu && bash scripts/gpu_smoke.sh
#   bash scripts/gpu_smoke.sh --cpu            # the same checks on CPU, tiny models (a dry run)
#   bash scripts/gpu_smoke.sh --only train_lora --out /tmp/smoke
# Figures: OUT/gpu_smoke.json (default OUT /tmp/golf-ray-gpu-smoke), one log per check beside it.
set -uo pipefail
cd "$(dirname "$0")/.."
export TOKENIZERS_PARALLELISM=false RAY_DEDUP_LOGS=0
exec "${PYTHON:-python3}" scripts/gpu_smoke.py "$@"
