/** The origin a request was made to (scheme and host, as the browser sees them behind TRUST_PROXY). */
export const requestOrigin = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;
