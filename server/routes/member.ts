import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";

export const memberRoutes = new Hono<AppEnv>();
