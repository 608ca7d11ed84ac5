import { serveWorker } from "../worker_protocol.ts";

/** Answers with the size of the bytes it was given. */
serveWorker((input: { bytes: Uint8Array }) => ({ size: input.bytes.byteLength, first: input.bytes[0] }));
