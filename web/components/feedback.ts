/**
 * antd's message API for code outside React components (the API client). main.tsx registers the
 * context-aware instance from `App.useApp()` so toasts follow the ConfigProvider theme and locale.
 */
import { type App, message as staticMessage } from "antd";

type MessageInstance = ReturnType<typeof App.useApp>["message"];

let instance: MessageInstance | null = null;

export function registerMessage(message: MessageInstance): void {
  instance = message;
}

/** The registered message instance, or antd's static one before the app has rendered. */
export function toast(): MessageInstance {
  return instance ?? staticMessage;
}
