import { DeleteOutlined, InboxOutlined } from "@ant-design/icons";
import { App, Button, List, Space, Typography, Upload } from "antd";
import {
  OCR_ALLOWED_EXTENSIONS,
  OCR_MAX_FILES,
  OCR_NO_FILES_MESSAGE,
  pickOcrFiles,
} from "../../../common/schemas/ocr.ts";
import { formatBytes } from "../../components/format_bytes.ts";

interface Props {
  files: File[];
  setFiles: (files: File[]) => void;
  busy: boolean;
  /** Upload progress 0-100 while sending, else null. */
  sending: number | null;
  aiLeft: number | null;
  onStart: () => void;
  /** The start button's text; 开始识别 by default. */
  startLabel?: string;
}

const ACCEPT = OCR_ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(",");

/** Drag-and-drop selection with the part 4 §5 rules (types, 10 MB, 50 files, duplicates ignored). */
export function OcrUpload(
  { files, setFiles, busy, sending, aiLeft, onStart, startLabel = "开始识别" }: Props,
) {
  const { message } = App.useApp();

  /** antd calls beforeUpload once per file with the whole selection: act on the selection once. */
  function beforeUpload(file: File, fileList: File[]) {
    if (file === fileList[0]) {
      const picked = pickOcrFiles(files, fileList);
      for (const reason of picked.rejected) message.error(reason);
      setFiles(picked.files);
    }
    return false;
  }

  function start() {
    if (!files.length) return void message.warning(OCR_NO_FILES_MESSAGE);
    onStart();
  }

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        showUploadList={false}
        beforeUpload={beforeUpload}
        disabled={busy}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽文件到此区域</p>
        <p className="ant-upload-hint">
          支持 PDF、Word(.docx)、Excel、图片(PNG/JPG)，单个文件不超过 10MB，最多 {OCR_MAX_FILES}{" "}
          个；每个文件消耗 1 次AI使用次数
        </p>
      </Upload.Dragger>
      {files.length > 0 && (
        <List
          size="small"
          bordered
          header={`已选择 ${files.length} 个文件`}
          dataSource={files}
          renderItem={(f) => (
            <List.Item
              actions={[
                <Button
                  key="remove"
                  size="small"
                  type="text"
                  aria-label={`移除 ${f.name}`}
                  icon={<DeleteOutlined />}
                  disabled={busy}
                  onClick={() => setFiles(files.filter((x) => x !== f))}
                />,
              ]}
            >
              <Typography.Text ellipsis style={{ maxWidth: 420 }}>{f.name}</Typography.Text>
              <Typography.Text type="secondary">{formatBytes(f.size)}</Typography.Text>
            </List.Item>
          )}
        />
      )}
      <Space>
        <Button type="primary" loading={busy} onClick={start}>
          {sending !== null ? `上传中 ${sending}%` : startLabel}
        </Button>
        {files.length > 0 && !busy && <Button onClick={() => setFiles([])}>清空</Button>}
        {aiLeft !== null && <Typography.Text type="secondary">剩余AI使用次数：{aiLeft} 次</Typography.Text>}
      </Space>
    </Space>
  );
}
