"""The client against a running Credence (started by tests/integration/official-clients.int.test.ts).

Needs CREDENCE_API_URL and the tokens below in the environment; without them these tests are
skipped (that runner fails on any skip).
"""
from __future__ import annotations

import base64
import http.server
import os
import queue
import socket
import tempfile
import threading
import time
import unittest
import urllib.parse
import urllib.request
from typing import List, Optional, Tuple

import credence
from credence import Credence, webhooks

URL = os.environ.get("CREDENCE_API_URL")
ENV = ["CREDENCE_TEST_TOKEN", "CREDENCE_LIVE_TOKEN", "CREDENCE_BUSINESS_TOKEN", "CREDENCE_LIMITED_TOKEN", "CREDENCE_DRAIN_URL"]
UUID4 = r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"


def doc(text: str) -> bytes:
    return f"credence-test:{text}".encode()


def client(token: str, **kwargs: object) -> Credence:
    return Credence(os.environ[token], base_url=kwargs.pop("base_url", URL), **kwargs)  # type: ignore[arg-type]


class DropProxy:
    """Forwards each connection's request to the server; the first `drop` connections get no answer
    (the server did the work, the client sees a dropped connection). Records Idempotency-Keys."""

    def __init__(self, target: str, drop: int = 1) -> None:
        parsed = urllib.parse.urlsplit(target)
        self.target = (parsed.hostname or "127.0.0.1", parsed.port or 80)
        self.drop = drop
        self.keys: List[Optional[str]] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            index = len(self.keys)
            self.keys.append(None)
            threading.Thread(target=self._handle, args=(conn, index), daemon=True).start()

    def _handle(self, conn: socket.socket, index: int) -> None:
        with conn, socket.create_connection(self.target) as upstream:
            request = _read_request(conn)
            for line in request.split(b"\r\n\r\n", 1)[0].split(b"\r\n"):
                name, _, value = line.decode("latin-1").partition(":")
                if name.lower() == "idempotency-key":
                    self.keys[index] = value.strip()
            upstream.sendall(request)
            answer = _read_until_closed(upstream)  # urllib sends Connection: close
            if index >= self.drop:
                conn.sendall(answer)

    def close(self) -> None:
        self.listener.close()


def _read_request(conn: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data:
        data += conn.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(body) < length:
        body += conn.recv(65536)
    return head + b"\r\n\r\n" + body


def _read_until_closed(sock: socket.socket) -> bytes:
    chunks = []
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


class Receiver:
    """A local webhook receiver keeping each delivery's raw body and signature header."""

    def __init__(self) -> None:
        self.deliveries: "queue.Queue[Tuple[bytes, str]]" = queue.Queue()
        deliveries = self.deliveries

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                deliveries.put((body, self.headers.get(webhooks.SIGNATURE_HEADER, "")))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *_args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@unittest.skipUnless(URL and all(os.environ.get(name) for name in ENV), "needs a running Credence (see module doc)")
class ServerTest(unittest.TestCase):
    def test_creates_from_a_path_bytes_a_file_and_base64_and_retrieves(self) -> None:
        api = client("CREDENCE_TEST_TOKEN")
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "diploma.pdf")
            with open(path, "wb") as handle:
                handle.write(doc("SUSPECT:diploma"))
            from_path = api.verifications.create(file=path)
            with open(path, "rb") as handle:
                from_file = api.verifications.create(file=handle, mode="deep")
        self.assertEqual((from_path["verdict"], from_path["doc_type"], from_path["file_name"]), ("SUSPECT", "diploma", "diploma.pdf"))
        self.assertEqual(from_path["content_type"], "application/pdf")
        self.assertRegex(credence.response_of(from_path).request_id or "", r"^req_")  # type: ignore[union-attr]
        self.assertEqual((from_file["file_name"], from_file["mode"]), ("diploma.pdf", "deep"))
        from_bytes = api.verifications.create(file=doc("REJECTED"), file_name="scan.png")
        self.assertEqual((from_bytes["verdict"], from_bytes["content_type"]), ("REJECTED", "image/png"))
        from_base64 = api.verifications.create(
            document_base64=base64.b64encode(doc("MANUAL_REVIEW")).decode(), content_type="application/pdf"
        )
        self.assertEqual(from_base64["verdict"], "MANUAL_REVIEW")
        self.assertEqual(api.verifications.retrieve(from_path["id"]), from_path)
        with self.assertRaises(credence.NotFoundError) as caught:
            api.verifications.retrieve("ver_doesnotexist")
        self.assertEqual((caught.exception.code, caught.exception.status), ("not_found", 404))
        self.assertRegex(caught.exception.request_id or "", r"^req_")
        with self.assertRaises(credence.InvalidRequestError) as invalid:
            api.verifications.create(document_base64="aGVsbG8=")
        self.assertEqual(invalid.exception.code, "invalid_request")

    def test_pages_through_lists_newest_first(self) -> None:
        api = client("CREDENCE_TEST_TOKEN")
        created = [api.verifications.create(file=doc(v), file_name="d.pdf")["id"] for v in ["VERIFIED", "REJECTED", "SUSPECT", "VERIFIED", "REJECTED"]]
        first = api.verifications.list(limit=2)
        self.assertTrue(first.has_more)
        self.assertEqual([v["id"] for v in first.data], created[::-1][:2])
        self.assertEqual([len(p.data) for p in first.pages()][:3], [2, 2, 2])
        newest = [v["id"] for v in api.verifications.list(limit=2).to_list(limit=5)]
        self.assertEqual(newest, created[::-1])
        self.assertTrue(all(v["verdict"] == "REJECTED" for v in api.verifications.list(verdict="REJECTED", limit=1)))

    def test_submits_a_batch_and_reads_it_until_completed(self) -> None:
        api = client("CREDENCE_BUSINESS_TOKEN")
        documents = [
            {"base64": base64.b64encode(doc(v)).decode(), "content_type": "application/pdf"} for v in ["VERIFIED", "SUSPECT"]
        ]
        batch = api.batches.create(documents=documents)
        self.assertEqual(credence.response_of(batch).status, 202)  # type: ignore[union-attr]
        deadline = time.time() + 20
        while batch["status"] != "completed" and time.time() < deadline:
            time.sleep(0.1)
            batch = api.batches.retrieve(batch["id"])
        self.assertEqual((batch["status"], batch["completed"], batch["failed"]), ("completed", 2, 0))
        verdicts = sorted(api.verifications.retrieve(item["verification_id"] or "")["verdict"] or "" for item in batch["items"])
        self.assertEqual(verdicts, ["SUSPECT", "VERIFIED"])
        with self.assertRaises(credence.PermissionError) as caught:
            client("CREDENCE_TEST_TOKEN").batches.create(documents=documents)
        self.assertEqual(caught.exception.code, "plan_required")

    def test_retries_a_dropped_live_verification_with_the_same_key_one_charge(self) -> None:
        direct = client("CREDENCE_LIVE_TOKEN")
        used = direct.account.retrieve()["credits"]["used"]
        before = [v["id"] for v in direct.verifications.list(limit=100)]
        proxy = DropProxy(URL or "", drop=1)
        self.addCleanup(proxy.close)
        verification = client("CREDENCE_LIVE_TOKEN", base_url=proxy.url).verifications.create(
            file=f"live document {time.time()}".encode(), file_name="scan.png"
        )
        meta = credence.response_of(verification)
        self.assertEqual((meta.attempts, meta.replayed), (2, True))  # type: ignore[union-attr]
        self.assertEqual(len(proxy.keys), 2)
        self.assertRegex(proxy.keys[0] or "", UUID4)
        self.assertEqual(proxy.keys[1], proxy.keys[0])
        self.assertEqual([v["id"] for v in direct.verifications.list(limit=100)], [verification["id"], *before])
        self.assertEqual(direct.account.retrieve()["credits"]["used"], used + 1)

    def test_waits_out_a_429_and_raises_rate_limit_error_without_retries(self) -> None:
        def drain() -> None:
            urllib.request.urlopen(urllib.request.Request(os.environ["CREDENCE_DRAIN_URL"], method="POST")).close()

        drain()
        with self.assertRaises(credence.RateLimitError) as caught:
            client("CREDENCE_LIMITED_TOKEN", max_retries=0).account.retrieve()
        self.assertEqual((caught.exception.status, caught.exception.code), (429, "rate_limited"))
        self.assertIn(caught.exception.retry_after, (1, 2))
        self.assertRegex(caught.exception.request_id or "", r"^req_")
        drain()
        started = time.time()
        account = client("CREDENCE_LIMITED_TOKEN").account.retrieve()
        self.assertEqual(credence.response_of(account).attempts, 2)  # type: ignore[union-attr]
        self.assertGreaterEqual(time.time() - started, 1.0)

    def test_receives_a_webhook_and_verifies_it_a_tampered_body_is_refused(self) -> None:
        api = client("CREDENCE_TEST_TOKEN")
        receiver = Receiver()
        self.addCleanup(receiver.close)
        endpoint = api.webhook_endpoints.create(url=receiver.url, events=["verification.completed"], description="py")
        self.addCleanup(api.webhook_endpoints.delete, endpoint["id"])
        self.assertTrue(endpoint["secret"].startswith("whsec_"))
        verification = api.verifications.create(file=doc("VERIFIED:passport"), file_name="p.pdf")
        body, header = receiver.deliveries.get(timeout=20)
        event = webhooks.construct_event(body, header, endpoint["secret"])
        self.assertEqual(event["type"], "verification.completed")
        self.assertEqual(event["data"]["verification"]["id"], verification["id"])
        with self.assertRaises(credence.SignatureVerificationError) as caught:
            Credence.webhooks.construct_event(body.replace(b'"VERIFIED"', b'"REJECTED"'), header, endpoint["secret"])
        self.assertEqual(caught.exception.reason, "signature_mismatch")

        self.assertIn(endpoint["id"], [e["id"] for e in api.webhook_endpoints.list()])
        self.assertEqual(api.webhook_endpoints.retrieve(endpoint["id"])["url"], receiver.url)
        self.assertEqual(api.events.retrieve(event["id"])["id"], event["id"])
        self.assertIn(event["id"], [e["id"] for e in api.events.list(type="verification.completed", limit=5)])
        deliveries = api.webhook_endpoints.deliveries.list(endpoint["id"]).to_list()
        self.assertGreaterEqual(len(deliveries), 1)
        replay = api.webhook_endpoints.deliveries.replay(endpoint["id"], deliveries[0]["id"])
        self.assertEqual(replay["replay_of"], deliveries[0]["id"])
        replayed_body, replayed_header = receiver.deliveries.get(timeout=20)
        self.assertEqual(webhooks.construct_event(replayed_body, replayed_header, endpoint["secret"])["id"], event["id"])
        api.webhook_endpoints.ping(endpoint["id"])
        rotated = api.webhook_endpoints.rotate_secret(endpoint["id"])
        self.assertNotEqual(rotated["secret"], endpoint["secret"])

    def test_reads_the_account_and_its_usage_in_both_modes(self) -> None:
        live = client("CREDENCE_LIVE_TOKEN").account.retrieve()
        test = client("CREDENCE_TEST_TOKEN").account.retrieve()
        self.assertEqual((live["livemode"], test["livemode"]), (True, False))
        self.assertEqual(live["plan"]["tier"], "pro")
        usage = client("CREDENCE_TEST_TOKEN").account.usage(group_by="endpoint")
        self.assertEqual((usage["object"], usage["group_by"]), ("usage", "endpoint"))
        with self.assertRaises(credence.AuthenticationError) as caught:
            Credence("svc_test_sk_" + "x" * 43, base_url=URL).account.retrieve()
        self.assertEqual(caught.exception.code, "invalid_api_key")


if __name__ == "__main__":
    unittest.main()
