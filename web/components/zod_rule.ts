import type { FormRule } from "antd";
import type { z } from "zod";

/**
 * An antd Form rule from a zod schema, so the form shows the schema's own Chinese message:
 * `rules={[zodRule(loginBody.shape.username)]}`. The value is checked as the form holds it.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = await schema.safeParseAsync(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? "输入不正确");
    },
  };
}
