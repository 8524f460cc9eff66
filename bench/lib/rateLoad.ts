import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { openLoop } from './openLoop.ts';

// The fixed-rate load of `npm run bench:dashboard` and `bench:risk`, in a process of its own so that it never shares the
// server's event loop: an open loop that sends one GET every 1000/rate ms on schedule (a late answer does not
// delay the next send), round-robin over the paths, with the token. Prints one JSON line:
// { sent, failed, firstFailure, seconds, byPath: { [path]: latenciesMs (sorted) } }.
// With `@file` instead of the paths, the file holds one POST per send, `[{ path, body }]`, each sent once
// (`npm run bench:risk`: every dispatch needs its own order, driver and vehicle).
const [baseUrl, token, pathsArg, rateArg, secondsArg] = process.argv.slice(2);
const posts = pathsArg.startsWith('@')
  ? (JSON.parse(readFileSync(pathsArg.slice(1), 'utf8')) as Array<{ path: string; body: unknown }>)
  : null;
const paths = posts ? [...new Set(posts.map((p) => p.path))] : (JSON.parse(pathsArg) as string[]);
const ratePerSecond = Number(rateArg);
const seconds = Number(secondsArg);

const byPath: Record<string, number[]> = Object.fromEntries(paths.map((p) => [p, []]));
let failed = 0;
let firstFailure: string | null = null;

async function send(seq: number): Promise<void> {
  const post = posts?.[seq];
  const path = post ? post.path : paths[seq % paths.length];
  const began = performance.now();
  try {
    const response = await fetch(
      `${baseUrl}${path}`,
      post
        ? {
            method: 'POST',
            headers: { 'x-access-token': token, 'content-type': 'application/json' },
            body: JSON.stringify(post.body),
          }
        : { headers: { 'x-access-token': token } },
    );
    const json = (await response.json()) as { success?: boolean; message?: string };
    if (!json.success) {
      failed += 1;
      firstFailure ??= `${path}: HTTP ${response.status} ${json.message ?? ''}`;
    }
  } catch (error) {
    failed += 1;
    firstFailure ??= `${path}: ${(error as Error).message} ${String((error as Error).cause ?? '')}`;
  }
  byPath[path].push(performance.now() - began);
}

const total = posts
  ? Math.min(posts.length, Math.round(ratePerSecond * seconds))
  : Math.round(ratePerSecond * seconds);
const { sent, seconds: took } = await openLoop(total, ratePerSecond, send);
for (const list of Object.values(byPath)) list.sort((a, b) => a - b);
console.log(JSON.stringify({ sent, failed, firstFailure, seconds: took, byPath }));
