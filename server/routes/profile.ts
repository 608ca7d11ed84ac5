import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";

export const profileRoutes = new Hono<AppEnv>();
