import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLoopbackFetch, isLoopbackUrl } from "./loopback-fetch.js";

describe("isLoopbackUrl", () => {
  it("is true for 127.0.0.0/8, ::1 and localhost only", () => {
    for (const url of ["http://127.0.0.1:8080/x", "http://127.1.2.3/", "http://[::1]:9/", "http://localhost/", "http://a.localhost/"]) expect(isLoopbackUrl(url), url).toBe(true);
    for (const url of ["http://10.0.0.1/", "http://example.com/", "http://127.0.0.1.example.com/", "http://[::2]/", "file:///etc/passwd", "not a url"]) expect(isLoopbackUrl(url), url).toBe(false);
  });
});

describe("createLoopbackFetch", () => {
  let base = "";
  const server = createServer((request, response) => {
    if (request.url === "/away") response.writeHead(302, { location: "http://example.com/secret" }).end();
    else if (request.url === "/hop") response.writeHead(303, { location: "/final" }).end();
    else response.end(`${request.method} ${request.url}`);
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("fetches from loopback and follows a loopback redirect (303 becomes GET)", async () => {
    const response = await createLoopbackFetch()(`${base}/hop`, { method: "POST", body: "x" });
    expect(await response.text()).toBe("GET /final");
  });

  it("fails a host elsewhere, asked for or reached by a redirect, as an unreachable host, without asking it", async () => {
    const asked: string[] = [];
    const inner = ((url: string, init?: RequestInit) => {
      asked.push(url);
      return fetch(url, init);
    }) as typeof fetch;
    const loopback = createLoopbackFetch(inner);
    await expect(loopback("http://example.com/")).rejects.toMatchObject({ message: "fetch failed", cause: { code: "ENOTFOUND" } });
    await expect(loopback(`${base}/away`)).rejects.toMatchObject({ message: "fetch failed" });
    expect(asked).toEqual([`${base}/away`]);
    // a manual redirect is the response itself
    expect((await loopback(`${base}/away`, { redirect: "manual" })).status).toBe(302);
  });
});
