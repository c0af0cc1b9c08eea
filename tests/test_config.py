import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from golf_ray.config import CONFIG_ROOT, Config, ConfigError, load_config, load_raw

# Configs of other commands live in their own folders and load with their own typed loaders.
OTHER_KINDS = ("sweeps", "studies", "adversarial", "agent", "serve", "sft")
SHIPPED = sorted(p for p in CONFIG_ROOT.rglob("*.yaml") if not set(OTHER_KINDS) & set(p.parts))


def write(path: Path, data) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data))
    return path


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(CONFIG_ROOT)))
def test_every_shipped_config_loads(path):
    cfg = load_config(path)
    assert isinstance(cfg, Config)


def _loaders():
    from golf_ray.recipes.adversarial.config import load_adversarial_config
    from golf_ray.recipes.agent.config import load_agent_config
    from golf_ray.recipes.sft import load_sft_config
    from golf_ray.recipes.study import load_study
    from golf_ray.recipes.sweep import load_sweep
    from golf_ray.serve.config import load_serve_config

    return {
        "sweeps": load_sweep,
        "studies": lambda path: load_study(str(path)),
        "adversarial": load_adversarial_config,
        "agent": load_agent_config,
        "serve": load_serve_config,
        "sft": load_sft_config,
    }


@pytest.mark.parametrize(
    "path",
    sorted(p for kind in OTHER_KINDS for p in (CONFIG_ROOT / kind).glob("*.yaml")),
    ids=lambda p: str(p.relative_to(CONFIG_ROOT)),
)
def test_every_shipped_config_of_other_commands_loads(path):
    loaded = _loaders()[path.parent.name](path)
    assert loaded is not None


def test_inheritance_deep_merge_later_wins(tmp_path):
    write(tmp_path / "base.yaml", {"learner": {"lr": 1e-3, "zero_stage": 1}, "steps": 5})
    write(tmp_path / "m.yaml", {"learner": {"lr": 2e-3}, "model": {"name": "tiny"}})
    exp = write(
        tmp_path / "exp" / "e.yaml",
        {"defaults": ["../base.yaml", "../m.yaml"], "steps": 7},
    )
    cfg = load_config(exp, ["learner.lr=3e-6", 'rollout.stop=["\\n\\n"]'])
    assert cfg.learner.lr == 3e-6  # override beats both files
    assert cfg.learner.zero_stage == 1  # kept from base through the deep merge
    assert cfg.model.name == "tiny"
    assert cfg.steps == 7  # the file beats its defaults
    assert cfg.rollout.stop == ["\n\n"]


def test_float_without_dot_is_read_as_float(tmp_path):
    # PyYAML reads 1e-5 as a string; the config must still accept it for float fields.
    exp = write(tmp_path / "e.yaml", "learner:\n  lr: 1e-5\n")
    assert load_config(exp).learner.lr == 1e-5


def test_unknown_key_names_file_path_and_suggestion(tmp_path):
    write(tmp_path / "base.yaml", {"learner": {"lr": 1e-3}})
    exp = write(tmp_path / "e.yaml", {"defaults": ["base.yaml"], "learner": {"lrr": 1e-4}})
    with pytest.raises(ConfigError) as err:
        load_config(exp)
    msg = str(err.value)
    assert "\n" not in msg
    assert str(exp) in msg and "learner.lrr" in msg and "did you mean 'learner.lr'" in msg


def test_unknown_key_from_parent_names_the_parent(tmp_path):
    base = write(tmp_path / "base.yaml", {"rollout": {"temprature": 0.5}})
    exp = write(tmp_path / "e.yaml", {"defaults": ["base.yaml"], "steps": 1})
    with pytest.raises(ConfigError, match="base.yaml") as err:
        load_config(exp)
    assert str(base) in str(err.value) and "rollout.temperature" in str(err.value)


def test_unknown_override_is_blamed_on_command_line(tmp_path):
    with pytest.raises(ConfigError, match=r"command line: unknown key 'learner.lrate'"):
        load_config(None, ["learner.lrate=1"])


def test_unknown_section(tmp_path):
    exp = write(tmp_path / "e.yaml", {"lerner": {"lr": 1}})
    with pytest.raises(ConfigError, match=r"unknown key 'lerner' \(did you mean 'learner'\?\)"):
        load_config(exp)


@pytest.mark.parametrize(
    "data, key",
    [
        ({"learner": {"lr": "fast"}}, "learner.lr"),
        ({"learner": {"zero_stage": 1.5}}, "learner.zero_stage"),
        ({"learner": {"gradient_checkpointing": "yes"}}, "learner.gradient_checkpointing"),
        ({"steps": True}, "steps"),
        ({"rollout": {"stop": "x"}}, "rollout.stop"),
        ({"reward": {"terms": {"golf": "high"}}}, "reward.terms.golf"),
        ({"learner": 3}, "learner"),
    ],
)
def test_wrong_type_names_file_and_key(tmp_path, data, key):
    exp = write(tmp_path / "e.yaml", data)
    with pytest.raises(ConfigError) as err:
        load_config(exp)
    assert str(exp) in str(err.value) and f"'{key}' must be" in str(err.value)


@pytest.mark.parametrize(
    "data, key, low",
    [
        ({"learner": {"threads": -1}}, "learner.threads", 0),
        ({"learner": {"micro_batch_size": 0}}, "learner.micro_batch_size", 1),
        ({"rollout": {"samples_per_prompt": 0}}, "rollout.samples_per_prompt", 1),
        ({"sandbox": {"num_actors": 0}}, "sandbox.num_actors", 1),
    ],
)
def test_out_of_range_count_names_file_and_key(tmp_path, data, key, low):
    exp = write(tmp_path / "e.yaml", data)
    with pytest.raises(ConfigError) as err:
        load_config(exp)
    assert str(err.value).startswith(f"{exp}: '{key}' must be >= {low}, got ")
    with pytest.raises(ConfigError, match="^command line: 'learner.threads' must be >= 0"):
        load_config(None, ["learner.threads=-2"])


def test_missing_file_and_missing_parent(tmp_path):
    with pytest.raises(ConfigError, match="config file not found: .*nope.yaml"):
        load_config(tmp_path / "nope.yaml")
    exp = write(tmp_path / "e.yaml", {"defaults": ["gone.yaml"]})
    with pytest.raises(ConfigError, match=r"e\.yaml: defaults: config file not found: gone\.yaml"):
        load_config(exp)


def test_cycle_in_defaults_is_an_error(tmp_path):
    write(tmp_path / "a.yaml", {"defaults": ["b.yaml"]})
    write(tmp_path / "b.yaml", {"defaults": ["a.yaml"]})
    with pytest.raises(ConfigError, match="cycle in defaults: a.yaml -> b.yaml -> a.yaml"):
        load_config(tmp_path / "a.yaml")


def test_invalid_yaml_reports_line(tmp_path):
    exp = write(tmp_path / "e.yaml", "learner:\n  lr: [1,\n")
    with pytest.raises(ConfigError, match=r"e\.yaml: invalid YAML \(line \d+"):
        load_config(exp)


def test_malformed_override():
    with pytest.raises(ConfigError, match="not of the form key.path=value"):
        load_config(None, ["learner.lr"])


def test_parent_resolves_from_config_root(tmp_path):
    # A user's experiment outside the repo can still inherit the shipped base.
    exp = write(tmp_path / "e.yaml", {"defaults": ["base.yaml", "models/tiny.yaml"]})
    cfg = load_config(exp)
    assert cfg.model.name == "tiny"


@settings(max_examples=50, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["lr", "weight_decay", "grad_clip"]),
        st.floats(1e-9, 10, allow_nan=False),
        min_size=1,
    ),
    st.dictionaries(
        st.sampled_from(["lr", "weight_decay", "grad_clip"]),
        st.floats(1e-9, 10, allow_nan=False),
    ),
)
def test_merge_property_later_wins(tmp_path_factory, first, second):
    d = tmp_path_factory.mktemp("m")
    write(d / "a.yaml", {"learner": first})
    write(d / "b.yaml", {"defaults": ["a.yaml"], "learner": second})
    merged, _ = load_raw(d / "b.yaml")
    assert merged["learner"] == {**first, **second}
    cfg = load_config(d / "b.yaml")
    for k, v in {**first, **second}.items():
        assert getattr(cfg.learner, k) == pytest.approx(v)


def test_cli_config_show_prints_typed_merge():
    exp = CONFIG_ROOT / "experiments" / "quickstart.yaml"
    out = subprocess.run(
        [sys.executable, "-m", "golf_ray.cli", "config", "show", str(exp), "learner.lr=3e-6"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    shown = yaml.safe_load(out)
    assert shown["learner"]["lr"] == 3e-6
    assert shown["name"] == "quickstart"
    assert set(shown) >= {"model", "rollout", "sandbox", "learner", "algorithm", "reward", "ray"}


def test_cli_config_show_bad_key_exits_nonzero_one_line():
    exp = CONFIG_ROOT / "experiments" / "quickstart.yaml"
    proc = subprocess.run(
        [sys.executable, "-m", "golf_ray.cli", "config", "show", str(exp), "learner.lrr=1"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0
    assert "learner.lrr" in proc.stderr and "did you mean 'learner.lr'" in proc.stderr


@pytest.mark.parametrize("loss_type", ["gspo", "dr_grpo"])
def test_cli_config_show_accepts_the_frontier_knobs(loss_type):
    """Issue 21's acceptance line, and a wrong value of it as one line."""
    exp = CONFIG_ROOT / "experiments" / "quickstart.yaml"
    knobs = [
        "algorithm.dynamic_sampling=true",
        f"algorithm.loss_type={loss_type}",
        "rollout.async_steps=2",
        "algorithm.tis_cap=2.0",
    ]
    cmd = [sys.executable, "-m", "golf_ray.cli", "config", "show", str(exp)]
    out = subprocess.run([*cmd, *knobs], capture_output=True, text=True, check=True).stdout
    shown = yaml.safe_load(out)
    assert shown["algorithm"]["loss_type"] == loss_type
    assert shown["algorithm"]["dynamic_sampling"] is True
    assert shown["algorithm"]["tis_cap"] == 2.0 and shown["rollout"]["async_steps"] == 2
    bad = subprocess.run(
        [*cmd, *knobs, f"algorithm.loss_type={loss_type}x"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and bad.stderr.strip().count("\n") == 0
    assert "'algorithm.loss_type' must be one of grpo, dr_grpo, gspo, dapo" in bad.stderr
    assert f"did you mean '{loss_type}'" in bad.stderr
