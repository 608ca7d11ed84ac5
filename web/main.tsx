import { App as AntApp, ConfigProvider } from "antd";
import * as zhCNModule from "antd/es/locale/zh_CN.js";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { useEffect } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { setupZodLocale } from "../common/zod_setup.ts";
import { ChunkErrorBoundary } from "./components/ChunkErrorBoundary.tsx";
import { registerMessage } from "./components/feedback.ts";
import { usePrefersReducedMotion } from "./components/reduced_motion.ts";
import { createAppRouter } from "./router.tsx";

type Locale = NonNullable<Parameters<typeof ConfigProvider>[0]["locale"]>;
// In the Vite build this is the ES module's default export; Deno's type view treats antd as CommonJS.
const zhCN = zhCNModule.default as unknown as Locale;

setupZodLocale();
dayjs.locale("zh-cn");

/** Hands antd's context-aware message API to code outside components (the API client). */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => registerMessage(message), [message]);
  return null;
}

const router = createAppRouter();

/** antd in Chinese with the app's colours; no animations for a reader who asks for reduced motion. */
function Root() {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{ token: { colorPrimary: "#1f5fbf", borderRadius: 6, motion: !reducedMotion } }}
    >
      <AntApp>
        <MessageBridge />
        <ChunkErrorBoundary>
          <RouterProvider router={router} />
        </ChunkErrorBoundary>
      </AntApp>
    </ConfigProvider>
  );
}

createRoot(document.getElementById("root")!).render(<Root />);
