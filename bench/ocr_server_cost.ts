/**
 * The OCR cost measured from outside (issue #26): the real server (main.ts, port OCR_BENCH_PORT, default
 * 8105) reads a 3-page scanned PDF and 4 phone photos (one taken sideways) sent to POST /api/ocr/runs; the
 * CPU seconds of the server's whole process tree (server, workers, recognisers, poppler) are read from /proc
 * before and after the run, the recogniser warmed first by a one-photo run. Prints CPU seconds per page,
 * wall time, and the character error rate per page against the known text (clean scans and photos apart).
 *
 *   deno run -A bench/ocr_server_cost.ts            # OCR_PROCESSES=2 in the environment is passed on
 */
import {
  BENCH_PAGES,
  characterErrorRate,
  degradeToPhoto,
  makeImagePdf,
  makeTextPdf,
  renderPage,
} from "../scripts/make_ocr_fixtures.ts";
import { E2E_CAPTCHA, seedUser, startServer } from "../tests/helpers/server_process.ts";
import { processTreeCpuParts, processTreeCpuSeconds } from "./process_tree_cpu.ts";

const truths = BENCH_PAGES.map((p) => p.join("\n"));
const pdf = await makeTextPdf(BENCH_PAGES);
const scans: Uint8Array[] = [];
for (let i = 0; i < BENCH_PAGES.length; i++) scans.push(await renderPage(pdf, i + 1, 200));
const photo = async (i: number, turn: 0 | 90) =>
  degradeToPhoto(await renderPage(pdf, i + 1, 200), {
    tiltDegrees: [1.5, -2.5, 3][i],
    quality: [60, 50, 55][i],
    noise: 22,
    seed: i + 3,
    turn,
  });
/** [file name, bytes, truth per page, kind] */
const files: [string, Uint8Array, string[], "scan" | "photo"][] = [
  ["扫描件.pdf", await makeImagePdf(scans.map((png) => ({ png }))), truths, "scan"],
  ["照片1.jpg", await photo(0, 0), [truths[0]], "photo"],
  ["照片2.jpg", await photo(1, 0), [truths[1]], "photo"],
  ["照片3.jpg", await photo(2, 0), [truths[2]], "photo"],
  ["横拍照片.jpg", await photo(0, 90), [truths[0]], "photo"],
];
const pageCount = files.reduce((n, f) => n + f[2].length, 0);

await using server = await startServer({
  port: Number(Deno.env.get("OCR_BENCH_PORT") ?? 8105),
  env: { OCR_PROCESSES: Deno.env.get("OCR_PROCESSES") ?? "1" },
  seed: (kv) =>
    seedUser(kv, {
      username: "ocrbench",
      password: "ocrbench-pass-1",
      permissions: ["ocr_access"],
      quotas: { ai: 1000 },
    }),
});
const captcha = await (await fetch(`${server.url}/api/captcha/generate`)).json();
const login = await (await fetch(`${server.url}/api/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    username: "ocrbench",
    password: "ocrbench-pass-1",
    captchaId: captcha.captchaId,
    captchaText: E2E_CAPTCHA,
  }),
})).json();
const auth = { authorization: `Bearer ${login.token}` };

interface RunView {
  id: string;
  status: string;
  done: number;
  total: number;
  files: { status: string; error?: string; pagesDone?: number; pagesTotal?: number }[];
}

async function runFiles(list: [string, Uint8Array][]): Promise<{ run: RunView; progress: string[] }> {
  const form = new FormData();
  for (const [name, bytes] of list) form.append("files", new File([bytes as BlobPart], name));
  const res = await fetch(`${server.url}/api/ocr/runs`, { method: "POST", headers: auth, body: form });
  if (res.status !== 202) throw new Error(`POST /api/ocr/runs: ${res.status} ${await res.text()}`);
  const id = (await res.json()).run.id as string;
  const progress: string[] = [];
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const run = (await (await fetch(`${server.url}/api/ocr/runs/${id}`, { headers: auth })).json())
      .run as RunView;
    const seen = run.files.map((f) => f.status[0] + (f.pagesTotal ? `(${f.pagesDone}/${f.pagesTotal})` : ""))
      .join("");
    if (progress.at(-1) !== seen) progress.push(seen);
    if (run.status !== "processing") return { run, progress };
  }
}

// Warm-up: the recogniser starts and loads its models (not counted).
await runFiles([["预热.jpg", files[1][1]]]);
await new Promise((r) => setTimeout(r, 500));

const cpu0 = processTreeCpuSeconds(server.pid);
const parts0 = processTreeCpuParts(server.pid);
const t0 = performance.now();
const { run, progress } = await runFiles(files.map(([name, bytes]) => [name, bytes]));
const wall = (performance.now() - t0) / 1000;
const cpu = processTreeCpuSeconds(server.pid) - cpu0;
const parts1 = processTreeCpuParts(server.pid);

const cer: Record<"scan" | "photo", number[]> = { scan: [], photo: [] };
for (const [index, [name, , pageTruths, kind]] of files.entries()) {
  if (run.files[index].status !== "completed") {
    console.log(`${name}: ${run.files[index].status} ${run.files[index].error ?? ""}`);
    continue;
  }
  const res = await fetch(`${server.url}/api/ocr/runs/${run.id}/files/${index}`, { headers: auth });
  const result = (await res.json()).result as { pages: { lines: { text: string }[] }[] };
  for (const [p, truth] of pageTruths.entries()) {
    const text = (result.pages[p]?.lines ?? []).map((l) => l.text).join("\n");
    cer[kind].push(characterErrorRate(truth, text));
  }
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length) * 100;
const load = Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
console.log(
  `${pageCount} pages (${files.length} files) through POST /api/ocr/runs, OCR_PROCESSES=${
    Deno.env.get("OCR_PROCESSES") ?? 1
  }: ${(cpu / pageCount).toFixed(2)} CPU s/page over the server's process tree (${cpu.toFixed(1)} s), ` +
    `wall ${wall.toFixed(1)} s (${(wall / pageCount).toFixed(2)} s/page), load ${load}`,
);
console.log(
  `CER clean scans ${mean(cer.scan).toFixed(2)}% [${cer.scan.map((c) => (c * 100).toFixed(1)).join(" ")}], ` +
    `degraded photos ${mean(cer.photo).toFixed(2)}% [${
      cer.photo.map((c) => (c * 100).toFixed(1)).join(" ")
    }]`,
);
const perPage = (key: keyof typeof parts0) => ((parts1[key] - parts0[key]) / pageCount).toFixed(2);
console.log(
  `CPU s/page by part: server process (HTTP, KV, page preparation) ${perPage("root")}, its finished tools ` +
    `(pdftoppm, djpeg) ${perPage("rootFinishedChildren")}, live children (recognisers) ${
      perPage("liveDescendants")
    }`,
);
console.log(`progress seen (file states, pages): ${progress.join(" → ")}`);
