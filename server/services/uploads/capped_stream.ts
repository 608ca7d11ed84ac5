/**
 * The one byte cap of streamed uploads: passes a file's bytes through and errors the stream with the
 * caller's error once more than `maxBytes` went by, so an oversize file is refused while it arrives,
 * before it is stored whole. The caller names the error because each feature has its own message
 * (OCR names the file, custom OCR and the AI folder state their limits).
 */
export interface CapOptions {
  maxBytes: number;
  /** The error the stream fails with past `maxBytes`. */
  tooLarge: () => Error;
  /** Called with each chunk's size before the cap is checked (a batch total may throw first). */
  onChunk?: (bytes: number) => void;
}

/** `body` with a byte cap; see CapOptions. */
export function capStream(body: ReadableStream<Uint8Array>, options: CapOptions): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        options.onChunk?.(chunk.byteLength);
        seen += chunk.byteLength;
        if (seen > options.maxBytes) throw options.tooLarge();
        controller.enqueue(chunk);
      },
    }),
  );
}
