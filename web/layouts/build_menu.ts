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

/** Pages of one menu group that a role opens but whose group its holders will not see. */
export interface HiddenGroupPages {
  /** The group's title (批量文书处理). */
  group: string;
  /** Titles of the pages the role opens inside it. */
  pages: string[];
  /** The codes of which one shows the group. */
  needs: readonly string[];
}

/**
 * The pages a role's `permissions` open that its holders will not find in the menu: the item's own
 * code is held, but its group's rule hides the group (part 1 §2: 批量文书处理 shows only with
 * excel_batch_generate or excel_template_manage). The role dialog warns with these; the rule itself
 * stays the spec's (buildMenu).
 */
export function pagesHiddenByGroup(
  routes: readonly MenuRoute[],
  permissions: readonly string[],
): HiddenGroupPages[] {
  // A member holding exactly these codes (not an administrator, not user id 1).
  const holder: AccessSubject = { id: 0, role: "", permissions };
  const shown = new Set(
    buildMenu(routes, holder).flatMap((node) => [node.key, ...(node.children ?? []).map((c) => c.key)]),
  );
  const hidden = new Map<MenuGroupKey, HiddenGroupPages>();
  for (const route of routes) {
    const group = route.menu?.group;
    const access = route.menu?.visible ?? route.access;
    // Items every signed-in user sees are not the role's doing.
    if (!group || access === "auth" || !hasAccess(holder, access) || shown.has(route.path)) continue;
    const rule = MENU_GROUPS[group].visible;
    const needs = Array.isArray(rule) ? rule : typeof rule === "string" && rule !== "has_items" ? [rule] : [];
    const entry = hidden.get(group) ?? { group: MENU_GROUPS[group].title, pages: [], needs };
    entry.pages.push(route.title);
    hidden.set(group, entry);
  }
  return [...hidden.values()];
}
