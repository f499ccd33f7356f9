"""One API call: the request and its retries.

429 (after Retry-After), 5xx and network errors are retried with exponential backoff and full
jitter. A POST carries one UUID4 Idempotency-Key for all its attempts, so a retry after a dropped
answer replays the stored response instead of verifying (and charging) twice.
"""
from __future__ import annotations

import http.client
import json
import os
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass
from typing import Any, Callable, Dict, Mapping, Optional, Tuple

from ._errors import ConnectionError, error_from_response, retry_after_seconds

VERSION = "1.0.0"
DEFAULT_BASE_URL = "https://api.credence.dev"
_BASE_DELAY = 0.5
_MAX_DELAY = 8.0


@dataclass(frozen=True)
class ResponseMeta:
    """What an answer said besides its body (see ``credence.response_of``)."""

    status: int
    headers: Dict[str, str]
    request_id: Optional[str]
    replayed: bool
    """Idempotency-Status: replayed, the stored answer of an earlier attempt."""
    attempts: int


class ApiDict(dict):  # type: ignore[type-arg]
    """A JSON object of the API, with the answer's metadata in ``last_response``."""

    last_response: Optional[ResponseMeta] = None


def backoff(attempt: int) -> float:
    """Exponential backoff with full jitter: uniform in [0, min(cap, base * 2**attempt)], at least 50 ms."""
    return max(0.05, random.uniform(0, min(_MAX_DELAY, _BASE_DELAY * 2**attempt)))


Body = Tuple[bytes, str]  # (bytes, content type)


class Transport:
    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        max_retries: int = 3,
        timeout: float = 60.0,
        max_retry_after: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        key = api_key or os.environ.get("CREDENCE_API_KEY")
        if not key:
            raise ValueError("Credence: pass api_key or set CREDENCE_API_KEY (svc_test_sk_... or svc_live_sk_...)")
        self.api_key = key
        self.base_url = (base_url or os.environ.get("CREDENCE_API_URL") or DEFAULT_BASE_URL).rstrip("/")
        self.max_retries = max_retries
        self.timeout = timeout
        self.max_retry_after = max_retry_after
        self._sleep = sleep

    def request(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        body: Optional[Body] = None,
        idempotent: bool = False,
        idempotency_key: Optional[str] = None,
        max_retries: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> ApiDict:
        url = self.base_url + path
        params = {k: _query_value(v) for k, v in (query or {}).items() if v is not None}
        if params:
            url += "?" + urllib.parse.urlencode(params)
        headers = {
            "Authorization": f"Bearer {self.api_key}",
            "Accept": "application/json",
            "User-Agent": f"credence-python/{VERSION}",
        }
        if method == "POST":
            headers["Idempotency-Key"] = idempotency_key or str(uuid.uuid4())
        data = None
        if body is not None:
            data, headers["Content-Type"] = body
        elif method == "POST":
            data = b""
        safe_to_repeat = method != "POST" or idempotent
        retries = self.max_retries if max_retries is None else max_retries

        attempt = 0
        while True:
            retries_left = attempt < retries
            request = urllib.request.Request(url, data=data, headers=headers, method=method)
            try:
                with urllib.request.urlopen(request, timeout=timeout or self.timeout) as response:
                    status, answer_headers, raw = response.status, dict(response.headers.items()), response.read()
            except urllib.error.HTTPError as error:
                status, answer_headers, raw = error.code, dict(error.headers.items()), error.read()
            except (urllib.error.URLError, http.client.HTTPException, socket.timeout, OSError) as error:
                if retries_left and safe_to_repeat:
                    self._sleep(backoff(attempt))
                    attempt += 1
                    continue
                reason = getattr(error, "reason", error)
                raise ConnectionError(
                    f"Credence: no answer from {method} {path}: {reason!r}", code="connection_error"
                ) from error

            parsed = _parse(raw)
            if 200 <= status < 300:
                return _with_meta(parsed, status, answer_headers, attempt + 1)
            error = error_from_response(status, answer_headers, parsed)
            wait = self._retry_delay(status, answer_headers, attempt, safe_to_repeat)
            if not retries_left or wait is None:
                raise error
            self._sleep(wait)
            attempt += 1

    def _retry_delay(self, status: int, headers: Mapping[str, str], attempt: int, safe: bool) -> Optional[float]:
        # 429 and 503 are refusals before any work; other 5xx may follow work, so only repeatable calls.
        if status not in (429, 503) and not (status >= 500 and safe):
            return None
        retry_after = retry_after_seconds(headers)
        if retry_after is None:
            return backoff(attempt)
        if retry_after > self.max_retry_after:
            return None
        # Never earlier than asked; a little jitter spreads clients that were refused together.
        return retry_after + random.uniform(0, 0.25)


def json_body(payload: Mapping[str, Any]) -> Body:
    return json.dumps({k: v for k, v in payload.items() if v is not None}).encode("utf-8"), "application/json"


def _query_value(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _parse(raw: bytes) -> Any:
    if not raw:
        return None
    try:
        return json.loads(raw.decode("utf-8"))
    except ValueError:
        return None


def _with_meta(parsed: Any, status: int, headers: Dict[str, str], attempts: int) -> ApiDict:
    result = ApiDict(parsed if isinstance(parsed, dict) else {})
    lower = {k.lower(): v for k, v in headers.items()}
    result.last_response = ResponseMeta(
        status=status,
        headers=headers,
        request_id=lower.get("x-request-id"),
        replayed=lower.get("idempotency-status") == "replayed",
        attempts=attempts,
    )
    return result
