/**
 * Word templates of the two managers and the generation page's temporary upload (part 2 §3, §7):
 * the shapes server/routes/templates.ts answers and web/api/templates.ts reads.
 */

/** The warning (part 2 §5) shown when a template has no ${name} variables. */
export const NO_VARIABLES_WARNING = "模板中未找到 ${变量名} 格式的变量";

/** The template object both managers list (part 2 §3 "Manager template"); times are ISO strings. */
export interface ManagerTemplate {
  id: string;
  fileName: string;
  original_filename: string;
  uploadTime: string;
  created_at: string;
  file_path: string;
  variables: string[];
  description: string;
  size: number;
}

/** Answer of every template upload (managers and temporary). */
export interface TemplateUploadResult {
  success: true;
  template?: ManagerTemplate;
  filePath: string;
  fileName: string;
  variables: string[];
  noVariables: boolean;
  warning?: string;
  uploadTime?: string;
}
