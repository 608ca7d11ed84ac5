/**
 * The icons a login feature may use, by @ant-design/icons name. An explicit list keeps the bundle
 * small (importing every icon would add megabytes); an unknown name shows the fallback icon.
 */
import {
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CheckCircleOutlined,
  CloudUploadOutlined,
  DatabaseOutlined,
  FileDoneOutlined,
  FileExcelOutlined,
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
  TeamOutlined,
  ThunderboltOutlined,
} from "@ant-design/icons";
import type { ComponentType } from "react";

export const FEATURE_ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CheckCircleOutlined,
  CloudUploadOutlined,
  DatabaseOutlined,
  FileDoneOutlined,
  FileExcelOutlined,
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
  TeamOutlined,
  ThunderboltOutlined,
};

/** The names an administrator can choose from (sorted), e.g. for the login-feature editor. */
export const FEATURE_ICON_NAMES = Object.keys(FEATURE_ICONS).sort();

/** Renders the icon called `name`, or CheckCircleOutlined when it is not in the list. */
export function FeatureIcon({ name }: { name: string }) {
  const Icon = Object.hasOwn(FEATURE_ICONS, name) ? FEATURE_ICONS[name] : CheckCircleOutlined;
  return <Icon />;
}
