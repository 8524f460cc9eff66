import { MSG } from '@freight/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail } from './envelope.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the call ended in a refusal, for the operation log. */
    failed: boolean;
  }
}

interface PgError {
  code?: string;
}

function isPgUniqueViolation(error: unknown): boolean {
  const e = error as PgError & { cause?: PgError };
  return e?.code === '23505' || e?.cause?.code === '23505';
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
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '') ?? '';
      const message = first?.message ?? '请求参数不正确';
      return reply
        .status(400)
        .send(fail(field && !/[\u4e00-\u9fa5]/.test(message) ? `${field}: ${message}` : message, 400));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(fail('请求过于频繁，请稍后再试', 429));
    }
    if (isPgUniqueViolation(error)) {
      return reply.status(200).send(fail('数据库中已存在该记录', 500));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? '文件大小超出限制' : '请求不正确';
      return reply.status(error.statusCode).send(fail(message, error.statusCode));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail('操作失败，服务器内部错误', 500));
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(basePath)) return reply.status(404).send(fail(MSG.notFound, 404));
    return reply.status(404).send(fail(MSG.notFound, 404));
  });
}
