"""The guard in front of every protected route: API key (401), body size (413) and the key's
token bucket (429), in that order, before routing and body parsing — so a request without a key
or with a huge body costs nothing, and a chunked body cannot grow past the limit either.
"""

from __future__ import annotations

import hmac
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fastapi.responses import JSONResponse

from golf_ray.serve.config import key_digest

# No key needed; /v1/health shows its details only to a valid key (Guard.check_key).
PUBLIC_PATHS = ("/v1/health",)


def error_response(
    status: int,
    type_: str,
    message: str,
    details: list | None = None,
    headers: dict | None = None,
    param: str | None = None,
    code: str | None = None,
) -> JSONResponse:
    """Every error of the API: OpenAI's shape (message, type, param, code), so OpenAI clients
    raise their matching exceptions, plus validation details."""
    body: dict[str, Any] = {"message": message, "type": type_, "param": param, "code": code}
    if details is not None:
        body["details"] = details
    return JSONResponse({"error": body}, status_code=status, headers=headers)


@dataclass
class Guard:
    """What the guard middleware needs; set on `app.state` by each ingress replica."""

    key_digests: frozenset[str]
    auth_enabled: bool
    max_body_bytes: int
    limiter: Any  # DeploymentHandle of RateLimiterServer

    def check_key(self, headers: Mapping[str, str]) -> tuple[str, bool]:
        """(the request key's digest, whether it may pass): any key when auth is off.
        `headers` are looked up by lowercase name."""
        key = headers.get("x-api-key") or _bearer(headers.get("authorization", ""))
        digest = key_digest(key) if key else ""
        ok = not self.auth_enabled or any(hmac.compare_digest(digest, d) for d in self.key_digests)
        return digest, ok


class GuardMiddleware:
    """Auth, body size and rate limit, in that order, before routing and body parsing."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path = scope["path"]
        root = scope.get("root_path", "")
        if root and path.startswith(root):
            path = path[len(root) :]
        if not path.startswith("/v1/") or path in PUBLIC_PATHS:
            return await self.app(scope, receive, send)
        guard: Guard | None = getattr(scope["app"].state, "guard", None)
        refused, receive = await self._check(guard, scope, receive)
        if refused is not None:
            return await refused(scope, receive, send)
        return await self.app(scope, receive, send)

    async def _check(self, guard: Guard | None, scope, receive):
        if guard is None:
            return error_response(503, "unavailable", "server is starting"), receive
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        digest, ok = guard.check_key(headers)
        if not ok:
            why = "unknown API key" if digest else "missing API key (Authorization: Bearer KEY)"
            refused = error_response(
                401, "unauthorized", why, headers=_AUTH_HEADER, code="invalid_api_key"
            )
            return refused, receive
        if not guard.auth_enabled:
            digest = "client:" + str((scope.get("client") or ("?",))[0])
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > guard.max_body_bytes):
            return _too_large(guard.max_body_bytes, length), receive
        try:
            wait = await guard.limiter.take.remote(digest)
        except Exception as e:  # the limiter replica is down or restarting
            message = f"rate limiter unavailable: {type(e).__name__}"
            retry = {"Retry-After": "5"}
            return error_response(503, "unavailable", message, headers=retry), receive
        if wait > 0:
            message = f"rate limit exceeded; retry in {wait:.1f} s"
            retry = {"Retry-After": str(max(1, math.ceil(wait)))}
            refused = error_response(
                429, "rate_limited", message, headers=retry, code="rate_limit_exceeded"
            )
            return refused, receive
        # Read the body here, counting, so a chunked body cannot grow past the limit either.
        chunks, size = [], 0
        while True:
            event = await receive()
            if event["type"] != "http.request":  # the client went away
                break
            size += len(event.get("body", b""))
            if size > guard.max_body_bytes:
                return _too_large(guard.max_body_bytes, None), receive
            chunks.append(event.get("body", b""))
            if not event.get("more_body", False):
                break
        body, sent = b"".join(chunks), False

        async def replay():
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        return None, replay


_AUTH_HEADER = {"WWW-Authenticate": "Bearer"}


def _bearer(value: str) -> str:
    scheme, _, token = value.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def _too_large(limit: int, length: str | None) -> JSONResponse:
    got = f" (Content-Length {length[:20]})" if length else ""
    return error_response(413, "body_too_large", f"request body over {limit} bytes{got}")
