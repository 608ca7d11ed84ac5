import type { InvitationBody } from "../../common/schemas/invitations.ts";
import { api } from "./client.ts";

/** An invitation code as the code table shows it (part 3 §3); times are ISO strings. */
export interface InvitationCodeRow {
  id: string;
  code: string;
  remark: string;
  max_uses: number;
  used_count: number;
  created_by_name: string;
  created_at: string;
  /** null: permanent */
  expired_at: string | null;
}

export interface InvitationUserRow {
  username: string;
  used_at: string;
}

/** One page of codes, newest first. GET /api/invitation-codes */
export function listInvitationCodes(page: number, pageSize: number) {
  return api.get<{ success: true; codes: InvitationCodeRow[]; total: number }>("/api/invitation-codes", {
    query: { page, pageSize },
    silent: true,
  });
}

/** Generate a code. POST /api/invitation-codes */
export function createInvitationCode(body: InvitationBody) {
  return api.post<{ success: true; code: InvitationCodeRow }>("/api/invitation-codes", body, {
    silent: true,
  });
}

/** Delete a code. DELETE /api/invitation-codes/{id} */
export function deleteInvitationCode(id: string) {
  return api.delete<{ success: true }>(`/api/invitation-codes/${id}`, { silent: true });
}

/** Who registered with a code, one page. GET /api/invitation-codes/{id}/users */
export function listInvitationUsers(id: string, page: number, pageSize: number) {
  return api.get<{ success: true; users: InvitationUserRow[]; total: number }>(
    `/api/invitation-codes/${id}/users`,
    { query: { page, pageSize }, silent: true },
  );
}
