/**
 * Builds the second labelled extraction set (issue #23): 32 case folders of the document classes the
 * shared set lacks (要素式 forms in tables, other role wordings, printed tables, receipts and records, identity
 * and company papers, court and mediation papers, photos with tilt/shadow/low contrast and camera file names),
 * with expected.json in the shared set's format (keys, rules and scorer of ../shared/data/extraction/README.md).
 * The label is computed from the values the generator wrote, never read back from the files.
 *
 *   deno run -A tests/data/extraction_sets/make_set2.ts [OUT_DIR]   (default /tmp/extraction_set2)
 *
 * Needs soffice (text PDFs, page images) and pdftoppm. Deterministic: same seed, same set.
 */
import {
  acceptanceNotice,
  businessLicence,
  type Case,
  collectionNotice,
  complaintElements,
  complaintNarrative,
  contractElements,
  creditReport,
  type Doc,
  householdCard,
  idCardCopy,
  iouTable,
  judgmentElements,
  type Key,
  mediationAgreement,
  mediationApplication,
  mediationRuling,
  type Party,
  powerOfAttorney,
  receipt,
  repaymentSheet,
  serviceAddress,
  settlementTable,
  statement,
  type Value,
} from "./gen_docs.ts";
import { docxToPdf, jpegToPdf, pdfToGray, photograph, scan, writeDocx, writeXlsx } from "./gen_render.ts";
import { makeCase } from "./gen_case.ts";
import { cn, Pick, rng } from "./gen_values.ts";

const OUT = Deno.args.find((a) => !a.startsWith("--")) ?? "/tmp/extraction_set2";
/** Rewrite expected.json only (the files are deterministic; their PDFs and zips differ only in timestamps). */
const LABELS_ONLY = Deno.args.includes("--labels-only");
const KEYS: Key[] = [
  "plaintiff_name",
  "plaintiff_id_no",
  "plaintiff_credit_code",
  "plaintiff_legal_rep",
  "plaintiff_phone",
  "plaintiff_address",
  "defendant_name",
  "defendant_id_no",
  "defendant_phone",
  "defendant_address",
  "loan_amount",
  "loan_date",
  "interest_rate",
  "due_date",
  "repaid_amount",
  "claim",
  "case_no",
  "court",
  "award_amount",
  "sign_date",
];

const stamp = (p: Pick) => `2024${String(p.int(1, 12)).padStart(2, "0")}${String(p.int(10, 28))}`;
const camera = (p: Pick) =>
  p.chance(0.5)
    ? `IMG_${stamp(p)}_${p.int(100000, 235959)}.jpg`
    : `微信图片_${stamp(p)}${p.int(100000, 235959)}.jpg`;

/** The documents of case i: recipes rotate so every class appears several times. */
function docsOf(i: number, c: Case, p: Pick): Doc[] {
  const cr = c.creditor, de = c.debtor;
  const short = cr.kind === "person"
    ? cr.name
    : cr.name.slice(cr.name.indexOf("市") + 1, cr.name.indexOf("市") + 3);
  const title = `${short}诉${de.name}`;
  const photoBudget = i % 4 === 0; // one folder in four carries a photo
  switch (i % 8) {
    case 0:
      return [
        complaintElements(c, p, `${title}民事起诉状（要素式）.docx`),
        iouTable(c, p, photoBudget ? camera(p) : "借据.pdf", photoBudget ? "photo" : "text_pdf"),
        idCardCopy(de, p, "被告身份证复印件.pdf", "text_pdf", "defendant"),
        receipt(c, p, "收条.docx"),
      ];
    case 1:
      return [
        complaintElements(c, p, "起诉状（要素式）.docx"),
        contractElements(c, p, "借款合同.pdf", "text_pdf"),
        ...(cr.kind !== "person" ? [businessLicence(cr, p, "原告营业执照.pdf", "text_pdf")] : []),
        repaymentSheet(c, p, "还款明细.xlsx"),
        householdCard(de, p, "被告户口簿.pdf", "defendant"),
      ];
    case 2:
      return [
        judgmentElements(c, p, "民事判决书.pdf"),
        complaintNarrative(
          c,
          p,
          "民事起诉状.docx",
          i % 16 === 2 ? de.name[0] + "晓" + de.name.slice(2) : undefined,
        ),
        idCardCopy(de, p, `${de.name}身份证.pdf`, "scanned_pdf", "defendant"),
        ...(cr.kind === "person" ? [idCardCopy(cr, p, "原告身份证.pdf", "text_pdf", "plaintiff")] : []),
      ];
    case 3:
      return [
        settlementTable(c, p, "和解协议.docx"),
        powerOfAttorney(c, p, "授权委托书.docx"),
        serviceAddress(c, p, "送达地址确认书（被告）.pdf", "text_pdf", "defendant"),
        complaintNarrative(c, p, "起诉状.docx"),
      ];
    case 4:
      return [
        mediationRuling(c, p, "民事调解书.pdf"),
        acceptanceNotice(c, p, "受理案件通知书.pdf"),
        iouTable(c, p, photoBudget ? camera(p) : "借据.docx", photoBudget ? "photo" : "docx"),
        householdCard(de, p, "户口本.pdf", "defendant"),
        ...(cr.kind !== "person" ? [creditReport(cr, p, "企业信用信息公示报告.pdf")] : []),
      ];
    case 5:
      return [
        mediationApplication(c, p, "诉前调解申请书.docx"),
        mediationAgreement(
          c,
          p,
          "诉前调解协议书.pdf",
          `${c.halfBrackets ? "(" : "（"}${c.filed.y}${
            c.halfBrackets ? ")" : "）"
          }${de.place.courtCode}民诉前调${p.int(100, 9999)}号`,
        ),
        collectionNotice(c, p, "催收通知书.docx"),
        ...(cr.kind !== "person" ? [creditReport(cr, p, "原告企业信用信息公示报告.pdf")] : []),
        idCardCopy(de, p, "被申请人身份证.pdf", "text_pdf", "defendant"),
      ];
    case 6:
      return [
        contractElements(c, p, "个人借款合同.docx", "docx"),
        statement(c, p, "客户对账单.pdf"),
        complaintElements(c, p, "民事起诉状.docx"),
        ...(cr.kind !== "person" ? [businessLicence(cr, p, camera(p), "photo")] : []),
      ];
    default:
      return [
        complaintNarrative(c, p, "起诉状.docx"),
        serviceAddress(c, p, "原告送达地址确认书.docx", "docx", "plaintiff"),
        idCardCopy(de, p, photoBudget ? camera(p) : "被告身份证.jpg", "photo", "defendant"),
        repaymentSheet(c, p, "还款记录.xlsx"),
      ];
  }
}

/** expected.json from the documents' statements: the most authoritative file's value wins. */
function label(c: Case, docs: Doc[]) {
  const fields: Record<string, Value | null> = {};
  const found: Record<string, boolean> = {};
  const sources: Record<string, string | null> = {};
  const mentions: Record<string, { file: string; value: Value }[]> = {};
  const conflicts: string[] = [], agreements: string[] = [];
  for (const key of KEYS) {
    const ms = docs.filter((d) => d.states[key] !== undefined && d.states[key] !== null)
      .map((d) => ({ d, v: d.states[key]! }));
    mentions[key] = ms.map(({ d, v }) => ({ file: d.name, value: v }));
    if (!ms.length) {
      fields[key] = null;
      found[key] = false;
      sources[key] = null;
      continue;
    }
    const best = [...ms].sort((a, b) => a.d.rank - b.d.rank)[0];
    const tied = ms.filter((m) => m.d.rank === best.d.rank && m.v !== best.v);
    if (tied.length) throw new Error(`${c.id} ${key}: two files of one rank disagree`);
    fields[key] = best.v;
    found[key] = true;
    sources[key] = best.d.name;
    const distinct = new Set(ms.map((m) => String(m.v)));
    if (ms.length > 1) (distinct.size > 1 ? conflicts : agreements).push(key);
  }
  return { fields, found, sources, conflicts, agreements, mentions };
}

const seed = rng(20261128);
const p = new Pick(seed);
if (!LABELS_ONLY) await Deno.remove(OUT, { recursive: true }).catch(() => {});
await Deno.mkdir(`${OUT}/cases`, { recursive: true });
const work = await Deno.makeTempDir({ prefix: "set2-work-" });
const kinds: Party["kind"][] = ["person", "company", "person", "bank", "person", "company", "bank", "person"];
const all: { c: Case; docs: Doc[]; dir: string }[] = [];
for (let i = 0; i < 32; i++) {
  const c = makeCase(i, p, kinds[(i + Math.floor(i / 8)) % kinds.length]);
  const docs = docsOf(i, c, p);
  const folder = `${c.id}_${
    c.creditor.kind === "person" ? c.creditor.name : c.creditor.name.slice(0, 6)
  }诉${c.debtor.name}`;
  const dir = `${OUT}/cases/${folder}`;
  await Deno.mkdir(dir, { recursive: true });
  all.push({ c, docs, dir });
}

// 1. Word sources for every page document; PDFs and images are made from them.
const toPdf: string[] = [];
for (const [ci, { docs }] of all.entries()) {
  for (const [di, d] of docs.entries()) {
    if (d.form === "xlsx" || LABELS_ONLY) continue;
    const base = `c${ci}_d${di}`;
    await Deno.writeFile(`${work}/${base}.docx`, writeDocx(d.blocks!, d.landscape));
    if (d.form !== "docx") toPdf.push(`${base}.docx`);
  }
}
if (!LABELS_ONLY) await docxToPdf(work, toPdf, work);

for (const [ci, { c, docs, dir }] of all.entries()) {
  const files = [];
  for (const [di, d] of docs.entries()) {
    const base = `${work}/c${ci}_d${di}`;
    let bytes: Uint8Array;
    if (LABELS_ONLY) {
      const size = (await Deno.stat(`${dir}/${d.name}`)).size;
      files.push({ name: d.name, form: d.form, kind: d.kind, rank: d.rank, bytes: size });
      continue;
    }
    if (d.form === "xlsx") bytes = writeXlsx(d);
    else if (d.form === "docx") bytes = await Deno.readFile(`${base}.docx`);
    else if (d.form === "text_pdf") bytes = await Deno.readFile(`${base}.pdf`);
    else if (d.form === "scanned_pdf") {
      const gray = await pdfToGray(`${base}.pdf`, 150);
      bytes = await jpegToPdf(scan(gray, (p.r() - 0.5) * 2, seed), d.landscape);
    } else {
      const gray = await pdfToGray(`${base}.pdf`, 110);
      bytes = photograph(gray, {
        tilt: (p.r() - 0.5) * 5,
        keystone: 0.02 + p.r() * 0.04,
        shadow: 0.55 + p.r() * 0.2,
        contrast: 0.55 + p.r() * 0.25,
        noise: 10,
        table: 90 + p.int(0, 60),
        quality: 62,
      }, seed);
    }
    await Deno.writeFile(`${dir}/${d.name}`, bytes);
    files.push({ name: d.name, form: d.form, kind: d.kind, rank: d.rank, bytes: bytes.length });
  }
  const l = label(c, docs);
  const expected = {
    case: dir.split("/").pop(),
    scenario: c.scenario,
    fields: l.fields,
    found: l.found,
    sources: l.sources,
    files,
    conflicts: l.conflicts,
    agreements: l.agreements,
    mentions: l.mentions,
  };
  await Deno.writeTextFile(`${dir}/expected.json`, JSON.stringify(expected, null, 1));
}
await Deno.remove(work, { recursive: true }).catch(() => {});
console.log(
  `${all.length} cases, ${all.reduce((n, a) => n + a.docs.length, 0)} files in ${OUT}/cases (${
    cn({ y: 2026, m: 11, d: 28 })
  })`,
);
