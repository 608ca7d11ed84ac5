import { UploadOutlined } from "@ant-design/icons";
import { App, Button, Radio, Space, Typography } from "antd";
import { type ChangeEvent, useRef, useState } from "react";
import { AI_FOLDER_BATCH_MAX_BYTES } from "../../../common/constants.ts";
import { uploadAiFolderBatch } from "../../api/ai_folder.ts";
import { errorText } from "../../api/client.ts";
import { folderFiles, splitIntoBatches } from "../ai_folder/upload_batches.ts";

/**
 * Uploads case folders into the AI document folder's root from the folder mode (the same call and
 * 50 MB batches as /ai-folder). A file whose name is taken is kept beside the old one (the default) or
 * replaces it when 替换 is chosen.
 */
export function CaseFolderUpload({ onUploaded }: { onUploaded: () => void }) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [replace, setReplace] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  async function onPick(e: ChangeEvent<HTMLInputElement>) {
    const picked = folderFiles(e.target.files ?? []);
    e.target.value = "";
    if (picked.length === 0) return;
    const { batches, tooLarge } = splitIntoBatches(picked, AI_FOLDER_BATCH_MAX_BYTES);
    if (tooLarge.length > 0) {
      message.warning(`文件大小不能超过 50MB：${tooLarge.map((f) => f.relativePath).join("、")}`, 8);
    }
    const failed: string[] = [];
    setBusy("正在上传文件夹...");
    try {
      for (const [i, batch] of batches.entries()) {
        setBusy(`正在上传第 ${i + 1}/${batches.length} 批文件...`);
        const res = await uploadAiFolderBatch("", batch, { replace });
        failed.push(...res.failed.map((f) => `${f.path}（${f.error}）`));
      }
      if (failed.length === 0) message.success("文件夹上传成功");
      else message.warning(`${failed.length} 个文件未上传：${failed.slice(0, 5).join("；")}`, 8);
    } catch (err) {
      message.error(errorText(err, "文件夹上传失败"));
    } finally {
      setBusy(null);
      onUploaded();
    }
  }

  return (
    <Space wrap>
      <Button icon={<UploadOutlined />} loading={busy !== null} onClick={() => input.current?.click()}>
        上传案件文件夹
      </Button>
      <Typography.Text type="secondary">同名文件：</Typography.Text>
      <Radio.Group
        size="small"
        optionType="button"
        value={replace ? "replace" : "keep"}
        onChange={(e) => setReplace(e.target.value === "replace")}
        options={[{ value: "keep", label: "保留两者" }, { value: "replace", label: "替换" }]}
      />
      {busy && <Typography.Text type="secondary">{busy}</Typography.Text>}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="case-folder-input"
        {...{ webkitdirectory: "", directory: "" }}
        onChange={onPick}
      />
    </Space>
  );
}
