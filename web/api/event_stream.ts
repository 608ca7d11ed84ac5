/**
 * The one reader of `text/event-stream` answers in the browser (AI chat, law Q&A, OCR信息提取), used by
 * requestStream() in client.ts. It follows the HTML standard's parsing: lines end with LF, CRLF or CR;
 * `event:` names the event ("message" when none), `data:` lines are joined with "\n", one space after
 * the colon is dropped, lines starting with ":" are comments, a blank line ends an event, and an event
 * without data or a last event the stream cut off before its blank line is not delivered.
 */

/** One server-sent event: its name and its data text (JSON for every stream of this app). */
export interface ServerEvent {
  event: string;
  data: string;
}

/** The events of a stream's body as they arrive; cancels the body when the caller stops early. */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let data: string[] = [];
  /** Reads the complete lines of `buffer` (all of it when the stream ended); returns finished events. */
  function takeLines(ended: boolean): ServerEvent[] {
    const out: ServerEvent[] = [];
    // A CR at the very end may be the first half of a CRLF: unless the stream ended, wait for more.
    const end = buffer.endsWith("\r") && !ended ? buffer.length - 1 : buffer.length;
    const lines = buffer.slice(0, end).split(/\r\n|\r|\n/);
    buffer = lines.pop()! + buffer.slice(end);
    for (const line of lines) {
      if (line === "") {
        if (data.length) out.push({ event: event || "message", data: data.join("\n") });
        event = "";
        data = [];
      } else if (!line.startsWith(":")) {
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = text;
        else if (field === "data") data.push(text);
      }
    }
    return out;
  }
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (!done) buffer += decoder.decode(value, { stream: true });
      yield* takeLines(done);
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
