/**
 * The reader's "reduce motion" setting (prefers-reduced-motion in the operating system or browser).
 * When it is on, antd's animations are off (theme token `motion: false`): dialogs, menus and toasts
 * appear in place at once instead of zooming or sliding in. Browser tests run with it on, so a click
 * never lands on a dialog that is still growing (#16 flaky tests).
 */
import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void): () => void {
  const media = globalThis.matchMedia?.(QUERY);
  media?.addEventListener("change", onChange);
  return () => media?.removeEventListener("change", onChange);
}

/** True while the reader asks for reduced motion; follows changes to the setting. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => globalThis.matchMedia?.(QUERY).matches ?? false, () => false);
}
