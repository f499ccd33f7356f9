"""Cursor pagination: a list call returns its first page, which iterates over every item of every
page (fetched as the loop advances); ``pages()`` yields the pages themselves."""
from __future__ import annotations

from typing import Callable, Generic, Iterator, List, Optional, TypeVar

from ._http import ApiDict, ResponseMeta

T = TypeVar("T")


class Page(Generic[T]):
    def __init__(self, raw: ApiDict, fetch: Callable[[str], ApiDict]) -> None:
        self.data: List[T] = list(raw.get("data") or [])
        self.has_more: bool = bool(raw.get("has_more"))
        self.next_cursor: Optional[str] = raw.get("next_cursor")
        self.last_response: Optional[ResponseMeta] = raw.last_response
        self._fetch = fetch

    def pages(self) -> Iterator["Page[T]"]:
        page: Page[T] = self
        yield page
        while page.has_more and page.next_cursor:
            page = Page(self._fetch(page.next_cursor), self._fetch)
            yield page

    def __iter__(self) -> Iterator[T]:
        for page in self.pages():
            yield from page.data

    def to_list(self, limit: int = 10_000) -> List[T]:
        """Every item, up to ``limit`` of them (a guard against loading a whole account by accident)."""
        items: List[T] = []
        for item in self:
            if len(items) >= limit:
                break
            items.append(item)
        return items
