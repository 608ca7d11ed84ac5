import { Hono } from "hono";
import { z } from "zod";
import { createUserBody, updateUserBody } from "../../common/schemas/users.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { listRoles } from "../kv/roles.ts";
import { listUsers } from "../kv/users.ts";
import {
  createManagedUser,
  deleteManagedUser,
  toUserView,
  updateManagedUser,
} from "../services/users/manage_users.ts";

/** The dashboard's user filter returns at most this many matches. */
const USER_FILTER_LIMIT = 50;

const userListQuery = z.object({ query: z.string().trim().max(100, "搜索内容过长").optional().default("") });

/** A user id from the path; anything else is an unknown user. */
function userIdParam(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw new AppError("USER_NOT_FOUND");
  return id;
}

async function roleNames(kv: Deno.Kv): Promise<Map<number, string>> {
  return new Map((await listRoles(kv)).map((r) => [r.id, r.name]));
}

export const usersRoutes = new Hono<AppEnv>()
  .get("/users", async (c) => {
    const { kv } = c.var.deps;
    const names = await roleNames(kv);
    const users = (await listUsers(kv)).map((u) => toUserView(u, names.get(u.roleId) ?? ""));
    return c.json({ success: true, users });
  })
  .get("/users/list", validate("query", userListQuery), async (c) => {
    const { kv } = c.var.deps;
    const needle = c.req.valid("query").query.toLowerCase();
    const names = await roleNames(kv);
    const users = (await listUsers(kv))
      .filter((u) => u.username.toLowerCase().includes(needle))
      .slice(0, USER_FILTER_LIMIT)
      .map((u) => ({ id: u.id, username: u.username, role: names.get(u.roleId) ?? "" }));
    return c.json({ success: true, users });
  })
  .post("/users", validate("json", createUserBody), async (c) => {
    const user = await createManagedUser(c.var.deps, { actor: currentUser(c), input: c.req.valid("json") });
    return c.json({ success: true, user }, 201);
  })
  .put("/users/:id", validate("json", updateUserBody), async (c) => {
    const { user, newToken } = await updateManagedUser(c.var.deps, {
      actor: currentUser(c),
      id: userIdParam(c.req.param("id")),
      input: c.req.valid("json"),
    });
    if (newToken) c.header("new-token", newToken);
    return c.json({ success: true, user });
  })
  .delete("/users/:id", async (c) => {
    await deleteManagedUser(c.var.deps, { actor: currentUser(c), id: userIdParam(c.req.param("id")) });
    return c.json({ success: true });
  });
