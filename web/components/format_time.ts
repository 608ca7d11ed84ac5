import dayjs from "dayjs";

/** A time as the tables show it (YYYY-MM-DD HH:mm:ss, the browser's zone); "" for none. */
export function formatTime(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === ""
    ? ""
    : dayjs(value).format("YYYY-MM-DD HH:mm:ss");
}
