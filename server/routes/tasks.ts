import { Hono } from "hono";
import { isSuperAdmin } from "../../common/permissions.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { getTask } from "../kv/tasks.ts";
import { currentUser } from "../middleware/access.ts";

const TASK_ID = /^[0-9a-f]{20}$/;

export const tasksRoutes = new Hono<AppEnv>()
  .get("/tasks/:id", async (c) => {
    const user = currentUser(c);
    const id = c.req.param("id");
    const task = TASK_ID.test(id) ? await getTask(c.var.deps.kv, id) : null;
    // Someone else's task answers like a missing one, so ids cannot be probed.
    if (!task || (task.userId !== user.id && !isSuperAdmin(user))) throw new AppError("TASK_NOT_FOUND");
    return c.json({ success: true, task });
  });
