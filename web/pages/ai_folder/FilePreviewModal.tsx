import { Button, Modal } from "antd";
import { useEffect, useState } from "react";
import { saveBlob } from "../../components/save_file.ts";

export type PreviewKind = "image" | "pdf";

/** What the page can show of a file by its name: images and PDFs are previewed, the rest downloaded. */
export function previewKindOf(name: string): PreviewKind | null {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  if (ext === "png" || ext === "jpg" || ext === "jpeg") return "image";
  return ext === "pdf" ? "pdf" : null;
}

/** An image or PDF of the AI folder in a dialog, with 下载 (issue #27 item 4). */
export function FilePreviewModal(
  { file, onClose }: { file: { name: string; kind: PreviewKind; blob: Blob } | null; onClose: () => void },
) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file.blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return (
    <Modal
      open={file !== null}
      title={file?.name}
      width="min(960px, 100vw)"
      onCancel={onClose}
      footer={[
        <Button key="save" onClick={() => file && saveBlob(file.blob, file.name)}>下载</Button>,
        <Button key="close" type="primary" onClick={onClose}>关闭</Button>,
      ]}
    >
      {file && url && file.kind === "image" && (
        <img
          src={url}
          alt={file.name}
          style={{ maxWidth: "100%", maxHeight: "70vh", display: "block", margin: "0 auto" }}
        />
      )}
      {file && url && file.kind === "pdf" && (
        <iframe src={url} title={file.name} style={{ width: "100%", height: "70vh", border: 0 }} />
      )}
    </Modal>
  );
}
