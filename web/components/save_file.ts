/** Hands a Blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the object URL; revoke it once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** True when `url` points at this page's own origin (relative links included). */
export function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

/**
 * Lets the browser download `url` itself (a short-lived signed link on this site): the response is
 * streamed to disk by the browser, never held in the page's memory, and named by the server's
 * Content-Disposition.
 */
export function downloadFromUrl(url: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  link.rel = "noopener";
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
}
