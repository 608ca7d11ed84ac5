import type { AppDeps } from "../../deps.ts";
import type { ChatRecord, Conversation } from "../../kv/ai_chats.ts";
import type { WordTemplate } from "../../kv/word_templates.ts";
import { storeTemplate } from "../templates/word_templates.ts";
import { renderDraftDocx } from "./export_docx.ts";
import type { Preset } from "../../../common/schemas/ai_chat.ts";
import { gapFor } from "./presets.ts";

/**
 * "Save as template" (issue #15 §5): the draft with the case's values put back as `${字段}`
 * placeholders, stored as the user's personal Word template (/my-templates, usable on
 * /mediation-form for the next cases of the same kind). The rule: every case value of two or more
 * characters is replaced wherever it appears, longest value first (so 李明华 is not cut by 李明); a
 * gap 〔待填写：标签〕 becomes its field's placeholder too. Citations are checked again when a
 * generated document is reviewed, so the template carries no citation note.
 */
export function templateText(
  text: string,
  conv: Pick<Conversation, "caseData">,
  preset: Preset | null,
): string {
  let out = text;
  const values = Object.entries(conv.caseData)
    .map(([key, value]) => [key, value.trim()] as const)
    .filter(([, value]) => value.length >= 2)
    .sort((a, b) => b[1].length - a[1].length);
  for (const [key, value] of values) out = out.split(value).join(`\${${key}}`);
  for (const f of preset?.fields ?? []) out = out.split(gapFor(f.label)).join(`\${${f.key}}`);
  return out;
}

/** Stores the template; the name is the user's, ending in .docx. */
export async function saveAnswerAsTemplate(
  deps: Pick<AppDeps, "kv" | "blobs" | "clock">,
  input: { userId: number; record: ChatRecord; conv: Conversation; preset: Preset | null; name: string },
): Promise<WordTemplate> {
  const docx = renderDraftDocx(templateText(input.record.content, input.conv, input.preset));
  const fileName = input.name.endsWith(".docx") ? input.name : `${input.name}.docx`;
  const file = new File([docx as Uint8Array<ArrayBuffer>], fileName, {
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  });
  const { template } = await storeTemplate(deps, { scope: "personal", userId: input.userId, file });
  return template;
}
