// Server-sent events: `event: <name>` + one `data:` line of JSON per event. Writing after the
// browser went away is ignored: the work behind the stream still finishes and is recorded.
const encoder = new TextEncoder();

export type SendEvent = (event: string, data: unknown) => void;

export function formatEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A stream whose `first` event is queued at once, before `produce` starts its work. */
export function eventStream(
  first: { event: string; data: unknown },
  produce: (send: SendEvent) => Promise<void>,
): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send: SendEvent = (event, data) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(formatEvent(event, data)));
        } catch {
          open = false;
        }
      };
      send(first.event, first.data);
      void produce(send).finally(() => {
        if (!open) return;
        open = false;
        controller.close();
      });
    },
    cancel() {
      open = false;
    },
  });
}

export const EVENT_STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  // Tells nginx-style proxies not to buffer the stream, so stages reach the browser as they happen.
  "x-accel-buffering": "no",
};
