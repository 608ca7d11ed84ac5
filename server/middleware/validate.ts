import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { AppError } from "../errors.ts";

/**
 * zod validation for a request part. A failure throws VALIDATION_FAILED whose `error` is the first
 * issue's Chinese message (from the shared schema) and whose `field` names the field.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new AppError("VALIDATION_FAILED", {}, {
        message: issue?.message ?? "请求参数错误",
        field: issue?.path.map(String).join(".") || undefined,
      });
    }
  });
}
