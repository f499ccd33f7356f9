"""The client's own logic, without a Credence server: signatures, errors, retries, multipart."""
from __future__ import annotations

import http.server
import json
import threading
import time
import typing
import unittest
from typing import Callable, List, Tuple

import credence
from credence import webhooks
from credence._http import Transport
from credence._upload import multipart

SECRET = "whsec_test_secret"
BODY = b'{"id":"evt_1","object":"event","type":"webhook.ping","data":{}}'


class SignatureTest(unittest.TestCase):
    def test_accepts_a_valid_signature_and_returns_the_event(self) -> None:
        header = webhooks.generate_test_header(BODY, SECRET)
        self.assertEqual(webhooks.construct_event(BODY, header, SECRET)["id"], "evt_1")

    def test_accepts_any_matching_v1_among_several(self) -> None:
        good = webhooks.generate_test_header(BODY, SECRET)
        t = good.split(",")[0]
        header = f"{t},v1={'0' * 64},{good.split(',')[1]}"
        self.assertEqual(webhooks.construct_event(BODY, header, SECRET)["type"], "webhook.ping")

    def test_refuses_tampering_wrong_secret_old_timestamps_and_malformed_headers(self) -> None:
        header = webhooks.generate_test_header(BODY, SECRET)
        cases = [
            (BODY.replace(b"ping", b"pong"), header, SECRET, "signature_mismatch"),
            (BODY, header, "whsec_other", "signature_mismatch"),
            (BODY, webhooks.generate_test_header(BODY, SECRET, int(time.time()) - 301), SECRET, "timestamp_out_of_tolerance"),
            (BODY, "v1=abc", SECRET, "malformed_header"),
            (BODY, "", SECRET, "malformed_header"),
        ]
        for body, given, secret, reason in cases:
            with self.subTest(reason=reason, given=given[:20]):
                with self.assertRaises(credence.SignatureVerificationError) as caught:
                    webhooks.construct_event(body, given, secret)
                self.assertEqual(caught.exception.reason, reason)

    def test_tolerance_is_a_parameter(self) -> None:
        old = webhooks.generate_test_header(BODY, SECRET, int(time.time()) - 600)
        self.assertEqual(webhooks.construct_event(BODY, old, SECRET, tolerance=900)["id"], "evt_1")


class BackoffTest(unittest.TestCase):
    def test_grows_exponentially_within_a_cap_with_jitter(self) -> None:
        for attempt, ceiling in [(0, 0.5), (1, 1.0), (3, 4.0), (10, 8.0)]:
            samples = [credence.backoff(attempt) for _ in range(200)]
            self.assertTrue(all(0.05 <= s <= ceiling for s in samples), (attempt, max(samples)))
            self.assertGreater(len(set(samples)), 100)


Script = List[Tuple[int, dict, bytes]]


class _Scripted(http.server.BaseHTTPRequestHandler):
    script: Script
    seen: List[Tuple[str, dict]]

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        self.seen.append((self.command, dict(self.headers.items())))
        status, headers, body = self.script.pop(0) if self.script else (200, {}, b"{}")
        self.send_response(status)
        for name, value in {"Content-Type": "application/json", **headers}.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer

    def log_message(self, *_args: object) -> None:
        pass


def scripted_server(script: Script) -> Tuple[str, List[Tuple[str, dict]], Callable[[], None]]:
    seen: List[Tuple[str, dict]] = []
    handler = type("Handler", (_Scripted,), {"script": list(script), "seen": seen})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def stop() -> None:
        server.shutdown()
        server.server_close()

    return f"http://127.0.0.1:{server.server_address[1]}", seen, stop


def error(code: str, request_id: str = "req_1") -> bytes:
    return json.dumps({"error": {"code": code, "message": code, "request_id": request_id, "docs_url": "x"}}).encode()


class RetryTest(unittest.TestCase):
    def transport(self, url: str, sleeps: List[float], **kwargs: object) -> Transport:
        return Transport("svc_test_sk_x", url, sleep=sleeps.append, **kwargs)  # type: ignore[arg-type]

    def test_honours_retry_after_then_succeeds_with_one_idempotency_key(self) -> None:
        url, seen, stop = scripted_server(
            [(429, {"Retry-After": "2"}, error("rate_limited")), (500, {}, error("internal_error")), (200, {}, b'{"id":"ver_1"}')]
        )
        self.addCleanup(stop)
        sleeps: List[float] = []
        result = self.transport(url, sleeps).request("POST", "/v1/verifications", body=(b"{}", "application/json"), idempotent=True)
        self.assertEqual(result["id"], "ver_1")
        self.assertEqual(credence.response_of(result).attempts, 3)  # type: ignore[union-attr]
        self.assertGreaterEqual(sleeps[0], 2.0)
        keys = {headers["Idempotency-Key"] for _, headers in seen}
        self.assertEqual(len(keys), 1)
        self.assertRegex(keys.pop(), r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")

    def test_raises_typed_errors_with_code_and_request_id(self) -> None:
        url, _, stop = scripted_server([(404, {"X-Request-ID": "req_9"}, error("not_found", "req_9"))])
        self.addCleanup(stop)
        with self.assertRaises(credence.NotFoundError) as caught:
            self.transport(url, []).request("GET", "/v1/verifications/ver_x")
        self.assertEqual((caught.exception.code, caught.exception.status, caught.exception.request_id), ("not_found", 404, "req_9"))

    def test_gives_up_after_max_retries_and_on_long_retry_after(self) -> None:
        url, seen, stop = scripted_server([(503, {}, error("engine_busy"))] * 3 + [(429, {"Retry-After": "3600"}, error("rate_limited"))])
        self.addCleanup(stop)
        sleeps: List[float] = []
        with self.assertRaises(credence.ServerError):
            self.transport(url, sleeps, max_retries=2).request("GET", "/v1/account")
        self.assertEqual(len(seen), 3)
        with self.assertRaises(credence.RateLimitError) as caught:
            self.transport(url, sleeps).request("GET", "/v1/account")
        self.assertEqual(caught.exception.retry_after, 3600)

    def test_does_not_repeat_a_non_idempotent_post_after_a_500(self) -> None:
        url, seen, stop = scripted_server([(500, {}, error("internal_error"))])
        self.addCleanup(stop)
        with self.assertRaises(credence.ServerError):
            self.transport(url, []).request("POST", "/v1/webhooks", body=(b"{}", "application/json"))
        self.assertEqual(len(seen), 1)

    def test_a_refused_connection_is_retried_then_raised(self) -> None:
        sleeps: List[float] = []
        with self.assertRaises(credence.ConnectionError):
            self.transport("http://127.0.0.1:9", sleeps, max_retries=2).request("GET", "/v1/account")
        self.assertEqual(len(sleeps), 2)


class TypesTest(unittest.TestCase):
    def test_every_generated_typed_dict_resolves(self) -> None:
        typed = [v for v in vars(credence.types).values() if isinstance(v, type) and issubclass(v, dict)]
        self.assertGreater(len(typed), 15)
        for cls in typed:
            with self.subTest(cls=cls.__name__):
                self.assertTrue(typing.get_type_hints(cls))


class MultipartTest(unittest.TestCase):
    def test_encodes_the_file_part_and_fields(self) -> None:
        body, content_type = multipart(b"%PDF-1.7", 'a"b.pdf', None, {"mode": "deep", "skip": None})
        boundary = content_type.split("boundary=")[1]
        self.assertIn(b'name="mode"\r\n\r\ndeep\r\n', body)
        self.assertIn(b'filename="a%22b.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\r\n', body)
        self.assertNotIn(b"skip", body)
        self.assertTrue(body.endswith(f"--{boundary}--\r\n".encode()))


if __name__ == "__main__":
    unittest.main()
