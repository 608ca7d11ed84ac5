import assert from "node:assert/strict";
import "./test_storage.ts";
import { TEST_USER as USER } from "./test_user.ts";
import { clearSession, getUser, isSignedIn, type SessionUser, setUser, startSession } from "./session.ts";

Deno.test("setUser() keeps the stored user when given anything but a user (every tab reads it)", () => {
  startSession("token-1", USER);
  try {
    setUser(undefined as unknown as SessionUser);
    setUser({} as SessionUser);
    assert.equal(localStorage.getItem("user"), JSON.stringify(USER));
    assert.deepEqual(getUser(), USER);
    assert.ok(isSignedIn());
    setUser({ ...USER, role: "管理员" });
    assert.equal(getUser()?.role, "管理员");
  } finally {
    clearSession();
  }
});
