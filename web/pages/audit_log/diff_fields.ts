/**
 * Before/after of an audit entry as rows of a table: one row per field of either state, values as
 * text, `changed` when they differ. Field names the page knows get their Chinese label.
 */

export interface FieldDiff {
  field: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

const FIELD_LABELS: Record<string, string> = {
  id: "ID",
  username: "用户名",
  email: "邮箱",
  role: "角色",
  roleId: "角色ID",
  domain: "自定义域名",
  last_login: "最后登录",
  created_at: "创建时间",
  createdAt: "创建时间",
  passwordChanged: "密码已修改",
  name: "名称",
  description: "描述",
  isSystem: "系统角色",
  permissions: "权限",
  userId: "用户ID",
  type: "类型",
  limit: "额度",
  code: "邀请码",
  remark: "备注",
  max_uses: "最大使用次数",
  used_count: "已使用次数",
  expired_at: "过期时间",
  created_by_name: "创建人",
  title: "标题",
  icon: "图标",
  word: "敏感词",
  replacement: "替换内容",
  system_name: "系统名称",
  site_title: "网站标题",
  logo_url: "Logo",
  favicon_url: "网站图标",
  login_title: "登录页标题",
  login_subtitle: "登录页副标题",
  footer_copyright: "页脚版权",
  footer_icp: "ICP备案号",
  footer_links: "页脚链接",
  auto_cleanup: "自动清理",
  cleanup_days: "清理天数",
  invitation_enabled: "启用邀请码",
  default_max_uses: "默认使用次数",
  default_domain: "默认域名",
  model: "模型",
  temperature: "温度",
  max_tokens: "最大Token数",
  system_prompt: "系统提示词",
  enable_sensitive_filter: "敏感词过滤",
  keyChanged: "API密钥已修改",
};

/** A value as one line of text: "" for none, 是/否 for booleans, JSON for lists and objects. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "是" : "否";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) {
    return value.join("、");
  }
  return JSON.stringify(value);
}

function fieldsOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? value as Record<string, unknown>
    : {};
}

/** The rows, fields in first-seen order (before's, then any only in after). */
export function diffFields(before: unknown, after: unknown): FieldDiff[] {
  const b = fieldsOf(before);
  const a = fieldsOf(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((field) => {
    const beforeText = formatValue(b[field]);
    const afterText = formatValue(a[field]);
    return {
      field,
      label: FIELD_LABELS[field] ?? field,
      before: beforeText,
      after: afterText,
      changed: beforeText !== afterText,
    };
  });
}
