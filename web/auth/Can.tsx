import type { ReactNode } from "react";
import type { Access } from "../../common/permissions.ts";
import { usePermission } from "./usePermission.ts";

interface Props {
  /** A permission code, a list (any of them), or "admin" / "super_admin". */
  code: Access;
  children: ReactNode;
  fallback?: ReactNode;
}

/** Renders `children` only for users who satisfy `code`: `<Can code="user_manage">…</Can>`. */
export function Can({ code, children, fallback = null }: Props) {
  const { can } = usePermission();
  return <>{can(code) ? children : fallback}</>;
}
