import { z } from "zod";

/** Messages we did not write ourselves still come out in Chinese. Call once on each side. */
export function setupZodLocale(): void {
  z.config(z.locales.zhCN());
}
