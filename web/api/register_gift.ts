import type {
  RegisterGiftBody,
  RegisterGiftValues,
  RegisterGiftView,
} from "../../common/schemas/register_gift.ts";
import { api } from "./client.ts";

/** An invitation code with its own gift (null: the default gift applies). */
export interface GiftCodeRow {
  id: string;
  code: string;
  remark: string;
  max_uses: number;
  used_count: number;
  expired_at: string | null;
  gift: RegisterGiftView | null;
}

/** The default gift (null: not set) and the configured defaults used then. GET /api/register-gift */
export function getRegisterGift() {
  return api.get<{ success: true; gift: RegisterGiftView | null; defaults: RegisterGiftValues }>(
    "/api/register-gift",
    { silent: true },
  );
}

/** Set the default gift. PUT /api/register-gift */
export function saveRegisterGift(body: RegisterGiftBody) {
  return api.put<{ success: true; gift: RegisterGiftView }>("/api/register-gift", body, { silent: true });
}

/** Remove the default gift (back to the configured defaults). DELETE /api/register-gift */
export function resetRegisterGift() {
  return api.delete<{ success: true }>("/api/register-gift", { silent: true });
}

/** Invitation codes with their gifts, one page. GET /api/register-gift/codes */
export function listGiftCodes(page: number, pageSize: number) {
  return api.get<{ success: true; codes: GiftCodeRow[]; total: number }>("/api/register-gift/codes", {
    query: { page, pageSize },
    silent: true,
  });
}

/** Set a code's own gift. PUT /api/register-gift/codes/{codeId} */
export function saveCodeGift(codeId: string, body: RegisterGiftBody) {
  return api.put<{ success: true; gift: RegisterGiftView }>(`/api/register-gift/codes/${codeId}`, body, {
    silent: true,
  });
}

/** Remove a code's own gift. DELETE /api/register-gift/codes/{codeId} */
export function clearCodeGift(codeId: string) {
  return api.delete<{ success: true }>(`/api/register-gift/codes/${codeId}`, { silent: true });
}
