import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted OpenAI-compatible chat-completions server on loopback, for tests:
 * real HTTP, with each answer decided by a script function.
 */
export interface ScriptedReply {
  status?: number;
  /** Model message content (wrapped in the chat-completions envelope). */
  content?: string;
  /** Raw body, sent as is (for broken envelopes). */
  raw?: string;
  delayMs?: number;
  headers?: Record<string, string>;
}

export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  temperature?: number;
  response_format?: unknown;
  /** The document chunk between the <<< >>> markers of the user prompt. */
  chunk: string;
}

export type Script = (request: ChatRequest, callIndex: number) => ScriptedReply;

export interface ScriptedServer {
  baseUrl: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export async function startScriptedServer(script: Script): Promise<ScriptedServer> {
  const requests: ChatRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await readBody(req)) as Omit<ChatRequest, 'chunk'>;
    const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
    const chunk = /<<<\n([\s\S]*)\n>>>/.exec(user)?.[1] ?? user;
    const request = { ...body, chunk };
    requests.push(request);
    const reply = script(request, requests.length - 1);
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (res.destroyed) return;
    const payload = reply.raw ?? JSON.stringify({ choices: [{ message: { role: 'assistant', content: reply.content ?? '' } }] });
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A reply listing the given elements as the model would. */
export function elements(...list: Array<[string, string]>): ScriptedReply {
  return { content: JSON.stringify({ elements: list.map(([text, label]) => ({ text, label })) }) };
}
