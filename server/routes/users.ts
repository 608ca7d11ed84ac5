import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";

export const usersRoutes = new Hono<AppEnv>();
