# golf-ray cluster image: the Ray head and worker nodes of docker-compose.yml.
#
# Built on the offline base (`golf-ray sandbox build-image --offline` makes golf-ray-base:bookworm
# with debootstrap, no registry); Debian's python3 is 3.11. `scripts/cluster.sh build` stages two
# optional inputs under docker/ first (both git-ignored):
#   docker/wheels/               wheels pip should prefer (here: the local CPU build of torch)
#   docker/ca-certificates.crt   the host's CA bundle, for networks that intercept TLS
# Without them pip takes everything from PyPI; pass --build-arg
# TORCH_INDEX=https://download.pytorch.org/whl/cpu there to get the CPU build of torch.
ARG BASE=golf-ray-base:bookworm
FROM ${BASE}

ARG EXTRAS=learner
ARG TORCH_INDEX=

RUN apt-get update \
 && apt-get install -y --no-install-recommends python3-venv python3-dev gcc ca-certificates \
        procps curl \
 && rm -rf /var/lib/apt/lists/*

COPY docker/ /opt/golf-ray-build/
RUN set -e; \
    if [ -f /opt/golf-ray-build/ca-certificates.crt ]; then \
        printf '[global]\ncert = /opt/golf-ray-build/ca-certificates.crt\n' > /etc/pip.conf; \
    fi; \
    python3 -m venv /opt/venv; \
    /opt/venv/bin/pip install --no-cache-dir --upgrade pip setuptools wheel; \
    /opt/venv/bin/pip install --no-cache-dir --find-links /opt/golf-ray-build/wheels \
        ${TORCH_INDEX:+--extra-index-url "$TORCH_INDEX"} torch==2.13.0
ENV PATH=/opt/venv/bin:$PATH \
    OMP_NUM_THREADS=1 \
    GOLF_RAY_CACHE=/shared/cache \
    TORCH_EXTENSIONS_DIR=/shared/cache/torch_extensions \
    RAY_AUTH_MODE=disabled

WORKDIR /opt/golf-ray
COPY pyproject.toml README.md ./
COPY golf_ray/ golf_ray/
COPY actors/ actors/
COPY learner/ learner/
COPY sandbox_image/ sandbox_image/
COPY tune_configs/ tune_configs/
# DeepSpeed is an sdist: build it against the torch above, not a fresh one.
RUN pip install --no-cache-dir --find-links /opt/golf-ray-build/wheels -e . \
 && pip install --no-cache-dir --no-build-isolation --find-links /opt/golf-ray-build/wheels \
        -e ".[${EXTRAS}]" \
 && pip uninstall -y torchvision torchaudio torchcodec \
 && python -c "import golf_ray, ray, torch, deepspeed; print('golf-ray image ok', ray.__version__, torch.__version__)"

CMD ["ray", "start", "--head", "--block"]
