"""The client: one attribute per resource of /v1, each method one endpoint (docs/api/reference.md)."""
from __future__ import annotations

import urllib.parse
from typing import Any, Dict, List, Optional, cast

from . import _types as t
from ._http import ApiDict, Transport, json_body
from ._pagination import Page
from ._upload import FileInput, multipart, read_file
from ._webhooks import construct_event, generate_test_header


def _id(value: str) -> str:
    return urllib.parse.quote(value, safe="")


class _Resource:
    def __init__(self, http: Transport) -> None:
        self._http = http

    def _list(self, path: str, params: Dict[str, Any]) -> Page[Any]:
        def fetch(starting_after: Optional[str]) -> ApiDict:
            query = dict(params, starting_after=starting_after) if starting_after else params
            return self._http.request("GET", path, query=query)

        return Page(fetch(None), fetch)


class Verifications(_Resource):
    def create(
        self,
        *,
        file: Optional[FileInput] = None,
        file_name: Optional[str] = None,
        content_type: Optional[str] = None,
        document_base64: Optional[str] = None,
        document_url: Optional[str] = None,
        mode: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> t.Verification:
        """POST /v1/verifications: ``file`` (path, bytes or binary file) as multipart, or
        ``document_base64`` + ``content_type``, or ``document_url``. Retried safely with one key."""
        if file is not None:
            content, name = read_file(file, file_name)
            body = multipart(content, name, content_type, {"mode": mode})
        else:
            body = json_body(
                {
                    "document_base64": document_base64,
                    "content_type": content_type,
                    "document_url": document_url,
                    "mode": mode,
                    "file_name": file_name,
                }
            )
        answer = self._http.request(
            "POST", "/v1/verifications", body=body, idempotent=True, idempotency_key=idempotency_key
        )
        return cast(t.Verification, answer)

    def retrieve(self, verification_id: str) -> t.Verification:
        """GET /v1/verifications/{id}"""
        return cast(t.Verification, self._http.request("GET", f"/v1/verifications/{_id(verification_id)}"))

    def list(
        self, *, limit: Optional[int] = None, starting_after: Optional[str] = None, verdict: Optional[t.Verdict] = None
    ) -> Page[t.Verification]:
        """GET /v1/verifications: the first page; iterate it for every verification, newest first."""
        return self._list("/v1/verifications", {"limit": limit, "starting_after": starting_after, "verdict": verdict})


class Batches(_Resource):
    def create(
        self, *, documents: List[Dict[str, Any]], mode: Optional[str] = None, idempotency_key: Optional[str] = None
    ) -> t.Batch:
        """POST /v1/verifications/batch (Business plan): answers 202 at once with the batch."""
        answer = self._http.request(
            "POST",
            "/v1/verifications/batch",
            body=json_body({"documents": documents, "mode": mode}),
            idempotent=True,
            idempotency_key=idempotency_key,
        )
        return cast(t.Batch, answer)

    def retrieve(self, batch_id: str) -> t.Batch:
        """GET /v1/batches/{id}"""
        return cast(t.Batch, self._http.request("GET", f"/v1/batches/{_id(batch_id)}"))


class Deliveries(_Resource):
    def list(
        self,
        endpoint_id: str,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        status: Optional[str] = None,
    ) -> Page[t.WebhookDelivery]:
        """GET /v1/webhooks/{id}/deliveries"""
        path = f"/v1/webhooks/{_id(endpoint_id)}/deliveries"
        return self._list(path, {"limit": limit, "starting_after": starting_after, "status": status})

    def replay(self, endpoint_id: str, delivery_id: str) -> t.WebhookDelivery:
        """POST /v1/webhooks/{id}/deliveries/{delivery_id}/replay: a new delivery of the same event."""
        path = f"/v1/webhooks/{_id(endpoint_id)}/deliveries/{_id(delivery_id)}/replay"
        return cast(t.WebhookDelivery, self._http.request("POST", path))


class WebhookEndpoints(_Resource):
    def __init__(self, http: Transport) -> None:
        super().__init__(http)
        self.deliveries = Deliveries(http)

    def create(
        self, *, url: str, events: Optional[List[t.EventType]] = None, description: Optional[str] = None
    ) -> t.WebhookEndpointWithSecret:
        """POST /v1/webhooks: the answer's ``secret`` is shown this once."""
        body = json_body({"url": url, "events": events, "description": description})
        return cast(t.WebhookEndpointWithSecret, self._http.request("POST", "/v1/webhooks", body=body))

    def list(self, *, limit: Optional[int] = None, starting_after: Optional[str] = None) -> Page[t.WebhookEndpoint]:
        """GET /v1/webhooks"""
        return self._list("/v1/webhooks", {"limit": limit, "starting_after": starting_after})

    def retrieve(self, endpoint_id: str) -> t.WebhookEndpoint:
        """GET /v1/webhooks/{id}"""
        return cast(t.WebhookEndpoint, self._http.request("GET", f"/v1/webhooks/{_id(endpoint_id)}"))

    def delete(self, endpoint_id: str) -> t.DeletedWebhookEndpoint:
        """DELETE /v1/webhooks/{id}"""
        return cast(t.DeletedWebhookEndpoint, self._http.request("DELETE", f"/v1/webhooks/{_id(endpoint_id)}"))

    def rotate_secret(self, endpoint_id: str) -> t.WebhookEndpointWithSecret:
        """POST /v1/webhooks/{id}/rotate-secret: the new secret is shown this once."""
        path = f"/v1/webhooks/{_id(endpoint_id)}/rotate-secret"
        return cast(t.WebhookEndpointWithSecret, self._http.request("POST", path))

    def ping(self, endpoint_id: str) -> t.WebhookDelivery:
        """POST /v1/webhooks/{id}/ping: queues a webhook.ping delivery to this endpoint."""
        return cast(t.WebhookDelivery, self._http.request("POST", f"/v1/webhooks/{_id(endpoint_id)}/ping"))


class Events(_Resource):
    def list(
        self, *, limit: Optional[int] = None, starting_after: Optional[str] = None, type: Optional[t.EventType] = None
    ) -> Page[t.Event]:
        """GET /v1/events"""
        return self._list("/v1/events", {"limit": limit, "starting_after": starting_after, "type": type})

    def retrieve(self, event_id: str) -> t.Event:
        """GET /v1/events/{id}"""
        return cast(t.Event, self._http.request("GET", f"/v1/events/{_id(event_id)}"))


class Account(_Resource):
    def retrieve(self) -> t.Account:
        """GET /v1/account"""
        return cast(t.Account, self._http.request("GET", "/v1/account"))

    def usage(self, *, period: Optional[str] = None, group_by: Optional[str] = None) -> t.Usage:
        """GET /v1/account/usage"""
        return cast(t.Usage, self._http.request("GET", "/v1/account/usage", query={"period": period, "group_by": group_by}))


class _Webhooks:
    """Signature checks of incoming deliveries (no API call)."""

    construct_event = staticmethod(construct_event)
    generate_test_header = staticmethod(generate_test_header)


class Credence:
    """The Credence /v1 API. ``api_key`` defaults to CREDENCE_API_KEY, ``base_url`` to CREDENCE_API_URL."""

    webhooks = _Webhooks()

    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        max_retries: int = 3,
        timeout: float = 60.0,
        max_retry_after: float = 60.0,
    ) -> None:
        http = Transport(api_key, base_url, max_retries, timeout, max_retry_after)
        self.verifications = Verifications(http)
        self.batches = Batches(http)
        self.webhook_endpoints = WebhookEndpoints(http)
        self.events = Events(http)
        self.account = Account(http)
