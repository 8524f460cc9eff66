import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { MSG } from '@freight/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fail } from './envelope.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the call ended in a refusal, for the operation log. */
    failed: boolean;
  }
}

// Schema refusals read in Chinese: zod's own messages ("无效输入：期望 string，实际接收 数字") for every schema
// that gives none of its own. Global to the zod the server loads, contracts' schemas included.
z.config(z.locales.zhCN());
/** How zod's zh-CN messages begin; a schema's own messages ("请输入用户名") name their field already. */
const ZOD_GENERIC =
  /^(无效输入|无效选项|无效字符串|无效数字|数值过大|数值过小|出现未知的键)|中的键\(key\)无效$|中包含无效值\(value\)$/;

interface PgError {
  code?: string;
  message?: string;
  column?: string;
  cause?: unknown;
}

/** The SQLSTATE of a database error, through drizzle's wrapping. */
function pgCodeOf(error: unknown): PgError | null {
  let e = error as PgError | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause as PgError | undefined;
  }
  return null;
}

/**
 * Database refusals of a value the request carried: the value was wrong, not the server. Class 22 (data
 * exception) and 54 (a value past a program limit, e.g. an index row) and the integrity checks.
 */
const PG_INPUT_MESSAGES: Record<string, string> = {
  '22001': '输入内容超出字段允许的长度',
  '22003': '数值超出允许范围',
  '22007': '日期时间格式不正确',
  '22008': '日期时间超出允许范围',
  '22012': '输入的数值不正确（除数为零）',
  '22019': '输入内容包含非法的转义字符',
  '22021': '输入内容包含非法字符',
  '22023': '参数值不正确',
  '22025': '输入内容包含非法的转义字符',
  '2201B': '正则表达式不正确',
  '22P02': '输入值的格式不正确',
  '22P05': '输入内容包含非法字符',
  '23502': '缺少必填内容',
  '23503': '关联的数据不存在',
  '23514': '输入值不符合要求',
  '54000': '输入内容过长',
  '54001': '查询条件过于复杂',
};

function pgInputMessage(error: PgError): string | null {
  const code = error.code ?? '';
  const known = PG_INPUT_MESSAGES[code];
  if (known) return code === '23502' && error.column ? `${known}：${error.column}` : known;
  if (code.startsWith('22')) return '输入的数据不正确';
  return null;
}

/** Fastify's and its plugins' own refusals, in the console's words (its error catalogue). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: '文件大小超出限制',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度不正确',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的JSON',
  FST_ERR_CTP_EMPTY_TYPE: '缺少请求内容类型',
  FST_ERR_BAD_URL: '请求地址不正确',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址过长',
  FST_ERR_ASYNC_CONSTRAINT: '请求不正确',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请以文件表单（multipart/form-data）上传',
  FST_REQ_FILE_TOO_LARGE: '文件大小超出限制',
  FST_FILES_LIMIT: '一次只能上传一个文件',
  FST_PARTS_LIMIT: '表单项过多',
  FST_FIELDS_LIMIT: '表单项过多',
  FST_PROTO_VIOLATION: '请求内容不正确',
};

const STATUS_MESSAGES: Record<number, string> = {
  400: '请求参数不正确',
  404: MSG.notFound,
  405: '不支持该请求方法',
  406: '不支持该请求格式',
  408: '请求超时',
  413: '请求内容超出大小限制',
  414: '请求地址过长',
  415: '不支持的请求内容类型',
  429: '请求过于频繁，请稍后再试',
  431: '请求头过大',
};

const PART_NAMES: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数' };

/** The first schema refusal as "field：message", in Chinese, naming the field when the schema did not. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return STATUS_MESSAGES[400];
  const field = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const message = first.message || STATUS_MESSAGES[400];
  if (!ZOD_GENERIC.test(message) && /[\u4e00-\u9fa5]/.test(message)) return message;
  const where = field || PART_NAMES[error.validationContext ?? ''] || '';
  return where ? `${where}：${message}` : message;
}

/** A client error Fastify answers before any route (bad URL, too long a parameter) in the envelope. */
function frameworkMessage(error: FastifyError, status: number): string {
  return (
    (error.code && FRAMEWORK_MESSAGES[error.code]) || STATUS_MESSAGES[status] || STATUS_MESSAGES[400] || ''
  );
}

/** Errors Fastify's router raises before a route runs (malformed percent-encoding, over-long parameter). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(fail(frameworkMessage(error, status), status));
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (431 header too large, 400 malformed request,
 * 408 timeout): the same envelope, written on the socket as Node's default answer would be.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(fail(STATUS_MESSAGES[status], status));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Every failure leaves as the envelope with a clear message; stacks and SQL stay in the server log. */
export function installErrorHandling(app: FastifyInstance, basePath: string): void {
  app.decorateRequest('failed', false);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    request.failed = true;
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send(fail(error.message, error.code, error.result));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(fail(validationMessage(error), 400));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(fail(STATUS_MESSAGES[429], 429));
    }
    const pg = pgCodeOf(error);
    if (pg?.code === '23505') {
      return reply.status(200).send(fail('数据库中已存在该记录', 500));
    }
    const refusedValue = pg && pgInputMessage(pg);
    if (refusedValue) {
      request.log.info({ err: error }, 'the database refused a value of the request');
      return reply.status(400).send(fail(refusedValue, 400));
    }
    if (error instanceof URIError) {
      return reply.status(400).send(fail(FRAMEWORK_MESSAGES.FST_ERR_BAD_URL, 400));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send(fail(frameworkMessage(error, error.statusCode), error.statusCode));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail('操作失败，服务器内部错误', 500));
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(basePath)) return reply.status(404).send(fail(MSG.notFound, 404));
    return reply.status(404).send(fail(MSG.notFound, 404));
  });
}
