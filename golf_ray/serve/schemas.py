"""Request and response models of the HTTP API (pydantic; they make the OpenAPI document).

Hard caps live in the schema (grid sides 1..30, cells ints 0..9, example and program counts), so
a malformed or huge request is a 422 before any work; the config's tighter limits (samples,
tokens, cells per request) are checked by the ingress with the same error shape.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StrictInt,
    Tag,
    model_validator,
)

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
    """Without a key only `status`; with one also the model's local path, the engine (its
    replica's pid) and the sandbox (backend, replica and worker pids, container id, isolation)."""

    status: str
    model: str | None = None
    engine: dict[str, Any] | None = None
    sandbox: dict[str, Any] | None = None


class ErrorBody(BaseModel):
    """OpenAI's error object (message, type, param, code) plus our validation details."""

    message: str
    type: str
    param: str | None = None  # the request field at fault
    code: str | None = None
    details: list[dict[str, Any]] | None = None


class ErrorResponse(BaseModel):
    error: ErrorBody


# --------------------------------------------------------------------------- OpenAI-compatible
# The subset of OpenAI's completions and chat completions APIs that a policy served here can
# honour. Fields clients send routinely but that change nothing here (user, metadata, store, ...)
# are ignored; fields asking for something the engine cannot do are a 422, not silently dropped.

MAX_MESSAGES = 64
MAX_STOPS = 8
Stop = Annotated[Text, Field(min_length=1, max_length=64)]
_UNSUPPORTED = (
    "tools",
    "functions",
    "logprobs",
    "top_logprobs",
    "echo",
    "best_of",
    "suffix",
    "logit_bias",
    "presence_penalty",
    "frequency_penalty",
)


class StreamOptions(BaseModel):
    include_usage: bool = False


class OpenAIRequest(BaseModel):
    model_config = ConfigDict(extra="ignore")

    model: Text = Field(max_length=1000, description="the name GET /v1/models lists")
    max_tokens: int | None = Field(None, ge=1, le=4096, description="default: limits.max_tokens")
    temperature: float = Field(1.0, ge=0.0, le=2.0, description="0: greedy")
    top_p: float = Field(1.0, gt=0.0, le=1.0)
    n: int = Field(1, ge=1, le=64)
    stop: Stop | Annotated[list[Stop], Field(max_length=MAX_STOPS)] | None = None
    seed: int | None = Field(None, ge=0, le=2**31 - 1)
    stream: bool = False
    stream_options: StreamOptions | None = None

    @model_validator(mode="before")
    @classmethod
    def _supported(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for name in _UNSUPPORTED:
                if data.get(name):
                    raise ValueError(f"{name} is not supported by this server")
            fmt = data.get("response_format")
            if fmt and fmt != {"type": "text"}:
                raise ValueError("response_format: only {'type': 'text'} is supported")
        return data

    @property
    def stops(self) -> tuple[str, ...]:
        return (self.stop,) if isinstance(self.stop, str) else tuple(self.stop or ())


class CompletionRequest(OpenAIRequest):
    prompt: (
        Annotated[Text, Field(min_length=1, max_length=MAX_PROMPT_CHARS)]
        | Annotated[
            list[Annotated[Text, Field(min_length=1, max_length=MAX_PROMPT_CHARS)]],
            Field(min_length=1, max_length=8),
        ]
    ) = Field(description="continued as is (no chat template); a list gets n choices each")

    @property
    def prompts(self) -> list[str]:
        return [self.prompt] if isinstance(self.prompt, str) else list(self.prompt)


class TextPart(BaseModel):
    type: Literal["text"]
    text: Text = Field(max_length=MAX_PROMPT_CHARS)


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="ignore")  # e.g. `name`

    role: Literal["system", "developer", "user", "assistant"]
    content: (
        Annotated[Text, Field(max_length=MAX_PROMPT_CHARS)]
        | Annotated[list[TextPart], Field(min_length=1, max_length=MAX_MESSAGES)]
    )

    def as_dict(self) -> dict[str, str]:
        """For the chat template: text parts joined, `developer` (OpenAI's newer name for
        system) as `system`, which is what templates know."""
        content = self.content
        text = content if isinstance(content, str) else "".join(p.text for p in content)
        return {"role": "system" if self.role == "developer" else self.role, "content": text}


class ChatCompletionRequest(OpenAIRequest):
    messages: list[ChatMessage] = Field(min_length=1, max_length=MAX_MESSAGES)
    max_completion_tokens: int | None = Field(None, ge=1, le=4096, description="= max_tokens")


class Usage(BaseModel):
    prompt_tokens: int
    completion_tokens: int
    total_tokens: int


class ModelCard(BaseModel):
    id: str
    object: Literal["model"] = "model"
    created: int
    owned_by: str = "golf-ray"


class ModelList(BaseModel):
    object: Literal["list"] = "list"
    data: list[ModelCard]


class CompletionChoice(BaseModel):
    index: int
    text: str
    finish_reason: Literal["stop", "length"] | None
    logprobs: None = None


class TextCompletion(BaseModel):
    id: str
    object: Literal["text_completion"] = "text_completion"
    created: int
    model: str
    choices: list[CompletionChoice]
    usage: Usage | None = None


class AssistantMessage(BaseModel):
    role: Literal["assistant"] = "assistant"
    content: str


class ChatChoice(BaseModel):
    index: int
    message: AssistantMessage
    finish_reason: Literal["stop", "length"]
    logprobs: None = None


class ChatCompletion(BaseModel):
    id: str
    object: Literal["chat.completion"] = "chat.completion"
    created: int
    model: str
    choices: list[ChatChoice]
    usage: Usage


class Delta(BaseModel):
    role: Literal["assistant"] | None = None
    content: str | None = None


class ChunkChoice(BaseModel):
    index: int
    delta: Delta
    finish_reason: Literal["stop", "length"] | None = None
    logprobs: None = None


class ChatCompletionChunk(BaseModel):
    id: str
    object: Literal["chat.completion.chunk"] = "chat.completion.chunk"
    created: int
    model: str
    choices: list[ChunkChoice]
    usage: Usage | None = None
