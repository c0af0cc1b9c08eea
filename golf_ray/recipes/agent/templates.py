"""The three episode templates (from the design) and success rates per template.

A template is an action sequence with the test outcomes it expects:

- `direct`:   generate → test (pass) → stop
- `debug`:    generate → test (fail) → debug → test (pass) → stop
- `search`:   generate → test (fail) → debug → test (fail) → search → debug → test (pass) → stop

Forcing a template's actions on an episode exercises that path with the real model and sandbox;
`classify` says which template a (policy-driven) episode followed, outcomes included.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from golf_ray.recipes.agent.env import Action
from golf_ray.recipes.agent.episodes import Episode

G, T, D, S, X = Action.GENERATE, Action.TEST, Action.DEBUG, Action.SEARCH, Action.STOP


@dataclass(frozen=True)
class Template:
    name: str
    actions: tuple[Action, ...]
    outcomes: tuple[str | None, ...]  # expected outcome per step (tests: pass/fail)

    def forced(self) -> list[int]:
        return [int(a) for a in self.actions]


TEMPLATES: dict[str, Template] = {
    t.name: t
    for t in (
        Template("direct", (G, T, X), (None, "pass", None)),
        Template("debug", (G, T, D, T, X), (None, "fail", None, "pass", None)),
        Template(
            "search",
            (G, T, D, T, S, D, T, X),
            (None, "fail", None, "fail", None, None, "pass", None),
        ),
    )
}


def get_template(name: str) -> Template:
    try:
        return TEMPLATES[name]
    except KeyError:
        raise ValueError(f"unknown template {name!r} (known: {', '.join(TEMPLATES)})") from None


def matches(episode: Episode, template: Template) -> bool:
    """The episode took exactly the template's actions, and its tests came out as expected."""
    actions = [Action[a.upper()] for a in episode.actions]
    if tuple(actions) != template.actions:
        return False
    return all(
        want is None or got == want
        for got, want in zip(episode.outcomes, template.outcomes, strict=True)
    )


def classify(episode: Episode) -> str | None:
    """The template the episode followed, or None."""
    return next((t.name for t in TEMPLATES.values() if matches(episode, t)), None)


def template_report(episodes: Iterable[Episode]) -> dict[str, dict[str, float]]:
    """Per template: episodes run under it (forced), their success rate (final program
    correct), how many followed it exactly (`matched`), and mean return. Policy episodes are
    counted under the template they followed (`followed`), or not at all."""
    report = {
        name: {
            "episodes": 0.0,
            "success_rate": 0.0,
            "matched": 0.0,
            "mean_return": 0.0,
            "followed": 0.0,
        }
        for name in TEMPLATES
    }
    for ep in episodes:
        if ep.template is None:
            name = classify(ep)
            if name is not None:
                report[name]["followed"] += 1
            continue
        row = report[get_template(ep.template).name]
        row["episodes"] += 1
        row["success_rate"] += ep.correct
        row["matched"] += matches(ep, TEMPLATES[ep.template])
        row["mean_return"] += ep.ret
    for row in report.values():
        if row["episodes"]:
            for key in ("success_rate", "matched", "mean_return"):
                row[key] /= row["episodes"]
    return report
