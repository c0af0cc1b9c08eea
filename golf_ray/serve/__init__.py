"""`golf-ray serve`: a Ray Serve application that generates and solves over HTTP.

config.py (ServeConfig, API keys) · limits.py (token buckets) · schemas.py (pydantic models,
the OpenAPI document) · guard.py (key, body size and rate checks before routing) ·
deployments.py (rollout, sandbox, rate limiter) · api.py (the FastAPI ingress and its routes) ·
server.py (build the app, start it, `golf-ray serve`).
"""
