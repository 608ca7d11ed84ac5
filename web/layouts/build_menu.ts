/**
 * The side menu of part 1 §2 as a pure function of the route table and the user, so the rules are
 * unit-tested without a browser. AppLayout turns the result into antd Menu items.
 */
import { type Access, type AccessSubject, hasAccess } from "../../common/permissions.ts";

export type MenuGroupKey = "my_system" | "batch" | "ai_document" | "litigation" | "ai_tools";

/** When a group shows: an access rule, or "has_items" (only when one of its items shows). */
export type GroupVisibility = Access | "has_items";

export const MENU_GROUPS: Record<MenuGroupKey, { title: string; visible: GroupVisibility }> = {
  // /account needs no code, so the group always shows (and /account with it).
  my_system: { title: "我的系统", visible: "auth" },
  batch: { title: "批量文书处理", visible: ["excel_batch_generate", "excel_template_manage"] },
  ai_document: {
    title: "AI文档处理",
    visible: ["ocr_access", "custom_ocr_access", "ai_folder_access", "ai_cljl_access", "ai_muban_access"],
  },
  litigation: { title: "散诉案件", visible: "has_items" },
  // Shown regardless of permission; its items are gated.
  ai_tools: { title: "AI工具", visible: "auth" },
};

/** What the menu needs from a route of web/router.tsx. */
export interface MenuRoute {
  path: string;
  title: string;
  access: Access;
  /** Left out: not in the menu. `visible` overrides `access` for showing the item. */
  menu?: { group?: MenuGroupKey; visible?: Access };
}

export interface MenuNode {
  /** The route path, or "group:<key>" for a group. */
  key: string;
  label: string;
  children?: MenuNode[];
}

/** Menu items in route-table order; a group sits where its first route is. */
export function buildMenu(routes: readonly MenuRoute[], user: AccessSubject): MenuNode[] {
  const nodes: MenuNode[] = [];
  const groups = new Map<MenuGroupKey, MenuNode & { children: MenuNode[] }>();
  for (const route of routes) {
    if (!route.menu) continue;
    const visible = hasAccess(user, route.menu.visible ?? route.access);
    const group = route.menu.group;
    if (!group) {
      if (visible) nodes.push({ key: route.path, label: route.title });
      continue;
    }
    let node = groups.get(group);
    if (!node) {
      node = { key: `group:${group}`, label: MENU_GROUPS[group].title, children: [] };
      groups.set(group, node);
      nodes.push(node);
    }
    if (visible) node.children.push({ key: route.path, label: route.title });
  }
  return nodes.filter((node) => {
    if (!node.key.startsWith("group:")) return true;
    const rule = MENU_GROUPS[node.key.slice("group:".length) as MenuGroupKey].visible;
    return rule === "has_items" ? (node.children?.length ?? 0) > 0 : hasAccess(user, rule);
  });
}
