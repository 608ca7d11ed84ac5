import assert from "node:assert/strict";
import PizZip from "pizzip";
import { createPdfConverter, type PdfConverter, singleInstancePipeName } from "./libreoffice_pool.ts";
import { requireTool } from "../../../tests/helpers/require_tool.ts";
import { AppError } from "../../errors.ts";

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/** A minimal .docx whose body is one paragraph per line. */
function makeDocx(lines: string[]): Uint8Array {
  const zip = new PizZip();
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`,
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`,
  );
  const paragraphs = lines.map((line) => `<w:p><w:r><w:t>${line}</w:t></w:r></w:p>`).join("");
  zip.file(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${W}"><w:body>${paragraphs}</w:body></w:document>`,
  );
  return zip.generate({ type: "uint8array" });
}

async function pdfText(pdf: Uint8Array): Promise<string> {
  const child = new Deno.Command(requireTool("pdftotext"), {
    args: ["-", "-"],
    stdin: "piped",
    stdout: "piped",
  })
    .spawn();
  const writer = child.stdin.getWriter();
  await writer.write(pdf);
  await writer.close();
  const out = await child.output();
  return new TextDecoder().decode(out.stdout);
}

async function sofficeProcesses(id: string): Promise<string> {
  const out = await new Deno.Command("pgrep", { args: ["-af", `lo-profile-${id}`], stdout: "piped" })
    .output();
  return new TextDecoder().decode(out.stdout).trim();
}

function startsWithPdf(bytes: Uint8Array): boolean {
  return new TextDecoder().decode(bytes.subarray(0, 5)) === "%PDF-";
}

const workDir = await Deno.makeTempDir({ prefix: "pdf-pool-test-" });
globalThis.addEventListener("unload", () => Deno.removeSync(workDir, { recursive: true }));
const DOC = ["民事调解书", "申请人张三", "金额壹万元"];

async function withConverter(
  options: Parameters<typeof createPdfConverter>[0],
  body: (converter: PdfConverter) => Promise<void>,
): Promise<void> {
  requireTool("libreoffice");
  const converter = createPdfConverter(options);
  const id = converter.stats().id;
  try {
    await converter.ready();
    await body(converter);
  } finally {
    await converter.close();
  }
  assert.equal(await sofficeProcesses(id), "", "close() leaves no LibreOffice process");
  assert.deepEqual(await leftoversInTmp(id), [], "close() leaves nothing in /tmp");
}

/** What the pool's listeners left in /tmp: pipe sockets named after the pool or its profiles. */
async function leftoversInTmp(id: string): Promise<string[]> {
  const profilePipes = [0, 1, 2, 3].map((slot) =>
    singleInstancePipeName(new URL(`file://${workDir}/pdf-${id}/lo-profile-${id}-${slot}`).href)
  );
  const names = [];
  for await (const entry of Deno.readDir("/tmp")) {
    if (entry.name.includes(`lo-${id}-`) || profilePipes.some((pipe) => entry.name.endsWith(pipe))) {
      names.push(entry.name);
    }
  }
  return names;
}

/** The temporary folders LibreOffice made (lu….tmp) under each listener's own TMPDIR. */
async function sofficeTempFolders(id: string): Promise<string[]> {
  const found = [];
  for await (const dir of Deno.readDir(`${workDir}/pdf-${id}`)) {
    if (!dir.name.startsWith("lo-tmp-")) continue;
    for await (const entry of Deno.readDir(`${workDir}/pdf-${id}/${dir.name}`)) {
      found.push(`${dir.name}/${entry.name}`);
    }
  }
  return found;
}

Deno.test({
  name: "createPdfConverter() turns a Chinese .docx into a PDF holding the same text",
  fn: () =>
    withConverter({ workDir, processes: 1 }, async (converter) => {
      const pdf = await converter.convert(makeDocx(DOC));
      assert.ok(startsWithPdf(pdf));
      const text = await pdfText(pdf);
      for (const line of DOC) assert.ok(text.includes(line), `PDF text lacks ${line}: ${text}`);
      assert.equal(converter.stats().conversions, 1);
    }),
});

Deno.test({
  name: "createPdfConverter() runs 6 documents on 2 listeners, each PDF with its own text",
  fn: () =>
    withConverter({ workDir, processes: 2 }, async (converter) => {
      const names = ["张三", "李四", "王五", "赵六", "孙七", "周八"];
      const pdfs = await Promise.all(
        names.map((n) => converter.convert(makeDocx(["民事调解书", `申请人${n}`]))),
      );
      for (const [i, pdf] of pdfs.entries()) {
        assert.ok(startsWithPdf(pdf));
        assert.ok((await pdfText(pdf)).includes(`申请人${names[i]}`));
      }
      const stats = converter.stats();
      assert.equal(stats.conversions, 6);
      assert.equal(stats.listeners.length, 2);
      assert.ok(stats.listeners.every((l) => l.conversions > 0), "both listeners did work");
    }),
});

Deno.test({
  name: "createPdfConverter() kills a hung listener, replaces it and the retry succeeds",
  fn: () =>
    withConverter({ workDir, processes: 1, timeoutMs: 3_000 }, async (converter) => {
      const [listener] = converter.stats().listeners;
      const id = converter.stats().id;
      const before = await sofficeTempFolders(id);
      assert.ok(
        before.some((name) => /^lo-tmp-0-1-\d+\/lu.*\.tmp$/.test(name)),
        `soffice's TMPDIR: ${before}`,
      );
      Deno.kill(listener.pid, "SIGSTOP"); // the listener hangs on the next document
      const pdf = await converter.convert(makeDocx(DOC));
      const after = await sofficeTempFolders(id);
      assert.ok(
        after.every((name) => name.startsWith("lo-tmp-0-2-")),
        `the killed one's folder is gone: ${after}`,
      );
      assert.ok(!(await leftoversInTmp(id)).some((name) => name.endsWith(`lo-${id}-0-1`)), "its pipe too");
      assert.ok(startsWithPdf(pdf));
      assert.ok((await pdfText(pdf)).includes("申请人张三"));
      const stats = converter.stats();
      assert.equal(stats.timeouts, 1);
      assert.equal(stats.retries, 1);
      assert.equal(stats.restarts, 1);
      assert.notEqual(stats.listeners[0].pid, listener.pid, "a new process took over");
    }),
});

Deno.test({
  name:
    "createPdfConverter() puts a job written ahead behind a hung one back in the queue without using its retry",
  fn: () =>
    withConverter({ workDir, processes: 1, timeoutMs: 3_000 }, async (converter) => {
      const [listener] = converter.stats().listeners;
      Deno.kill(listener.pid, "SIGSTOP"); // both jobs go to this listener: one converting, one waiting
      const pdfs = await Promise.all(
        ["张三", "李四"].map((n) => converter.convert(makeDocx([`申请人${n}`]))),
      );
      assert.ok((await pdfText(pdfs[0])).includes("申请人张三"));
      assert.ok((await pdfText(pdfs[1])).includes("申请人李四"));
      const stats = converter.stats();
      assert.equal(stats.timeouts, 1);
      assert.equal(stats.retries, 1, "only the job that was converting used its retry");
      assert.equal(stats.failures, 0);
    }),
});

Deno.test({
  name: "createPdfConverter() writes the next document ahead and reports where conversion time went",
  fn: () =>
    withConverter({ workDir, processes: 1 }, async (converter) => {
      await Promise.all([1, 2, 3].map((i) => converter.convert(makeDocx([`第${i}号`, ...DOC]))));
      const { busyMs, loadMs, exportMs, closeMs } = converter.stats().timing;
      assert.ok(loadMs > 0 && exportMs > 0 && closeMs >= 0, JSON.stringify(converter.stats().timing));
      assert.ok(busyMs >= loadMs + exportMs, "the listener was busy at least while LibreOffice worked");
      assert.ok(converter.stats().writtenAhead > 0, "the next document waited in the pipe, not in our queue");
    }),
});

Deno.test({
  name: "createPdfConverter() fails with PDF_CONVERSION_TIMEOUT when the retry hangs too",
  fn: () =>
    withConverter({ workDir, processes: 1, timeoutMs: 1 }, async (converter) => {
      await assert.rejects(converter.convert(makeDocx(DOC)), (err: unknown) => {
        assert.ok(err instanceof AppError);
        assert.equal(err.code, "PDF_CONVERSION_TIMEOUT");
        return true;
      });
      assert.equal(converter.stats().failures, 1);
    }),
});

Deno.test({
  name: "createPdfConverter() rejects an input it cannot open with PDF_CONVERSION_FAILED and keeps working",
  fn: () =>
    withConverter({ workDir, processes: 1 }, async (converter) => {
      const missing = `${workDir}/does-not-exist.docx`;
      await assert.rejects(converter.convertFile(missing, `${workDir}/x.pdf`), (err: unknown) => {
        assert.ok(err instanceof AppError);
        assert.equal(err.code, "PDF_CONVERSION_FAILED");
        assert.equal(err.message, "生成PDF失败：文档无法打开或已损坏");
        return true;
      });
      // the listener still works afterwards
      assert.ok(startsWithPdf(await converter.convert(makeDocx(DOC))));
    }),
});

Deno.test({
  name: "createPdfConverter() recycles a listener after restartAfter conversions and keeps working",
  fn: () =>
    withConverter({ workDir, processes: 1, restartAfter: 2 }, async (converter) => {
      const pids = new Set<number>();
      for (let i = 0; i < 5; i++) {
        assert.ok(startsWithPdf(await converter.convert(makeDocx([`第${i}号`, ...DOC]))));
        await converter.ready();
        pids.add(converter.stats().listeners[0].pid);
      }
      const stats = converter.stats();
      assert.equal(stats.conversions, 5);
      assert.equal(stats.restarts, 2);
      assert.equal(pids.size, 3);
    }),
});

Deno.test({
  name: "createPdfConverter() replaces a listener whose memory passed maxRssBytes, and keeps working",
  fn: () =>
    // Every listener is past 1 byte after a conversion: each one is replaced (restartAfter stays far).
    withConverter({ workDir, processes: 1, maxRssBytes: 1, restartAfter: 1000 }, async (converter) => {
      const pids = new Set<number>();
      for (let i = 0; i < 2; i++) {
        assert.ok(startsWithPdf(await converter.convert(makeDocx([`第${i}号`, ...DOC]))));
        await converter.ready();
        pids.add(converter.stats().listeners[0].pid);
      }
      const stats = converter.stats();
      assert.equal(stats.conversions, 2);
      assert.equal(stats.restarts, 2);
      assert.equal(pids.size, 2);
    }),
});

Deno.test("createPdfConverter() without LibreOffice says PDF_CONVERTER_MISSING", async () => {
  await using converter = createPdfConverter({ workDir, install: null });
  assert.equal(converter.available, false);
  await assert.rejects(converter.convert(makeDocx(DOC)), (err: unknown) => {
    assert.ok(err instanceof AppError);
    assert.equal(err.code, "PDF_CONVERTER_MISSING");
    assert.equal(err.message, "服务器未安装 LibreOffice，无法生成 PDF；Word 文档仍可生成");
    return true;
  });
});
