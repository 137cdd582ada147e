// Test helpers of the questions area (used by questions.test.ts and other areas' tests).
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { payThroughApi } from '../wallet/money.fixtures.js';
import type { TestUser } from '../../../test/helpers.js';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real (decodable) RGB PNG of the given size. */
export function makePng(width = 2, height = 2): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7f)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart body built by the platform's own encoder (as a browser would send it). */
export async function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; data: Buffer; type?: string },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      file.field,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const req = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
}

export const sampleQuestion = {
  title: 'How do I debounce a search input in React?',
  description: 'Every keystroke fires a request. How can I wait until the user stops typing?',
  category: 'Technology',
};

/** Creates a question through the API and returns its JSON. */
/**
 * Asks a question the way the product does: create, then pay its reward through the sandbox
 * checkout (an unpaid question is only its author's). `paid: false` stops after creating it.
 */
export async function createQuestion(
  app: FastifyInstance,
  user: TestUser,
  over: Partial<{ title: string; description: string; category: string; reward: number }> = {},
  opts: { paid?: boolean } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/questions',
    headers: user.auth,
    payload: { ...sampleQuestion, ...over },
  });
  if (res.statusCode !== 201) throw new Error(`create question failed: ${res.statusCode} ${res.body}`);
  const q = res.json() as { _id: string; title: string; rewardAmount: number; [k: string]: unknown };
  if (opts.paid === false || q.rewardAmount === 0) return q;
  const { question } = await payThroughApi(app, user, q._id, q.rewardAmount / 100);
  return { ...q, ...(question as object), isPaid: true } as typeof q;
}

export async function postAnswer(
  app: FastifyInstance,
  user: TestUser,
  questionId: string,
  content = 'Use a debounced value: wait 300 ms after the last keystroke before fetching.',
  attachments: unknown[] = [],
) {
  return app.inject({
    method: 'POST',
    url: `/api/questions/${questionId}/answers`,
    headers: user.auth,
    payload: { content, attachments },
  });
}
