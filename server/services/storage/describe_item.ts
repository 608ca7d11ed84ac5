/**
 * What a storage item is, in words a user knows (#16 item 9): the storage manager lists folders by
 * their ids, which say nothing; this names the batch, file or task each folder holds, from the
 * feature's own record. Areas without such a record (or a record already gone) give null.
 */
import { getSplitTask } from "../../kv/case_split_tasks.ts";
import { getBatchByFolder } from "../../kv/excel_batch.ts";
import { getWordTemplate } from "../../kv/excel_templates.ts";
import { getBatch as getMediationBatch } from "../../kv/mediation_batches.ts";
import { getPdfBatchEntry } from "../../kv/pdf_links.ts";
import { getTemplate } from "../../kv/word_templates.ts";

/** A batch number yyyymmdd_hhmmss as the pages show it (2025-03-05 08:00:00). */
function batchNoText(batchNo: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})(.*)$/.exec(batchNo);
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}${m[7]}` : batchNo;
}

/** The description of the item `itemId` of `area` owned by `userId`, or null when none is known. */
export async function describeStorageItem(
  kv: Deno.Kv,
  item: { userId: number; area: string; itemId: string },
): Promise<string | null> {
  const { userId, area, itemId } = item;
  switch (area) {
    case "generated": {
      const batch = await getMediationBatch(kv, userId, itemId);
      return batch && `批次 ${batchNoText(batch.batchNo)}（${batch.templateName}，${batch.total} 份）`;
    }
    case "excel_batch": {
      const batch = await getBatchByFolder(kv, userId, itemId);
      return batch && `任务：${batch.taskName}（${batch.sourceFileName}）`;
    }
    case "case_split": {
      const task = /^[0-9a-f]{20}$/.test(itemId) ? await getSplitTask(kv, itemId) : null;
      return task && task.userId === userId ? `文件：${task.originalFilename}` : null;
    }
    case "pdf_links": {
      const batch = (await getPdfBatchEntry(kv, userId, itemId)).value;
      return batch && `批次 ${batchNoText(batch.batchNo)}`;
    }
    case "excel_templates": {
      const template = await getWordTemplate(kv, userId, itemId);
      return template && `模板：${template.templateName}（${template.originalFilename}）`;
    }
    case "templates":
    case "temp_templates": {
      const scope = area === "templates" ? "personal" : "temp";
      const template = await getTemplate(kv, { scope, ownerId: userId, id: itemId });
      return template && `模板：${template.fileName}`;
    }
    default:
      return null;
  }
}
