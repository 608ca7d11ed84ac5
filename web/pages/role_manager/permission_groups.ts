/**
 * The role form's permission picker groups (part 3 §2), in the order the spec lists them. Which
 * group a code belongs to is decided once, by groupOfPermission() in common/permissions.ts.
 */
import { groupOfPermission, OTHER_PERMISSION_GROUP } from "../../../common/permissions.ts";

/** Spec order: AI document processing, Excel batch, AI tools, system management, other. */
export const PICKER_GROUP_ORDER: readonly string[] = [
  "AI文档处理",
  "Excel批量处理",
  "AI工具",
  "系统管理",
  OTHER_PERMISSION_GROUP,
];

export interface PickerGroup<P> {
  title: string;
  items: P[];
}

/**
 * Permissions grouped by code prefix, groups in spec order, empty groups left out, codes in list
 * order. The test checks that every code lands in one of PICKER_GROUP_ORDER's groups.
 */
export function groupPermissions<P extends { code: string }>(permissions: readonly P[]): PickerGroup<P>[] {
  return PICKER_GROUP_ORDER
    .map((title) => ({ title, items: permissions.filter((p) => groupOfPermission(p.code) === title) }))
    .filter((g) => g.items.length > 0);
}
