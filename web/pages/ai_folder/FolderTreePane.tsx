import { DeleteOutlined, FolderOutlined } from "@ant-design/icons";
import { Button, Card, Checkbox, Empty, Pagination, Space, Tree, type TreeDataNode } from "antd";
import { useMemo, useState } from "react";
import { AI_FOLDER_TREE_PAGE_SIZES } from "../../../common/constants.ts";
import type { AiFolderTreeNode } from "../../api/ai_folder.ts";

interface Props {
  tree: AiFolderTreeNode[];
  loading: boolean;
  currentPath: string;
  onOpen: (path: string) => void;
  /** Deletes the checked folders (after the page's confirmation). */
  onDelete: (paths: string[]) => void;
}

function toData(nodes: AiFolderTreeNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: n.label,
    icon: <FolderOutlined />,
    children: toData(n.children),
  }));
}

function collect(nodes: AiFolderTreeNode[], into: Map<string, string>): Map<string, string> {
  for (const n of nodes) {
    into.set(n.id, n.path);
    collect(n.children, into);
  }
  return into;
}

/** The left pane (part 4 §2): checkable folder tree, select-all, delete, 15/30/50/100 per page. */
export function FolderTreePane({ tree, loading, currentPath, onOpen, onDelete }: Props) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(AI_FOLDER_TREE_PAGE_SIZES[0]);
  const [checked, setChecked] = useState<string[]>([]);
  const shown = useMemo(() => tree.slice((page - 1) * pageSize, page * pageSize), [tree, page, pageSize]);
  const pathsById = useMemo(() => collect(shown, new Map()), [shown]);
  const checkedHere = checked.filter((id) => pathsById.has(id));
  const allChecked = pathsById.size > 0 && checkedHere.length === pathsById.size;

  function remove() {
    if (checkedHere.length === 0) return; // part 4 §5: nothing checked does nothing
    onDelete(checkedHere.map((id) => pathsById.get(id)!));
    setChecked([]);
  }

  return (
    <Card
      size="small"
      title="文件夹"
      loading={loading}
      extra={
        <Space>
          <Checkbox
            checked={allChecked}
            indeterminate={checkedHere.length > 0 && !allChecked}
            disabled={pathsById.size === 0}
            onChange={(e) => setChecked(e.target.checked ? [...pathsById.keys()] : [])}
          >
            全选
          </Checkbox>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={remove}
            disabled={checkedHere.length === 0}
            aria-label="删除选中文件夹"
          >
            删除
          </Button>
        </Space>
      }
    >
      {tree.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无文件夹" /> : (
        <>
          <Tree
            checkable
            showIcon
            blockNode
            treeData={toData(shown)}
            checkedKeys={checkedHere}
            selectedKeys={currentPath ? [`dir_${currentPath}`] : []}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
            onSelect={(keys) => {
              const id = String(keys[0] ?? "");
              if (pathsById.has(id)) onOpen(pathsById.get(id)!);
            }}
          />
          <Pagination
            size="small"
            style={{ marginTop: 12 }}
            current={page}
            pageSize={pageSize}
            total={tree.length}
            showSizeChanger
            pageSizeOptions={AI_FOLDER_TREE_PAGE_SIZES}
            onChange={(p, size) => {
              setPage(size === pageSize ? p : 1);
              setPageSize(size);
            }}
          />
        </>
      )}
    </Card>
  );
}
