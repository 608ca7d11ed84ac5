/**
 * The icons a login feature may use, by @ant-design/icons name. An explicit list keeps the bundle
 * small (importing every icon would add megabytes); an unknown name shows the fallback icon.
 * The names are LOGIN_FEATURE_ICONS in common/schemas/login_features.ts, which the server checks.
 */
import {
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  CheckCircleOutlined,
  CloudUploadOutlined,
  DatabaseOutlined,
  FileDoneOutlined,
  FileExcelOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FolderOpenOutlined,
  LinkOutlined,
  LockOutlined,
  MessageOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  ScanOutlined,
  SearchOutlined,
  StarOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from "@ant-design/icons";
import type { ComponentType } from "react";
import { LOGIN_FEATURE_ICONS, type LoginFeatureIcon } from "../../common/schemas/login_features.ts";

/** One component per name of LOGIN_FEATURE_ICONS (the list the server accepts). */
export const FEATURE_ICONS: Record<LoginFeatureIcon, ComponentType> = {
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  CheckCircleOutlined,
  CloudUploadOutlined,
  DatabaseOutlined,
  FileDoneOutlined,
  FileExcelOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FolderOpenOutlined,
  LinkOutlined,
  LockOutlined,
  MessageOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  ScanOutlined,
  SearchOutlined,
  StarOutlined,
  TeamOutlined,
  ThunderboltOutlined,
};

/** What each icon shows, in Chinese: the editor and the list show these, never the component names. */
export const FEATURE_ICON_LABELS: Record<LoginFeatureIcon, string> = {
  ApartmentOutlined: "组织结构",
  AuditOutlined: "审核",
  BankOutlined: "法院机构",
  BarChartOutlined: "统计图表",
  BookOutlined: "书籍",
  CheckCircleOutlined: "完成",
  CloudUploadOutlined: "上传",
  DatabaseOutlined: "数据库",
  FileDoneOutlined: "已办文件",
  FileExcelOutlined: "Excel表格",
  FileOutlined: "文件",
  FilePdfOutlined: "PDF文件",
  FileProtectOutlined: "文件保护",
  FileSearchOutlined: "文件查找",
  FileTextOutlined: "文书",
  FileWordOutlined: "Word文档",
  FolderOpenOutlined: "文件夹",
  LinkOutlined: "链接",
  LockOutlined: "安全锁",
  MessageOutlined: "消息",
  RobotOutlined: "智能助手",
  SafetyCertificateOutlined: "安全认证",
  ScanOutlined: "扫描识别",
  SearchOutlined: "搜索",
  StarOutlined: "星标",
  TeamOutlined: "团队",
  ThunderboltOutlined: "快速",
};

/** The Chinese label of an icon name; the name itself when it is not in the list. */
export function featureIconLabel(name: string): string {
  return Object.hasOwn(FEATURE_ICON_LABELS, name) ? FEATURE_ICON_LABELS[name as LoginFeatureIcon] : name;
}

/** The names an administrator can choose from (sorted), e.g. for the login-feature editor. */
export const FEATURE_ICON_NAMES: readonly LoginFeatureIcon[] = LOGIN_FEATURE_ICONS;

/** Renders the icon called `name`, or CheckCircleOutlined when it is not in the list. */
export function FeatureIcon({ name }: { name: string }) {
  const Icon = Object.hasOwn(FEATURE_ICONS, name)
    ? FEATURE_ICONS[name as LoginFeatureIcon]
    : CheckCircleOutlined;
  return <Icon />;
}
