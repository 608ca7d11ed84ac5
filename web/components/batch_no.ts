/** A batch number yyyymmdd_hhmmss shown as a date-time (2025-03-05 08:00:00); other text as is. */
export function formatBatchNo(batchNo: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})(.*)$/.exec(batchNo);
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}${m[7]}` : batchNo;
}
