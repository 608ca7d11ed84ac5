import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";

export const passwordRoutes = new Hono<AppEnv>();
