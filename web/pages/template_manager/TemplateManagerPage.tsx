import { systemTemplatesApi } from "../../api/templates.ts";
import { TemplateLibrary } from "../../components/TemplateLibrary.tsx";

/** /template-manager: the system templates every member can generate from (part 2 §2.5). */
export function TemplateManagerPage() {
  return (
    <TemplateLibrary
      api={systemTemplatesApi}
      preview
      listErrorText="获取模板列表失败"
      uploadTitle="上传系统模板"
      listTitle="系统模板列表"
    />
  );
}
