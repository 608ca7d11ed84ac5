import type { TemplateSource } from "../../api/mediation.ts";

/** The template the batch will use, whatever its source. */
export interface ChosenTemplate {
  source: TemplateSource;
  /** System or personal template id. */
  id?: string;
  /** Temporary upload: the server's opaque filePath. */
  path?: string;
  fileName: string;
  uploadTime: string;
  variables: string[];
}

export const SOURCE_LABELS: Record<TemplateSource, string> = {
  system: "系统模板",
  personal: "个人模板",
  temp: "临时上传(.docx)",
};
