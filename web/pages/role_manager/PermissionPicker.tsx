import type { PermissionCode } from "../../../common/permissions.ts";
import { Checkbox, Col, Row, Tooltip, Typography } from "antd";
import type { PermissionItem } from "../../api/roles.ts";
import { groupPermissions } from "./permission_groups.ts";

interface Props {
  permissions: PermissionItem[];
  value?: PermissionCode[];
  onChange?: (value: PermissionCode[]) => void;
}

/**
 * The grouped permission picker of the role form (part 3 §2): one block per code-prefix group, each
 * with a select-all box; a form control (value: the chosen codes).
 */
export function PermissionPicker({ permissions, value = [], onChange }: Props) {
  const chosen = new Set<string>(value);

  function setGroup(codes: string[], on: boolean) {
    const next = new Set(chosen);
    for (const code of codes) on ? next.add(code) : next.delete(code);
    // keep the list order of the permissions, so the saved list is stable
    onChange?.(permissions.map((p) => p.code).filter((c) => next.has(c)));
  }

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      {groupPermissions(permissions).map((group) => {
        const codes = group.items.map((p) => p.code);
        const held = codes.filter((c) => chosen.has(c)).length;
        return (
          <div
            key={group.title}
            role="group"
            aria-label={group.title}
            style={{ border: "1px solid #f0f0f0", borderRadius: 6, padding: "8px 12px" }}
          >
            <Checkbox
              checked={held === codes.length}
              indeterminate={held > 0 && held < codes.length}
              onChange={(e) => setGroup(codes, e.target.checked)}
            >
              <Typography.Text strong>{group.title}</Typography.Text>
            </Checkbox>
            <Row gutter={[8, 4]} style={{ marginTop: 6 }}>
              {group.items.map((p) => (
                <Col span={12} key={p.code}>
                  <Tooltip title={p.description}>
                    <Checkbox
                      checked={chosen.has(p.code)}
                      onChange={(e) => setGroup([p.code], e.target.checked)}
                    >
                      {p.name}
                    </Checkbox>
                  </Tooltip>
                </Col>
              ))}
            </Row>
          </div>
        );
      })}
    </div>
  );
}
