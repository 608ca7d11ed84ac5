import { Card, Tabs } from "antd";
import { useState } from "react";
import type { CustomRuleView } from "../../api/custom_ocr.ts";
import { ProcessTab } from "./ProcessTab.tsx";
import { RulesTab } from "./RulesTab.tsx";

/** /custom-ocr (自定义OCR, part 4 §2): rules by file name, then uploads or case folders processed with one. */
export function CustomOcrPage() {
  const [tab, setTab] = useState("rules");
  const [rule, setRule] = useState<CustomRuleView | null>(null);
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: "rules",
            label: "规则管理",
            children: (
              <RulesTab
                onChoose={(r) => {
                  setRule(r);
                  setTab("process");
                }}
              />
            ),
          },
          {
            key: "process",
            label: "文件处理",
            children: <ProcessTab rule={rule} onChangeRule={() => setTab("rules")} />,
          },
        ]}
      />
    </Card>
  );
}
