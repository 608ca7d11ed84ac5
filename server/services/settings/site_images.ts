import { FAVICON_MAX_BYTES, LOGO_MAX_BYTES } from "../../../common/constants.ts";
import type { AppDeps, CurrentUser } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../../kv/audit_log.ts";
import { randomToken } from "../../kv/ids.ts";
import { getSettings, saveSettings } from "../../kv/settings.ts";

export type ImageType = "png" | "jpg" | "ico";
export type SiteImageKind = "logo" | "favicon";

interface SiteImageRule {
  maxBytes: number;
  /** The size as the message shows it. */
  limitLabel: string;
  /** The allowed formats as the message shows them. */
  allowedLabel: string;
  types: ImageType[];
  /** File-name extensions accepted alongside the content check. */
  extensions: string[];
  field: "logo_url" | "favicon_url";
}

/** Part 3 §5: logo JPG or PNG under 2 MB, favicon ICO or PNG under 1 MB. */
export const SITE_IMAGE_RULES: Record<SiteImageKind, SiteImageRule> = {
  logo: {
    maxBytes: LOGO_MAX_BYTES,
    limitLabel: "2MB",
    allowedLabel: "JPG/PNG",
    types: ["jpg", "png"],
    extensions: ["jpg", "jpeg", "png"],
    field: "logo_url",
  },
  favicon: {
    maxBytes: FAVICON_MAX_BYTES,
    limitLabel: "1MB",
    allowedLabel: "ICO/PNG",
    types: ["ico", "png"],
    extensions: ["ico", "png"],
    field: "favicon_url",
  },
};

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  ico: "image/x-icon",
};

/** Where uploaded settings images are served from; the file name follows. */
export const SITE_FILE_URL_PREFIX = "/api/settings/files/";
const SITE_FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|ico)$/;

const SIGNATURES: [ImageType, number[]][] = [
  ["png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["jpg", [0xff, 0xd8, 0xff]],
  ["ico", [0x00, 0x00, 0x01, 0x00]],
];

/** The image type from the first bytes (magic numbers), whatever the file is called. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const found = SIGNATURES.find(([, sig]) =>
    bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b)
  );
  return found ? found[0] : null;
}

/** The blob key of a served file name, or null when the name is not one we hand out. */
export function siteFileKey(name: string): { key: string; contentType: string } | null {
  const match = SITE_FILE_NAME.exec(name);
  if (!match) return null;
  return { key: `settings/${name}`, contentType: IMAGE_CONTENT_TYPES[match[1] as ImageType] };
}

/**
 * Checks an uploaded logo or favicon (size, then name and content type), stores it under
 * `settings/<random>.<ext>`, saves its URL in the settings at once (part 3 §4), removes the image it
 * replaces, and records the change. Returns the new URL.
 */
export async function storeSiteImage(
  deps: Pick<AppDeps, "kv" | "blobs" | "clock">,
  options: { kind: SiteImageKind; file: File; actor: Pick<CurrentUser, "id" | "username"> },
): Promise<string> {
  const { kind, file, actor } = options;
  const rule = SITE_IMAGE_RULES[kind];
  if (file.size >= rule.maxBytes) {
    throw new AppError("FILE_TOO_LARGE", { limit: rule.limitLabel }, { field: "file" });
  }
  const invalid = new AppError("FILE_TYPE_INVALID", { allowed: rule.allowedLabel }, { field: "file" });
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (ext !== undefined && !rule.extensions.includes(ext)) throw invalid;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type || !rule.types.includes(type)) throw invalid;

  const name = `${randomToken()}.${type}`;
  await deps.blobs.put(`settings/${name}`, bytes);
  const url = SITE_FILE_URL_PREFIX + name;
  const before = await getSettings(deps.kv);
  const after = await saveSettings(deps.kv, { [rule.field]: url });
  const previous = before[rule.field].startsWith(SITE_FILE_URL_PREFIX)
    ? siteFileKey(before[rule.field].slice(SITE_FILE_URL_PREFIX.length))
    : null;
  if (previous) await deps.blobs.delete(previous.key);
  await recordAudit(deps.kv, {
    at: deps.clock.now(),
    actorId: actor.id,
    actorName: actor.username,
    action: "update",
    entity: "settings",
    entityId: "system",
    before: { [rule.field]: before[rule.field] },
    after: { [rule.field]: after[rule.field] },
  });
  return url;
}
