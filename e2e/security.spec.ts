/**
 * The protections as a browser meets them (docs/service.md "Protections"): the page carries a
 * Content-Security-Policy the browser enforces, its scripts come compressed and point to no source
 * map, and the maps are not served.
 */
import { expect, serverTest as plain, test } from "./fixtures";

test("pages and scripts carry the CSP, come compressed and name no source map; maps are refused", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  const answer = await page.goto("/games/blast");
  const headers = answer?.headers() ?? {};
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).toContain("script-src 'self'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  await expect(page.locator("main.loading")).toHaveCount(0);
  await expect(page.locator("main")).toHaveCount(1);
  expect(scripts.length).toBeGreaterThan(1);
  for (const url of scripts) {
    // Chromium asks for br and gzip; every script here is over the 1 KiB threshold.
    const res = await page.request.get(url, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.status(), url).toBe(200);
    expect(res.headers()["content-encoding"], url).toMatch(/^(br|gzip)$/);
    expect(await res.text(), url).not.toContain("sourceMappingURL");
    const map = await page.request.get(`${url}.map`);
    expect(map.status(), `${url}.map`).toBe(404);
    expect(((await map.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  }
});

// A violation is logged to the console by design, so this one test does without the console check.
plain("the browser enforces the CSP: an injected inline script does not run", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".card")).toHaveCount(5);
  const outcome = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; blocked: string }>((resolve) => {
        document.addEventListener("securitypolicyviolation", (event) =>
          resolve({ ran: "injected" in window, blocked: event.violatedDirective }),
        );
        const script = document.createElement("script");
        script.textContent = "window.injected = true;";
        document.body.append(script);
        setTimeout(() => resolve({ ran: "injected" in window, blocked: "" }), 2000);
      }),
  );
  expect(outcome).toEqual({ ran: false, blocked: "script-src-elem" });
});
