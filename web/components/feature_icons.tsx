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

/** The names an administrator can choose from (sorted), e.g. for the login-feature editor. */
export const FEATURE_ICON_NAMES: readonly LoginFeatureIcon[] = LOGIN_FEATURE_ICONS;

/** Renders the icon called `name`, or CheckCircleOutlined when it is not in the list. */
export function FeatureIcon({ name }: { name: string }) {
  const Icon = Object.hasOwn(FEATURE_ICONS, name)
    ? FEATURE_ICONS[name as LoginFeatureIcon]
    : CheckCircleOutlined;
  return <Icon />;
}
