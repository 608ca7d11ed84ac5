/**
 * The error catalogue: stable code -> HTTP status and Chinese message. Both sides read it:
 * the server answers `{ success: false, code, error }` from it, the browser reacts to codes.
 */

type Message = string | ((params: Record<string, unknown>) => string);
interface ErrorSpec {
  status: number;
  message: Message;
}

function define<T extends Record<string, ErrorSpec>>(catalogue: T): T {
  return catalogue;
}

export const ERRORS = define({
  // generic
  VALIDATION_FAILED: { status: 400, message: "请求参数错误" },
  NOT_FOUND: { status: 404, message: "请求的资源不存在" },
  INTERNAL: { status: 500, message: "服务器内部错误" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "请求内容过大" },
  BODY_TOO_LARGE: { status: 413, message: (p) => `请求内容过大，不能超过${p.limit}` },
  // authentication and access (part 1 §8)
  AUTH_REQUIRED: { status: 401, message: "请先登录" },
  TOKEN_INVALID: { status: 401, message: "Token已失效，请重新登录" },
  TOKEN_EXPIRED: { status: 401, message: "登录已过期，请重新登录" },
  SESSION_TIMEOUT: { status: 401, message: "会话已超时，请重新登录" },
  FORBIDDEN: { status: 403, message: "没有访问权限" },
  ADMIN_ONLY: { status: 403, message: "只有管理员可以执行此操作" },
  SUPER_ADMIN_ONLY: { status: 403, message: "只有超级管理员可以访问此页面" },
  // captcha and sign-in
  CAPTCHA_INVALID: { status: 400, message: "验证码错误" },
  CAPTCHA_EXPIRED: { status: 400, message: "验证码已过期，请点击图片刷新" },
  INVALID_CREDENTIALS: { status: 400, message: "用户名或密码错误" },
  LOGIN_LOCKED: {
    status: 429,
    message: (p) => `登录失败次数过多，请${p.minutes}分钟后再试`,
  },
  USERNAME_TAKEN: { status: 409, message: "用户名已存在" },
  INVITATION_REQUIRED: { status: 400, message: "请输入邀请码" },
  INVITATION_INVALID: { status: 400, message: "邀请码无效" },
  INVITATION_EXPIRED: { status: 400, message: "邀请码已过期" },
  INVITATION_EXHAUSTED: { status: 400, message: "邀请码使用次数已用完" },
  DEFAULT_ROLE_MISSING: { status: 500, message: "系统未配置默认角色，请联系管理员" },
  // password reset
  RESET_USER_MISMATCH: { status: 400, message: "用户名与注册邮箱不匹配" },
  RESET_CODE_TOO_FREQUENT: {
    status: 429,
    message: (p) => `发送过于频繁，请${p.seconds}秒后再试`,
  },
  RESET_CODE_INVALID: { status: 400, message: "验证码错误或已过期" },
  RESET_CODE_ATTEMPTS: { status: 429, message: "验证码错误次数过多，请重新获取验证码" },
  RESET_CODE_DAILY_LIMIT: { status: 429, message: "今日发送验证码次数已达上限，请明天再试" },
  MAIL_FAILED: { status: 502, message: "发送验证码失败" },
  // users and roles (part 3)
  USER_NOT_FOUND: { status: 404, message: "用户不存在" },
  SUPER_ADMIN_UNDELETABLE: { status: 403, message: "超级管理员不能删除" },
  SUPER_ADMIN_ROLE_FIXED: { status: 403, message: "超级管理员的角色不能修改" },
  SUPER_ADMIN_EDIT_FORBIDDEN: { status: 403, message: "只有超级管理员本人可以修改超级管理员账号" },
  CANNOT_DELETE_SELF: { status: 400, message: "不能删除当前登录的账号" },
  OLD_PASSWORD_WRONG: { status: 400, message: "原密码错误" },
  ROLE_NOT_FOUND: { status: 404, message: "角色不存在" },
  ROLE_NAME_TAKEN: { status: 409, message: "角色名称已存在" },
  ROLE_NAME_RESERVED: { status: 409, message: (p) => `“${p.name}”是系统内置角色的保留名称，请换一个名称` },
  ROLE_PROTECTED_EDIT: { status: 403, message: "超级管理员角色不能编辑" },
  ROLE_PROTECTED_DELETE: { status: 403, message: "超级管理员角色不能删除" },
  ROLE_DEFAULT_UNDELETABLE: { status: 409, message: "默认角色不能删除" },
  ROLE_ASSIGN_FORBIDDEN: { status: 403, message: "不能分配或修改权限超出自己权限的角色" },
  USER_ABOVE_ACTOR: { status: 403, message: "不能修改或删除权限超出自己权限的账号" },
  PERMISSION_GRANT_FORBIDDEN: { status: 403, message: "不能授予自己没有的权限" },
  ROLE_IN_USE: {
    status: 409,
    message: (p) => `还有 ${p.count} 个用户使用该角色，不能删除`,
  },
  // settings, invitation codes, login features
  INVITATION_NOT_FOUND: { status: 404, message: "邀请码不存在" },
  LOGIN_FEATURE_NOT_FOUND: { status: 404, message: "登录页功能项不存在" },
  LOGIN_FEATURE_ORDER_STALE: { status: 409, message: "功能列表已被修改，请刷新后重试" },
  REGISTER_GIFT_NOT_FOUND: { status: 404, message: "该邀请码未单独设置注册赠送" },
  FILE_REQUIRED: { status: 400, message: "请选择要上传的文件" },
  FILE_TOO_LARGE: { status: 413, message: (p) => `文件大小不能超过${p.limit}` },
  FILE_TYPE_INVALID: { status: 400, message: (p) => `只能上传${p.allowed}格式的文件` },
  // metering and tasks
  QUOTA_INSUFFICIENT: {
    status: 402,
    message: (p) => `${p.label}使用次数不足。需要 ${p.need} 次，当前剩余 ${p.left} 次`,
  },
  QUOTA_BUSY: { status: 503, message: "系统繁忙，请稍后重试" },
  // AI uses (part 4 §1, §8: the client reacts to a message containing AI使用次数不足)
  AI_QUOTA_INSUFFICIENT: {
    status: 402,
    message: (p) => `AI使用次数不足。需要 ${p.need} 次，当前剩余 ${p.left} 次`,
  },
  // an AI run (OCR识别, OCR信息提取, custom OCR) stopped outside its per-file handling (server/jobs/ai_run_guard.ts)
  AI_RUN_FAILED: {
    status: 500,
    message: (p) => `处理中断：${p.reason ?? "服务器内部错误"}。未处理文件的AI使用次数已退还`,
  },
  AI_RUN_INTERRUPTED: { status: 500, message: "服务器重启，处理已中断。未处理文件的AI使用次数已退还" },
  QUOTA_OUT_OF_RANGE: { status: 400, message: (p) => `额度必须是0到${p.max}之间的整数` },
  TASK_NOT_FOUND: { status: 404, message: "任务不存在" },
  // AI settings and sensitive words (part 3)
  AI_CONNECTION_FAILED: { status: 502, message: (p) => `连接失败：${p.reason}` },
  AI_BASE_URL_FORBIDDEN: {
    status: 400,
    message: "接口地址不能使用链路本地地址（169.254.0.0/16、fe80::/10）",
  },
  AI_KEY_REQUIRED_FOR_NEW_URL: { status: 400, message: "接口地址已更改，请重新输入API密钥" },
  // the model client's one catalogue of provider failures (server/services/llm/llm_errors.ts)
  AI_NOT_CONFIGURED: { status: 409, message: "管理员尚未配置AI模型" },
  AI_USER_BUSY: { status: 429, message: "请稍候，您已有进行中的AI请求" },
  AI_AUTH_FAILED: { status: 502, message: "API密钥无效" },
  AI_PERMISSION_DENIED: { status: 502, message: "API密钥没有访问权限" },
  AI_MODEL_NOT_FOUND: { status: 502, message: "模型或接口地址不存在" },
  AI_BALANCE: { status: 502, message: "AI服务账户余额不足，请联系管理员充值" },
  AI_RATE_LIMITED: { status: 429, message: "AI服务请求过于频繁，请稍后重试" },
  AI_CONTENT_FILTERED: {
    status: 422,
    message: (p) => `内容未通过AI服务的安全审核（${p.where}），请修改相关内容后重试`,
  },
  AI_CONTEXT_TOO_LONG: { status: 422, message: "内容超出模型的上下文长度，请缩短内容或开始新的对话" },
  AI_UNREACHABLE: { status: 502, message: "无法连接到AI服务，请检查接口地址或网络" },
  AI_TIMEOUT: { status: 504, message: "AI服务响应超时，请稍后重试" },
  AI_UNAVAILABLE: { status: 502, message: "AI服务暂时不可用，请稍后重试" },
  AI_BAD_RESPONSE: { status: 502, message: "AI服务返回的内容格式不正确，请重试" },
  AI_PROVIDER_ERROR: { status: 502, message: (p) => `AI服务返回错误（状态码 ${p.status}）` },
  AI_CANCELLED: { status: 499, message: "已停止生成" },
  // AI chat for drafting (issue #15)
  AI_CHAT_NOT_FOUND: { status: 404, message: "对话不存在或已删除" },
  AI_CHAT_MESSAGE_NOT_FOUND: { status: 404, message: "消息不存在或已删除" },
  AI_CHAT_PRESET_NOT_FOUND: { status: 404, message: "文书模板不存在" },
  AI_CHAT_PRESET_TAKEN: { status: 409, message: "文书模板ID已存在" },
  AI_CHAT_PRESET_BUILTIN: { status: 403, message: "内置文书模板不能删除" },
  AI_CHAT_NOTHING_TO_REGENERATE: { status: 400, message: "没有可以重新生成的回答" },
  AI_CHAT_EXPORT_EMPTY: { status: 400, message: "只能导出已完成的AI回答" },
  SENSITIVE_WORD_TAKEN: { status: 409, message: "敏感词已存在" },
  SENSITIVE_WORD_NOT_FOUND: { status: 404, message: "敏感词不存在" },
  // storage manager
  STORAGE_OTHERS_FORBIDDEN: { status: 403, message: "只有管理员可以查看或删除其他用户的文件" },
  STORAGE_ITEM_NOT_FOUND: { status: 404, message: "文件不存在或已被删除" },
  // county/city case split (part 4 §5, §8)
  CASE_SPLIT_FILE_REQUIRED: { status: 400, message: "请选择文件" },
  CASE_SPLIT_FILE_TYPE: { status: 400, message: "只能上传Excel文件!" },
  CASE_SPLIT_TASK_NOT_FOUND: { status: 404, message: "任务不存在或已删除" },
  CASE_SPLIT_COLUMN_MISSING: { status: 400, message: (p) => `地址列“${p.column}”在表格中不存在` },
  CASE_SPLIT_BUSY: { status: 409, message: "该任务正在分类中，请等待完成" },
  CASE_SPLIT_NOT_READY: { status: 409, message: "该任务尚未完成分类" },
  CASE_SPLIT_FILE_MISSING: { status: 404, message: "文件不存在或已被清理" },
  CASE_SPLIT_LINK_INVALID: { status: 403, message: "下载链接无效或已过期，请刷新页面后重试" },
  // OCR识别 and OCR信息提取 (part 4 §5, §8)
  OCR_FILES_REQUIRED: { status: 400, message: "请先选择要处理的文件" },
  OCR_FILE_TYPE: { status: 400, message: (p) => `${p.name}：只支持PDF、Word、Excel和图片(PNG/JPG)文件` },
  OCR_FILE_TOO_LARGE: { status: 413, message: (p) => `${p.name}：文件大小不能超过 10MB` },
  OCR_TOO_MANY_FILES: { status: 400, message: "最多只能上传50个文件" },
  OCR_FILE_NAME_TOO_LONG: { status: 400, message: (p) => `${p.name}…：文件名不能超过100个字符` },
  OCR_RUN_NOT_FOUND: { status: 404, message: "识别记录不存在或已删除" },
  OCR_RESULT_NOT_READY: { status: 409, message: "该文件尚未识别完成" },
  OCR_NOT_SCANNED: { status: 400, message: "该文件不是扫描件或图片，无需生成可搜索PDF" },
  OCR_ENGINE_UNAVAILABLE: { status: 503, message: "文字识别服务暂不可用，请联系管理员" },
  OCR_TEMPLATE_NOT_FOUND: { status: 404, message: "模板不存在或已删除" },
  OCR_BATCH_NOT_FOUND: { status: 404, message: "处理记录不存在或已删除" },
  OCR_BATCH_NOT_READY: { status: 409, message: "该批次尚未处理完成" },
  OCR_TEMPLATE_LIMIT: {
    status: 400,
    message: (p) => `模板数量已达上限（${p.max}个），请删除不用的模板后再创建`,
  },
  // untrusted files
  FILE_PARSE_FAILED: { status: 400, message: (p) => `文件解析失败：${p.reason}` },
  FILE_PARSE_TIMEOUT: { status: 400, message: "文件解析超时，文件可能已损坏或过于复杂" },
  // Word templates and generation (part 2 §2.4-§2.6, §5)
  TEMPLATE_NOT_DOCX: { status: 400, message: "只能上传Word文档(.docx)!" },
  TEMPLATE_INVALID: { status: 400, message: (p) => `模板格式错误：${p.reason}` },
  TEMPLATE_VALUE_INVALID: {
    status: 400,
    message: (p) => `“${p.name}”的值“${p.value}”无法按“${p.formatter}”格式转换`,
  },
  DOCX_RENDER_FAILED: { status: 500, message: (p) => `生成Word文档失败：${p.reason}` },
  // template managers and template-based generation (part 2 §2.4-§2.6, §5)
  TEMPLATE_NOT_FOUND: { status: 404, message: "模板不存在" },
  TEMPLATE_FILE_MISSING: { status: 404, message: "模板文件不存在或已被删除" },
  TEMPLATE_REQUIRED: { status: 400, message: "请先选择或上传模板" },
  EXCEL_TYPE_INVALID: { status: 400, message: "只能上传 Excel 文件!" },
  EXCEL_TOO_LARGE: { status: 413, message: "文件大小不能超过 10MB!" },
  EXCEL_EMPTY: { status: 400, message: "Excel 文件中没有数据!" },
  MEDIATION_QUOTA_INSUFFICIENT: {
    status: 402,
    message: (p) => `使用次数不足！需要 ${p.need} 次，剩余 ${p.left} 次`,
  },
  BATCH_NOT_FOUND: { status: 404, message: "批次不存在或已删除" },
  BATCH_RUNNING: { status: 409, message: "批次正在处理中，请稍后再试" },
  BATCH_NO_FAILED_ROWS: { status: 400, message: "该批次没有失败的文件" },
  GENERATED_FILE_MISSING: { status: 404, message: "文件不存在或已被删除" },
  LINK_INVALID: { status: 403, message: "链接无效或已过期" },
  // Signed links to whole-batch zips (server/services/links/zip_links.ts)
  DOWNLOAD_LINK_INVALID: { status: 403, message: "下载链接无效，请重新点击下载" },
  DOWNLOAD_LINK_EXPIRED: { status: 410, message: "下载链接已过期，请重新点击下载" },
  // PDF through LibreOffice (server/services/pdf)
  PDF_CONVERTER_MISSING: {
    status: 503,
    message: "服务器未安装 LibreOffice，无法生成 PDF；Word 文档仍可生成",
  },
  PDF_CONVERSION_FAILED: { status: 500, message: (p) => `生成PDF失败：${p.reason}` },
  PDF_CONVERSION_TIMEOUT: { status: 504, message: "生成PDF超时，请稍后重试" },
  // PDF-to-link (part 2 §2.3, §5)
  PDF_ONLY: { status: 400, message: "只能上传PDF文件!" },
  PDF_BATCH_NO_INVALID: { status: 400, message: "批次号格式错误，应为 yyyymmdd_hhmmss" },
  PDF_BATCH_NOT_FOUND: { status: 404, message: "批次不存在或已删除" },
  PDF_LINK_NOT_FOUND: { status: 404, message: "链接不存在或已失效" },
  PDF_LINK_EXPIRED: { status: 410, message: "链接已过期" },
  PDF_LINK_REVOKED: { status: 410, message: "链接已被撤销" },
  PDF_FILE_MISSING: { status: 404, message: "文件不存在或已被删除" },
  // custom templates page (part 2 §2.2, §5)
  EXCEL_TEMPLATE_NOT_FOUND: { status: 404, message: "模板不存在" },
  EXCEL_TEMPLATE_UPLOAD_NOT_FOUND: { status: 400, message: "上传的模板文件不存在或已过期，请重新上传" },
  MAPPING_TEMPLATE_NOT_FOUND: { status: 404, message: "映射模板不存在" },
  PARAGRAPH_TEMPLATE_NOT_FOUND: { status: 404, message: "段落模板不存在" },
  // Excel batch wizard (part 2 §2.1, §5)
  EXCEL_BATCH_QUOTA_INSUFFICIENT: {
    status: 402,
    message: (p) => `使用次数不足。需要 ${p.need} 次，当前剩余 ${p.left} 次`,
  },
  EXCEL_BATCH_UPLOAD_NOT_FOUND: { status: 400, message: "上传的Excel文件不存在或已过期，请重新上传" },
  EXCEL_BATCH_TASK_NOT_FOUND: { status: 404, message: "任务不存在或已删除" },
  EXCEL_BATCH_FILE_NOT_FOUND: { status: 404, message: "文件不存在或已被删除" },
  EXCEL_BATCH_LINK_INVALID: { status: 403, message: "下载地址无效或已过期" },
  EXCEL_BATCH_FIELD_UNKNOWN: { status: 400, message: (p) => `Excel中不存在列“${p.name}”` },
  EXCEL_BATCH_VARIABLE_UNKNOWN: { status: 400, message: (p) => `模板中不存在变量“${p.name}”` },
  EXCEL_BATCH_PARAGRAPH_UNKNOWN: { status: 400, message: (p) => `模板中不存在段落变量“${p.name}”` },
  // document text and OCR (issue #10 §1-§2: server/services/doc_text/, server/services/ocr/)
  DOC_TEXT_TYPE_UNSUPPORTED: {
    status: 400,
    message: (p) => `不支持的文件类型：${p.name}（支持 pdf、doc、docx、xls、xlsx、png、jpg、jpeg）`,
  },
  DOC_TEXT_TOO_MANY_PAGES: {
    status: 400,
    message: (p) => `文件共${p.pages}页，超过${p.limit}页的上限，已拒绝处理`,
  },
  DOC_TEXT_IMAGE_TOO_LARGE: {
    status: 400,
    message: (p) => `图片尺寸过大（${p.width}×${p.height}像素），超过${p.limit}万像素的上限，已拒绝处理`,
  },
  DOC_TEXT_UNREADABLE: { status: 400, message: (p) => `无法读取文件内容：${p.reason}` },
  DOC_TEXT_TIMEOUT: { status: 400, message: "文件识别超时，文件可能过大、已损坏或过于复杂" },
  OCR_ENGINE_FAILED: { status: 500, message: (p) => `文字识别失败：${p.reason}` },
  // AI document folder and output-document templates (part 4 §5, §8; issue #12)
  AI_FOLDER_PATH_INVALID: { status: 400, message: "路径不合法" },
  AI_FOLDER_NAME_EMPTY: { status: 400, message: "名称不能为空" },
  AI_FOLDER_NAME_INVALID: { status: 400, message: "名称不能包含特殊字符" },
  AI_FOLDER_NAME_TOO_LONG: { status: 400, message: (p) => `名称不能超过${p.max}个字符` },
  AI_FOLDER_NAME_UNCHANGED: { status: 400, message: "新名称不能与原名称相同" },
  AI_FOLDER_NAME_TAKEN: { status: 409, message: (p) => `“${p.name}”已存在` },
  AI_FOLDER_NOT_FOUND: { status: 404, message: "文件或文件夹不存在" },
  AI_FOLDER_BATCH_TOO_LARGE: { status: 413, message: "每批上传的文件不能超过 50MB" },
  AI_FOLDER_TOO_MANY_FILES: { status: 400, message: (p) => `每次最多上传${p.max}个文件` },
  AI_FOLDER_FILES_REQUIRED: { status: 400, message: "请选择要上传的文件" },
  AI_FOLDER_CONCURRENT_CHANGE: { status: 409, message: "文件夹正在被修改，请稍后重试" },
  AI_MUBAN_NAME_REQUIRED: { status: 400, message: "请输入模板名称" },
  AI_MUBAN_FILE_REQUIRED: { status: 400, message: "请选择模板文件" },
  AI_MUBAN_NOT_DOCX: { status: 400, message: "只能上传Word文档(.docx)" },
  AI_MUBAN_FILE_TOO_LARGE: { status: 413, message: "文件大小不能超过 10MB" },
  AI_MUBAN_NOT_FOUND: { status: 404, message: "模板不存在或已删除" },
  CUSTOM_RULE_NOT_FOUND: { status: 404, message: "规则不存在或已删除" },
  CUSTOM_NO_MATCHING_FILES: { status: 400, message: "没有找到符合规则的文件" },
  CUSTOM_OCR_FILE_TOO_LARGE: { status: 413, message: "文件大小不能超过 10MB" },
  CUSTOM_RULE_PATTERN_INVALID: { status: 400, message: (p) => `${p.problem}，请先修改规则` },
  CUSTOM_RECORD_NOT_FOUND: { status: 404, message: "未找到处理记录" },
  CUSTOM_RECORD_NOT_COMPLETED: { status: 409, message: "处理尚未完成，请稍后再试" },
  CUSTOM_FILE_NOT_FOUND: { status: 404, message: "文件不存在或已被删除" },
  // AI law search (issue #14)
  LAW_NOT_FOUND: { status: 404, message: "法规不存在或已删除" },
  LAW_ARTICLE_NOT_FOUND: { status: 404, message: (p) => `《${p.title}》没有${p.number}` },
  LAW_FILES_REQUIRED: { status: 400, message: "请选择要导入的法规文件" },
  LAW_FILE_TYPE: { status: 400, message: "只能导入 .md、.txt、.docx 或 .zip 格式的法规文件" },
  LAW_FILE_UNREADABLE: { status: 400, message: (p) => `无法读取文件“${p.name}”：${p.reason}` },
  LAW_IMPORT_EMPTY: { status: 400, message: "文件中没有找到可识别的法规（需要标题和“第X条”条文）" },
  LAW_LIBRARY_EMPTY: { status: 409, message: "法规库为空，请管理员先导入法规" },
  LAW_LIBRARY_LOADING: { status: 503, message: "法规库正在加载，请稍候再试" },
});

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERRORS, value);
}

/** The Chinese message of a code, filled with its parameters. */
export function errorMessage(code: ErrorCode, params: Record<string, unknown> = {}): string {
  const message: Message = ERRORS[code].message;
  return typeof message === "function" ? message(params) : message;
}
