import { InboxOutlined } from "@ant-design/icons";
import { App, Descriptions, Progress, Space, Tag, Upload } from "antd";
import { useState } from "react";
import { EXCEL_UPLOAD_MAX_BYTES } from "../../../common/constants.ts";
import type { ExcelUploadResult } from "../../../common/schemas/excel_batch.ts";
import { errorText } from "../../api/client.ts";
import { uploadExcel } from "../../api/excel_batch.ts";

const EXCEL_NAME = /\.(xlsx|xls)$/i;

interface Props {
  upload: ExcelUploadResult | null;
  onUploaded: (result: ExcelUploadResult) => void;
}

/** Step 0 (part 2 §2.1): the Excel file, by drag or click (.xlsx/.xls, 10MB). */
export function UploadStep({ upload, onUploaded }: Props) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);

  async function send(file: File) {
    if (!EXCEL_NAME.test(file.name)) return void message.error("只能上传 Excel 文件!");
    if (file.size > EXCEL_UPLOAD_MAX_BYTES) return void message.error("文件大小不能超过 10MB!");
    setPercent(0);
    try {
      const result = await uploadExcel(file, { onProgress: setPercent });
      onUploaded(result);
      message.success("Excel文件上传成功");
    } catch (err) {
      message.error(errorText(err, "上传失败"));
    } finally {
      setPercent(null);
    }
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Upload.Dragger
        accept=".xlsx,.xls"
        multiple={false}
        showUploadList={false}
        disabled={percent !== null}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽Excel文件到此区域上传</p>
        <p className="ant-upload-hint">支持 .xlsx、.xls 格式，文件大小不超过10MB；第一行为表头</p>
      </Upload.Dragger>
      {percent !== null && <Progress percent={percent} size="small" />}
      {upload && (
        <Descriptions bordered size="small" column={1}>
          <Descriptions.Item label="文件名">{upload.fileName}</Descriptions.Item>
          <Descriptions.Item label="数据行数">{upload.totalRows}</Descriptions.Item>
          <Descriptions.Item label="表头">
            <Space wrap size={[4, 4]}>
              {upload.headers.map((h) => <Tag key={h}>{h}</Tag>)}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Space>
  );
}
