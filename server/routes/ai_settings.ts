import { Hono } from "hono";
import { aiSettingsBody, sensitiveWordBody } from "../../common/schemas/ai_settings.ts";
import type { AppDeps, AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../kv/audit_log.ts";
import { getAiSettings, saveAiSettings, type StoredAiSettings } from "../kv/ai_settings.ts";
import {
  createSensitiveWord,
  deleteSensitiveWord,
  listSensitiveWords,
  type SensitiveWord,
  updateSensitiveWord,
} from "../kv/sensitive_words.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { loadSecretKey, maskSecret, openSecret, sealSecret } from "../services/llm/secret_box.ts";
import { assertModelAddressAllowed } from "../services/llm/model_address.ts";
import { testConnection } from "../services/llm/test_connection.ts";

async function plainKey(deps: AppDeps, stored: StoredAiSettings): Promise<string> {
  if (!stored.apiKeySealed) return "";
  return await openSecret(await loadSecretKey(deps.config), stored.apiKeySealed) ?? "";
}

/** The settings as the screen sees them: the key masked, never whole. */
async function settingsView(deps: AppDeps, stored: StoredAiSettings) {
  const key = await plainKey(deps, stored);
  return {
    model: stored.model,
    api_key: maskSecret(key),
    base_url: stored.base_url,
    temperature: stored.temperature,
    max_tokens: stored.max_tokens,
    system_prompt: stored.system_prompt,
    enable_sensitive_filter: stored.enable_sensitive_filter,
    has_api_key: key !== "",
  };
}

/** What the audit log keeps of the settings: everything but the key. */
function auditSettings(s: StoredAiSettings) {
  const { apiKeySealed: _sealed, updatedAt: _at, ...rest } = s;
  return rest;
}

function wordView(w: SensitiveWord) {
  return { id: w.id, word: w.word, replacement: w.replacement };
}

export const aiSettingsRoutes = new Hono<AppEnv>()
  .get("/ai/settings", async (c) => {
    const { deps } = c.var;
    return c.json({ success: true, settings: await settingsView(deps, await getAiSettings(deps.kv)) });
  })
  .put("/ai/settings", validate("json", aiSettingsBody), async (c) => {
    const { deps } = c.var;
    const actor = currentUser(c);
    const input = c.req.valid("json");
    const before = await getAiSettings(deps.kv);
    const oldKey = await plainKey(deps, before);
    // The form sends back the masked key unless the administrator typed a new one.
    const keyChanged = !(oldKey !== "" && input.api_key === maskSecret(oldKey));
    // The stored key only ever goes to the address it was typed for.
    if (!keyChanged && input.base_url !== before.base_url) {
      throw new AppError("AI_KEY_REQUIRED_FOR_NEW_URL", {}, { field: "api_key" });
    }
    const now = deps.clock.now();
    const after: StoredAiSettings = {
      model: input.model,
      apiKeySealed: keyChanged
        ? await sealSecret(await loadSecretKey(deps.config), input.api_key)
        : before.apiKeySealed,
      base_url: input.base_url,
      temperature: input.temperature,
      max_tokens: input.max_tokens,
      system_prompt: input.system_prompt,
      enable_sensitive_filter: input.enable_sensitive_filter,
      updatedAt: now,
    };
    await saveAiSettings(deps.kv, after);
    await recordAudit(deps.kv, {
      at: now,
      actorId: actor.id,
      actorName: actor.username,
      action: "update",
      entity: "ai_settings",
      entityId: "ai",
      before: auditSettings(before),
      after: { ...auditSettings(after), keyChanged },
    });
    return c.json({ success: true, settings: await settingsView(deps, after) });
  })
  .post("/ai/test-connection", async (c) => {
    const { deps } = c.var;
    const stored = await getAiSettings(deps.kv);
    // The literal rule was checked on save (aiSettingsBody); here also what the host resolves to.
    await assertModelAddressAllowed(stored.base_url);
    await testConnection({
      model: stored.model,
      apiKey: await plainKey(deps, stored),
      baseUrl: stored.base_url,
    });
    return c.json({ success: true, message: "连接成功" });
  })
  .get("/ai/sensitive-words", async (c) => {
    return c.json({ success: true, words: (await listSensitiveWords(c.var.deps.kv)).map(wordView) });
  })
  .post("/ai/sensitive-words", validate("json", sensitiveWordBody), async (c) => {
    const { deps } = c.var;
    const actor = currentUser(c);
    const now = deps.clock.now();
    const word = await createSensitiveWord(deps.kv, c.req.valid("json"), now);
    await recordAudit(deps.kv, {
      at: now,
      actorId: actor.id,
      actorName: actor.username,
      action: "create",
      entity: "sensitive_word",
      entityId: word.id,
      after: wordView(word),
    });
    return c.json({ success: true, word: wordView(word) }, 201);
  })
  .put("/ai/sensitive-words/:id", validate("json", sensitiveWordBody), async (c) => {
    const { deps } = c.var;
    const actor = currentUser(c);
    const { before, after } = await updateSensitiveWord(deps.kv, c.req.param("id"), c.req.valid("json"));
    await recordAudit(deps.kv, {
      at: deps.clock.now(),
      actorId: actor.id,
      actorName: actor.username,
      action: "update",
      entity: "sensitive_word",
      entityId: after.id,
      before: wordView(before),
      after: wordView(after),
    });
    return c.json({ success: true, word: wordView(after) });
  })
  .delete("/ai/sensitive-words/:id", async (c) => {
    const { deps } = c.var;
    const actor = currentUser(c);
    const removed = await deleteSensitiveWord(deps.kv, c.req.param("id"));
    await recordAudit(deps.kv, {
      at: deps.clock.now(),
      actorId: actor.id,
      actorName: actor.username,
      action: "delete",
      entity: "sensitive_word",
      entityId: removed.id,
      before: wordView(removed),
    });
    return c.json({ success: true });
  });
