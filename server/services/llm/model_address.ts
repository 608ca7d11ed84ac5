/**
 * The server's check of a model address before it is saved or called (issue #25 finding 5): the
 * literal rule of common/model_address.ts, and the same rule on what the host name resolves to, so
 * a name pointing at 169.254.169.254 is refused too. A failed or slow look-up is not a refusal: the
 * connection itself then fails with its own message.
 */
import { isLinkLocalIp, modelAddressProblem } from "../../../common/model_address.ts";
import { AppError } from "../../errors.ts";

const RESOLVE_TIMEOUT_MS = 2_000;

export type ResolveHost = (host: string, type: "A" | "AAAA") => Promise<string[]>;

function resolveWithDeno(host: string, type: "A" | "AAAA"): Promise<string[]> {
  return Deno.resolveDns(host, type, { signal: AbortSignal.timeout(RESOLVE_TIMEOUT_MS) });
}

/** Throws AI_BASE_URL_FORBIDDEN when the address or any address its host resolves to is link-local. */
export async function assertModelAddressAllowed(
  baseUrl: string,
  resolve: ResolveHost = resolveWithDeno,
): Promise<void> {
  if (baseUrl === "") return;
  if (modelAddressProblem(baseUrl) !== null) throw new AppError("AI_BASE_URL_FORBIDDEN");
  let host: string;
  try {
    host = new URL(baseUrl).hostname;
  } catch {
    return;
  }
  if (/^[\d.]+$/.test(host) || host.startsWith("[")) return; // an IP literal: checked above
  const found = await Promise.all(
    (["A", "AAAA"] as const).map((type) => resolve(host, type).catch(() => [] as string[])),
  );
  if (found.flat().some(isLinkLocalIp)) throw new AppError("AI_BASE_URL_FORBIDDEN");
}
