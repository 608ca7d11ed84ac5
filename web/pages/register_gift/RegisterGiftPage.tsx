import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import { useCallback, useEffect, useState } from "react";
import { INVITATION_PAGE_SIZES } from "../../../common/constants.ts";
import type { RegisterGiftValues, RegisterGiftView } from "../../../common/schemas/register_gift.ts";
import { errorText } from "../../api/client.ts";
import {
  clearCodeGift,
  getRegisterGift,
  type GiftCodeRow,
  listGiftCodes,
  resetRegisterGift,
  saveRegisterGift,
} from "../../api/register_gift.ts";
import { formatTime } from "../../components/format_time.ts";
import { usePaging } from "../../components/paging.ts";
import { CodeGiftModal } from "./CodeGiftModal.tsx";
import { describeGift, GiftFields } from "./GiftFields.tsx";
import { useLatestRequest } from "../../components/latest_request.ts";

const ZERO: RegisterGiftValues = { mediationLimit: 0, pdfConvertLimit: 0, aiLimit: 0 };

/**
 * /register-gift (register_gift_manage): what a newly registered account receives per counter, by
 * default and per invitation code. Applied by the server in the account's own commit and shown in the
 * new member's usage records.
 */
export function RegisterGiftPage() {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<RegisterGiftValues>();
  const [gift, setGift] = useState<RegisterGiftView | null>(null);
  const [defaults, setDefaults] = useState<RegisterGiftValues>(ZERO);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const { paging, pagination } = usePaging(INVITATION_PAGE_SIZES);
  const [codes, setCodes] = useState<GiftCodeRow[]>([]);
  const [total, setTotal] = useState(0);
  const [codesLoading, setCodesLoading] = useState(false);
  const [editing, setEditing] = useState<GiftCodeRow | null>(null);
  const showError = useCallback((text: string) => void message.error(text), [message]);

  const loadGift = useCallback(async () => {
    try {
      const res = await getRegisterGift();
      setGift(res.gift);
      setDefaults(res.defaults);
      form.setFieldsValue(res.gift ?? res.defaults);
    } catch (err) {
      message.error(errorText(err, "获取注册赠送设置失败"));
    } finally {
      setLoading(false);
    }
  }, [form, message]);

  const beginCodes = useLatestRequest();

  const loadCodes = useCallback(async () => {
    const current = beginCodes();
    setCodesLoading(true);
    try {
      const res = await listGiftCodes(paging.page, paging.pageSize);
      if (!current()) return;
      setCodes(res.codes ?? []);
      setTotal(res.total ?? 0);
    } catch (err) {
      if (current()) message.error(errorText(err, "获取邀请码列表失败"));
    } finally {
      if (current()) setCodesLoading(false);
    }
  }, [beginCodes, paging, message]);

  useEffect(() => void loadGift(), [loadGift]);
  useEffect(() => void loadCodes(), [loadCodes]);

  async function save(values: RegisterGiftValues) {
    setSaving(true);
    try {
      setGift((await saveRegisterGift(values)).gift);
      message.success("保存成功");
    } catch (err) {
      message.error(errorText(err, "保存失败"));
    } finally {
      setSaving(false);
    }
  }

  function onReset() {
    modal.confirm({
      title: "恢复系统默认",
      content: `新注册账号将获得系统默认额度：${describeGift(defaults)}。确定吗？`,
      okText: "确定",
      cancelText: "取消",
      onOk: async () => {
        try {
          await resetRegisterGift();
          message.success("已恢复系统默认");
          await loadGift();
        } catch (err) {
          message.error(errorText(err, "操作失败"));
        }
      },
    });
  }

  function onClear(code: GiftCodeRow) {
    modal.confirm({
      title: "清除邀请码赠送",
      content: `清除后，使用邀请码「${code.code}」注册的账号将获得默认赠送。确定吗？`,
      okText: "清除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await clearCodeGift(code.id);
          message.success("清除成功");
          await loadCodes();
        } catch (err) {
          message.error(errorText(err, "清除失败"));
        }
      },
    });
  }

  const columns: TableColumnsType<GiftCodeRow> = [
    {
      title: "邀请码",
      dataIndex: "code",
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { title: "备注", dataIndex: "remark", render: (v: string) => v || "-" },
    { title: "使用次数", key: "uses", render: (_, r) => `${r.used_count} / ${r.max_uses}` },
    {
      title: "过期时间",
      dataIndex: "expired_at",
      render: (v: string | null) => (v ? formatTime(v) : "永久有效"),
    },
    {
      title: "注册赠送",
      dataIndex: "gift",
      render: (g: RegisterGiftView | null) => (g ? describeGift(g) : <Tag>使用默认赠送</Tag>),
    },
    {
      title: "操作",
      key: "actions",
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" onClick={() => setEditing(r)}>设置赠送</Button>
          {r.gift && <Button type="link" danger onClick={() => onClear(r)}>清除</Button>}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card title="默认注册赠送">
        <Spin spinning={loading}>
          <Alert
            type={gift ? "success" : "info"}
            showIcon
            style={{ marginBottom: 16 }}
            message={gift
              ? `新注册账号获得：${describeGift(gift)}（${gift.updated_by_name} 于 ${
                formatTime(gift.updated_at)
              } 设置）`
              : `尚未设置，新注册账号获得系统默认额度：${describeGift(defaults)}`}
          />
          <Form form={form} name="default_gift" layout="vertical" onFinish={save}>
            <GiftFields />
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>保存赠送设置</Button>
              {gift && <Button onClick={onReset}>恢复系统默认</Button>}
            </Space>
          </Form>
        </Spin>
      </Card>
      <Card title="按邀请码赠送">
        <Typography.Paragraph type="secondary">
          为邀请码单独设置后，使用该邀请码注册的账号获得其单独设置的额度；未设置的邀请码使用默认赠送。
        </Typography.Paragraph>
        <Table<GiftCodeRow>
          rowKey="id"
          columns={columns}
          dataSource={codes}
          loading={codesLoading}
          scroll={{ x: 800 }}
          locale={{ emptyText: "暂无邀请码，请先在系统设置中生成" }}
          pagination={pagination(total)}
        />
      </Card>
      <CodeGiftModal
        code={editing}
        initial={gift ?? defaults}
        onClose={() => setEditing(null)}
        onError={showError}
        onSaved={() => {
          message.success("保存成功");
          setEditing(null);
          loadCodes();
        }}
      />
    </Space>
  );
}
