import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";

export const authRoutes = new Hono<AppEnv>();
