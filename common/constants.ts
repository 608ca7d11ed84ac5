/** Business constants from the spec, defined once and imported by both sides. */

// part 1 §9
export const REQUEST_TIMEOUT_MS = 30_000;
export const RETRY_503_DELAY_MS = 2_000;
export const DASHBOARD_REFRESH_MS = 60_000;
export const DASHBOARD_CHART_DAYS = 7;
export const RESET_CODE_RESEND_SECONDS = 60;
export const RESET_CODE_LENGTH = 6;
export const LOGIN_USERNAME_MIN = 3;
export const LOGIN_USERNAME_MAX = 15;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const ACTIVITY_PAGE_SIZES = [10, 20, 50, 100];
export const USER_SEARCH_DEBOUNCE_MS = 300;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Where a user goes after a denial that came from /login (part 1 §4). */
export const FALLBACK_LANDING_ORDER = [
  "/dashboard",
  "/mediation-form",
  "/pdf-converter",
  "/my-templates",
  "/ai-chat",
];
/** Denials on these pages redirect to /dashboard (part 1 §4). */
export const DENIAL_REDIRECTS_TO_DASHBOARD = ["/custom-ocr", "/ai-folder", "/ai-cljl", "/ai-muban"];

// part 3 §9
export const QUOTA_FULL_SCALE = 1000;
export const QUOTA_LOW_THRESHOLD = 10;
export const QUOTA_MAX = 99_999;
export const USER_USERNAME_MIN = 3;
export const USER_USERNAME_MAX = 20;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const FAVICON_MAX_BYTES = 1 * 1024 * 1024;
export const INVITATION_MAX_USES_MIN = 1;
export const INVITATION_MAX_USES_MAX = 100;
export const DEFAULT_CLEANUP_DAYS = 30;
export const DEFAULT_MAX_USES = 1;

// server-side policies (not shown by the spec; chosen here)
export const CAPTCHA_TTL_MS = 5 * 60_000;
export const RESET_CODE_TTL_MS = 10 * 60_000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** Reset-code mails one account may get per day (Asia/Shanghai calendar day). */
export const RESET_CODE_MAX_SENDS_PER_ACCOUNT_DAY = 10;
/** send-code requests one client address may make per day, matching or not. */
export const RESET_CODE_MAX_SENDS_PER_ADDRESS_DAY = 20;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures for one username (or one address) before each further attempt is slowed. */
export const LOGIN_SLOWDOWN_AFTER = 3;
export const LOGIN_LOCK_AFTER_USERNAME = 5;
export const LOGIN_LOCK_AFTER_ADDRESS = 20;
export const TOKEN_TTL_MS = 12 * 60 * 60_000;
/** A token with less than this left gets a fresh one in the `new-token` header. */
export const TOKEN_RENEW_BEFORE_MS = 6 * 60 * 60_000;
/** A session idle for this long answers SESSION_TIMEOUT. */
export const SESSION_IDLE_TIMEOUT_MS = 2 * 60 * 60_000;
/** Wrong answers to POST /api/captcha/verify before the captcha is void. */
export const CAPTCHA_MAX_WRONG_TRIES = 3;
export const CAPTCHA_LENGTH = 4;
/** The captcha image's size in pixels (server draws it, login and register show it at this size). */
export const CAPTCHA_IMAGE_SIZE = { width: 160, height: 54 } as const;
/** Each sign-in attempt past LOGIN_SLOWDOWN_AFTER failures waits this much per extra failure, up to the cap. */
export const LOGIN_DELAY_STEP_MS = 500;
export const LOGIN_DELAY_MAX_MS = 3_000;
export const INVITATION_CODE_LENGTH = 8;
/** Invitation-code table and its users dialog (part 3 §9). */
export const INVITATION_PAGE_SIZES = [10, 20, 30, 50];

/** The three metered counters (part 1 §1). */
export const QUOTA_KINDS = ["mediation", "pdf_convert", "ai"] as const;
export type QuotaKind = typeof QUOTA_KINDS[number];
export const QUOTA_FIELDS: Record<QuotaKind, "mediationLimit" | "pdfConvertLimit" | "aiLimit"> = {
  mediation: "mediationLimit",
  pdf_convert: "pdfConvertLimit",
  ai: "aiLimit",
};
export const QUOTA_LABELS: Record<QuotaKind, string> = {
  mediation: "文书生成",
  pdf_convert: "PDF转换",
  ai: "AI功能",
};

/** Usage-record and activity types (part 1 §3, part 3 §3), with the Chinese labels shown for them. */
export const USAGE_TYPES = [
  "mediation",
  "pdf",
  "pdf_convert",
  "template",
  "ai",
  "aiocr",
  "aiextract",
  "ocrextract",
  "ai_law_search",
  "ai_document",
  "case_split",
] as const;
export type UsageType = typeof USAGE_TYPES[number];
export const USAGE_TYPE_LABELS: Record<UsageType, string> = {
  mediation: "文书生成",
  pdf: "PDF处理",
  pdf_convert: "PDF转链接",
  template: "模板",
  ai: "AI功能",
  aiocr: "AI识别",
  aiextract: "AI信息提取",
  ocrextract: "OCR信息提取",
  ai_law_search: "AI法律检索",
  ai_document: "AI文书生成",
  case_split: "县市案件分类",
};
/** The activity types of GET /api/recent-activities (part 1 §3), verbatim. */
export const ACTIVITY_TYPES = [
  "mediation",
  "pdf",
  "template",
  "aiextract",
  "ocrextract",
  "ai_law_search",
  "ai_document",
  "aiocr",
] as const;
export type ActivityType = typeof ACTIVITY_TYPES[number];
/**
 * The activity type a usage record is shown as. Usage records keep their own types (part 3 §3); the
 * activity list speaks part 1 §3's: a PDF-to-link upload is `pdf`, and the two types part 1 does not
 * name (a generic AI use, the case splitter of part 4's AI tools) count as AI document work.
 */
export const ACTIVITY_TYPE_OF: Record<UsageType, ActivityType> = {
  mediation: "mediation",
  pdf: "pdf",
  pdf_convert: "pdf",
  template: "template",
  ai: "ai_document",
  aiocr: "aiocr",
  aiextract: "aiextract",
  ocrextract: "ocrextract",
  ai_law_search: "ai_law_search",
  ai_document: "ai_document",
  case_split: "ai_document",
};
export const USAGE_STATUSES = ["success", "failed"] as const;
export type UsageStatus = typeof USAGE_STATUSES[number];

/** Background task states (GET /api/tasks/:id). */
export const TASK_STATUSES = ["pending", "running", "done", "failed"] as const;
export type TaskStatus = typeof TASK_STATUSES[number];

// untrusted-file workers (server policy)
export const WORKER_DEFAULT_TIMEOUT_MS = 60_000;
export const XLSX_MAX_INPUT_BYTES = 10 * 1024 * 1024;
export const XLSX_MAX_ROWS = 200_000;
export const XLSX_MAX_COLUMNS = 200;
/** An xlsx whose central directory declares more than this uncompressed is refused unparsed (zip bombs). */
export const XLSX_MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;
/** Temporary blobs under `tmp/` older than this are removed by the nightly cleanup. */
export const TMP_BLOB_MAX_AGE_MS = 24 * 60 * 60_000;
/** Temporary templates uploaded on /mediation-form older than this are removed by the nightly cleanup. */
export const TEMP_TEMPLATE_MAX_AGE_MS = 24 * 60 * 60_000;

// part 2 §9 (template-based generation and the template managers)
/** Progress polling of a generation batch. */
export const PROGRESS_POLL_MS = 1_000;
/** The progress panel resets this long after a batch completes. */
export const PROGRESS_RESET_MS = 2_000;
/** Rows shown in the generation result table and in a batch's detail dialog. */
export const GENERATION_PREVIEW_ROWS = 10;
export const EXCEL_TEMPLATE_FILE_NAME = "template.xlsx";
export const EXCEL_TEMPLATE_SHEET = "Sheet1";
export const EXCEL_TEMPLATE_COLUMN_WIDTH = 20;
export const GENERATED_LIST_FILE_NAME = "生成文件列表.xlsx";
export const EXCEL_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;

// part 2 §9: PDF-to-link and the custom templates page
/** Rows of the current PDF batch shown on the upload tab; the rest only in the export. */
export const PDF_CURRENT_LIST_ROWS = 20;
/** Records shown in a batch detail dialog (PDF history, generation history). */
export const BATCH_DETAIL_PREVIEW_ROWS = 10;
export const BATCH_PAGE_SIZES = [10, 20, 50, 100];
export const BATCH_DEFAULT_PAGE_SIZE = 10;
/** Largest PDF one upload may carry (server policy; the spec sets none). */
export const PDF_MAX_BYTES = 50 * 1024 * 1024;
/** The PDF header (%PDF-) must start within this many bytes, as readers accept. */
export const PDF_MAGIC_WINDOW = 1024;
/** An uploaded Word template waits this long for POST /api/excel-templates before it is dropped. */
export const EXCEL_TEMPLATE_UPLOAD_TTL_MS = 24 * 60 * 60_000;
export const MAPPING_ROWS_MAX = 200;
export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_DESCRIPTION_MAX = 500;
export const PARAGRAPH_TEMPLATE_TEXT_MAX = 5000;

// part 2 §2.1, §9: the Excel batch wizard
export const EXCEL_BATCH_TASK_NAME_MAX = 100;
/** Batch download: 3 files at a time, with a 300 ms pause after each group. */
export const EXCEL_BATCH_DOWNLOAD_CONCURRENCY = 3;
export const EXCEL_BATCH_DOWNLOAD_PAUSE_MS = 300;
/** An uploaded Excel file waits this long for create-task (server policy). */
export const EXCEL_BATCH_UPLOAD_TTL_MS = 24 * 60 * 60_000;
/** How long a generated file's direct address (download-direct) works (server policy). */
export const EXCEL_BATCH_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

// part 4 §2, §4, §9: county/city case split (县市案件分类)
export const CASE_SPLIT_LEVELS = ["city", "county"] as const;
export type CaseSplitLevel = typeof CASE_SPLIT_LEVELS[number];
export const CASE_SPLIT_LEVEL_LABELS: Record<CaseSplitLevel, string> = { city: "市级", county: "县级" };
export const CASE_SPLIT_DEFAULT_LEVEL: CaseSplitLevel = "city";
export const CASE_SPLIT_STATUSES = ["uploaded", "processing", "completed", "failed"] as const;
export type CaseSplitStatus = typeof CASE_SPLIT_STATUSES[number];
export const CASE_SPLIT_PAGE_SIZES = [15, 30, 50, 100];
export const CASE_SPLIT_DEFAULT_PAGE_SIZE = 15;
export const CASE_SPLIT_REGIONS_PER_PAGE = 10;
export const CASE_SPLIT_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const CASE_SPLIT_EXTENSIONS = [".xlsx", ".xls"];
/** The group of rows not placed at the chosen level (part 4 §4: treated as the unrecognised group). */
export const CASE_SPLIT_OTHER_REGION = "其他";
/** A split job's worker is stopped after this long (server policy). */
export const CASE_SPLIT_TIMEOUT_MS = 10 * 60_000;
/** How long a region file's downloadUrl stays valid (server policy; the page re-reads the list before). */
export const CASE_SPLIT_LINK_TTL_MS = 60 * 60_000;
/** Rows of the 未分配地区 dialog per page (server policy). */
export const CASE_SPLIT_ERROR_ROWS_PAGE_SIZE = 10;

// part 4 §2, §4, §5, §9: AI document folder (/ai-folder) and output-document templates (/ai-muban)
export const AI_FOLDER_TREE_PAGE_SIZES = [15, 30, 50, 100];
export const AI_FOLDER_CONTENTS_PAGE_SIZES = [10, 20, 50, 100];
/** Folder upload: each batch at most 50 MB (52428800 bytes), sent one at a time. */
export const AI_FOLDER_BATCH_MAX_BYTES = 52_428_800;
/** One file of the AI folder (server policy: a file must fit in one batch). */
export const AI_FOLDER_FILE_MAX_BYTES = AI_FOLDER_BATCH_MAX_BYTES;
/** Characters a folder or file name must not contain (part 4 §5). */
export const AI_FOLDER_FORBIDDEN_CHARS = ["<", ">", ":", '"', "/", "\\", "|", "?", "*"];
/** Longest name and deepest path (server policy). */
export const AI_FOLDER_NAME_MAX = 255;
export const AI_FOLDER_DEPTH_MAX = 32;
/** Files of one request of upload or upload-folder (server policy). */
export const AI_FOLDER_FILES_PER_REQUEST_MAX = 1000;
export const AI_MUBAN_MAX_BYTES = 10 * 1024 * 1024;
export const AI_MUBAN_NAME_MAX = 100;
export const AI_MUBAN_DESCRIPTION_MAX = 500;

// The model client (issue #10 §3, server/services/llm/llm_client.ts)
/** Time-outs per feature: a chat answer (first token, then between chunks) and one file's extraction. */
export const AI_CHAT_TIMEOUT_MS = 120_000;
export const AI_EXTRACTION_TIMEOUT_MS = 90_000;
/** Model calls in flight at once on one server; more wait their turn. */
export const AI_MAX_CONCURRENT_CALLS = 4;
/**
 * Model calls and open answer streams of one user at once, within AI_MAX_CONCURRENT_CALLS; a person's
 * call beyond it is refused (请稍候，您已有进行中的AI请求), a background job's waits its turn.
 */
export const AI_MAX_CALLS_PER_USER = 2;
/** Mask ID, phone and bank card numbers before text leaves for a model, and restore them in answers. */
export const AI_MASK_PERSONAL_DATA = true;
