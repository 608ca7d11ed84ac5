/** A stored user for the browser-side unit tests (session, API client). */
import type { SessionUser } from "./session.ts";

export const TEST_USER: SessionUser = {
  id: 9,
  username: "lawyer",
  email: "a@b.cn",
  role: "普通用户",
  permissions: ["dashboard"],
  domain: "",
};
