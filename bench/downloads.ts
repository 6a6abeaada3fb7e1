// Downloads a file again and again, two at a time, for a round's duration, counting bytes without
// keeping them and sampling the server's resident memory. Each download asks for its URL: one
// link of the shop is one download.
import { request } from 'node:http';
import { readMemory } from './servers.js';

const PARALLEL = 2;

function downloadOnce(url: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    request(url, { agent: false }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('error', reject);
      response.on('end', () =>
        response.statusCode === 200 ? resolve(bytes) : reject(new Error(`download answered ${response.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Pairs of downloads until `seconds` have passed (at least one pair); MB/s over the whole round,
 * the time taken to get each URL included.
 */
export async function downloadFor(
  nextUrl: () => Promise<string>,
  seconds: number,
  pid: number | undefined,
): Promise<{ mbPerSecond: number; peakRssMb: number }> {
  let peakRssMb = 0;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, readMemory(pid)?.rssMb ?? 0);
  }, 20);
  try {
    const started = performance.now();
    let bytes = 0;
    do {
      const pair = await Promise.all(Array.from({ length: PARALLEL }, async () => downloadOnce(await nextUrl())));
      bytes += pair.reduce((sum, received) => sum + received, 0);
    } while (performance.now() - started < seconds * 1000);
    return { mbPerSecond: bytes / 1024 / 1024 / ((performance.now() - started) / 1000), peakRssMb };
  } finally {
    clearInterval(sampler);
  }
}
