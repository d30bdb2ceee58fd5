import type { Config } from '../config/env.ts';

const LOCAL = /(^|\.)(localhost|test)$|^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The address of a project's subdomain for mail sent outside a request (reminders): HTTPS
 * on a public host; plain HTTP with the listening port on a local or test host.
 */
export function projectOrigin(config: Pick<Config, 'portalHost' | 'port'>, projectKey: string): string {
  const host = `${projectKey}.${config.portalHost}`;
  return LOCAL.test(config.portalHost) ? `http://${host}${config.port === 80 ? '' : `:${config.port}`}` : `https://${host}`;
}
