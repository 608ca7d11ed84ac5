/**
 * Runs the region matcher over the `address` column of a CSV and writes `address,city,county`.
 *
 *   deno task eval-regions INPUT.csv OUTPUT.csv   predictions for any CSV with an address column
 *   deno task eval-regions                        dev set: predict, score with score.mjs, print the summary
 *
 * Prints the matcher's throughput (rows/s, matching only) either way.
 */
import { matchRegion } from "../server/services/regions/match_region.ts";

const OTHER = "其他";
const CASE_SPLIT_DIR = new URL("../../shared/data/case-split/", import.meta.url);

/** Parses RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks; a BOM is dropped. */
export function parseCsv(text: string): string[][] {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inQuotes) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') field += '"', i++;
      else inQuotes = false;
    } else if (ch === '"' && field === "") {
      inQuotes = quoted = true;
    } else if (ch === ",") {
      row.push(field), field = "", quoted = false;
    } else if (ch === "\n" || (ch === "\r" && text[i + 1] === "\n")) {
      if (ch === "\r") i++;
      row.push(field), rows.push(row);
      row = [], field = "", quoted = false;
    } else {
      field += ch;
    }
  }
  if (inQuotes) throw new Error("unterminated quoted field");
  if (field !== "" || quoted || row.length > 0) row.push(field), rows.push(row);
  return rows;
}

/**
 * Quotes a CSV field when it holds a comma, quote, line break or leading/trailing space. Verbatim
 * otherwise, formula-like starts included: this file is a predictions file for the scorer, which pairs
 * rows by their exact address (a neutralising ' would unpair every address that opens with a tab);
 * files users download go through common/csv.ts.
 */
export function quoteCsvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Reads the `address` column of a CSV file. */
async function readAddresses(path: string | URL): Promise<string[]> {
  const rows = parseCsv(await Deno.readTextFile(path));
  const column = (rows[0] ?? []).findIndex((h) => h.trim().toLowerCase() === "address");
  if (column < 0) throw new Error(`${path}: no "address" column`);
  return rows.slice(1).map((r) => r[column] ?? "");
}

/** Matches every address; returns the output CSV text and the matching throughput. */
function predictCsv(addresses: string[]): { csv: string; rowsPerSecond: number } {
  const started = performance.now();
  const matches = addresses.map((a) => matchRegion(a));
  const seconds = (performance.now() - started) / 1000;
  const lines = ["address,city,county"];
  addresses.forEach((address, i) => {
    const m = matches[i];
    lines.push([address, m.city?.name ?? OTHER, m.county?.name ?? OTHER].map(quoteCsvField).join(","));
  });
  return { csv: lines.join("\n") + "\n", rowsPerSecond: addresses.length / Math.max(seconds, 1e-9) };
}

/** Throughput over many rows (the set repeated), after a warm-up, so the figure is stable. */
function measureThroughput(addresses: string[]): number {
  const rows = Array.from({ length: Math.max(1, Math.ceil(100_000 / addresses.length)) }, () => addresses)
    .flat();
  for (const a of addresses) matchRegion(a);
  const started = performance.now();
  for (const a of rows) matchRegion(a);
  return rows.length / ((performance.now() - started) / 1000);
}

async function main(args: string[]): Promise<void> {
  if (args.length === 2) {
    const addresses = await readAddresses(args[0]);
    const { csv } = predictCsv(addresses);
    await Deno.writeTextFile(args[1], csv);
    console.log(`${addresses.length} rows -> ${args[1]}`);
    console.log(`throughput: ${Math.round(measureThroughput(addresses))} rows/s`);
    return;
  }
  if (args.length !== 0) {
    console.error("usage: deno task eval-regions [INPUT.csv OUTPUT.csv]");
    Deno.exit(2);
  }
  const gold = new URL("dev-addresses.csv", CASE_SPLIT_DIR);
  const addresses = await readAddresses(gold);
  const { csv } = predictCsv(addresses);
  const predictions = await Deno.makeTempFile({ prefix: "regions_", suffix: ".csv" });
  await Deno.writeTextFile(predictions, csv);
  console.log(`throughput: ${Math.round(measureThroughput(addresses))} rows/s (${addresses.length} rows)`);
  const scorer = new URL("score.mjs", CASE_SPLIT_DIR);
  const extra = Deno.env.get("EVAL_ERRORS") ? ["--errors", Deno.env.get("EVAL_ERRORS")!] : [];
  const out = await new Deno.Command("node", {
    args: [scorer.pathname, gold.pathname, predictions, ...extra],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  await Deno.remove(predictions);
  if (!out.success) Deno.exit(out.code);
}

if (import.meta.main) await main(Deno.args);
