import { describe, expect, it } from "vitest";
import { ApiError, readAnswer, readAnswerLater } from "./api-client";

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

describe("reading an answer later", () => {
  it("gives a function that reads the body as readAnswer does", async () => {
    const body = { columns: ["name"], rows: [["One"]] };

    const read = await readAnswerLater(answer(200, body), "token");

    expect(read()).toEqual(body);
    expect(read()).toEqual(await readAnswer(answer(200, body), "token"));
  });

  it("throws an error status at once, with the server's message", async () => {
    const refused = readAnswerLater(answer(403, { code: "FORBIDDEN", message: "Not yours" }), "token", {
      ignoreAuthError: true,
    });

    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(
      readAnswerLater(answer(403, { message: "Not yours" }), "token", { ignoreAuthError: true }),
    ).rejects.toMatchObject({ status: 403, message: "Not yours" });
  });
});
