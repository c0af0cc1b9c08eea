"""An install puts one package, golf_ray, into site-packages: the repository's actors/, learner/,
sandbox_image/ and tune_configs/ folders land under it, and a checkout gives them the same names."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import golf_ray
import golf_ray.actors
import golf_ray.tune_configs

REPO = Path(__file__).resolve().parent.parent
FOLDERS = ("golf_ray", *golf_ray.SIBLINGS)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """`pip install --target` of a clean copy (an in-tree build/ could hold stale files)."""
    tmp = tmp_path_factory.mktemp("pkg")
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, src / name)
    for folder in FOLDERS:
        shutil.copytree(REPO / folder, src / folder, ignore=shutil.ignore_patterns("__pycache__"))
    target = tmp / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation"]
        + ["--no-compile", "--target", str(target), str(src)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return target


def test_install_has_one_top_level_package(installed: Path) -> None:
    top = {p.name for p in installed.iterdir() if not p.name.endswith(".dist-info")}
    assert top - {"bin"} == {"golf_ray"}


def test_install_holds_every_package_and_data_file(installed: Path) -> None:
    """pyproject lists packages by hand: a new package folder missing there fails here."""
    for folder in FOLDERS:
        dest = installed / "golf_ray" / ("" if folder == "golf_ray" else folder)
        for init in (REPO / folder).rglob("__init__.py"):
            package = init.parent.relative_to(REPO / folder)
            assert (dest / package / "__init__.py").is_file(), f"{folder}/{package} not installed"
    data = [*(REPO / "tune_configs").rglob("*.yaml"), *(REPO / "sandbox_image").iterdir()]
    for path in data:
        if path.is_file() and path.suffix != ".pyc":
            assert (installed / "golf_ray" / path.relative_to(REPO)).is_file(), path


def test_installed_names_outside_the_checkout(installed: Path, tmp_path: Path) -> None:
    # -I -S: no PYTHONPATH, no site-packages: neither this checkout nor an installed copy is seen
    script = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "import golf_ray.actors.backends.base, golf_ray.learner, golf_ray.sandbox_image.worker\n"
        "import golf_ray.tune_configs\n"
        "print(golf_ray.actors.__file__)\n"
        "try:\n"
        "    import actors\n"
        "except ModuleNotFoundError:\n"
        "    print('no actors')\n"
    )
    out = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script, str(installed)],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.split("\n")
    assert out[0] == str(installed / "golf_ray" / "actors" / "__init__.py")
    assert out[1] == "no actors"


def test_checkout_maps_the_folders_beside_golf_ray() -> None:
    assert Path(golf_ray.actors.__file__).parent == REPO / "actors"
    assert Path(golf_ray.tune_configs.__file__).parent == REPO / "tune_configs"
