"""A document as a multipart/form-data body: from a path, bytes, or a binary file object.

It is read into memory once, so every retry sends the same bytes (and the server's idempotency
key recognises them); the API takes one document per request, bounded by its upload limit.
"""
from __future__ import annotations

import mimetypes
import os
import uuid
from typing import IO, Dict, Optional, Tuple, Union

FileInput = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes]]

_TYPES = {".heic": "image/heic", ".heif": "image/heif", ".avif": "image/avif", ".webp": "image/webp"}


def read_file(file: FileInput, file_name: Optional[str]) -> Tuple[bytes, str]:
    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as handle:
            return handle.read(), file_name or os.path.basename(os.fspath(file))
    if isinstance(file, (bytes, bytearray, memoryview)):
        return bytes(file), file_name or "document"
    name = getattr(file, "name", None)
    return file.read(), file_name or (os.path.basename(name) if isinstance(name, str) else "document")


def guess_type(file_name: str) -> str:
    ext = os.path.splitext(file_name)[1].lower()
    return _TYPES.get(ext) or mimetypes.guess_type(file_name)[0] or "application/octet-stream"


def multipart(
    content: bytes, file_name: str, content_type: Optional[str], fields: Dict[str, Optional[str]]
) -> Tuple[bytes, str]:
    boundary = f"credence-{uuid.uuid4().hex}"
    safe_name = file_name.replace('"', "%22").replace("\r", "").replace("\n", "")
    parts = []
    for name, value in fields.items():
        if value is not None:
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    kind = content_type or guess_type(file_name)
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{safe_name}"\r\n'
        f"Content-Type: {kind}\r\n\r\n".encode()
        + content
        + b"\r\n"
    )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"
