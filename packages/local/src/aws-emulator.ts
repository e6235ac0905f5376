import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import type { LocalObjectStore } from "./object-store.ts";
import type { Outbox } from "./outbox.ts";
import type { LocalQueue } from "./queue.ts";
import type { LocalWebSocketApi } from "./websocket.ts";

/**
 * The local stand-in for the AWS service endpoints the functions call through the AWS SDK, on one
 * loopback port. The SDK clients are pointed here by the standard endpoint environment variables
 * (`AWS_ENDPOINT_URL_SQS`, `AWS_ENDPOINT_URL_SES`, `AWS_ENDPOINT_URL_SESV2`) and by the Management API endpoint, so the
 * function code is the same as on AWS:
 * - Amazon SQS (JSON protocol): `SendMessage`, `SendMessageBatch`, `GetQueueUrl`, into the in-process
 *   queues, and `ChangeMessageVisibility(Batch)` on a received message (a consumer's retry delay);
 * - Amazon SES (Query protocol): `SendRawEmail`, `SendEmail`, and SES v2 (REST JSON) `SendEmail`,
 *   into the local outbox;
 * - Amazon S3 (path-style `PutObject`, `GetObject`, `HeadObject`, `DeleteObject`) on a local object store;
 * - API Gateway Management API: `POST/GET/DELETE /@connections/{id}` on the local WebSocket API,
 *   answering 410 with `x-amzn-errortype: GoneException` for a closed connection.
 */
export class AwsEmulator {
  private server: Server | undefined;
  url = "";

  constructor(
    private readonly deps: {
      queues: Map<string, LocalQueue>;
      outbox: Outbox;
      websocket: () => LocalWebSocketApi | undefined;
      /** Amazon S3 (path-style object calls), when the runtime has one. */
      objects?: LocalObjectStore;
      accountId?: string;
    },
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req, res).catch((error: unknown) => {
        send(res, 500, { "content-type": "application/json" }, JSON.stringify({ message: String(error) }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  /** The URL of a queue, as `GetQueueUrl` answers it. */
  queueUrl(name: string): string {
    return `${this.url}/${this.deps.accountId ?? "000000000000"}/${name}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", this.url);
    if (url.pathname.startsWith("/@connections/"))
      return this.management(req.method ?? "GET", url.pathname, body, res);
    const method = req.method ?? "GET";
    // SQS and SES calls are POSTs; S3 object calls are path-style PUT/GET/HEAD/DELETE.
    if (this.deps.objects && method !== "POST")
      return this.deps.objects.handle(method, url.pathname, req.headers, body, res);
    const target = String(req.headers["x-amz-target"] ?? "");
    if (target.startsWith("AmazonSQS.")) return this.sqs(target.slice("AmazonSQS.".length), body, res);
    if (url.pathname === "/v2/email/outbound-emails") return this.sesV2SendEmail(body, res);
    const form = new URLSearchParams(body.toString("utf8"));
    if (form.get("Action")) return this.ses(form, res);
    send(
      res,
      404,
      { "content-type": "application/json" },
      JSON.stringify({ message: "Unknown local AWS operation" }),
    );
  }

  private management(method: string, path: string, body: Buffer, res: ServerResponse) {
    const id = decodeURIComponent(path.slice("/@connections/".length));
    const ws = this.deps.websocket();
    const gone = () =>
      send(
        res,
        410,
        { "content-type": "application/json", "x-amzn-errortype": "GoneException" },
        JSON.stringify({ message: `Connection ${id} is gone` }),
      );
    if (!ws) return gone();
    if (method === "POST") return ws.post(id, body) ? send(res, 200, {}, "") : gone();
    if (method === "GET") {
      const info = ws.info(id);
      return info ? send(res, 200, { "content-type": "application/json" }, JSON.stringify(info)) : gone();
    }
    if (method === "DELETE") return ws.disconnect(id) ? send(res, 204, {}, "") : gone();
    send(res, 405, {}, "");
  }

  private sqs(operation: string, body: Buffer, res: ServerResponse) {
    const input = JSON.parse(body.toString("utf8") || "{}") as Record<string, unknown>;
    const json = (status: number, value: unknown, errorType?: string) =>
      send(
        res,
        status,
        {
          "content-type": "application/x-amz-json-1.0",
          ...(errorType ? { "x-amzn-query-error": `${errorType};Sender` } : {}),
        },
        JSON.stringify(
          errorType ? { __type: `com.amazonaws.sqs#${errorType}`, message: String(value) } : value,
        ),
      );
    const queueFor = (queueUrl: unknown) =>
      this.deps.queues.get(
        String(queueUrl ?? "")
          .split("/")
          .pop() ?? "",
      );
    if (operation === "GetQueueUrl") {
      const name = String(input.QueueName ?? "");
      return this.deps.queues.has(name)
        ? json(200, { QueueUrl: this.queueUrl(name) })
        : json(400, "The specified queue does not exist.", "QueueDoesNotExist");
    }
    const queue = queueFor(input.QueueUrl);
    if (!queue) return json(400, "The specified queue does not exist.", "QueueDoesNotExist");
    if (operation === "SendMessage") {
      const out = queue.send(String(input.MessageBody ?? ""), {
        delaySeconds: Number(input.DelaySeconds ?? 0),
        messageAttributes: sqsAttributes(input.MessageAttributes),
      });
      return json(200, { MessageId: out.messageId, MD5OfMessageBody: out.md5OfBody });
    }
    if (operation === "SendMessageBatch") {
      const entries = (input.Entries as Array<Record<string, unknown>> | undefined) ?? [];
      if (entries.length === 0)
        return json(
          400,
          "There should be at least one SendMessageBatchRequestEntry in the request.",
          "EmptyBatchRequest",
        );
      if (entries.length > 10)
        return json(400, "Maximum number of entries per request are 10.", "TooManyEntriesInBatchRequest");
      const Successful = entries.map((e) => {
        const out = queue.send(String(e.MessageBody ?? ""), {
          delaySeconds: Number(e.DelaySeconds ?? 0),
          messageAttributes: sqsAttributes(e.MessageAttributes),
        });
        return { Id: e.Id, MessageId: out.messageId, MD5OfMessageBody: out.md5OfBody };
      });
      return json(200, { Successful, Failed: [] });
    }
    if (operation === "ChangeMessageVisibility") {
      const changed = queue.changeVisibility(
        String(input.ReceiptHandle ?? ""),
        Number(input.VisibilityTimeout ?? 0),
      );
      return changed ? json(200, {}) : json(400, "The receipt handle has expired.", "ReceiptHandleIsInvalid");
    }
    if (operation === "ChangeMessageVisibilityBatch") {
      const entries = (input.Entries as Array<Record<string, unknown>> | undefined) ?? [];
      const Successful: Array<{ Id: unknown }> = [];
      const Failed: Array<{ Id: unknown; Code: string; SenderFault: boolean; Message: string }> = [];
      for (const e of entries) {
        if (queue.changeVisibility(String(e.ReceiptHandle ?? ""), Number(e.VisibilityTimeout ?? 0)))
          Successful.push({ Id: e.Id });
        else
          Failed.push({
            Id: e.Id,
            Code: "ReceiptHandleIsInvalid",
            SenderFault: true,
            Message: "The receipt handle has expired.",
          });
      }
      return json(200, { Successful, Failed });
    }
    json(400, `Operation ${operation} is not supported locally`, "UnsupportedOperation");
  }

  /**
   * Amazon SES v2 `SendEmail` (REST JSON, `POST /v2/email/outbound-emails`): a simple message is
   * composed into MIME as SES does (text, HTML, its `Headers`), a raw one taken as sent; into the outbox.
   */
  private async sesV2SendEmail(body: Buffer, res: ServerResponse) {
    const input = JSON.parse(body.toString("utf8") || "{}") as SesV2SendEmail;
    const to = [
      ...(input.Destination?.ToAddresses ?? []),
      ...(input.Destination?.CcAddresses ?? []),
      ...(input.Destination?.BccAddresses ?? []),
    ];
    const simple = input.Content?.Simple;
    const rawData = input.Content?.Raw?.Data;
    if (!simple && !rawData) {
      send(
        res,
        400,
        { "content-type": "application/json", "x-amzn-errortype": "BadRequestException" },
        JSON.stringify({ message: "Content must hold a Simple or Raw message" }),
      );
      return;
    }
    const raw = rawData
      ? Buffer.from(rawData, "base64")
      : await new MailComposer({
          ...(input.FromEmailAddress ? { from: input.FromEmailAddress } : {}),
          to,
          subject: simple?.Subject?.Data ?? "",
          ...(simple?.Body?.Text ? { text: simple.Body.Text.Data } : {}),
          ...(simple?.Body?.Html ? { html: simple.Body.Html.Data } : {}),
          ...(simple?.Headers?.length
            ? { headers: Object.fromEntries(simple.Headers.map((h) => [h.Name, h.Value])) }
            : {}),
        })
          .compile()
          .build();
    const entry = await this.deps.outbox.save(raw, {
      ...(input.FromEmailAddress ? { from: input.FromEmailAddress } : {}),
      ...(to.length ? { to } : {}),
    });
    send(
      res,
      200,
      { "content-type": "application/json" },
      JSON.stringify({ MessageId: `${entry.id}-local` }),
    );
  }

  private async ses(form: URLSearchParams, res: ServerResponse) {
    const action = form.get("Action");
    let raw: Buffer;
    const destinations: string[] = [];
    for (const [k, v] of form) if (/^Destinations\.member\.\d+$/.test(k)) destinations.push(v);
    if (action === "SendRawEmail") {
      raw = Buffer.from(form.get("RawMessage.Data") ?? "", "base64");
    } else if (action === "SendEmail") {
      const to: string[] = [];
      for (const [k, v] of form) if (/^Destination\.(To|Cc|Bcc)Addresses\.member\.\d+$/.test(k)) to.push(v);
      destinations.push(...to);
      raw = await new MailComposer({
        from: form.get("Source") ?? undefined,
        to,
        subject: form.get("Message.Subject.Data") ?? "",
        text: form.get("Message.Body.Text.Data") ?? undefined,
        html: form.get("Message.Body.Html.Data") ?? undefined,
      })
        .compile()
        .build();
    } else {
      send(
        res,
        400,
        { "content-type": "text/xml" },
        sesError("InvalidAction", `Action ${action} is not supported locally`),
      );
      return;
    }
    const entry = await this.deps.outbox.save(raw, {
      ...(form.get("Source") ? { from: form.get("Source") as string } : {}),
      ...(destinations.length ? { to: destinations } : {}),
    });
    const messageId = `${entry.id}-local`;
    send(
      res,
      200,
      { "content-type": "text/xml" },
      `<${action}Response xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><${action}Result><MessageId>${messageId}</MessageId></${action}Result><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></${action}Response>`,
    );
  }
}

/** The parts of an SES v2 `SendEmail` request the local outbox reads. */
interface SesV2SendEmail {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  Content?: {
    Simple?: {
      Subject?: { Data: string };
      Body?: { Text?: { Data: string }; Html?: { Data: string } };
      Headers?: { Name: string; Value: string }[];
    };
    Raw?: { Data: string };
  };
}

function sqsAttributes(value: unknown) {
  const out: Record<
    string,
    {
      stringValue?: string;
      binaryValue?: string;
      dataType: string;
      stringListValues: [];
      binaryListValues: [];
    }
  > = {};
  for (const [name, v] of Object.entries(
    (value as Record<string, { DataType: string; StringValue?: string; BinaryValue?: string }>) ?? {},
  )) {
    out[name] = {
      dataType: v.DataType,
      ...(v.StringValue !== undefined ? { stringValue: v.StringValue } : {}),
      ...(v.BinaryValue !== undefined ? { binaryValue: v.BinaryValue } : {}),
      stringListValues: [],
      binaryListValues: [],
    };
  }
  return out;
}

function sesError(code: string, message: string): string {
  return `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, { ...headers, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** Reads a request body in full. */
export async function readBody(req: IncomingMessage, limit = 20 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > limit) throw new Error("Request body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
