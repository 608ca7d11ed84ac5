import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  CloudServerOutlined,
  CrownOutlined,
  DashboardOutlined,
  FileExcelOutlined,
  FilePdfOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FolderOpenOutlined,
  FolderOutlined,
  GiftOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LayoutOutlined,
  LogoutOutlined,
  MessageOutlined,
  ProfileOutlined,
  RobotOutlined,
  ScanOutlined,
  SearchOutlined,
  SettingOutlined,
  SnippetsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} from "@ant-design/icons";
import { App, Avatar, Button, Layout, Menu, type MenuProps, Space, Typography } from "antd";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { PublicSettings } from "../../common/schemas/settings.ts";
import { logout } from "../api/auth.ts";
import { clearSession, getCachedSettings, useSession } from "../auth/session.ts";
import { loadSiteSettings, onSiteSettingsChange } from "../components/site_settings.ts";
import { findRoute, ROUTES } from "../router.tsx";
import { buildMenu, type MenuNode } from "./build_menu.ts";

const ICONS: Record<string, ReactNode> = {
  "/dashboard": <DashboardOutlined />,
  "/member-center": <WalletOutlined />,
  "group:my_system": <AppstoreOutlined />,
  "/storage-manager": <CloudServerOutlined />,
  "/account": <IdcardOutlined />,
  "/audit-log": <HistoryOutlined />,
  "/template-manager": <FileWordOutlined />,
  "/user-manager": <UserOutlined />,
  "/role-manager": <TeamOutlined />,
  "/system-settings": <SettingOutlined />,
  "/register-gift": <GiftOutlined />,
  "/login-features": <LayoutOutlined />,
  "/ai-settings": <CrownOutlined />,
  "group:batch": <SnippetsOutlined />,
  "/pdf-converter": <FilePdfOutlined />,
  "/mediation-form": <FileTextOutlined />,
  "/my-templates": <FolderOutlined />,
  "/excel-batch": <FileExcelOutlined />,
  "/excel-templates": <ProfileOutlined />,
  "group:ai_document": <RobotOutlined />,
  "/ocr": <ScanOutlined />,
  "/custom-ocr": <ToolOutlined />,
  "/ai-folder": <FolderOpenOutlined />,
  "/ai-cljl": <AuditOutlined />,
  "/ai-muban": <FileWordOutlined />,
  "group:litigation": <BankOutlined />,
  "/excel-case-split": <ApartmentOutlined />,
  "group:ai_tools": <ToolOutlined />,
  "/ocr-extract": <FileSearchOutlined />,
  "/ai-chat": <MessageOutlined />,
  "/ai-law-search": <SearchOutlined />,
};

function toMenuItems(nodes: MenuNode[]): MenuProps["items"] {
  return nodes.map((node) => ({
    key: node.key,
    label: node.label,
    icon: ICONS[node.key],
    children: node.children ? toMenuItems(node.children) : undefined,
  }));
}

function groupOf(nodes: MenuNode[], path: string): string | undefined {
  return nodes.find((node) => node.children?.some((child) => child.key === path))?.key;
}

/** The signed-in shell: side menu from the route table, header with site, user and logout. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [site, setSite] = useState(() => getCachedSettings());
  const [collapsed, setCollapsed] = useState(false);

  useEffect(() => {
    const show = (settings: PublicSettings) =>
      setSite({
        systemName: settings.system_name,
        siteTitle: settings.site_title,
        logoUrl: settings.logo_url,
      });
    loadSiteSettings().then(show, () => message.error("获取系统设置失败"));
    return onSiteSettingsChange(show);
  }, [message]);

  const menu = useMemo(() => (user ? buildMenu(ROUTES, user) : []), [user]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const group = groupOf(menu, location.pathname);
    return group ? [group] : [];
  });
  const pageTitle = findRoute(location.pathname)?.title ?? "";

  async function onLogout() {
    try {
      await logout();
    } catch {
      // The session ends locally whatever the server says.
    }
    clearSession();
    message.success("已退出登录");
    navigate("/login", { replace: true });
  }

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} width={220} theme="dark">
        <div
          style={{
            display: "flex",
            alignItems: "center",
            gap: 8,
            height: 64,
            padding: "0 16px",
            color: "#fff",
          }}
        >
          {site?.logoUrl
            ? <img src={site.logoUrl} alt="logo" style={{ width: 32, height: 32, objectFit: "contain" }} />
            : <FileTextOutlined style={{ fontSize: 24 }} />}
          {!collapsed && (
            <span style={{ fontWeight: 600, fontSize: 15, whiteSpace: "nowrap", overflow: "hidden" }}>
              {site?.systemName}
            </span>
          )}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          items={toMenuItems(menu)}
          selectedKeys={[location.pathname]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: "#fff",
            padding: "0 24px",
            display: "flex",
            alignItems: "center",
            justifyContent: "space-between",
            boxShadow: "0 1px 4px rgba(0, 21, 41, 0.08)",
          }}
        >
          <Space size={8}>
            <Typography.Text type="secondary">{site?.siteTitle}</Typography.Text>
            {pageTitle && <Typography.Text type="secondary">/</Typography.Text>}
            <Typography.Text strong>{pageTitle}</Typography.Text>
          </Space>
          <Space size={16}>
            <Space size={8}>
              <Avatar size="small" icon={<UserOutlined />} />
              <span>{user?.username}</span>
            </Space>
            <Button icon={<LogoutOutlined />} onClick={onLogout}>退出登录</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
