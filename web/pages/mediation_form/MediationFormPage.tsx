import { Card, Tabs } from "antd";
import { useState } from "react";
import { GenerateTab } from "./GenerateTab.tsx";
import { HistoryTab } from "./HistoryTab.tsx";

/** /mediation-form: template-based generation with its history (part 2 §2.4). */
export function MediationFormPage() {
  const [tab, setTab] = useState("generate");
  const [historyShown, setHistoryShown] = useState(0);
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key);
          if (key === "history") setHistoryShown((n) => n + 1);
        }}
        items={[
          { key: "generate", label: "生成文书", children: <GenerateTab /> },
          {
            key: "history",
            label: "历史记录",
            // Loaded on activation (part 2 §2.3, which the generation history follows).
            children: historyShown > 0 ? <HistoryTab reloadSignal={historyShown} /> : null,
          },
        ]}
      />
    </Card>
  );
}
