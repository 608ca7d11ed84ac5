import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";

export const captchaRoutes = new Hono<AppEnv>();
