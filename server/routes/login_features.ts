import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";

export const loginFeaturesRoutes = new Hono<AppEnv>();
