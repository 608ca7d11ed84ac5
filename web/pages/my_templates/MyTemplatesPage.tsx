import { personalTemplatesApi } from "../../api/templates.ts";
import { TemplateLibrary } from "../../components/TemplateLibrary.tsx";

/** /my-templates: a member's own templates, visible to nobody else (part 2 §2.6, no preview). */
export function MyTemplatesPage() {
  return (
    <TemplateLibrary
      api={personalTemplatesApi}
      preview={false}
      listErrorText="获取个人模板列表失败"
      uploadTitle="上传我的模板"
      listTitle="我的模板列表"
    />
  );
}
