// Firefox for the Python tests (tests/browser/engines.py): Puppeteer over WebDriver BiDi.
//
// Debian's firefox-esr speaks WebDriver BiDi itself; Puppeteer (puppeteer-core, pinned in
// package-lock.json, its own browser download skipped) drives it. The tests send one JSON
// command a line on stdin, {id, op, page?, ...}, and read one JSON answer a line on stdout,
// {id, ok, value} or {id, ok: false, error}. Each page lives in a browser context of its
// own (storage, service workers and caches apart) and records the page's errors and the
// URLs it asked for.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, ...flags] = process.argv.slice(2);
// --reduced-motion: pages match `prefers-reduced-motion: reduce`, as for a player who asked
// their system for less motion.
const motion = flags.includes("--reduced-motion") ? { "ui.prefersReducedMotion": 1 } : {};
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  extraPrefsFirefox: { "browser.shell.checkDefaultBrowser": false, ...motion },
});
const pages = new Map();
let nextPage = 1;

async function newPage({ width, height }) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height });
  const record = { context, page, errors: [], requests: [] };
  page.on("pageerror", (error) => record.errors.push(`page error: ${error.message || error}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") record.errors.push(`console error: ${msg.text()}`);
  });
  page.on("request", (request) => record.requests.push(request.url()));
  const id = nextPage++;
  pages.set(id, record);
  return id;
}

const ops = {
  newPage,
  goto: ({ page, url }) => page.goto(url, { waitUntil: "load" }).then(() => null),
  reload: ({ page }) => page.reload({ waitUntil: "load" }).then(() => null),
  evaluate: ({ page, expression }) => page.evaluate(expression),
  waitFor: ({ page, expression, timeout }) =>
    page.waitForFunction(expression, { timeout, polling: 100 }).then(() => null),
  // Through a locator, as a player clicks what they see: it waits until the element is
  // attached, visible, enabled and still, and finds it again if the page draws it anew
  // between finding and clicking (page.click would click the detached node).
  click: ({ page, selector }) => page.locator(selector).click().then(() => null),
  select: ({ page, selector, value }) => page.select(selector, value).then(() => null),
  fill: async ({ page, selector, text }) => {
    await page.$eval(selector, (el) => { el.focus(); el.select(); });
    await page.keyboard.press("Backspace");
    await page.type(selector, text);
    return null;
  },
  screenshot: ({ page, path }) => page.screenshot({ path }).then(() => null),
  log: ({ record }) => ({ errors: record.errors, requests: record.requests }),
  close: async ({ record, id }) => {
    pages.delete(id);
    await record.context.close();
    return null;
  },
  quit: async () => {
    await browser.close();
    return null;
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = JSON.parse(line);
  const record = pages.get(command.page);
  let answer;
  try {
    const value = await ops[command.op]({ ...command, record, id: command.page, page: record?.page });
    answer = { id: command.id, ok: true, value: value === undefined ? null : value };
  } catch (error) {
    answer = { id: command.id, ok: false, error: String(error && error.message ? error.message : error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (command.op === "quit") break;
}
process.exit(0);
