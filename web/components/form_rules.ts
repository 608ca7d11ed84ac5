import type { FormRule } from "antd";

export const PASSWORD_MISMATCH_TEXT = "两次输入的密码不一致";

/** The confirm-password rule: equal to the form's `passwordField` (part 1 §5). */
export function confirmPasswordRule(passwordField: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      value === getFieldValue(passwordField)
        ? Promise.resolve()
        : Promise.reject(new Error(PASSWORD_MISMATCH_TEXT)),
  });
}
