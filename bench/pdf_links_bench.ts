/**
 * PDF-to-link uploads over real HTTP: N PDFs of SIZE MB, one request each (as the page sends them),
 * into one batch, streamed to the blob store. Prints total time, throughput, and the process RSS:
 * before, after the first tenth, and at its peak; flat memory means the peak does not grow with N.
 * The server and client share this process, so the figures include the client's own buffers.
 *
 *   deno run -A bench/pdf_links_bench.ts --n 100 --size-mb 1 [--concurrency 1]
 *   deno bench -A bench/pdf_links_bench.ts          (a small run: 5 files of 1 MB)
 */
import { parseArgs } from "node:util";
import { makePdf } from "../tests/helpers/pdf_bytes.ts";
import { testApp } from "../tests/helpers/test_app.ts";

interface BenchResult {
  n: number;
  sizeMb: number;
  seconds: number;
  rssBeforeMb: number;
  rssAfterTenthMb: number;
  rssPeakMb: number;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Uploads n PDFs of sizeMb each through a real server; returns time and memory figures. */
export async function runPdfUploadBench(
  options: { n: number; sizeMb: number; concurrency?: number },
): Promise<BenchResult> {
  using t = await testApp();
  const member = await t.userWith(["pdf_converter"], { quotas: { pdf_convert: options.n } });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, t.app.fetch);
  const url = `http://127.0.0.1:${server.addr.port}/api/upload-pdfs`;
  // one file's bytes, reused: the client side stays the same size whatever N is
  const pdf = makePdf("bench", options.sizeMb * 1024 * 1024);
  let peak = Deno.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, Deno.memoryUsage().rss)), 10);
  const rssBefore = Deno.memoryUsage().rss;
  let rssAfterTenth = rssBefore;
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: options.concurrency ?? 1 }, async () => {
      while (next < options.n) {
        const i = next++;
        const form = new FormData();
        form.append("file", new File([pdf], `文件${i}.pdf`, { type: "application/pdf" }));
        const res = await fetch(url, {
          method: "POST",
          body: form,
          headers: { authorization: `Bearer ${member.token}`, "Batch-No": "20250101_000000" },
        });
        if (res.status !== 200) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
        await res.body?.cancel();
        if (i === Math.floor(options.n / 10)) rssAfterTenth = Deno.memoryUsage().rss;
      }
    }));
  } finally {
    clearInterval(sampler);
    await server.shutdown();
  }
  const seconds = (performance.now() - started) / 1000;
  const stored = await Array.fromAsync(t.deps.blobs.list(`users/${member.user.id}/pdf_links`));
  if (stored.length !== options.n) throw new Error(`stored ${stored.length} files, expected ${options.n}`);
  return {
    n: options.n,
    sizeMb: options.sizeMb,
    seconds,
    rssBeforeMb: mb(rssBefore),
    rssAfterTenthMb: mb(rssAfterTenth),
    rssPeakMb: mb(peak),
  };
}

function report(r: BenchResult): void {
  console.log(
    `${r.n} PDFs × ${r.sizeMb} MB: ${r.seconds.toFixed(2)} s (${(r.n / r.seconds).toFixed(1)} files/s, ` +
      `${((r.n * r.sizeMb) / r.seconds).toFixed(1)} MB/s); RSS before ${r.rssBeforeMb} MB, ` +
      `after the first tenth ${r.rssAfterTenthMb} MB, peak ${r.rssPeakMb} MB`,
  );
}

if (import.meta.main && !Deno.args.includes("--bench-mode")) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      n: { type: "string", default: "100" },
      "size-mb": { type: "string", default: "1" },
      concurrency: { type: "string", default: "1" },
    },
  });
  report(
    await runPdfUploadBench({
      n: Number(values.n),
      sizeMb: Number(values["size-mb"]),
      concurrency: Number(values.concurrency),
    }),
  );
} else {
  Deno.bench("upload 5 PDFs of 1 MB into one batch", { n: 3, warmup: 1 }, async () => {
    report(await runPdfUploadBench({ n: 5, sizeMb: 1 }));
  });
}
