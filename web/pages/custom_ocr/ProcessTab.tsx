import { UploadOutlined } from "@ant-design/icons";
import {
  Alert,
  App,
  Button,
  Card,
  Radio,
  Select,
  Space,
  Tag,
  Tree,
  type TreeDataNode,
  Typography,
  Upload,
} from "antd";
import { useCallback, useEffect, useState } from "react";
import {
  type CustomRuleView,
  type FolderNode,
  folderTree,
  type GeneratedFile,
  getLimits,
  getProgress,
  processFolder,
  processUploads,
} from "../../api/custom_ocr.ts";
import { DOC_TEXT_KINDS, hasKind } from "../../../common/document_kinds.ts";
import { errorText } from "../../api/client.ts";
import { CaseFolderUpload } from "./CaseFolderUpload.tsx";
import { RunResult, saveGeneratedZip } from "./RunResult.tsx";
import { useRunProgress } from "./use_run_progress.ts";

const MAX_BYTES = 10 * 1024 * 1024;
const QUOTA_TEXT = "您的AI使用次数不足，请联系管理员充值";

interface Node extends TreeDataNode {
  folder: FolderNode;
}

function toNodes(list: FolderNode[]): Node[] {
  return list.map((f) => ({
    key: f.path,
    title: (
      <Space size={4}>
        {f.name}
        <Typography.Text type="secondary">（{f.totalCount} 个文件）</Typography.Text>
        {f.isProcessed && <Tag color="success">已处理</Tag>}
      </Space>
    ),
    isLeaf: f.isLeaf,
    folder: f,
  }));
}

function withChildren(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((n) =>
    n.key === key
      ? { ...n, children }
      : n.children
      ? { ...n, children: withChildren(n.children as Node[], key, children) }
      : n
  );
}

function findNode(nodes: Node[], key: string): Node | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const inner = n.children ? findNode(n.children as Node[], key) : undefined;
    if (inner) return inner;
  }
}

/** The processing tab (part 4 §2, §4): upload mode and folder mode over the chosen rule. */
export function ProcessTab(
  { rule, onChangeRule }: { rule: CustomRuleView | null; onChangeRule: () => void },
) {
  const { message } = App.useApp();
  const [mode, setMode] = useState<"upload" | "folder">("upload");
  const [files, setFiles] = useState<File[]>([]);
  const [tree, setTree] = useState<Node[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [aiLeft, setAiLeft] = useState<number | null>(null);
  /** The cases of the last folder run (to review one after another) and the documents generated per case. */
  const [cases, setCases] = useState<{ id: string; path: string }[]>([]);
  const [generated, setGenerated] = useState<Record<string, GeneratedFile[]>>({});
  const { progress, reload } = useRunProgress(batchId);

  const loadTree = useCallback(async () => {
    try {
      setTree(toNodes((await folderTree("", rule?.id)).tree));
    } catch (err) {
      message.error(errorText(err, "加载文件夹树失败"));
    }
  }, [message, rule?.id]);
  useEffect(() => {
    getLimits().then((r) => setAiLeft(r.limits.ai_limit)).catch((err) =>
      message.error(errorText(err, "获取使用限制失败"))
    );
    if (mode === "folder") void loadTree();
  }, [mode, loadTree, message, batchId]);

  if (!rule) return <Alert type="info" showIcon message="请先在“规则管理”中选择一个规则" />;

  async function startUpload() {
    if (files.length === 0) return message.error("请先选择文件");
    setBusy(true);
    try {
      const res = await processUploads(rule!.id, files);
      if (!res.success || !res.batchId) return message.error(res.message || "没有找到符合规则的文件");
      message.success("开始处理文件");
      setBatchId(res.batchId);
    } catch (err) {
      message.error(errorText(err, "处理失败"));
    } finally {
      setBusy(false);
    }
  }

  /** Each selected folder in turn, waiting for it to finish; AI使用次数不足 stops the whole run. */
  async function startFolders() {
    if (checked.length === 0) return message.error("请选择要处理的文件夹或文件");
    setBusy(true);
    setCases([]);
    try {
      for (const path of checked) {
        const { batchId: id } = await processFolder(rule!.id, { path, isFolder: true });
        setCases((list) => [...list, { id, path }]);
        setBatchId(id);
        for (;;) {
          await new Promise((r) => setTimeout(r, 2_000));
          const p = await getProgress(id).catch(() => null);
          if (p && (p.status === "completed" || p.status === "failed")) break;
        }
      }
      message.success("全部文件夹处理完成");
    } catch (err) {
      const text = errorText(err, "处理失败");
      message.error(text.includes("AI使用次数不足") ? QUOTA_TEXT : text);
    } finally {
      setChecked([]);
      setBusy(false);
      await loadTree();
    }
  }

  const zipNames = Object.values(generated).flat().map((f) => f.fileName);
  const zipCases = Object.values(generated).filter((list) => list.length > 0).length;
  // What the rule reads and charges (expected.json, other types and unmatched names cost nothing).
  const selectedCount = checked.reduce((n, key) => {
    const folder = findNode(tree, key)?.folder;
    return n + (folder?.matchedCount ?? folder?.totalCount ?? 0);
  }, 0);
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Card size="small">
        <Space wrap>
          <span>
            当前规则：<b>{rule.rule_name}</b>
          </span>
          <Button size="small" onClick={onChangeRule}>更换规则</Button>
          <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)} optionType="button">
            <Radio value="upload">批量上传</Radio>
            <Radio value="folder">文件夹处理</Radio>
          </Radio.Group>
          {aiLeft !== null && <Typography.Text type="secondary">剩余AI使用次数：{aiLeft}</Typography.Text>}
        </Space>
      </Card>
      {mode === "upload"
        ? (
          <Card size="small" title="上传文件">
            <Upload
              multiple
              fileList={files.map((f, i) => ({ uid: String(i), name: f.name, status: "done" as const }))}
              onRemove={(f) => setFiles((list) => list.filter((_, i) => String(i) !== f.uid))}
              beforeUpload={(f) => {
                if (!hasKind(f.name, DOC_TEXT_KINDS)) message.error("不支持的文件类型");
                else if (f.size > MAX_BYTES) message.error("文件大小不能超过 10MB");
                else setFiles((list) => [...list, f]);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined />}>选择文件</Button>
            </Upload>
            <Button type="primary" loading={busy} onClick={startUpload} style={{ marginTop: 12 }}>
              开始处理
            </Button>
          </Card>
        )
        : (
          <Card
            size="small"
            title="AI文档文件夹（每个文件夹为一个案件）"
            extra={<CaseFolderUpload onUploaded={() => void loadTree()} />}
          >
            <Tree<Node>
              checkable
              checkStrictly
              treeData={tree}
              checkedKeys={checked}
              onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
              // Not selectable: a click on a folder's name checks or unchecks it, like its box.
              selectable={false}
              loadData={async (node) => {
                const children = toNodes((await folderTree(String(node.key), rule.id)).tree);
                setTree((t) => withChildren(t, String(node.key), children));
              }}
            />
            {tree.length === 0 && (
              <Typography.Text type="secondary">
                暂无文件夹，请先在“AI文档文件夹”上传案件文件夹
              </Typography.Text>
            )}
            <div style={{ marginTop: 12 }}>
              <Space>
                <Button type="primary" loading={busy} onClick={startFolders}>开始处理</Button>
                {checked.length > 0 && (
                  <Typography.Text>
                    已选 {checked.length} 个文件夹，共 {selectedCount} 个文件，最多消耗 {selectedCount}{" "}
                    次AI使用（仅符合规则的文件计费）
                  </Typography.Text>
                )}
              </Space>
            </div>
          </Card>
        )}
      {(cases.length > 1 || zipCases > 0) && (
        <Card size="small">
          <Space wrap>
            {cases.length > 1 && (
              <>
                <span>查看案件：</span>
                <Select
                  style={{ minWidth: 200 }}
                  value={batchId ?? undefined}
                  onChange={setBatchId}
                  options={cases.map((c) => ({ value: c.id, label: c.path }))}
                />
              </>
            )}
            {zipCases > 0 && (
              <Button
                disabled={zipNames.length < 2}
                onClick={() =>
                  saveGeneratedZip(zipNames).catch((err) => message.error(errorText(err, "下载文件失败")))}
              >
                打包下载全部文书（{zipCases} 个案件，{zipNames.length} 个文件）
              </Button>
            )}
          </Space>
        </Card>
      )}
      {batchId && progress && (
        <RunResult
          key={batchId}
          batchId={batchId}
          progress={progress}
          onChanged={reload}
          onGenerated={(files) => setGenerated((g) => ({ ...g, [batchId]: files }))}
        />
      )}
    </Space>
  );
}
