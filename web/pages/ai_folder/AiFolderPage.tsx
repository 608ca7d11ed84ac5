import {
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  FolderOpenOutlined,
  ReloadOutlined,
  UploadOutlined,
} from "@ant-design/icons";
import { App, Breadcrumb, Button, Card, Col, Row, Space, Spin, Table } from "antd";
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from "react";
import { AI_FOLDER_BATCH_MAX_BYTES, AI_FOLDER_CONTENTS_PAGE_SIZES } from "../../../common/constants.ts";
import {
  type AiFolderItem,
  type AiFolderTreeNode,
  type AiFolderUploadResult,
  batchDeleteAiFolderItems,
  createAiFolder,
  deleteAiFolderItem,
  downloadAiFolderFile,
  getAiFolderContents,
  getAiFolderTree,
  renameAiFolderItem,
  uploadAiFolderBatch,
  uploadAiFolderFiles,
} from "../../api/ai_folder.ts";
import { errorText } from "../../api/client.ts";
import { saveBlob } from "../../components/save_file.ts";
import { contentColumns } from "./columns.tsx";
import { FilePreviewModal, type PreviewKind, previewKindOf } from "./FilePreviewModal.tsx";
import { FolderTreePane } from "./FolderTreePane.tsx";
import { NameModal } from "./NameModal.tsx";
import { crumbPaths, folderFiles, splitIntoBatches } from "./upload_batches.ts";

type Dialog = { kind: "create" } | { kind: "rename"; item: AiFolderItem } | null;

/** /ai-folder (AI文档文件夹, part 4 §2): the user's folder tree, its contents, uploads. */
export function AiFolderPage() {
  const { message, modal } = App.useApp();
  const [path, setPath] = useState("");
  const [tree, setTree] = useState<AiFolderTreeNode[]>([]);
  const [contents, setContents] = useState<AiFolderItem[]>([]);
  const [treeLoading, setTreeLoading] = useState(false);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [page, setPage] = useState({ current: 1, size: AI_FOLDER_CONTENTS_PAGE_SIZES[0] });
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [preview, setPreview] = useState<{ name: string; kind: PreviewKind; blob: Blob } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const loadTree = useCallback(async () => {
    setTreeLoading(true);
    try {
      setTree((await getAiFolderTree()).tree);
      return true;
    } catch (err) {
      message.error(errorText(err, "加载文件夹树失败"));
      return false;
    } finally {
      setTreeLoading(false);
    }
  }, [message]);

  const loadContents = useCallback(async (at: string) => {
    setLoading(true);
    try {
      setContents((await getAiFolderContents(at)).contents);
      return true;
    } catch (err) {
      message.error(errorText(err, "加载文件夹内容失败"));
      return false;
    } finally {
      setLoading(false);
    }
  }, [message]);

  useEffect(() => {
    void loadTree();
  }, [loadTree]);
  useEffect(() => {
    setSelected([]);
    setPage((p) => ({ ...p, current: 1 }));
    void loadContents(path);
  }, [path, loadContents]);

  const reload = () => Promise.all([loadTree(), loadContents(path)]);

  async function refresh() {
    const [a, b] = await reload();
    if (a && b) message.success("刷新成功");
    else message.error("刷新失败");
  }

  /** Runs a mutation: its success text, or the server's error (else the default), then reloads. */
  async function mutate(run: () => Promise<unknown>, texts: { ok: string; fail: string }): Promise<boolean> {
    try {
      await run();
      message.success(texts.ok);
      return true;
    } catch (err) {
      message.error(errorText(err, texts.fail));
      return false;
    } finally {
      await reload();
    }
  }

  function confirmDelete(item: AiFolderItem) {
    modal.confirm({
      title: "警告",
      content: `确定要删除${item.isFolder ? "文件夹" : "文件"} "${item.name}" 吗？`,
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: () => mutate(() => deleteAiFolderItem(item), { ok: "删除成功", fail: "删除失败" }),
    });
  }

  function confirmBatchDelete(items: { path: string; isFolder: boolean }[], noun: "文件夹" | "项目") {
    modal.confirm({
      title: "警告",
      content: `确定要删除选中的 ${items.length} 个${noun}吗？`,
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        const ok = await mutate(() => batchDeleteAiFolderItems(items), {
          ok: "批量删除成功",
          fail: "批量删除失败",
        });
        if (ok) {
          setSelected([]);
          // The folder shown may have been deleted: go up to the nearest one left.
          if (items.some((i) => i.isFolder && (path === i.path || path.startsWith(i.path + "/")))) {
            setPath("");
          }
        }
      },
    });
  }

  /** Sends upload batches one at a time; stops at the first failed batch (what arrived stays). */
  async function sendBatches(
    batches: { file: File; relativePath: string }[][],
    send: (batch: { file: File; relativePath: string }[]) => Promise<AiFolderUploadResult>,
    texts: { first: string; ok: string; fail: string },
  ) {
    const failed: AiFolderUploadResult["failed"] = [];
    setBusy(texts.first);
    try {
      for (const [i, batch] of batches.entries()) {
        if (batches.length > 1 || texts.first === "正在上传文件夹...") {
          setBusy(`正在上传第 ${i + 1}/${batches.length} 批文件...`);
        }
        failed.push(...(await send(batch)).failed);
      }
      if (failed.length === 0) message.success(texts.ok);
      else {
        const list = failed.slice(0, 5).map((f) => `${f.path}（${f.error}）`).join("；");
        message.warning(`${failed.length} 个文件未上传：${list}${failed.length > 5 ? " 等" : ""}`, 8);
      }
    } catch (err) {
      message.error(errorText(err, texts.fail));
    } finally {
      setBusy(null);
      await reload();
    }
  }

  async function onPick(e: ChangeEvent<HTMLInputElement>, folder: boolean) {
    const picked = folderFiles(e.target.files ?? []);
    e.target.value = "";
    if (picked.length === 0) return;
    const { batches, tooLarge } = splitIntoBatches(picked, AI_FOLDER_BATCH_MAX_BYTES);
    if (tooLarge.length > 0) {
      message.warning(`文件大小不能超过 50MB：${tooLarge.map((f) => f.relativePath).join("、")}`, 8);
    }
    if (batches.length === 0) return;
    if (folder) {
      await sendBatches(batches, (b) => uploadAiFolderBatch(path, b), {
        first: "正在上传文件夹...",
        ok: "文件夹上传成功",
        fail: "文件夹上传失败",
      });
    } else {
      await sendBatches(batches, (b) => uploadAiFolderFiles(path, b.map((x) => x.file)), {
        first: "正在上传文件...",
        ok: "上传成功",
        fail: "上传失败",
      });
    }
  }

  const selectedItems = contents.filter((i) => selected.includes(i.path));
  /** Previews an image or PDF in a dialog; downloads any other file. */
  async function viewFile(item: AiFolderItem) {
    try {
      const { blob } = await downloadAiFolderFile(item.path);
      const kind = previewKindOf(item.name);
      if (kind) setPreview({ name: item.name, kind, blob });
      else saveBlob(blob, item.name);
    } catch (err) {
      message.error(errorText(err, "下载失败"));
    }
  }

  const columns = contentColumns({
    open: (item) => setPath(item.path),
    view: (item) => void viewFile(item),
    rename: (item) => setDialog({ kind: "rename", item }),
    remove: confirmDelete,
  });
  const crumbs = [{ name: "根目录", path: "" }, ...crumbPaths(path)];

  return (
    <Spin spinning={busy !== null} description={busy ?? undefined} size="large">
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Card size="small">
          <Space orientation="vertical" style={{ width: "100%" }}>
            <Breadcrumb
              items={crumbs.map((c, i) => ({
                title: i < crumbs.length - 1
                  ? <a onClick={() => setPath(c.path)}>{c.name}</a>
                  : <span aria-current="page">{c.name}</span>,
              }))}
            />
            <Space wrap>
              <Button icon={<FolderAddOutlined />} onClick={() => setDialog({ kind: "create" })}>
                新建文件夹
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>上传文件</Button>
              <Button icon={<FolderOpenOutlined />} onClick={() => folderInput.current?.click()}>
                上传文件夹
              </Button>
              <Button icon={<ReloadOutlined />} onClick={refresh}>刷新</Button>
            </Space>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              data-testid="file-input"
              onChange={(e) => onPick(e, false)}
            />
            <input
              ref={folderInput}
              type="file"
              multiple
              hidden
              data-testid="folder-input"
              {...{ webkitdirectory: "", directory: "" }}
              onChange={(e) => onPick(e, true)}
            />
          </Space>
        </Card>
        <Row gutter={16}>
          <Col xs={24} md={7}>
            <FolderTreePane
              tree={tree}
              loading={treeLoading && tree.length === 0}
              currentPath={path}
              onOpen={setPath}
              onDelete={(paths) =>
                confirmBatchDelete(paths.map((p) => ({ path: p, isFolder: true })), "文件夹")}
            />
          </Col>
          <Col xs={24} md={17}>
            <Card
              size="small"
              title="文件列表"
              extra={
                <Space>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    disabled={selectedItems.length !== 1}
                    onClick={() => setDialog({ kind: "rename", item: selectedItems[0] })}
                  >
                    重命名
                  </Button>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={selectedItems.length === 0}
                    onClick={() =>
                      confirmBatchDelete(
                        selectedItems.map((i) => ({ path: i.path, isFolder: i.isFolder })),
                        "项目",
                      )}
                  >
                    删除
                  </Button>
                </Space>
              }
            >
              <Table<AiFolderItem>
                rowKey="path"
                size="small"
                loading={loading}
                columns={columns}
                dataSource={contents}
                rowSelection={{
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(String)),
                }}
                locale={{ emptyText: "暂无文件" }}
                tableLayout="fixed"
                scroll={{ x: 760 }}
                pagination={{
                  current: page.current,
                  pageSize: page.size,
                  showSizeChanger: true,
                  pageSizeOptions: AI_FOLDER_CONTENTS_PAGE_SIZES,
                  showTotal: (n) => `共 ${n} 项`,
                  onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
                }}
              />
            </Card>
          </Col>
        </Row>
      </Space>
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
      <NameModal
        open={dialog !== null}
        title={dialog?.kind === "rename" ? "重命名" : "新建文件夹"}
        oldName={dialog?.kind === "rename" ? dialog.item.name : undefined}
        keepExtension={dialog?.kind === "rename" && !dialog.item.isFolder}
        onClose={() => setDialog(null)}
        onSubmit={(name) =>
          dialog?.kind === "rename"
            ? mutate(
              () =>
                renameAiFolderItem({
                  oldPath: dialog.item.path,
                  newName: name,
                  isFolder: dialog.item.isFolder,
                }),
              { ok: "重命名成功", fail: "重命名失败" },
            )
            : mutate(() => createAiFolder({ path, name }), { ok: "创建成功", fail: "创建文件夹失败" })}
      />
    </Spin>
  );
}
