import type { InvitationBody, InvitationCode, InvitationUserRow } from "../../common/schemas/invitations.ts";
import { api } from "./client.ts";

export type { InvitationCode, InvitationUserRow };

/** One page of codes, newest first. GET /api/invitation-codes */
export function listInvitationCodes(page: number, pageSize: number) {
  return api.get<{ success: true; codes: InvitationCode[]; total: number }>("/api/invitation-codes", {
    query: { page, pageSize },
    silent: true,
  });
}

/** Generate a code. POST /api/invitation-codes */
export function createInvitationCode(body: InvitationBody) {
  return api.post<{ success: true; code: InvitationCode }>("/api/invitation-codes", body, {
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
