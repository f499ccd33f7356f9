"""Typed errors: the API answers every failure with {"error": {code, message, request_id, docs_url}}.

The class follows the HTTP status so callers can catch a family; ``code`` stays the precise reason.
"""
from __future__ import annotations

import email.utils
import time
from typing import Any, Mapping, Optional


class CredenceError(Exception):
    """Base class: ``code``, ``message``, ``status`` (None without an answer) and ``request_id``."""

    def __init__(
        self,
        message: str,
        *,
        code: str,
        status: Optional[int] = None,
        request_id: Optional[str] = None,
        docs_url: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.request_id = request_id
        self.docs_url = docs_url
        self.headers = dict(headers or {})

    def __str__(self) -> str:
        where = f" (request {self.request_id})" if self.request_id else ""
        return f"{self.code}: {self.message}{where}"


class InvalidRequestError(CredenceError):
    """400, 413, 415: the request must change."""


class AuthenticationError(CredenceError):
    """401: missing, unknown, revoked or expired token."""


class PermissionError(CredenceError):  # noqa: A001 - the API's name for 403
    """403: the token lacks a scope, or the plan lacks the feature."""


class NotFoundError(CredenceError):
    """404: unknown, or another account's (existence is never revealed)."""


class ConflictError(CredenceError):
    """409: the Idempotency-Key was used with a different request."""


class RateLimitError(CredenceError):
    """429 after the retries (or with a wait longer than allowed); ``retry_after`` in seconds."""

    def __init__(self, message: str, *, retry_after: Optional[float] = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.retry_after = retry_after


class ServerError(CredenceError):
    """5xx (engine_busy, internal_error, ...) after the retries."""


class ConnectionError(CredenceError):  # noqa: A001 - no answer at all
    """No answer: refused or dropped connection, DNS failure, timeout."""


class SignatureVerificationError(Exception):
    """A webhook's X-Service-Signature does not check out (or the body is not an event)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def retry_after_seconds(headers: Mapping[str, str]) -> Optional[float]:
    value = _header(headers, "retry-after")
    if value is None:
        return None
    value = value.strip()
    try:
        return float(value)
    except ValueError:
        pass
    parsed = email.utils.parsedate_to_datetime(value) if value else None
    return max(0.0, parsed.timestamp() - time.time()) if parsed else None


def error_from_response(status: int, headers: Mapping[str, str], body: Any) -> CredenceError:
    error = body.get("error") if isinstance(body, dict) else None
    error = error if isinstance(error, dict) else {}
    code = error.get("code") if isinstance(error.get("code"), str) else f"http_{status}"
    message = error.get("message") if isinstance(error.get("message"), str) else f"HTTP {status} without an error body"
    kwargs: Any = {
        "code": code,
        "status": status,
        "request_id": error.get("request_id") or _header(headers, "x-request-id"),
        "docs_url": error.get("docs_url"),
        "headers": headers,
    }
    if status == 429:
        return RateLimitError(message, retry_after=retry_after_seconds(headers), **kwargs)
    cls = {401: AuthenticationError, 403: PermissionError, 404: NotFoundError, 409: ConflictError}.get(status)
    if cls is None:
        cls = ServerError if status >= 500 else InvalidRequestError
    return cls(message, **kwargs)


def _header(headers: Mapping[str, str], name: str) -> Optional[str]:
    for key, value in headers.items():
        if key.lower() == name:
            return value
    return None
