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
  MenuOutlined,
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
import { App, Avatar, Button, Drawer, Grid, Layout, Menu, type MenuProps, Space, Typography } from "antd";
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

/** Where the side menu's collapsed state is remembered across reloads. */
const COLLAPSED_KEY = "sider_collapsed";

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === "1";
  } catch {
    return false;
  }
}

function saveCollapsed(collapsed: boolean): void {
  try {
    localStorage.setItem(COLLAPSED_KEY, collapsed ? "1" : "0");
  } catch {
    // Private mode or storage full: the state lasts for this page only.
  }
}

function groupOf(nodes: MenuNode[], path: string): string | undefined {
  return nodes.find((node) => node.children?.some((child) => child.key === path))?.key;
}

/**
 * The signed-in shell: side menu from the route table, header with site, user and logout. Below
 * antd's `md` breakpoint the menu is a drawer opened from the header; the side menu's collapsed
 * state is remembered across reloads.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [site, setSite] = useState(() => getCachedSettings());
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Before the first measurement md is undefined: treat as wide (the desktop layout).
  const narrow = Grid.useBreakpoint().md === false;

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

  function onCollapse(next: boolean) {
    setCollapsed(next);
    saveCollapsed(next);
  }

  const brand = (showName: boolean) => (
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
      {showName && (
        <span style={{ fontWeight: 600, fontSize: 15, whiteSpace: "nowrap", overflow: "hidden" }}>
          {site?.systemName}
        </span>
      )}
    </div>
  );
  const sideMenu = (inDrawer: boolean) => (
    <Menu
      theme="dark"
      mode="inline"
      items={toMenuItems(menu)}
      selectedKeys={[location.pathname]}
      openKeys={collapsed && !inDrawer ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        if (inDrawer) setDrawerOpen(false);
        navigate(key);
      }}
    />
  );

  return (
    <Layout style={{ minHeight: "100vh" }}>
      {narrow
        ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            closable={false}
            size={240}
            styles={{ body: { padding: 0, background: "#001529" } }}
          >
            {brand(true)}
            {sideMenu(true)}
          </Drawer>
        )
        : (
          <Layout.Sider collapsible collapsed={collapsed} onCollapse={onCollapse} width={220} theme="dark">
            {brand(!collapsed)}
            {sideMenu(false)}
          </Layout.Sider>
        )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: "#fff",
            padding: narrow ? "0 12px" : "0 24px",
            gap: 8,
            display: "flex",
            alignItems: "center",
            justifyContent: "space-between",
            boxShadow: "0 1px 4px rgba(0, 21, 41, 0.08)",
          }}
        >
          <div style={{ display: "flex", alignItems: "center", gap: 8, minWidth: 0 }}>
            {narrow && (
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label="打开菜单"
                onClick={() => setDrawerOpen(true)}
              />
            )}
            {!narrow && (
              <Typography.Text type="secondary" style={{ whiteSpace: "nowrap" }}>
                {site?.siteTitle}
              </Typography.Text>
            )}
            {!narrow && pageTitle && <Typography.Text type="secondary">/</Typography.Text>}
            <Typography.Text strong ellipsis style={{ whiteSpace: "nowrap" }}>{pageTitle}</Typography.Text>
          </div>
          <Space size={narrow ? 8 : 16} style={{ flexShrink: 0 }}>
            <Space size={8}>
              <Avatar size="small" icon={<UserOutlined />} />
              <span>{user?.username}</span>
            </Space>
            <Button icon={<LogoutOutlined />} onClick={onLogout} aria-label="退出登录">
              {narrow ? null : "退出登录"}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: narrow ? 12 : 24, minWidth: 0 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
