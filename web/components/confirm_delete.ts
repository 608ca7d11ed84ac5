/**
 * The delete confirmation of the list pages: a danger "删除" / "取消" dialog that runs the delete,
 * says 删除成功 and reloads, or shows the failure as a toast (the dialog closes either way).
 */
import { App, type ModalFuncProps } from "antd";
import type { ReactNode } from "react";
import { errorText } from "../api/client.ts";

export interface ConfirmDeleteOptions {
  title: string;
  content: ReactNode;
  /** The API call that deletes. */
  remove: () => Promise<unknown>;
  /** Runs after a successful delete (usually the list's reload). */
  after: () => unknown;
  /** The toast when the error carries no message of its own. */
  failure: string;
  /** antd's dialog type, e.g. "warning" for a stronger warning. */
  type?: ModalFuncProps["type"];
}

/** A function that opens the delete confirmation with the app's modal and message context. */
export function useConfirmDelete(): (options: ConfirmDeleteOptions) => void {
  const { message, modal } = App.useApp();
  return function confirmDelete(options) {
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      ...(options.type ? { type: options.type } : {}),
      onOk: async () => {
        try {
          await options.remove();
          message.success("删除成功");
          await options.after();
        } catch (err) {
          message.error(errorText(err, options.failure));
        }
      },
    });
  };
}
