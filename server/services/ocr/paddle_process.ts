/**
 * The PaddleOCR PP-OCRv4 recogniser as its own process (docs/decisions/010-ocr-engine.md): started by
 * paddle_engine.ts with exactly `--allow-read --allow-env --allow-ffi` (onnxruntime-node and sharp are
 * native addons), never with network, write or run permission.
 *
 * Protocol, one JSON object per line: the first line out is `{"ready":true}` or `{"ready":false,"error"}`;
 * then each request `{"id","path"}` (a PNG the parent has already decoded, checked and shrunk) is answered
 * with `{"id","ok":true,"lines":[{text,confidence,box:[[x,y]x4]}],"rss","cpuSeconds"}` or `{"id","ok":false,"error"}`.
 */
import Ocr from "@gutenye/ocr-node";
import process from "node:process";

interface Request {
  id: number;
  path: string;
}

const encoder = new TextEncoder();

function send(message: unknown): void {
  Deno.stdout.writeSync(encoder.encode(JSON.stringify(message) + "\n"));
}

async function main(): Promise<void> {
  let ocr: Awaited<ReturnType<typeof Ocr.create>>;
  try {
    // One thread per recogniser: two threads on one page are slower than two processes (OCR-NOTES.md).
    // OCR_MODELS_DIR: another folder holding the same three files (default: the npm package's assets).
    const dir = Deno.env.get("OCR_MODELS_DIR");
    ocr = await Ocr.create({
      onnxOptions: { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: "sequential" },
      ...(dir
        ? {
          models: {
            detectionPath: `${dir}/ch_PP-OCRv4_det_infer.onnx`,
            recognitionPath: `${dir}/ch_PP-OCRv4_rec_infer.onnx`,
            dictionaryPath: `${dir}/ppocr_keys_v1.txt`,
          },
        }
        : {}),
    });
  } catch (err) {
    send({ ready: false, error: err instanceof Error ? err.message : String(err) });
    return;
  }
  send({ ready: true });

  const lines = Deno.stdin.readable.pipeThrough(new TextDecoderStream());
  let buffer = "";
  for await (const chunk of lines) {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.trim() === "") continue;
      const request = JSON.parse(line) as Request;
      try {
        const cpuBefore = process.cpuUsage();
        const result = await ocr.detect(request.path);
        const cpu = process.cpuUsage(cpuBefore);
        send({
          id: request.id,
          ok: true,
          lines: result.map((l: { text: string; mean: number; box?: unknown }) => ({
            text: l.text,
            confidence: l.mean,
            box: l.box,
          })),
          rss: Deno.memoryUsage().rss,
          // CPU seconds this page took (user + system), a figure the machine's load does not inflate.
          cpuSeconds: (cpu.user + cpu.system) / 1e6,
        });
      } catch (err) {
        send({ id: request.id, ok: false, error: err instanceof Error ? err.message : String(err) });
      }
    }
  }
}

await main();
