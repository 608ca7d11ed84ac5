/**
 * Saving a dialog's form through the API, as the role and user dialogs do: validate, call, and on
 * failure show the server's message under the field it names when the form has that field, or as
 * a toast otherwise.
 */
import { App, type FormInstance } from "antd";
import { useState } from "react";
import { ApiError, errorText } from "../api/client.ts";

/** What useFormSave gives a dialog: `saving` for confirmLoading, `save` for onOk. */
export interface FormSave<V> {
  saving: boolean;
  /** Validates the form (stops quietly when invalid) and runs `send` with its values. */
  save(send: (values: V) => Promise<void>, failure?: string): Promise<void>;
}

/** `failure` is the text shown when the error carries none of its own (default 保存失败). */
export function useFormSave<V extends object>(form: FormInstance<V>): FormSave<V> {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  async function save(send: (values: V) => Promise<void>, failure = "保存失败") {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await send(values);
    } catch (err) {
      const text = errorText(err, failure);
      if (err instanceof ApiError && err.field && err.field in values) {
        form.setFields([{ name: err.field as never, errors: [text] }]);
      } else message.error(text);
    } finally {
      setSaving(false);
    }
  }

  return { saving, save };
}
