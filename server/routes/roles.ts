import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";

export const rolesRoutes = new Hono<AppEnv>();
