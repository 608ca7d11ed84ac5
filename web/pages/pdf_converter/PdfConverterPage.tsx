import { App, Card, Tabs } from "antd";
import { useEffect, useState } from "react";
import { deletePdfBatch, getPdfHistory, listPdfBatches } from "../../api/pdf_converter.ts";
import { getUserLimits } from "../../api/member.ts";
import { BatchHistoryTable } from "../../components/BatchHistoryTable.tsx";
import { PdfBatchDetailModal } from "./PdfBatchDetailModal.tsx";
import { exportPdfRecords } from "./pdf_selection.ts";
import { UploadTab } from "./UploadTab.tsx";

async function loadBatches(page: number, pageSize: number) {
  return (await listPdfBatches(page, pageSize)).data;
}

async function exportBatch(batchNo: string) {
  const { data } = await getPdfHistory(batchNo, true);
  await exportPdfRecords(`PDF链接_${batchNo}.xlsx`, data.records ?? []);
}

/** /pdf-converter (part 2 §2.3): upload PDFs and get a link for each; the history of batches. */
export function PdfConverterPage() {
  const { message } = App.useApp();
  const [remaining, setRemaining] = useState<number | null>(null);
  const [tab, setTab] = useState("upload");
  const [historySignal, setHistorySignal] = useState(0);

  useEffect(() => {
    getUserLimits().then(({ limits }) => setRemaining(limits.pdfConvertLimit), () => {
      message.error("获取使用限制失败");
    });
  }, [message]);

  return (
    <Card title="PDF转链接">
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key);
          if (key === "history") setHistorySignal((n) => n + 1);
        }}
        items={[
          {
            key: "upload",
            label: "上传",
            children: (
              <UploadTab
                remaining={remaining}
                setRemaining={(update) => setRemaining((n) => update(n ?? 0))}
              />
            ),
          },
          {
            key: "history",
            label: "历史记录",
            children: tab === "history" && (
              <BatchHistoryTable
                load={loadBatches}
                remove={deletePdfBatch}
                exportBatch={exportBatch}
                reloadSignal={historySignal}
                renderDetail={(batchNo, close) => <PdfBatchDetailModal batchNo={batchNo} onClose={close} />}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
