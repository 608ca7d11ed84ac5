import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";

export const tasksRoutes = new Hono<AppEnv>();
