import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppDeps, AppEnv } from "./deps.ts";
import { AppError, toErrorBody } from "./errors.ts";
import { accessControl } from "./middleware/access.ts";
import { bodyLimitControl } from "./middleware/body_limit.ts";
import { originsOf, securityHeaders } from "./middleware/security_headers.ts";
import { accountRoutes } from "./routes/account.ts";
import { aiChatRoutes } from "./routes/ai_chat.ts";
import { aiFolderRoutes } from "./routes/ai_folder.ts";
import { aiMubanRoutes } from "./routes/ai_muban.ts";
import { customOcrRoutes } from "./routes/custom_ocr.ts";
import { folderBrowserRoutes } from "./routes/folder_browser.ts";
import { aiSettingsRoutes } from "./routes/ai_settings.ts";
import { auditLogRoutes } from "./routes/audit_log.ts";
import { authRoutes } from "./routes/auth.ts";
import { captchaRoutes } from "./routes/captcha.ts";
import { dashboardRoutes } from "./routes/dashboard.ts";
import { excelBatchRoutes } from "./routes/excel_batch.ts";
import { excelTemplatesRoutes } from "./routes/excel_templates.ts";
import { invitationCodesRoutes } from "./routes/invitation_codes.ts";
import { loginFeaturesRoutes } from "./routes/login_features.ts";
import { memberRoutes } from "./routes/member.ts";
import { ocrRoutes } from "./routes/ocr.ts";
import { ocrExtractRoutes } from "./routes/ocr_extract.ts";
import { passwordRoutes } from "./routes/password.ts";
import { pdfConvertRoutes } from "./routes/pdf_convert.ts";
import { profileRoutes } from "./routes/profile.ts";
import { registerGiftRoutes } from "./routes/register_gift.ts";
import { rolesRoutes } from "./routes/roles.ts";
import { storageRoutes } from "./routes/storage.ts";
import { systemSettingsRoutes } from "./routes/system_settings.ts";
import { excelCaseSplitRoutes } from "./routes/excel_case_split.ts";
import { tasksRoutes } from "./routes/tasks.ts";
import { templatesRoutes } from "./routes/templates.ts";
import { mediationRoutes } from "./routes/mediation.ts";
import { mediationHistoryRoutes } from "./routes/mediation_history.ts";
import { usersRoutes } from "./routes/users.ts";
import { lawSearchRoutes } from "./routes/law_search.ts";
import { createWebHandler } from "./static_web.ts";

export interface CreateAppOptions {
  /** Folder of the web build; omitted in API tests. */
  webDist?: string;
}

/** The whole HTTP app: every area under /api, errors shaped once, the web build for the rest. */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // First, so every response gets the headers, errors and the web build included. The case-split
  // calls go to VITE_CASE_SPLIT_SERVER when the build was made with one (web/api/case_split.ts).
  app.use("*", securityHeaders({ connectSrc: originsOf(Deno.env.get("VITE_CASE_SPLIT_SERVER")) }));
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("requestId", crypto.randomUUID().slice(0, 8));
    await next();
  });
  app.use("/api/*", bodyLimitControl());
  app.use("/api/*", accessControl());

  app.get("/api/health", (c) => c.json({ success: true }));
  for (
    const routes of [
      captchaRoutes,
      authRoutes,
      passwordRoutes,
      profileRoutes,
      systemSettingsRoutes,
      loginFeaturesRoutes,
      usersRoutes,
      rolesRoutes,
      invitationCodesRoutes,
      memberRoutes,
      registerGiftRoutes,
      dashboardRoutes,
      aiSettingsRoutes,
      accountRoutes,
      auditLogRoutes,
      storageRoutes,
      tasksRoutes,
      excelCaseSplitRoutes,
      pdfConvertRoutes,
      excelTemplatesRoutes,
      excelBatchRoutes,
      templatesRoutes,
      mediationRoutes,
      mediationHistoryRoutes,
      aiFolderRoutes,
      aiChatRoutes,
      aiMubanRoutes,
      customOcrRoutes,
      folderBrowserRoutes,
      ocrRoutes,
      ocrExtractRoutes,
      lawSearchRoutes,
    ]
  ) {
    app.route("/api", routes);
  }

  app.notFound((c) => {
    if (c.req.path.startsWith("/api/")) return c.json(toErrorBody(new AppError("NOT_FOUND")), 404);
    return c.text("Not Found", 404);
  });
  app.onError((err, c) => {
    if (err instanceof AppError) return c.json(toErrorBody(err), err.status as 400);
    if (err instanceof HTTPException && err.status < 500) {
      const code = err.status === 413
        ? "PAYLOAD_TOO_LARGE"
        : err.status === 404
        ? "NOT_FOUND"
        : "VALIDATION_FAILED";
      const appErr = new AppError(code);
      return c.json(toErrorBody(appErr), appErr.status as 400);
    }
    console.error(`[${c.var.requestId ?? "-"}] ${c.req.method} ${c.req.path}:`, err);
    return c.json(toErrorBody(new AppError("INTERNAL")), 500);
  });

  if (options.webDist) {
    const web = createWebHandler(options.webDist);
    app.get("*", (c) => {
      if (c.req.path.startsWith("/api/")) return c.json(toErrorBody(new AppError("NOT_FOUND")), 404);
      return web(c);
    });
  }
  return app;
}
