import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import expected from "./fixtures/http-api-v2-event.json" with { type: "json" };
import { buildHttpEvent, type HttpRequestInfo, toHttpAnswer } from "./http-event.ts";
import { RouteMatcher } from "./router.ts";

/** Sends one real HTTP request to a throwaway server and returns what Node parsed of it. */
async function capture(send: (port: number) => void): Promise<Omit<HttpRequestInfo, "routeKey">> {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        res.end();
        server.close();
        resolve({
          method: req.method ?? "",
          url: req.url ?? "",
          headers: req.headersDistinct,
          body: Buffer.concat(chunks),
          sourceIp: "",
        });
      });
    });
    server.listen(0, "127.0.0.1", () => send((server.address() as AddressInfo).port));
  });
}

describe("local HTTP adapter: API Gateway HTTP API payload 2.0", () => {
  it("turns a real HTTP request into exactly the event API Gateway delivers for it", async () => {
    const got = await capture((port) => {
      const req = request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/tracker/update-name/abc%20123?tag=a&tag=b&q=hello%20world&empty=",
        headers: {
          Host: "api.example.test",
          Accept: "application/json",
          "Content-Type": "application/octet-stream",
          "User-Agent": "pacer-test/1.0",
          "X-Auth-Token": "t0k3n",
          "X-Custom": ["one", "two"],
          Cookie: "session=s1; theme=dark",
          "X-Forwarded-For": "192.0.2.10",
          "X-Forwarded-Port": "443",
          "X-Forwarded-Proto": "https",
        },
      });
      req.end(Buffer.from([0, 1, 2, 255]));
    });
    const match = new RouteMatcher([
      { key: "POST /api/tracker/update-name/{id}", group: "health", handler: "x" },
    ]).match(got.method, got.url.split("?")[0] as string);
    if (!match || match === "method-not-allowed") throw new Error("route did not match");

    const event = buildHttpEvent({
      ...got,
      sourceIp: "192.0.2.10",
      routeKey: match.route.key,
      ...(match.pathParameters ? { pathParameters: match.pathParameters } : {}),
      apiId: "a1b2c3d4e5",
      accountId: "123456789012",
      requestId: "JKJaXmPLvHcESHA=",
      traceId: "Root=1-6920d8b4-0a1b2c3d4e5f60718293a4b5",
      now: new Date(1795247028000),
    });

    expect(JSON.parse(JSON.stringify(event))).toEqual(expected);
    expect(Buffer.from(event.body as string, "base64")).toEqual(Buffer.from([0, 1, 2, 255]));
  });

  it("passes JSON bodies as text and omits what API Gateway omits when empty", () => {
    const json = buildHttpEvent({
      method: "POST",
      url: "/api/auth",
      headers: { "content-type": "application/json; charset=utf-8", host: "localhost:3000" },
      body: Buffer.from('{"email":"a@b.c"}'),
      sourceIp: "127.0.0.1",
      routeKey: "POST /api/auth",
    });
    expect(json.body).toBe('{"email":"a@b.c"}');
    expect(json.isBase64Encoded).toBe(false);

    const bare = buildHttpEvent({
      method: "GET",
      url: "/api/health",
      headers: {},
      body: Buffer.alloc(0),
      sourceIp: "127.0.0.1",
      routeKey: "GET /api/health",
    });
    expect(Object.keys(bare)).not.toContain("body");
    expect(Object.keys(bare)).not.toContain("cookies");
    expect(Object.keys(bare)).not.toContain("queryStringParameters");
    expect(Object.keys(bare)).not.toContain("pathParameters");
    expect(bare.rawQueryString).toBe("");
  });

  it("answers a result without statusCode as 200 JSON, and decodes base64 results and cookies", () => {
    expect(toHttpAnswer({ ok: true } as never)).toMatchObject({
      statusCode: 200,
      headers: { "content-type": "application/json" },
    });
    const binary = toHttpAnswer({
      statusCode: 201,
      isBase64Encoded: true,
      body: "AAEC/w==",
      cookies: ["a=1", "b=2"],
    });
    expect(binary.statusCode).toBe(201);
    expect(binary.body).toEqual(Buffer.from([0, 1, 2, 255]));
    expect(binary.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
  });
});

describe("route matching as API Gateway does", () => {
  const matcher = new RouteMatcher([
    { key: "GET /api/pod/get-pod/{id}", group: "health", handler: "a" },
    { key: "GET /api/pod/get-pod/special", group: "health", handler: "b" },
    { key: "GET /api/pods/get-pods/{accountId}/{userId}", group: "health", handler: "c" },
  ]);

  it("prefers the more specific literal route, decodes parameters and refuses empty segments", () => {
    expect(matcher.match("GET", "/api/pod/get-pod/special")).toMatchObject({ route: { handler: "b" } });
    expect(matcher.match("GET", "/api/pod/get-pod/a%2Fb")).toEqual({
      route: { key: "GET /api/pod/get-pod/{id}", group: "health", handler: "a" },
      pathParameters: { id: "a/b" },
    });
    expect(matcher.match("GET", "/api/pods/get-pods/acc/")).toBeUndefined();
    expect(matcher.match("POST", "/api/pod/get-pod/x")).toBe("method-not-allowed");
  });
});
