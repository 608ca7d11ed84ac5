import { Hono } from "hono";
import {
  type AccessSubject,
  canAssignRole,
  canGrantPermissions,
  groupOfPermission,
  PERMISSIONS,
  SUPER_ADMIN_ROLE,
} from "../../common/permissions.ts";
import { roleBody } from "../../common/schemas/roles.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { recordAudit } from "../kv/audit_log.ts";
import {
  countRoleUsers,
  createRole,
  deleteRole,
  getRole,
  listRoles,
  type Role,
  updateRole,
} from "../kv/roles.ts";

const PERMISSION_BY_CODE = new Map(PERMISSIONS.map((p) => [p.code, p]));

/** A role as the role manager shows it (part 3 §3). */
async function toRoleView(kv: Deno.Kv, role: Role) {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    is_system: role.isSystem,
    permissions: role.permissions.flatMap((code) => {
      const p = PERMISSION_BY_CODE.get(code);
      return p ? [{ code: p.code, name: p.name, description: p.description }] : [];
    }),
    user_count: await countRoleUsers(kv, role.id),
  };
}

function roleIdParam(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw new AppError("ROLE_NOT_FOUND");
  return id;
}

/** PERMISSION_GRANT_FORBIDDEN unless the actor holds every code (user id 1 holds all). */
function assertMayGrant(actor: AccessSubject, permissions: readonly string[]): void {
  if (!canGrantPermissions(actor, permissions)) {
    throw new AppError("PERMISSION_GRANT_FORBIDDEN", {}, { field: "permissions" });
  }
}

export const rolesRoutes = new Hono<AppEnv>()
  .get("/roles", async (c) => {
    const { kv } = c.var.deps;
    const roles = await Promise.all((await listRoles(kv)).map((r) => toRoleView(kv, r)));
    return c.json({ success: true, roles });
  })
  .post("/roles", validate("json", roleBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const actor = currentUser(c);
    const body = c.req.valid("json");
    assertMayGrant(actor, body.permissions);
    const role = await createRole(kv, body, clock.now());
    await recordAudit(kv, {
      at: clock.now(),
      actorId: actor.id,
      actorName: actor.username,
      action: "create",
      entity: "role",
      entityId: String(role.id),
      after: role,
    });
    return c.json({ success: true, role: await toRoleView(kv, role) }, 201);
  })
  .put("/roles/:id", validate("json", roleBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const actor = currentUser(c);
    const id = roleIdParam(c.req.param("id"));
    const before = await getRole(kv, id);
    const body = c.req.valid("json");
    if (before && before.name !== SUPER_ADMIN_ROLE && !canAssignRole(actor, before)) {
      throw new AppError("ROLE_ASSIGN_FORBIDDEN");
    }
    assertMayGrant(actor, body.permissions);
    const role = await updateRole(kv, id, body);
    await recordAudit(kv, {
      at: clock.now(),
      actorId: actor.id,
      actorName: actor.username,
      action: "update",
      entity: "role",
      entityId: String(id),
      before,
      after: role,
    });
    return c.json({ success: true, role: await toRoleView(kv, role) });
  })
  .delete("/roles/:id", async (c) => {
    const { kv, clock } = c.var.deps;
    const actor = currentUser(c);
    const id = roleIdParam(c.req.param("id"));
    const before = await getRole(kv, id);
    if (before && before.name !== SUPER_ADMIN_ROLE && !canAssignRole(actor, before)) {
      throw new AppError("ROLE_ASSIGN_FORBIDDEN");
    }
    await deleteRole(kv, id);
    await recordAudit(kv, {
      at: clock.now(),
      actorId: actor.id,
      actorName: actor.username,
      action: "delete",
      entity: "role",
      entityId: String(id),
      before,
    });
    return c.json({ success: true });
  })
  .get("/permissions", (c) => {
    const permissions = PERMISSIONS.map((p) => ({ ...p, group: groupOfPermission(p.code) }));
    return c.json({ success: true, permissions });
  });
