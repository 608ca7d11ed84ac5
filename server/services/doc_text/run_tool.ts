import { AppError } from "../../errors.ts";

export interface ToolResult {
  stdout: Uint8Array;
  stderr: string;
  code: number;
}

/**
 * Runs a trusted tool (poppler, tesseract) on untrusted input as a subprocess with a time-out: it is killed
 * when `timeoutMs` passes (DOC_TEXT_TIMEOUT) or `signal` aborts. `stdin` is written and closed.
 */
export async function runTool(
  cmd: string,
  args: string[],
  options: { timeoutMs: number; signal?: AbortSignal; stdin?: Uint8Array; env?: Record<string, string> },
): Promise<ToolResult> {
  options.signal?.throwIfAborted();
  const child = new Deno.Command(cmd, {
    args,
    stdin: options.stdin ? "piped" : "null",
    stdout: "piped",
    stderr: "piped",
    env: options.env,
  }).spawn();
  let timedOut = false;
  const kill = () => {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, options.timeoutMs);
  options.signal?.addEventListener("abort", kill, { once: true });
  try {
    const writing = options.stdin
      ? (async () => {
        const writer = child.stdin.getWriter();
        try {
          await writer.write(options.stdin);
          await writer.close();
        } catch { /* the tool stopped reading: its exit code says why */ }
      })()
      : Promise.resolve();
    const [out] = await Promise.all([child.output(), writing]);
    if (timedOut) throw new AppError("DOC_TEXT_TIMEOUT");
    options.signal?.throwIfAborted();
    return { stdout: out.stdout, stderr: new TextDecoder().decode(out.stderr).slice(-2000), code: out.code };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", kill);
  }
}
