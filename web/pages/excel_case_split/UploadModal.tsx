import { UploadOutlined } from "@ant-design/icons";
import { App, Button, Form, Modal, Radio, Select, Upload } from "antd";
import { useState } from "react";
import {
  CASE_SPLIT_DEFAULT_LEVEL,
  CASE_SPLIT_LEVEL_LABELS,
  CASE_SPLIT_LEVELS,
  type CaseSplitLevel,
} from "../../../common/constants.ts";
import { caseSplitBody } from "../../../common/schemas/case_split.ts";
import {
  type CaseSplitLevel as Level,
  deleteCaseSplitTask,
  startCaseSplit,
  uploadCaseSplitFile,
} from "../../api/case_split.ts";
import { errorText } from "../../api/client.ts";
import { zodRule } from "../../components/zod_rule.ts";
import { checkSplitFile, guessAddressColumn } from "./case_split_view.ts";

interface Props {
  open: boolean;
  onClose: () => void;
  /** The split was requested: refresh the list (part 4 §4 client flow). */
  onStarted: (taskId: string) => void;
}

interface Uploaded {
  taskId: string;
  headers: string[];
  totalRows: number;
  fileName: string;
}

/** The upload dialog (part 4 §2, §5): Excel file, address column from its headers, level, start. */
export function UploadModal({ open, onClose, onStarted }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ addressColumn?: string; splitLevel?: CaseSplitLevel }>();
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [uploading, setUploading] = useState(false);
  const [starting, setStarting] = useState(false);
  const addressColumn = Form.useWatch("addressColumn", form);
  const splitLevel = Form.useWatch("splitLevel", form);

  function reset() {
    form.resetFields();
    setUploaded(null);
  }

  /** An upload that will not be split (cancelled or replaced) is deleted, not left as 已上传. */
  async function discardUpload() {
    if (uploaded) await deleteCaseSplitTask(uploaded.taskId).catch(() => {});
  }

  async function cancel() {
    await discardUpload();
    reset();
    onClose();
  }

  async function upload(file: File) {
    setUploading(true);
    void discardUpload();
    setUploaded(null);
    form.setFieldValue("addressColumn", undefined);
    try {
      const result = await uploadCaseSplitFile(file);
      setUploaded({ ...result, fileName: file.name });
      // A header that is plainly an address is chosen already; the user may change it.
      const guessed = guessAddressColumn(result.headers);
      if (guessed) form.setFieldValue("addressColumn", guessed);
      message.success(`文件上传成功，共 ${result.totalRows} 行数据`);
    } catch (err) {
      message.error(errorText(err, "文件上传失败"));
    } finally {
      setUploading(false);
    }
  }

  async function start() {
    if (!uploaded) return message.error("请选择文件");
    const values = await form.validateFields().catch(() => null);
    if (!values?.addressColumn || !values.splitLevel) return;
    setStarting(true);
    try {
      await startCaseSplit({
        taskId: uploaded.taskId,
        addressColumn: values.addressColumn,
        splitLevel: values.splitLevel as Level,
      });
      onStarted(uploaded.taskId);
      reset();
    } catch (err) {
      message.error(errorText(err, "处理失败"));
    } finally {
      setStarting(false);
    }
  }

  const ready = uploaded !== null && Boolean(addressColumn) && Boolean(splitLevel);
  return (
    <Modal
      title="上传Excel文件"
      open={open}
      destroyOnHidden
      onCancel={cancel}
      footer={[
        <Button key="cancel" onClick={cancel}>
          取消
        </Button>,
        <Button key="start" type="primary" disabled={!ready} loading={starting} onClick={start}>
          开始分类
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" initialValues={{ splitLevel: CASE_SPLIT_DEFAULT_LEVEL }}>
        <Form.Item
          label="Excel文件"
          required
          help={uploaded ? `${uploaded.fileName}（共 ${uploaded.totalRows} 行）` : undefined}
        >
          <Upload
            accept=".xlsx,.xls"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              const problem = checkSplitFile(file);
              if (problem) {
                message.error(problem);
                return Upload.LIST_IGNORE;
              }
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>选择文件</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="addressColumn" label="地址列" rules={[zodRule(caseSplitBody.shape.addressColumn)]}>
          <Select
            placeholder="请选择地址列"
            disabled={!uploaded}
            options={(uploaded?.headers ?? []).map((h) => ({ value: h, label: h }))}
            showSearch
          />
        </Form.Item>
        <Form.Item name="splitLevel" label="分类级别" rules={[zodRule(caseSplitBody.shape.splitLevel)]}>
          <Radio.Group
            options={CASE_SPLIT_LEVELS.map((level) => ({
              value: level,
              label: CASE_SPLIT_LEVEL_LABELS[level],
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
