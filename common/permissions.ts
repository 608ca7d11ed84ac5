/**
 * Permission codes, their Chinese labels, the role-picker groups (part 3 §2) and the
 * one table that says which access every API route needs.
 *
 * The server enforces API_ACCESS on every request (server/middleware/access.ts);
 * the browser reads PAGE_ACCESS (via web/router.tsx) only to hide what the user cannot open.
 */

export const PERMISSION_CODES = [
  "dashboard",
  "member_center",
  "storage_manage",
  "template_manage",
  "user_manage",
  "role_manage",
  "system_settings",
  "register_gift_manage",
  "excel_batch_generate",
  "excel_template_manage",
  "pdf_converter",
  "mediation",
  "my_template",
  "ocr_access",
  "custom_ocr_access",
  "ai_folder_access",
  "ai_cljl_access",
  "ai_muban_access",
  "excel_case_split",
  "ocr_extract",
  "ai_document",
  "ai_law_search",
] as const;

export type PermissionCode = typeof PERMISSION_CODES[number];

export interface PermissionInfo {
  code: PermissionCode;
  name: string;
  description: string;
}

const LABELS: Record<PermissionCode, [name: string, description: string]> = {
  dashboard: ["系统仪表盘", "查看系统仪表盘与使用统计"],
  member_center: ["会员中心", "查看剩余使用次数与使用记录"],
  storage_manage: ["存储管理", "查看和清理已存储的文件"],
  template_manage: ["系统模板管理", "上传、下载和删除系统模板"],
  user_manage: ["用户管理", "新增、编辑和删除用户账号"],
  role_manage: ["角色管理", "管理角色及其权限"],
  system_settings: ["系统设置", "修改系统名称、标志、登录页与邀请码"],
  register_gift_manage: ["注册赠送管理", "设置新注册账号获得的使用次数"],
  excel_batch_generate: ["Excel批量生成", "使用Excel批量生成向导"],
  excel_template_manage: ["Excel模板管理", "管理Word模板、映射模板与段落模板"],
  pdf_converter: ["PDF转链接", "上传PDF并生成访问链接"],
  mediation: ["文书批量生成", "用Word模板和Excel表格批量生成文书"],
  my_template: ["我的模板", "管理个人Word模板"],
  ocr_access: ["OCR识别", "使用OCR模板识别文件"],
  custom_ocr_access: ["自定义OCR", "使用自定义OCR规则处理文件"],
  ai_folder_access: ["AI文件夹", "管理AI文档文件夹"],
  ai_cljl_access: ["AI处理记录", "查看AI处理记录"],
  ai_muban_access: ["AI输出模板", "管理AI输出文书模板"],
  excel_case_split: ["县市案件分类", "按县市拆分案件表格"],
  ocr_extract: ["OCR信息提取", "从扫描件中提取字段"],
  ai_document: ["AI文书生成", "使用AI对话生成文书"],
  ai_law_search: ["AI法律检索", "使用AI检索法律法规"],
};

/** All permissions with their Chinese name and description, in code order. */
export const PERMISSIONS: PermissionInfo[] = PERMISSION_CODES.map((code) => ({
  code,
  name: LABELS[code][0],
  description: LABELS[code][1],
}));

export function isPermissionCode(value: string): value is PermissionCode {
  return (PERMISSION_CODES as readonly string[]).includes(value);
}

/** The role-picker groups of part 3 §2, matched by code prefix; the first group that matches wins. */
export const PERMISSION_GROUPS: { title: string; prefixes: string[] }[] = [
  { title: "AI工具", prefixes: ["ai_document", "ai_law_", "ocr_extract"] },
  { title: "AI文档处理", prefixes: ["ocr_", "ai_folder_", "ai_cljl_", "ai_muban_", "custom_ocr_"] },
  { title: "Excel批量处理", prefixes: ["excel_"] },
  { title: "系统管理", prefixes: ["user_", "role_", "system_", "template_", "storage_"] },
];
export const OTHER_PERMISSION_GROUP = "其他";

/** The group title of a permission code (part 3 §2). */
export function groupOfPermission(code: string): string {
  const group = PERMISSION_GROUPS.find((g) => g.prefixes.some((p) => code.startsWith(p)));
  return group?.title ?? OTHER_PERMISSION_GROUP;
}

export const SUPER_ADMIN_ID = 1;
export const SUPER_ADMIN_ROLE = "超级管理员";
export const ADMIN_ROLE = "admin";
export const DEFAULT_MEMBER_ROLE = "普通用户";

/**
 * The built-in roles, by the key stored on their record (`builtin`). A name can be edited; the key
 * cannot, so administrator status follows the key.
 */
export type BuiltinRole = "super_admin" | "admin" | "member";

/** Names only the built-in roles may carry (SUPER_ADMIN_ROLE and ADMIN_ROLE), compared trimmed and case-blind. */
export function isReservedRoleName(name: string): boolean {
  const n = name.trim().toLowerCase();
  return n === ADMIN_ROLE || n === SUPER_ADMIN_ROLE;
}

/**
 * The role name the browser is given for the signed-in user: the built-in admin role is always
 * `admin` there, whatever it is called in the role manager, so part 1 §6's client rule (role equals
 * admin or id 1) keeps following the built-in role.
 */
export function clientRoleName(role: { name: string; builtin?: BuiltinRole } | null): string {
  if (!role) return "";
  return role.builtin === "admin" ? ADMIN_ROLE : role.name;
}

/** The smallest part of a user that access decisions need. */
export interface AccessSubject {
  id: number;
  /** The role's name as the browser gets it (clientRoleName). */
  role: string;
  permissions: readonly string[];
  /**
   * The built-in role the user holds, or null for any other role: always set on the server (from the
   * role record); the browser has only `role`.
   */
  builtinRole?: BuiltinRole | null;
}

export function isSuperAdmin(user: Pick<AccessSubject, "id">): boolean {
  return user.id === SUPER_ADMIN_ID;
}

/**
 * THE administrator test (part 1 §6: role admin or user id 1), by identity: user id 1, or the holder
 * of the built-in admin role. On the server `builtinRole` decides, so renaming roles changes nothing;
 * in the browser, which has only the name, `role` is the server's clientRoleName and no other role
 * may be called admin (isReservedRoleName).
 */
export function isAdmin(user: Pick<AccessSubject, "id" | "role" | "builtinRole">): boolean {
  if (user.id === SUPER_ADMIN_ID) return true;
  if (user.builtinRole !== undefined) return user.builtinRole === "admin";
  return user.role === ADMIN_ROLE;
}

/**
 * No one hands out more than they hold (beyond part 3, which leaves the server side open): user id 1
 * may grant anything; anyone else only permission codes they hold themselves.
 */
export function canGrantPermissions(actor: AccessSubject, permissions: readonly string[]): boolean {
  return isSuperAdmin(actor) || permissions.every((code) => actor.permissions.includes(code));
}

/**
 * Whether `actor` may give an account `role`, or edit an account that has it: 超级管理员 only by user
 * id 1, the admin role only by an administrator, any other role only with permissions the actor holds.
 */
export function canAssignRole(
  actor: AccessSubject,
  role: { name: string; permissions: readonly string[]; builtin?: BuiltinRole },
): boolean {
  if (isSuperAdmin(actor)) return true;
  if (role.builtin === "super_admin" || role.name === SUPER_ADMIN_ROLE) return false;
  if ((role.builtin === "admin" || role.name === ADMIN_ROLE) && !isAdmin(actor)) return false;
  return canGrantPermissions(actor, role.permissions);
}

/** What a route needs: nobody, any signed-in user, an admin, user id 1, or one of some permission codes. */
export type Access = "public" | "auth" | "admin" | "super_admin" | PermissionCode | PermissionCode[];

/** True when the user satisfies the access rule. User id 1 passes every check. */
export function hasAccess(user: AccessSubject | null, access: Access): boolean {
  if (access === "public") return true;
  if (!user) return false;
  if (isSuperAdmin(user)) return true;
  if (access === "auth") return true;
  if (access === "admin") return isAdmin(user);
  if (access === "super_admin") return false;
  const codes = Array.isArray(access) ? access : [access];
  return codes.some((code) => user.permissions.includes(code));
}

/**
 * Every API route and the access it needs, keyed "METHOD /api/path" with Hono's `:param` syntax.
 * The server refuses a route missing from this table (tests/api/access_table_test.ts checks both ways).
 */
export const API_ACCESS: Record<string, Access> = {
  "GET /api/health": "public",
  // settings, login page
  "GET /api/system/settings": "public",
  "POST /api/system/settings": "system_settings",
  "POST /api/settings/upload-logo": "system_settings",
  "POST /api/settings/upload-favicon": "system_settings",
  "GET /api/settings/files/:name": "public",
  "GET /api/login-features/list": "public",
  "POST /api/login-features": "admin",
  "PUT /api/login-features/:id": "admin",
  "DELETE /api/login-features/:id": "admin",
  "POST /api/login-features/reorder": "admin",
  // captcha, sign-in, registration, password reset
  "GET /api/captcha/generate": "public",
  "POST /api/captcha/verify": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/register": "public",
  "POST /api/auth/logout": "auth",
  "POST /api/password/send-code": "public",
  "POST /api/password/reset-password": "public",
  "GET /api/user/profile": "auth",
  // users, roles, permissions
  "GET /api/users": "user_manage",
  "POST /api/users": "user_manage",
  "PUT /api/users/:id": "user_manage",
  "DELETE /api/users/:id": "user_manage",
  "GET /api/users/list": "admin",
  "GET /api/roles": ["role_manage", "user_manage"],
  "POST /api/roles": "role_manage",
  "PUT /api/roles/:id": "role_manage",
  "DELETE /api/roles/:id": "role_manage",
  "GET /api/permissions": "role_manage",
  // invitation codes
  "GET /api/invitation-codes": "system_settings",
  "POST /api/invitation-codes": "system_settings",
  "DELETE /api/invitation-codes/:id": "system_settings",
  "GET /api/invitation-codes/:id/users": "system_settings",
  // registration gift (what a newly registered account receives)
  "GET /api/register-gift": "register_gift_manage",
  "PUT /api/register-gift": "register_gift_manage",
  "DELETE /api/register-gift": "register_gift_manage",
  "GET /api/register-gift/codes": "register_gift_manage",
  "GET /api/register-gift/codes/:codeId": "register_gift_manage",
  "PUT /api/register-gift/codes/:codeId": "register_gift_manage",
  "DELETE /api/register-gift/codes/:codeId": "register_gift_manage",
  // metering
  "GET /api/member/limits": "auth",
  "GET /api/user/limits": "auth",
  "POST /api/member/check-limit": "auth",
  "GET /api/member/usage-records": "auth",
  "GET /api/member/users-limits": "admin",
  "POST /api/member/update-limit": "admin",
  "POST /api/member/quick-add-limit": "admin",
  // dashboard
  "GET /api/dashboard/stats": "dashboard",
  "GET /api/recent-activities": "dashboard",
  // AI settings and sensitive words (user id 1 only)
  "GET /api/ai/settings": "super_admin",
  "PUT /api/ai/settings": "super_admin",
  "POST /api/ai/test-connection": "super_admin",
  "GET /api/ai/sensitive-words": "super_admin",
  "POST /api/ai/sensitive-words": "super_admin",
  "PUT /api/ai/sensitive-words/:id": "super_admin",
  "DELETE /api/ai/sensitive-words/:id": "super_admin",
  // own account
  "PUT /api/account/password": "auth",
  "PUT /api/account/email": "auth",
  // storage manager
  "GET /api/storage/summary": "storage_manage",
  "GET /api/storage/items": "storage_manage",
  "DELETE /api/storage/items": "storage_manage",
  // audit log
  "GET /api/audit-log": "admin",
  // background tasks
  "GET /api/tasks/:id": "auth",
  // county/city case split (part 4 §7)
  "GET /api/excel-case-split/tasks": "excel_case_split",
  "POST /api/excel-case-split/upload": "excel_case_split",
  "POST /api/excel-case-split/split": "excel_case_split",
  "DELETE /api/excel-case-split/tasks/:id": "excel_case_split",
  "GET /api/excel-case-split/tasks/:id/download-all": "excel_case_split",
  "GET /api/excel-case-split/tasks/:id/files/:index": "excel_case_split",
  "GET /api/excel-case-split/tasks/:id/error-rows": "excel_case_split",
  // A region file's downloadUrl opens in a new tab (part 4 §7): the signed link is the credential.
  "GET /api/excel-case-split/download/:token": "public",
  // system and personal template managers (part 2 §2.5, §2.6, §7); the generation page lists both
  "GET /api/templates/list": ["template_manage", "mediation"],
  "POST /api/templates/upload": "template_manage",
  "GET /api/templates/download/:id": ["template_manage", "mediation"],
  "DELETE /api/templates/:id": "template_manage",
  "GET /api/my-templates/list": ["my_template", "mediation"],
  "POST /api/my-templates/upload": "my_template",
  "GET /api/my-templates/download/:id": ["my_template", "mediation"],
  "DELETE /api/my-templates/:id": "my_template",
  // template-based generation (part 2 §2.4, §7); a signed file link opens without a token
  "POST /api/upload-template": "mediation",
  "GET /api/download-template": "mediation",
  "POST /api/upload-excel": "mediation",
  "POST /api/mediation/upload-excel": "mediation",
  "GET /api/conversion-progress": "mediation",
  "GET /api/mediation/batches": "mediation",
  "GET /api/mediation/history": "mediation",
  "DELETE /api/mediation/batch/:batch_no": "mediation",
  "POST /api/mediation/batch/:batch_no/retry-failed": "mediation",
  "GET /api/mediation/batch/:batch_no/download": "mediation",
  "GET /api/mediation/batch/:batch_no/download-url": "mediation",
  // Signed, short-lived zip link (server/services/links/zip_links.ts): the signature is the credential.
  "GET /api/mediation/batch/:batch_no/zip": "public",
  "GET /api/mediation/file/:batch_no/:row/:kind": "public",
  "GET /api/mediation/settings": "mediation",
  "PUT /api/mediation/settings": "mediation",
  // PDF-to-link (part 2 §2.3, §7); a link itself is public: whoever has it may open it
  "POST /api/upload-pdfs": "pdf_converter",
  "GET /api/pdf-convert/batches": "pdf_converter",
  "GET /api/pdf-convert/history": "pdf_converter",
  "DELETE /api/pdf-convert/batch/:batch_no": "pdf_converter",
  "PUT /api/pdf-convert/link/:id": "pdf_converter",
  "POST /api/pdf-convert/link/:id/revoke": "pdf_converter",
  "GET /api/pdf-links/:token": "public",
  // custom templates page (part 2 §2.2, §7); the Excel batch wizard reads them and saves mappings
  "GET /api/excel-templates": ["excel_template_manage", "excel_batch_generate"],
  "POST /api/excel-templates": "excel_template_manage",
  "POST /api/excel-templates/upload": ["excel_template_manage", "excel_batch_generate"],
  "GET /api/excel-templates/download/:id": ["excel_template_manage", "excel_batch_generate"],
  "DELETE /api/excel-templates/:id": "excel_template_manage",
  "GET /api/excel-templates/mapping-templates": ["excel_template_manage", "excel_batch_generate"],
  "POST /api/excel-templates/mapping-templates": ["excel_template_manage", "excel_batch_generate"],
  "PUT /api/excel-templates/mapping-templates/:id": "excel_template_manage",
  "DELETE /api/excel-templates/mapping-templates/:id": "excel_template_manage",
  "GET /api/excel-templates/paragraph-templates": ["excel_template_manage", "excel_batch_generate"],
  "POST /api/excel-templates/paragraph-templates": "excel_template_manage",
  "PUT /api/excel-templates/paragraph-templates/:id": "excel_template_manage",
  "DELETE /api/excel-templates/paragraph-templates/:id": "excel_template_manage",
  // Excel batch wizard (part 2 §7)
  "POST /api/excel-batch/upload": "excel_batch_generate",
  "POST /api/excel-batch/parse-template": "excel_batch_generate",
  "POST /api/excel-batch/create-task": "excel_batch_generate",
  "GET /api/excel-batch/settings": "excel_batch_generate",
  "PUT /api/excel-batch/settings": "excel_batch_generate",
  "GET /api/excel-batch/task/:id/progress": "excel_batch_generate",
  "GET /api/excel-batch/task/:id/download-zip": "excel_batch_generate",
  "GET /api/excel-batch/task/:id/download-zip-url": "excel_batch_generate",
  // Signed, short-lived zip link (server/services/links/zip_links.ts): the signature is the credential.
  "GET /api/excel-batch/task/:id/zip": "public",
  "GET /api/excel-batch/download/:id": "excel_batch_generate",
  // signed address (no token): the export of download addresses (part 2 §2.1 step 4)
  "GET /api/excel-batch/download-direct/:id": "public",
  // AI document folder (part 4 §7)
  "GET /api/aifolder/tree": "ai_folder_access",
  "GET /api/aifolder/contents": "ai_folder_access",
  "GET /api/aifolder/file": "ai_folder_access",
  "POST /api/aifolder/delete": "ai_folder_access",
  "POST /api/aifolder/batch-delete": "ai_folder_access",
  "POST /api/aifolder/rename": "ai_folder_access",
  "POST /api/aifolder/create-folder": "ai_folder_access",
  "POST /api/aifolder/upload": "ai_folder_access",
  "POST /api/aifolder/upload-folder": "ai_folder_access",
  // output-document templates (part 4 §7); the custom OCR screen lists them for generation
  "GET /api/ai-muban/templates": "ai_muban_access",
  "POST /api/ai-muban/templates": "ai_muban_access",
  "PUT /api/ai-muban/templates/:id": "ai_muban_access",
  "DELETE /api/ai-muban/templates/:id": "ai_muban_access",
  "GET /api/ai-muban/templates/:id/download": "ai_muban_access",
  "GET /api/custom-ocr/templates": "custom_ocr_access",
  // custom OCR rules (part 4 §7)
  "GET /api/custom-ocr/rules": "custom_ocr_access",
  "POST /api/custom-ocr/rules": "custom_ocr_access",
  "PUT /api/custom-ocr/rules/:id": "custom_ocr_access",
  "DELETE /api/custom-ocr/rules/:id": "custom_ocr_access",
  "GET /api/custom-ocr/user/limits": "custom_ocr_access",
  "POST /api/custom-ocr/generate/:batchId": "custom_ocr_access",
  "POST /api/custom-ocr/process": "custom_ocr_access",
  "GET /api/custom-ocr/progress/:batchId": ["custom_ocr_access", "ai_cljl_access"],
  "GET /api/custom-ocr/page-image/:batchId": ["custom_ocr_access", "ai_cljl_access"],
  "POST /api/custom-ocr/update-field/:batchId": "custom_ocr_access",
  "GET /api/custom-ocr/download/:fileName": ["custom_ocr_access", "ai_cljl_access"],
  // Not in the spec: several cases' documents as one zip, a folder per case (issue #13 scope 6).
  "POST /api/custom-ocr/download-zip": ["custom_ocr_access", "ai_cljl_access"],
  // custom OCR folder mode (part 4 §7)
  "GET /api/folder-browser/tree": "custom_ocr_access",
  "GET /api/folder-browser/contents": "custom_ocr_access",
  "POST /api/folder-browser/process": "custom_ocr_access",
  "GET /api/folder-browser/progress/:batchId": "custom_ocr_access",
  "GET /api/folder-browser/records": ["custom_ocr_access", "ai_cljl_access"],
  "GET /api/folder-browser/records/:id": ["custom_ocr_access", "ai_cljl_access"],
  // Not in the spec: AI处理记录 (/ai-cljl) deletes a record with its files.
  "DELETE /api/folder-browser/records/:id": ["custom_ocr_access", "ai_cljl_access"],
  "POST /api/folder-browser/update-field-source": "custom_ocr_access",
  // OCR识别 (/ocr, issue #10): runs of uploaded files, their text, key facts and downloads
  "POST /api/ocr/runs": "ocr_access",
  "GET /api/ocr/runs": "ocr_access",
  "GET /api/ocr/runs/:id": "ocr_access",
  "DELETE /api/ocr/runs/:id": "ocr_access",
  "GET /api/ocr/runs/:id/files/:index": "ocr_access",
  "GET /api/ocr/runs/:id/files/:index/download/:format": "ocr_access",
  // OCR信息提取 (/ocr-extract, part 4 §7): each user's templates, the streamed batch, its edited result
  "GET /api/ocr/templates": "ocr_extract",
  "GET /api/ocr/template-presets": "ocr_extract",
  "POST /api/ocr/templates": "ocr_extract",
  "PUT /api/ocr/templates/:id": "ocr_extract",
  "DELETE /api/ocr/templates/:id": "ocr_extract",
  "POST /api/ocr/process-batch": "ocr_extract",
  "GET /api/ocr/batches": "ocr_extract",
  "GET /api/ocr/batch/:batchId": "ocr_extract",
  "GET /api/ocr/batch/:batchId/case-data": "ocr_extract",
  "GET /api/ocr/batch/:batchId/page-image": "ocr_extract",
  "PUT /api/ocr/batch/:batchId/result": "ocr_extract",
  // AI chat for drafting (/ai-chat, issue #15): each answer costs one AI use
  "GET /api/ai-chat/presets": "ai_document",
  "POST /api/ai-chat/presets": "admin",
  "DELETE /api/ai-chat/presets/:id": "admin",
  "GET /api/ai-chat/article": "ai_document",
  "GET /api/ai-chat/conversations": "ai_document",
  "POST /api/ai-chat/conversations": "ai_document",
  "PATCH /api/ai-chat/conversations/:id": "ai_document",
  "DELETE /api/ai-chat/conversations/:id": "ai_document",
  "GET /api/ai-chat/conversations/:id/messages": "ai_document",
  "POST /api/ai-chat/conversations/:id/messages": "ai_document",
  "POST /api/ai-chat/messages/:id/export": "ai_document",
  "POST /api/ai-chat/messages/:id/save-template": "ai_document",
  // AI law search (/ai-law-search, issue #14): searching and checking are free; ask costs one AI use;
  // the library is managed by administrators (role admin or user id 1)
  "GET /api/law-search/overview": "ai_law_search",
  "GET /api/law-search/search": "ai_law_search",
  "GET /api/law-search/recent": "ai_law_search",
  "GET /api/law-search/laws": "ai_law_search",
  "GET /api/law-search/laws/:id": "ai_law_search",
  "GET /api/law-search/laws/:id/articles/:number": "ai_law_search",
  "POST /api/law-search/check-citations": "ai_law_search",
  "POST /api/law-search/ask": "ai_law_search",
  "POST /api/law-search/laws/import": "admin",
  "PATCH /api/law-search/laws/:id": "admin",
  "DELETE /api/law-search/laws/:id": "admin",
};

/** Page routes of the browser app and what each needs (part 1 §2). */
export const PAGE_ACCESS: Record<string, Access> = {
  "/dashboard": "dashboard",
  "/pdf-converter": "pdf_converter",
  "/mediation-form": "mediation",
  "/my-templates": "my_template",
  "/template-manager": "template_manage",
  "/user-manager": "user_manage",
  "/role-manager": "role_manage",
  "/system-settings": "system_settings",
  "/storage-manager": "storage_manage",
  "/member-center": "auth",
  "/account": "auth",
  // Not in the spec's route table: the audit log of issue 3 (administrators, 'my system' group).
  "/audit-log": "admin",
  "/ai-chat": "ai_document",
  "/ai-settings": "super_admin",
  "/ai-law-search": "ai_law_search",
  "/register-gift": "register_gift_manage",
  "/ocr": "ocr_access",
  "/custom-ocr": "custom_ocr_access",
  "/ai-folder": "ai_folder_access",
  "/ai-cljl": "ai_cljl_access",
  "/ai-muban": "ai_muban_access",
  "/excel-batch": "excel_batch_generate",
  "/excel-templates": "excel_template_manage",
  "/ocr-extract": "ocr_extract",
  "/excel-case-split": "excel_case_split",
  // Flagged admin-only in the route table, but the guard does not enforce it (part 1 §6).
  "/login-features": "auth",
};
