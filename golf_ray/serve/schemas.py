"""Request and response models of the HTTP API (pydantic; they make the OpenAPI document).

Hard caps live in the schema (grid sides 1..30, cells ints 0..9, example and program counts), so
a malformed or huge request is a 422 before any work; the config's tighter limits (samples,
tokens, cells per request) are checked by the ingress with the same error shape.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Discriminator, Field, StrictInt, Tag

from golf_ray.tasks import MAX_SIDE
from golf_ray.tasks.functions import entry_point_of

Cell = Annotated[StrictInt, Field(ge=0, le=9)]
Row = Annotated[list[Cell], Field(min_length=1, max_length=MAX_SIDE)]


def _rectangular(grid: list[list[int]]) -> list[list[int]]:
    width = len(grid[0])
    for i, row in enumerate(grid):
        if len(row) != width:
            raise ValueError(
                f"grid must be rectangular: row {i} has {len(row)} cells, row 0 has {width}"
            )
    return grid


Grid = Annotated[
    list[Row],
    Field(
        min_length=1,
        max_length=MAX_SIDE,
        description=f"rows of equal length; 1..{MAX_SIDE} rows and columns; cells are ints 0..9",
    ),
    AfterValidator(_rectangular),
]

MAX_EXAMPLES = 10
MAX_PROGRAM_CHARS = 10_000
MAX_PROMPT_CHARS = 100_000
MAX_TESTS = 50


def _utf8(text: str) -> str:
    try:  # JSON can carry lone surrogates ("\ud800"); nothing downstream can encode them
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("must be valid UTF-8 text (no lone surrogates)") from None
    return text


Text = Annotated[str, AfterValidator(_utf8)]
Program = Annotated[Text, Field(max_length=MAX_PROGRAM_CHARS)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GridExample(Strict):
    input: Grid
    output: Grid


class GolfTask(Strict):
    """A Code Golf task: train examples are shown to the model; every example judges."""

    train: list[GridExample] = Field(min_length=1, max_length=MAX_EXAMPLES)
    test: list[GridExample] = Field(default_factory=list, max_length=MAX_EXAMPLES)


class SamplingParams(Strict):
    samples: int = Field(4, ge=1, le=64, description="k programs sampled")
    temperature: float = Field(0.8, ge=0.0, le=2.0)
    top_p: float = Field(1.0, gt=0.0, le=1.0)
    max_tokens: int = Field(256, ge=1, le=4096, description="per sample")
    seed: int | None = Field(None, ge=0, le=2**31 - 1)
    greedy: bool = False


class GolfSolveRequest(SamplingParams):
    kind: Literal["golf"] = "golf"
    task: GolfTask
    programs: list[Program] = Field(
        default_factory=list,
        max_length=16,
        description="extra candidate programs judged alongside the samples",
    )


def _compiles(tests: list[str]) -> list[str]:
    for i, test in enumerate(tests):
        try:  # compiling runs nothing; CPython bounds constant folding, so this is cheap
            compile(test, "<test>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError) as e:
            raise ValueError(f"test {i} is not valid Python: {getattr(e, 'msg', e)}") from None
    return tests


def _defines_function(signature: str) -> str:
    if entry_point_of(signature) is None:
        raise ValueError("must contain 'def NAME('")
    return signature


class FunctionProblemIn(Strict):
    """A function to write, judged by assert-style tests (each run in isolation)."""

    description: Text = Field(min_length=1, max_length=MAX_PROMPT_CHARS)
    function_signature: Annotated[
        Text, Field(min_length=1, max_length=MAX_PROGRAM_CHARS), AfterValidator(_defines_function)
    ]
    tests: Annotated[
        list[Annotated[Text, Field(min_length=1, max_length=MAX_PROGRAM_CHARS)]],
        Field(min_length=1, max_length=MAX_TESTS),
        AfterValidator(_compiles),
    ]


class FunctionSolveRequest(SamplingParams):
    kind: Literal["function"]
    problem: FunctionProblemIn
    programs: list[Program] = Field(
        default_factory=list,
        max_length=16,
        description="extra candidate programs tested alongside the samples",
    )


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("kind", "golf"))
    return getattr(value, "kind", "golf")


SolveRequest = Annotated[
    Annotated[GolfSolveRequest, Tag("golf")] | Annotated[FunctionSolveRequest, Tag("function")],
    Discriminator(
        _kind,
        custom_error_type="invalid_kind",
        custom_error_message="kind must be 'golf' (the default) or 'function'",
    ),
]


class GenerateRequest(SamplingParams):
    prompt: Text = Field(min_length=1, max_length=MAX_PROMPT_CHARS)
    chat: bool = Field(True, description="wrap the prompt in the model's chat template")
    system: Text | None = Field(None, max_length=MAX_PROMPT_CHARS)
    stop: list[Annotated[Text, Field(min_length=1, max_length=64)]] = Field(
        default_factory=list, max_length=8
    )
    samples: int = Field(1, ge=1, le=64)


class VerdictOut(BaseModel):
    correct: bool
    passed: int
    total: int
    first_failure: int | None
    error: str | None
    message: str
    bytes: int
    points: float
    elapsed_s: float


class FunctionVerdictOut(BaseModel):
    passed: list[bool]  # per test
    errors: list[str | None]
    error: str | None  # program-level (syntax, exception, sandbox)
    elapsed_s: float
    pass_rate: float


class CandidateOut(BaseModel):
    source: Literal["sample", "given"]
    program: str | None
    syntax_error: str | None
    correct: bool  # golf: every example right; function: every test passed
    bytes: int | None
    verdict: VerdictOut | FunctionVerdictOut | None


class SolveResponse(BaseModel):
    kind: Literal["golf", "function"]
    correct: bool
    best: CandidateOut | None  # correct first, then most passed, then fewest bytes
    bytes: int | None
    points: float | None  # golf points of the best (golf only)
    samples: int
    n_correct: int
    prompt_tokens: int
    candidates: list[CandidateOut]
    seconds: float


class CompletionOut(BaseModel):
    text: str
    finish_reason: str
    tokens: int


class GenerateResponse(BaseModel):
    completions: list[CompletionOut]
    prompt_tokens: int
    seconds: float


class HealthResponse(BaseModel):
    status: str
    model: str
    engine: dict[str, Any]
    sandbox: dict[str, Any]


class ErrorBody(BaseModel):
    type: str
    message: str
    details: list[dict[str, Any]] | None = None


class ErrorResponse(BaseModel):
    error: ErrorBody
