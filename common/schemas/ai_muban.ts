/**
 * Output-document templates (/ai-muban, part 4 §2, §3, §5, §7): the dialog's rules, shared by the
 * form and the server, and the template shape the calls answer.
 */
import { z } from "zod";
import { AI_MUBAN_DESCRIPTION_MAX, AI_MUBAN_NAME_MAX } from "../constants.ts";

export const aiMubanName = z.string({ error: "请输入模板名称" }).trim().min(1, "请输入模板名称")
  .max(AI_MUBAN_NAME_MAX, `模板名称不能超过${AI_MUBAN_NAME_MAX}个字符`);
export const aiMubanDescription = z.string().trim()
  .max(AI_MUBAN_DESCRIPTION_MAX, `描述不能超过${AI_MUBAN_DESCRIPTION_MAX}个字符`);

/** The text fields of upload (multipart) and edit (PUT, JSON). */
export const aiMubanBody = z.object({
  template_name: aiMubanName,
  description: aiMubanDescription.optional().default(""),
});
export type AiMubanBody = z.infer<typeof aiMubanBody>;

/** One output-document template; `variables` are its ${…} names in document order. */
export interface AiMubanTemplate {
  id: string;
  template_name: string;
  description: string;
  created_at: string;
  updated_at: string;
  fileName: string;
  size: number;
  variables: string[];
}

/** The file a download is saved as: the template name plus .docx (part 4 §7). */
export function aiMubanFileName(templateName: string): string {
  // deno-lint-ignore no-control-regex
  const safe = templateName.replace(/[<>:"/\\|?*\u0000-\u001f]/g, "_").trim() || "模板";
  return `${safe}.docx`;
}
