import { createHmac, randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../config.ts';

export interface OutgoingMessage {
  receiver: string;
  /** Our template code; `providerTemplateCode` is the provider's id for the same template. */
  templateCode: string;
  providerTemplateCode: string;
  params: Record<string, string>;
  /** The rendered text. */
  content: string;
}

/** es_send_status of sys_sms: 0 queued, 1 sent, 2 failed. */
export interface SendOutcome {
  status: 0 | 1 | 2;
  result: string;
}

/** Where a message goes once it is recorded in sys_sms. */
export interface MessageChannel {
  readonly name: string;
  send(message: OutgoingMessage): Promise<SendOutcome>;
}

/** Default: the message stays in the queue table (the system messages screen) and the server log. */
export class QueueChannel implements MessageChannel {
  readonly name = 'queue';
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(message: OutgoingMessage): Promise<SendOutcome> {
    // The receiver is logged, never the text: the text holds a live code.
    this.log.info({ receiver: message.receiver, template: message.templateCode }, 'sms queued');
    return { status: 0, result: '已写入消息队列' };
  }
}

/** RFC 3986 encoding as Aliyun's POP signature requires (space %20, `~` kept, `*` encoded). */
export function popEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** HMAC-SHA1 signature of Aliyun's RPC-style API (SignatureVersion 1.0) over the sorted query. */
export function popSignature(params: Record<string, string>, secret: string, method = 'GET'): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${popEncode(k)}=${popEncode(params[k])}`)
    .join('&');
  const stringToSign = `${method}&${popEncode('/')}&${popEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** Aliyun SMS (dysmsapi SendSms): template code, sign name and JSON parameters, signed request. */
export class AliyunSmsChannel implements MessageChannel {
  readonly name = 'aliyun';
  constructor(
    private readonly settings: AppConfig['sms']['aliyun'],
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const params: Record<string, string> = {
      AccessKeyId: this.settings.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.receiver,
      RegionId: 'cn-hangzhou',
      SignName: this.settings.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: message.providerTemplateCode,
      TemplateParam: JSON.stringify(message.params),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = popSignature(params, this.settings.accessKeySecret);
    const query = Object.entries({ Signature: signature, ...params })
      .map(([k, v]) => `${popEncode(k)}=${popEncode(v)}`)
      .join('&');
    try {
      const res = await fetch(`${this.settings.endpoint}?${query}`, { signal: AbortSignal.timeout(5_000) });
      const body = (await res.json().catch(() => ({}))) as {
        Code?: string;
        Message?: string;
        BizId?: string;
      };
      if (res.ok && body.Code === 'OK') return { status: 1, result: `OK ${body.BizId ?? ''}`.trim() };
      this.log.warn(
        { receiver: message.receiver, code: body.Code, status: res.status },
        'sms provider refused',
      );
      return { status: 2, result: `${body.Code ?? res.status} ${body.Message ?? ''}`.trim().slice(0, 255) };
    } catch (error) {
      this.log.error({ err: error, receiver: message.receiver }, 'sms provider unreachable');
      return { status: 2, result: '短信网关不可达' };
    }
  }
}

/** The outbox file of the `outbox` channel. */
export const smsOutboxFile = (dataDir: string) => path.join(dataDir, 'sms-outbox.jsonl');

/**
 * A gateway stand-in for demos and tests: every message, codes included, is appended as a JSON line to a file
 * in the data directory (readable by whoever runs the server, never through the API).
 */
export class OutboxChannel implements MessageChannel {
  readonly name = 'outbox';
  constructor(private readonly file: string) {}
  async send(message: OutgoingMessage): Promise<SendOutcome> {
    await mkdir(path.dirname(this.file), { recursive: true });
    await appendFile(
      this.file,
      `${JSON.stringify({ time: new Date().toISOString(), receiver: message.receiver, templateCode: message.templateCode, params: message.params, content: message.content })}\n`,
    );
    return { status: 1, result: '已写入本地发件箱' };
  }
}

export function channelFor(
  config: Pick<AppConfig, 'sms' | 'dataDir'>,
  log: FastifyBaseLogger,
): MessageChannel {
  if (config.sms.channel === 'aliyun') return new AliyunSmsChannel(config.sms.aliyun, log);
  if (config.sms.channel === 'outbox') return new OutboxChannel(smsOutboxFile(config.dataDir));
  return new QueueChannel(log);
}
