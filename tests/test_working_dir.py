"""What `ray job submit --working-dir .` uploads: built with Ray's own packaging code (its
.gitignore/.rayignore handling and default excludes), then every shipped config is loaded by the
golf_ray inside that tree, as the job's `golf-ray` would (issue 24: an unanchored `models/` line
in .gitignore dropped tune_configs/models/, so every experiment failed on a cluster)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# Run inside the unpacked upload: golf_ray must come from there (not the installed checkout),
# so a `defaults:` parent missing from the upload cannot be found through CONFIG_ROOT elsewhere.
LOAD_ALL = """
import json, sys
from pathlib import Path
import golf_ray
from golf_ray.config import CONFIG_ROOT, load_config
from golf_ray.recipes.adversarial.config import load_adversarial_config
from golf_ray.recipes.agent.config import load_agent_config
from golf_ray.serve.config import load_serve_config
from golf_ray.recipes.sft import load_sft_config
from golf_ray.recipes.study import load_study
from golf_ray.recipes.sweep import load_sweep

root = Path.cwd().resolve()
assert Path(golf_ray.__file__).resolve().is_relative_to(root), golf_ray.__file__
loaders = {"sweeps": load_sweep, "adversarial": load_adversarial_config,
           "agent": load_agent_config, "serve": load_serve_config, "sft": load_sft_config,
           "studies": load_study}
errors = {}
paths = sorted(CONFIG_ROOT.rglob("*.yaml"))
for path in paths:
    rel = str(path.relative_to(root))
    try:
        loaders.get(path.parent.name, load_config)(rel)
    except Exception as e:
        errors[rel] = f"{type(e).__name__}: {e}"
print(json.dumps({"loaded": len(paths), "errors": errors}))
"""


@pytest.fixture(scope="module")
def uploaded(tmp_path_factory) -> Path:
    """The working dir exactly as `ray job submit --working-dir .` packs it, unpacked."""
    from ray._private import ray_constants
    from ray._private.runtime_env.packaging import create_package

    out = tmp_path_factory.mktemp("upload")
    zip_path = out / "working_dir.zip"
    include_gitignore = os.environ.get(ray_constants.RAY_RUNTIME_ENV_IGNORE_GITIGNORE, "0") != "1"
    create_package(
        str(REPO),
        zip_path,
        include_gitignore=include_gitignore,
        excludes=ray_constants.get_runtime_env_default_excludes(),
    )
    tree = out / "tree"
    with zipfile.ZipFile(zip_path) as z:
        z.extractall(tree)
    return tree


def test_the_upload_has_every_shipped_config(uploaded):
    shipped = {p.relative_to(REPO) for p in (REPO / "tune_configs").rglob("*.yaml")}
    missing = sorted(str(p) for p in shipped if not (uploaded / p).is_file())
    assert not missing, f"ray job submit --working-dir . would not upload: {missing}"
    assert (uploaded / "golf_ray" / "cli.py").is_file()


def test_every_shipped_config_resolves_inside_the_upload(uploaded):
    env = {**os.environ, "PYTHONPATH": str(uploaded)}
    out = subprocess.run(
        [sys.executable, "-c", LOAD_ALL],
        cwd=uploaded,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["errors"] == {}
    assert result["loaded"] == len(list((REPO / "tune_configs").rglob("*.yaml")))
