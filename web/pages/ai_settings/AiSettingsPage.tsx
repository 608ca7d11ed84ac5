import { Space } from "antd";
import { AiSettingsForm } from "./AiSettingsForm.tsx";
import { SensitiveWordsCard } from "./SensitiveWordsCard.tsx";

/** /ai-settings (user id 1 only; the guard and the server both enforce it): model settings and sensitive words. */
export function AiSettingsPage() {
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <AiSettingsForm />
      <SensitiveWordsCard />
    </Space>
  );
}
