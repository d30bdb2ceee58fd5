/**
 * The environment of a server process the browser tests start (the first one in the global
 * set-up, more in the tests that need a second server): loopback, the `localhost` portal, the
 * e2e database, a data directory of its own, the mail catcher, and client addresses taken from
 * `X-Forwarded-For` as behind a real proxy.
 */
export function e2eServerEnv({
  port,
  databaseUrl,
  dataDir,
  smtpUrl,
}: {
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
}) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PORTAL_HOST: 'localhost',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
  };
}
