import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";

export const systemSettingsRoutes = new Hono<AppEnv>();
