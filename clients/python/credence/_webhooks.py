"""Checks a webhook delivery's X-Service-Signature header.

``t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">``, keyed by the endpoint's secret
(``whsec_`` included). Computed over the raw bytes, compared in constant time; a header may carry
several v1 values (during a secret rotation) and any one matching is enough.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from typing import Optional, Union, cast

from ._errors import SignatureVerificationError
from ._types import Event

SIGNATURE_HEADER = "X-Service-Signature"
_HEX64 = re.compile(r"^[0-9a-fA-F]{64}$")


def construct_event(
    raw_body: Union[bytes, str],
    signature_header: Optional[str],
    secret: str,
    tolerance: int = 300,
    now: Optional[float] = None,
) -> Event:
    """The event of a delivery whose signature checks out; raises SignatureVerificationError otherwise.

    ``raw_body`` must be the bytes received, before any JSON parsing.
    """
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    timestamp: Optional[int] = None
    signatures = []
    for part in (signature_header or "").split(","):
        key, _, value = part.strip().partition("=")
        if key == "t" and value.isdigit():
            timestamp = int(value)
        elif key == "v1" and _HEX64.match(value):
            signatures.append(value.lower())
    if timestamp is None or not signatures:
        raise SignatureVerificationError("malformed_header", f"{SIGNATURE_HEADER} must read t=<seconds>,v1=<hex>")
    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance:
        raise SignatureVerificationError(
            "timestamp_out_of_tolerance",
            f"the signature's timestamp is more than {tolerance} s from now (replayed or clock skew)",
        )
    expected = _digest(body, secret, timestamp)
    if not any(hmac.compare_digest(given, expected) for given in signatures):
        raise SignatureVerificationError("signature_mismatch", "no v1 signature matches this body and secret")
    try:
        return cast(Event, json.loads(body.decode("utf-8")))
    except ValueError as error:
        raise SignatureVerificationError("invalid_payload", "the signed body is not JSON") from error


def generate_test_header(raw_body: Union[bytes, str], secret: str, timestamp: Optional[int] = None) -> str:
    """A header for a body, for tests of your own receiver."""
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    t = int(time.time()) if timestamp is None else timestamp
    return f"t={t},v1={_digest(body, secret, t)}"


def _digest(body: bytes, secret: str, timestamp: int) -> str:
    return hmac.new(secret.encode("utf-8"), str(timestamp).encode("ascii") + b"." + body, hashlib.sha256).hexdigest()
