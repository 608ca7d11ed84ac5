import { PlusOutlined, ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Table } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useCallback, useEffect, useMemo, useState } from "react";
import { errorText } from "../../api/client.ts";
import { listRoles, type RoleRow } from "../../api/roles.ts";
import { deleteUser, listUsers, type UserRow } from "../../api/users.ts";
import { useSession } from "../../auth/session.ts";
import { useConfirmDelete } from "../../components/confirm_delete.ts";
import { userColumns } from "./columns.tsx";
import { filterUsers, type UserFilters } from "./filter_users.ts";
import { UserFormModal } from "./UserFormModal.tsx";

/** User table page sizes (part 3 §9). */
export const USER_PAGE_SIZES = [10, 20, 30, 50];

interface FilterValues {
  id?: number | null;
  username?: string;
  role?: string;
  domain?: string;
  email?: string;
  created?: [Dayjs | null, Dayjs | null] | null;
}

/** The three shortcuts of the created-date range (part 3 §2). */
function rangePresets() {
  const today = dayjs();
  return [
    { label: "最近一周", value: [today.subtract(7, "day"), today] as [Dayjs, Dayjs] },
    { label: "最近一个月", value: [today.subtract(1, "month"), today] as [Dayjs, Dayjs] },
    { label: "最近三个月", value: [today.subtract(3, "month"), today] as [Dayjs, Dayjs] },
  ];
}

function toFilters(values: FilterValues): UserFilters {
  const [from, to] = values.created ?? [null, null];
  return {
    id: values.id ?? null,
    username: values.username,
    role: values.role,
    domain: values.domain,
    email: values.email,
    createdFrom: from ? from.startOf("day").valueOf() : null,
    createdTo: to ? to.endOf("day").valueOf() : null,
  };
}

/** /user-manager: filter, list (paged on the client), add, edit and delete accounts. */
export function UserManagerPage() {
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const { user: me } = useSession();
  const [filterForm] = Form.useForm<FilterValues>();
  const [users, setUsers] = useState<UserRow[]>([]);
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [filters, setFilters] = useState<UserFilters>({});
  const [page, setPage] = useState({ current: 1, pageSize: USER_PAGE_SIZES[0] });
  const [dialog, setDialog] = useState<{ open: boolean; editing: UserRow | null }>({
    open: false,
    editing: null,
  });

  const loadUsers = useCallback(async () => {
    setLoading(true);
    try {
      setUsers((await listUsers()).users ?? []);
    } catch (err) {
      message.error(errorText(err, "获取用户列表失败"));
    } finally {
      setLoading(false);
    }
  }, [message]);

  const loadRoles = useCallback(async () => {
    try {
      setRoles((await listRoles()).roles ?? []);
    } catch (err) {
      message.error(errorText(err, "获取角色列表失败"));
    }
  }, [message]);

  useEffect(() => {
    loadUsers();
    loadRoles();
  }, [loadUsers, loadRoles]);

  const shown = useMemo(() => filterUsers(users, filters), [users, filters]);

  function onSearch(values: FilterValues) {
    setFilters(toFilters(values));
    setPage((p) => ({ ...p, current: 1 }));
  }

  function onReset() {
    filterForm.resetFields();
    setFilters({});
    setPage((p) => ({ ...p, current: 1 }));
  }

  function onDelete(target: UserRow) {
    confirmDelete({
      title: "删除用户",
      content: `确定要删除用户「${target.username}」吗？删除后不可恢复。`,
      remove: () => deleteUser(target.id),
      after: loadUsers,
      failure: "删除用户失败",
    });
  }

  function onSaved() {
    message.success("保存成功");
    setDialog((d) => ({ ...d, open: false }));
    loadUsers();
  }

  const columns = userColumns({
    onEdit: (u) => setDialog({ open: true, editing: u }),
    onDelete,
    currentUserId: me?.id,
  });

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <Card>
        <Form form={filterForm} name="user_filter" layout="inline" onFinish={onSearch} style={{ rowGap: 12 }}>
          <Form.Item name="id" label="ID">
            <InputNumber min={1} precision={0} placeholder="用户ID" style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="username" label="用户名">
            <Input placeholder="请输入用户名" allowClear />
          </Form.Item>
          <Form.Item name="role" label="角色">
            <Select
              placeholder="请选择角色"
              allowClear
              style={{ width: 150 }}
              options={roles.map((r) => ({ value: r.name, label: r.name }))}
            />
          </Form.Item>
          <Form.Item name="domain" label="域名">
            <Input placeholder="请输入域名" allowClear />
          </Form.Item>
          <Form.Item name="email" label="邮箱">
            <Input placeholder="请输入邮箱" allowClear />
          </Form.Item>
          <Form.Item name="created" label="创建时间">
            <DatePicker.RangePicker presets={rangePresets()} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>搜索</Button>
              <Button onClick={onReset} icon={<ReloadOutlined />}>重置</Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card
        title="用户列表"
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ open: true, editing: null })}
          >
            新增用户
          </Button>
        }
      >
        <Table<UserRow>
          rowKey="id"
          columns={columns}
          dataSource={shown}
          loading={loading}
          scroll={{ x: 1000 }}
          pagination={{
            current: page.current,
            pageSize: page.pageSize,
            pageSizeOptions: USER_PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
        />
      </Card>
      <UserFormModal
        open={dialog.open}
        editing={dialog.editing}
        roles={roles}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={onSaved}
      />
    </Space>
  );
}
