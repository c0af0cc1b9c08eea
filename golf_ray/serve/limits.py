"""Per-key rate limiting: a token bucket per API key (pure; the clock is passed in)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class TokenBucket:
    """`rate` tokens per second up to `capacity`; a request takes one token."""

    rate: float
    capacity: float
    tokens: float = field(default=-1.0)
    updated: float = 0.0

    def __post_init__(self):
        if self.tokens < 0:
            self.tokens = self.capacity

    def take(self, now: float) -> float:
        """0.0 when a token was taken, else the seconds until one will be there."""
        self.tokens = min(self.capacity, self.tokens + max(0.0, now - self.updated) * self.rate)
        self.updated = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / self.rate


class RateLimiter:
    """One bucket per key; full buckets are dropped now and then so idle keys cost nothing."""

    def __init__(self, requests_per_minute: float, burst: int, max_keys: int = 100_000):
        self.rate, self.capacity, self.max_keys = requests_per_minute / 60.0, float(burst), max_keys
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, key: str, now: float) -> float:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.max_keys:
                self._forget_full(now)
            bucket = self.buckets[key] = TokenBucket(self.rate, self.capacity, updated=now)
        return bucket.take(now)

    def _forget_full(self, now: float) -> None:
        refill = self.capacity / self.rate
        self.buckets = {k: b for k, b in self.buckets.items() if now - b.updated < refill}
