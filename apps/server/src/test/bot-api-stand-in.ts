import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One Bot API call as the stand-in received it. */
export interface BotApiCall {
  method: string;
  payload: Record<string, unknown>;
}

/**
 * How the stand-in refuses calls to a chat, as Telegram does: the user blocked the bot (403), the chat does
 * not exist (400), flood control (429 with retry_after) or Telegram's own trouble (502).
 */
export type ChatFailure = 'blocked' | 'not_found' | { retryAfter: number } | 'server_error';

export interface BotApiStandIn {
  /** The TELEGRAM_API_ROOT to give the app. */
  url: string;
  calls: BotApiCall[];
  /** The payloads of one method, in order. */
  callsOf(method: string): Record<string, unknown>[];
  /** Every later call naming this chat fails so (null: succeeds again). */
  failChat(chatId: string | number, failure: ChatFailure | null): void;
  /** Forgets the calls and the failures. */
  reset(): void;
  close(): Promise<void>;
}

const failures: Record<Exclude<ChatFailure, object>, { status: number; description: string }> = {
  blocked: { status: 403, description: 'Forbidden: bot was blocked by the user' },
  not_found: { status: 400, description: 'Bad Request: chat not found' },
  server_error: { status: 502, description: 'Bad Gateway' },
};

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    // Form fields carry objects (reply_markup…) as JSON text, as the Bot API reads them.
    const payload: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      try {
        payload[key] = JSON.parse(value);
      } catch {
        payload[key] = value;
      }
    }
    return payload;
  }
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * A local Telegram Bot API (`POST /bot<token>/<method>`) for tests: the real grammY talks to it through
 * TELEGRAM_API_ROOT. It records every call and answers with plausible results.
 */
export async function startBotApiStandIn(token: string, botName = 'carwash_crm_bot'): Promise<BotApiStandIn> {
  const calls: BotApiCall[] = [];
  const chatFailures = new Map<string, ChatFailure>();
  let nextMessageId = 1000;
  const botUser = {
    id: Number(token.split(':')[0]) || 1,
    is_bot: true,
    first_name: botName,
    username: botName,
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
  };

  function resultOf(method: string, payload: Record<string, unknown>): unknown {
    const date = Math.floor(Date.now() / 1000);
    const chat = { id: payload.chat_id, type: 'private' };
    switch (method) {
      case 'getMe':
        return botUser;
      case 'sendMessage':
        return {
          message_id: nextMessageId++,
          from: botUser,
          chat,
          date,
          text: payload.text,
          ...(payload.reply_markup ? { reply_markup: payload.reply_markup } : {}),
        };
      case 'editMessageText':
      case 'editMessageReplyMarkup':
        if (payload.inline_message_id) return true;
        return {
          message_id: payload.message_id,
          from: botUser,
          chat,
          date,
          edit_date: date,
          ...(method === 'editMessageText' ? { text: payload.text } : {}),
          ...(payload.reply_markup ? { reply_markup: payload.reply_markup } : {}),
        };
      default:
        // answerCallbackQuery, setWebhook, deleteWebhook and the like.
        return true;
    }
  }

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  const server = createServer((request, response) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.url?.split('?')[0] ?? '');
      if (!match) return send(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
      if (decodeURIComponent(match[1]!) !== token) {
        return send(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      }
      const method = match[2]!;
      let payload: Record<string, unknown>;
      try {
        payload = await readBody(request);
      } catch {
        return send(response, 400, { ok: false, error_code: 400, description: 'Bad Request: bad body' });
      }
      calls.push({ method, payload });
      const failure = payload.chat_id === undefined ? undefined : chatFailures.get(String(payload.chat_id));
      if (failure && typeof failure === 'object') {
        const description = `Too Many Requests: retry after ${failure.retryAfter}`;
        return send(response, 429, {
          ok: false,
          error_code: 429,
          description,
          parameters: { retry_after: failure.retryAfter },
        });
      }
      if (failure) {
        const { status, description } = failures[failure];
        return send(response, status, { ok: false, error_code: status, description });
      }
      return send(response, 200, { ok: true, result: resultOf(method, payload) });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method).map((c) => c.payload),
    failChat(chatId, failure) {
      if (failure === null) chatFailures.delete(String(chatId));
      else chatFailures.set(String(chatId), failure);
    },
    reset() {
      calls.length = 0;
      chatFailures.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
