"""golf-ray: distributed RL that trains language models to write short, correct Python programs."""

import sys
from importlib.abc import MetaPathFinder
from importlib.util import spec_from_file_location
from pathlib import Path

__version__ = "0.1.0"

# The repository keeps actors/, learner/, sandbox_image/ and tune_configs/ beside golf_ray/; an
# install maps them to golf_ray.actors, ... (pyproject's package-dir), so site-packages gets one
# package. Run from a checkout (a pyproject.toml beside golf_ray/), this finder gives the same
# names, so tests, Ray workers and `ray job submit --working-dir .` need no install step.
SIBLINGS = ("actors", "learner", "sandbox_image", "tune_configs")
_ROOT = Path(__file__).resolve().parent.parent


class _CheckoutFinder(MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        package, _, name = fullname.partition(".")
        if package != __name__ or name not in SIBLINGS:
            return None
        folder = _ROOT / name
        return spec_from_file_location(
            fullname, folder / "__init__.py", submodule_search_locations=[str(folder)]
        )


if (_ROOT / "pyproject.toml").is_file() and not (_ROOT / __name__ / "actors").exists():
    # first, so a checkout never mixes with an editable install of another tree
    sys.meta_path.insert(0, _CheckoutFinder())
