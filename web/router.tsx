/**
 * THE route table of the browser app (part 1 §2): path, lazy page, access (from PAGE_ACCESS in
 * common/permissions.ts), title and menu placement. RequireAuth guards from it, AppLayout builds the
 * menu from it.
 */
import { Spin } from "antd";
import { type ComponentType, type LazyExoticComponent, Suspense, useEffect } from "react";
import { createBrowserRouter, Navigate, useLocation } from "react-router";
import { type Access, PAGE_ACCESS } from "../common/permissions.ts";
import { registerNavigator } from "./api/navigation.ts";
import { firstAllowedLanding } from "./auth/guard.ts";
import { RequireAuth } from "./auth/RequireAuth.tsx";
import { useSession } from "./auth/session.ts";
import { ChunkErrorBoundary } from "./components/ChunkErrorBoundary.tsx";
import { lazyPage } from "./components/lazy_page.ts";
import { PageMetaContext } from "./components/page_meta.ts";
import { setPageTitle } from "./components/site_settings.ts";
import type { MenuGroupKey, MenuRoute } from "./layouts/build_menu.ts";

export interface AppRoute extends MenuRoute {
  page: LazyExoticComponent<ComponentType>;
}

const AppLayout = lazyPage(() => import("./layouts/AppLayout.tsx"), "AppLayout");
const OcrPage = lazyPage(() => import("./pages/ocr/OcrPage.tsx"), "OcrPage");
const OcrExtractPage = lazyPage(() => import("./pages/ocr_extract/OcrExtractPage.tsx"), "OcrExtractPage");
const AiChatPage = lazyPage(() => import("./pages/ai_chat/AiChatPage.tsx"), "AiChatPage");
const AiFolderPage = lazyPage(() => import("./pages/ai_folder/AiFolderPage.tsx"), "AiFolderPage");
const AiMubanPage = lazyPage(() => import("./pages/ai_muban/AiMubanPage.tsx"), "AiMubanPage");
const CustomOcrPage = lazyPage(() => import("./pages/custom_ocr/CustomOcrPage.tsx"), "CustomOcrPage");
const AiCljlPage = lazyPage(() => import("./pages/ai_cljl/AiCljlPage.tsx"), "AiCljlPage");
const LoginPage = lazyPage(() => import("./pages/login/LoginPage.tsx"), "LoginPage");
const NotFoundPage = lazyPage(() => import("./pages/placeholder/NotFoundPage.tsx"), "NotFoundPage");
const DashboardPage = lazyPage(() => import("./pages/dashboard/DashboardPage.tsx"), "DashboardPage");
const MemberCenterPage = lazyPage(
  () => import("./pages/member_center/MemberCenterPage.tsx"),
  "MemberCenterPage",
);
const UserManagerPage = lazyPage(() => import("./pages/user_manager/UserManagerPage.tsx"), "UserManagerPage");
const RoleManagerPage = lazyPage(() => import("./pages/role_manager/RoleManagerPage.tsx"), "RoleManagerPage");
const AuditLogPage = lazyPage(() => import("./pages/audit_log/AuditLogPage.tsx"), "AuditLogPage");
const AccountPage = lazyPage(() => import("./pages/account/AccountPage.tsx"), "AccountPage");
const AiSettingsPage = lazyPage(() => import("./pages/ai_settings/AiSettingsPage.tsx"), "AiSettingsPage");
const StorageManagerPage = lazyPage(
  () => import("./pages/storage_manager/StorageManagerPage.tsx"),
  "StorageManagerPage",
);
const TemplateManagerPage = lazyPage(
  () => import("./pages/template_manager/TemplateManagerPage.tsx"),
  "TemplateManagerPage",
);
const MyTemplatesPage = lazyPage(() => import("./pages/my_templates/MyTemplatesPage.tsx"), "MyTemplatesPage");
const MediationFormPage = lazyPage(
  () => import("./pages/mediation_form/MediationFormPage.tsx"),
  "MediationFormPage",
);
const SystemSettingsPage = lazyPage(
  () => import("./pages/system_settings/SystemSettingsPage.tsx"),
  "SystemSettingsPage",
);
const RegisterGiftPage = lazyPage(
  () => import("./pages/register_gift/RegisterGiftPage.tsx"),
  "RegisterGiftPage",
);
const LoginFeaturesPage = lazyPage(
  () => import("./pages/login_features/LoginFeaturesPage.tsx"),
  "LoginFeaturesPage",
);
const LawSearchPage = lazyPage(() => import("./pages/ai_law_search/LawSearchPage.tsx"), "LawSearchPage");
const ExcelCaseSplitPage = lazyPage(
  () => import("./pages/excel_case_split/ExcelCaseSplitPage.tsx"),
  "ExcelCaseSplitPage",
);
const ExcelTemplatesPage = lazyPage(
  () => import("./pages/excel_templates/ExcelTemplatesPage.tsx"),
  "ExcelTemplatesPage",
);
const ExcelBatchPage = lazyPage(() => import("./pages/excel_batch/ExcelBatchPage.tsx"), "ExcelBatchPage");
const PdfConverterPage = lazyPage(
  () => import("./pages/pdf_converter/PdfConverterPage.tsx"),
  "PdfConverterPage",
);

interface RouteOptions {
  group?: MenuGroupKey;
  /** Overrides the route's access for showing the menu item. */
  menuVisible?: Access;
}

function route(
  path: string,
  title: string,
  page: LazyExoticComponent<ComponentType>,
  options: RouteOptions = {},
): AppRoute {
  const access = PAGE_ACCESS[path];
  if (access === undefined) throw new Error(`PAGE_ACCESS has no entry for ${path}`);
  return { path, title, access, page, menu: { group: options.group, visible: options.menuVisible } };
}

/** In side-menu order (part 1 §2 "Side menu"). */
export const ROUTES: readonly AppRoute[] = [
  route("/dashboard", "系统仪表盘", DashboardPage),
  route("/member-center", "会员中心", MemberCenterPage, { menuVisible: "member_center" }),
  route("/storage-manager", "存储管理", StorageManagerPage, { group: "my_system" }),
  route("/account", "个人账号", AccountPage, { group: "my_system" }),
  route("/audit-log", "审计日志", AuditLogPage, { group: "my_system" }),
  route("/template-manager", "系统模板管理", TemplateManagerPage),
  route("/user-manager", "用户管理", UserManagerPage),
  route("/role-manager", "角色管理", RoleManagerPage),
  route("/system-settings", "系统设置", SystemSettingsPage),
  route("/register-gift", "注册赠送管理", RegisterGiftPage),
  // Menu: role admin or user id 1; the route itself is not guarded by that flag (part 1 §6).
  route("/login-features", "登录页功能管理", LoginFeaturesPage, { menuVisible: "admin" }),
  route("/ai-settings", "AI设置", AiSettingsPage),
  route("/pdf-converter", "PDF转链接", PdfConverterPage, { group: "batch" }),
  route("/mediation-form", "模板文书生成", MediationFormPage, { group: "batch" }),
  route("/my-templates", "我的模板", MyTemplatesPage, { group: "batch" }),
  route("/excel-batch", "Excel批量生成", ExcelBatchPage, { group: "batch" }),
  route("/excel-templates", "自定义模板", ExcelTemplatesPage, { group: "batch" }),
  route("/ocr", "OCR识别", OcrPage, { group: "ai_document" }),
  route("/custom-ocr", "自定义OCR", CustomOcrPage, { group: "ai_document" }),
  route("/ai-folder", "AI文档文件夹", AiFolderPage, { group: "ai_document" }),
  route("/ai-cljl", "AI处理记录", AiCljlPage, { group: "ai_document" }),
  route("/ai-muban", "输出文书模板管理", AiMubanPage, { group: "ai_document" }),
  route("/excel-case-split", "县市案件分类", ExcelCaseSplitPage, { group: "litigation" }),
  route("/ocr-extract", "OCR信息提取", OcrExtractPage, { group: "ai_tools" }),
  route("/ai-chat", "AI文书生成", AiChatPage, { group: "ai_tools" }),
  route("/ai-law-search", "AI法律检索", LawSearchPage, { group: "ai_tools" }),
];

export const LOGIN_TITLE = "登录";

/** The route-table entry of a path, if any. */
export function findRoute(path: string): AppRoute | undefined {
  return ROUTES.find((r) => r.path === path);
}

export function PageLoading() {
  return (
    <div style={{ display: "flex", justifyContent: "center", padding: 80 }}>
      <Spin size="large" />
    </div>
  );
}

/** One page: title, error boundary (chunk time-out, 重新加载) and suspense for its lazy chunk. */
function RoutePage({ path, title, page: Page }: { path: string; title: string; page: ComponentType }) {
  useEffect(() => setPageTitle(title), [title]);
  return (
    <PageMetaContext.Provider value={{ path, title }}>
      <ChunkErrorBoundary key={path}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </ChunkErrorBoundary>
    </PageMetaContext.Provider>
  );
}

/**
 * "/" goes to /dashboard (part 1 §2), or for a user without it to the first page they may open,
 * keeping the navigation state (whether it came from /login).
 */
function IndexRedirect() {
  const location = useLocation();
  const { user } = useSession();
  return <Navigate to={user ? firstAllowedLanding(user) : "/dashboard"} replace state={location.state} />;
}

/** Builds the browser router and registers navigation for the API client. */
export function createAppRouter() {
  const router = createBrowserRouter([
    { path: "/login", element: <RoutePage path="/login" title={LOGIN_TITLE} page={LoginPage} /> },
    {
      path: "/",
      element: <RequireAuth layout={AppLayout} />,
      children: [
        { index: true, element: <IndexRedirect /> },
        ...ROUTES.map((r) => ({
          path: r.path,
          element: <RoutePage path={r.path} title={r.title} page={r.page} />,
        })),
        { path: "*", element: <RoutePage path="*" title="页面不存在" page={NotFoundPage} /> },
      ],
    },
  ]);
  registerNavigator((path) => void router.navigate(path));
  return router;
}
