"""The official Python client of the Credence document-verification API (/v1). Standard library only."""
from __future__ import annotations

from typing import Any, Optional

from . import _types as types
from ._client import Credence
from ._errors import (
    AuthenticationError,
    ConflictError,
    ConnectionError,
    CredenceError,
    InvalidRequestError,
    NotFoundError,
    PermissionError,
    RateLimitError,
    ServerError,
    SignatureVerificationError,
)
from ._http import VERSION, ResponseMeta, backoff
from ._pagination import Page
from ._webhooks import SIGNATURE_HEADER, construct_event, generate_test_header


class webhooks:  # noqa: N801 - a namespace, as in ``credence.webhooks.construct_event(...)``
    construct_event = staticmethod(construct_event)
    generate_test_header = staticmethod(generate_test_header)
    SIGNATURE_HEADER = SIGNATURE_HEADER


def response_of(result: Any) -> Optional[ResponseMeta]:
    """The HTTP answer behind a result (status, headers, request id, replayed, attempts)."""
    return getattr(result, "last_response", None)


__version__ = VERSION
__all__ = [
    "AuthenticationError",
    "ConflictError",
    "ConnectionError",
    "Credence",
    "CredenceError",
    "InvalidRequestError",
    "NotFoundError",
    "Page",
    "PermissionError",
    "RateLimitError",
    "ResponseMeta",
    "ServerError",
    "SignatureVerificationError",
    "backoff",
    "construct_event",
    "generate_test_header",
    "response_of",
    "types",
    "webhooks",
]
