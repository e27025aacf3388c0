import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { resolveRequestId } from './request-id.js';

/**
 * Node's HTTP parser rejects a malformed Content-Length (or a smuggling-prone header pair) before
 * Express sees the request. Answer those with the contract's 400 envelope instead of Node's bare 400.
 */
export function answerParserErrorsWithEnvelope(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const code = err.code ?? '';
    // Only parse errors are the client's malformed request; timeouts, resets and oversized headers
    // are not a 400 of the contract, so the connection is simply closed for those.
    if (!socket.writable || !code.startsWith('HPE_') || code === 'HPE_HEADER_OVERFLOW') {
      socket.destroy();
      return;
    }
    const body = JSON.stringify({
      error: {
        message: 'Malformed request: check Content-Length and headers.',
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-ID: ${resolveRequestId(undefined)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
