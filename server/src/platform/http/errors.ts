import { MSG } from '@freight/contracts';

/**
 * A refusal the user should read. Business refusals travel as HTTP 200 + success:false (the reference's
 * convention, which the console relies on); auth and request-shape errors carry their HTTP status.
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly code: number = 500,
    readonly httpStatus: number = 200,
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const bizError = (message: string, code = 500, result: unknown = null) =>
  new AppError(message, code, 200, result);
export const badRequest = (message: string) => new AppError(message, 400, 400);
export const unauthorized = (message: string = MSG.tokenInvalid) => new AppError(message, 401, 401);
export const forbidden = (message: string = MSG.forbidden) => new AppError(message, 403, 403);
export const notFound = (message: string = MSG.notFound) => new AppError(message, 404, 404);

/**
 * A record that does not exist, or that lies outside the caller's scope: both answer alike, so no one learns
 * that another party's record exists.
 */
export const recordNotFound = () => new AppError('未找到对应数据', 404, 404);
