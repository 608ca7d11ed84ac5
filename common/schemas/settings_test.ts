import assert from "node:assert/strict";
import { DEFAULT_SETTINGS } from "./settings.ts";

Deno.test("the default settings give the product one name: side menu, title bar, login page and index.html", async () => {
  const name = DEFAULT_SETTINGS.site_title;
  assert.equal(DEFAULT_SETTINGS.system_name, name);
  assert.equal(DEFAULT_SETTINGS.login_title, name);
  const html = await Deno.readTextFile(new URL("../../web/index.html", import.meta.url));
  assert.equal(/<title>([^<]*)<\/title>/.exec(html)?.[1], name);
});
