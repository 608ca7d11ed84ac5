import { EXPIRY_TIME_CHOICES } from "../../../common/schemas/invitations.ts";

export type ExpiryTime = typeof EXPIRY_TIME_CHOICES[number];
export const DEFAULT_EXPIRY_TIME: ExpiryTime = "23:59:59";

/**
 * The expiredAt the generate dialog sends (part 3 §5): "YYYY-MM-DDTHH:mm:ss" (China time; the server
 * reads an offset-less time so) when both a date and a time are chosen, otherwise null: no expiry.
 */
export function buildExpiredAt(
  day: string | null | undefined,
  time: string | null | undefined,
): string | null {
  if (!day || !time) return null;
  if (!(EXPIRY_TIME_CHOICES as readonly string[]).includes(time)) return null;
  return `${day}T${time.length === 5 ? `${time}:00` : time}`;
}
