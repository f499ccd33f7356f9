// Cursor pagination (docs/api/reference.md "Pagination"): a list call is both a promise of its
// first page and an async iterable over every item of every page, fetched as the loop advances.

export interface Page<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export class PageList<T, P extends Page<T> = Page<T>> implements PromiseLike<P>, AsyncIterable<T> {
  private first: Promise<P> | undefined;

  constructor(private readonly fetchPage: (startingAfter: string | undefined) => Promise<P>) {}

  private firstPage(): Promise<P> {
    this.first ??= this.fetchPage(undefined);
    return this.first;
  }

  then<A = P, B = never>(
    onFulfilled?: ((page: P) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.firstPage().then(onFulfilled, onRejected);
  }

  /** Every page, the first included; stops after the page with has_more false. */
  async *pages(): AsyncGenerator<P> {
    let page = await this.firstPage();
    yield page;
    while (page.has_more && page.next_cursor) {
      page = await this.fetchPage(page.next_cursor);
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every item, up to `limit` of them (a guard against loading a whole account by accident). */
  async toArray(limit = 10_000): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) {
      if (items.length >= limit) break;
      items.push(item);
    }
    return items;
  }
}
