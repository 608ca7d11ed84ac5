import { serveWorker } from "../worker_protocol.ts";

/** Spins forever: only terminate() stops it. */
serveWorker((): number => {
  let n = 0;
  for (;;) n++;
});
