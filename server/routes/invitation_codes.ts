import { Hono } from "hono";
import type { AppEnv } from "../deps.ts";

export const invitationCodesRoutes = new Hono<AppEnv>();
