import { Space } from "antd";
import { MappingTemplatesCard } from "./MappingTemplatesCard.tsx";
import { ParagraphTemplatesCard } from "./ParagraphTemplatesCard.tsx";
import { WordTemplatesCard } from "./WordTemplatesCard.tsx";

/** /excel-templates (part 2 §2.2): the member's Word, field-mapping and paragraph templates. */
export function ExcelTemplatesPage() {
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <WordTemplatesCard />
      <MappingTemplatesCard />
      <ParagraphTemplatesCard />
    </Space>
  );
}
