import { CheckCircleTwoTone, CopyOutlined, DownloadOutlined, WarningTwoTone } from "@ant-design/icons";
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Grid,
  List,
  Row,
  Space,
  Spin,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import { useEffect, useState } from "react";
import { OCR_LOW_CONFIDENCE, type OcrFileResultView, type OcrKeyFact } from "../../../common/schemas/ocr.ts";
import { errorText } from "../../api/client.ts";
import { downloadOcrFile, getOcrFileResult, type OcrDownloadFormat } from "../../api/ocr.ts";
import { copyText } from "../../components/copy_text.ts";
import { saveBlob } from "../../components/save_file.ts";

interface Props {
  runId: string;
  index: number;
  fileName: string;
  scanned: boolean;
}

const METHOD_LABELS: Record<string, string> = {
  pdf_text: "PDF文字层",
  ocr: "文字识别",
  docx: "Word",
  sheet: "表格",
  text: "文本",
};

/** A check note that says something is wrong (不一致, 错误, 无效 ...). */
function isWarning(check: string): boolean {
  return /不一致|错误|无效|不符|失败/.test(check);
}

function KeyFacts({ facts }: { facts: OcrKeyFact[] }) {
  if (!facts.length) return <Empty description="未发现关键信息" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <List
      size="small"
      dataSource={facts}
      renderItem={(f) => {
        const bad = f.valid === false || f.checks.some(isWarning);
        const good = !bad && (f.valid === true || f.checks.length > 0);
        return (
          <List.Item>
            <Space direction="vertical" size={0} style={{ width: "100%" }}>
              <Space wrap>
                <Tag color="blue">{f.label}</Tag>
                <Typography.Text copyable strong>{f.value}</Typography.Text>
                {good && <CheckCircleTwoTone twoToneColor="#52c41a" aria-label="校验通过" />}
                {bad && <WarningTwoTone twoToneColor="#faad14" aria-label="校验未通过" />}
              </Space>
              {(f.checks.length > 0 || f.page) && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[...f.checks, f.page ? `第${f.page}页${f.line ? `第${f.line}行` : ""}` : ""].filter(
                    Boolean,
                  ).join("；")}
                </Typography.Text>
              )}
            </Space>
          </List.Item>
        );
      }}
    />
  );
}

/** One file's text per page (low-confidence lines shaded), its key facts, copy and the downloads. */
export function OcrResultPanel({ runId, index, fileName, scanned }: Props) {
  const { message } = App.useApp();
  const narrow = Grid.useBreakpoint().md === false;
  const [result, setResult] = useState<OcrFileResultView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<OcrDownloadFormat | null>(null);

  useEffect(() => {
    let live = true;
    setResult(null);
    setFailed(null);
    getOcrFileResult(runId, index).then(
      (r) => live && setResult(r.result),
      (err) => live && setFailed(errorText(err, "获取识别结果失败")),
    );
    return () => void (live = false);
  }, [runId, index]);

  async function copyAll() {
    if (!result) return;
    const text = result.pages.map((p) => p.lines.map((l) => l.text).join("\n")).join("\n\n");
    if (await copyText(text)) message.success("已复制到剪贴板");
    else message.error("复制失败");
  }

  async function download(format: OcrDownloadFormat) {
    setDownloading(format);
    try {
      const file = await downloadOcrFile(runId, index, format);
      saveBlob(file.blob, file.fileName ?? `${fileName}.${format}`);
    } catch (err) {
      message.error(errorText(err, "下载失败"));
    } finally {
      setDownloading(null);
    }
  }

  if (failed) return <Alert type="error" showIcon message={failed} />;
  if (!result) return <Spin />;
  const lowCount = result.pages.reduce(
    (n, p) => n + p.lines.filter((l) => l.confidence < OCR_LOW_CONFIDENCE).length,
    0,
  );

  // On phones the buttons go into the card's body: in its header they leave the file name no room.
  const actions = (
    <Space wrap>
      <Button size="small" icon={<CopyOutlined />} onClick={copyAll}>复制文本</Button>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        loading={downloading === "txt"}
        onClick={() => download("txt")}
      >
        下载TXT
      </Button>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        loading={downloading === "docx"}
        onClick={() => download("docx")}
      >
        下载Word
      </Button>
      {scanned && (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={downloading === "pdf"}
          onClick={() => download("pdf")}
        >
          下载可搜索PDF
        </Button>
      )}
    </Space>
  );
  return (
    <Row gutter={16}>
      <Col xs={24} lg={16}>
        <Card
          size="small"
          title={fileName}
          extra={narrow ? undefined : actions}
        >
          {narrow && <div style={{ marginBottom: 8 }}>{actions}</div>}
          {result.warnings.map((w) => (
            <Alert key={w} type="warning" showIcon message={w} style={{ marginBottom: 8 }} />
          ))}
          {lowCount > 0 && (
            <Typography.Paragraph type="secondary">
              <span style={{ background: "#fff1b8", padding: "0 4px" }}>黄色底纹</span>的 {lowCount}{" "}
              行识别把握较低，请核对原件
            </Typography.Paragraph>
          )}
          <Tabs
            size="small"
            items={result.pages.map((p) => ({
              key: String(p.page),
              label: p.sheetName ?? `第${p.page}页`,
              children: (
                <div style={{ maxHeight: 520, overflow: "auto", fontFamily: "inherit", lineHeight: 1.8 }}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    读取方式：{METHOD_LABELS[p.method] ?? p.method}
                  </Typography.Text>
                  {p.lines.length === 0 && (
                    <Empty description="本页没有文字" image={Empty.PRESENTED_IMAGE_SIMPLE} />
                  )}
                  {p.lines.map((l, i) => {
                    const low = l.confidence < OCR_LOW_CONFIDENCE;
                    return (
                      <Tooltip key={i} title={low ? `置信度 ${Math.round(l.confidence * 100)}%` : undefined}>
                        <div
                          data-low-confidence={low ? "true" : undefined}
                          style={low ? { background: "#fff1b8" } : undefined}
                        >
                          {l.text}
                        </div>
                      </Tooltip>
                    );
                  })}
                </div>
              ),
            }))}
          />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title="关键信息">
          <KeyFacts facts={result.keyFacts} />
        </Card>
      </Col>
    </Row>
  );
}
