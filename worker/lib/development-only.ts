import type { MiddlewareHandler } from 'hono'
import { developmentToolsEnabled } from '../../schemas/development.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { AppError } from './errors.ts'

/**
 * Not found unless APP_ENV is development or test (ADR 036): the development tools and the local
 * stand-ins for outside services do not exist in staging or production, whatever else the
 * configuration says.
 *
 * @example app.use('/dev/*', developmentOnly())
 */
export function developmentOnly(): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    if (!developmentToolsEnabled(c.env.APP_ENV)) {
      throw new AppError('not_found', MESSAGES.pageNotFound)
    }
    await next()
  }
}
