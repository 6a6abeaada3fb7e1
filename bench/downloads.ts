// Downloads of a file by the app and by its bare reference, two at a time, counting bytes without
// keeping them, with each server's CPU time and resident memory. Each of the app's downloads asks
// for its URL: one link of the shop is one download.
//
// The two sides take turns pair by pair, not round by round. A pair of 50 MB files takes a few
// tenths of a second here, and a round of one side then the other (3 s each) let a neighbour's
// burst of a second or two land on one side only: the per-round ratio moved from 33 % to 171 %
// with the same code. Pair by pair, both sides meet the same moments; the order of the two
// alternates (A B, B A, A B …) so that neither always runs right after the other's work.
import { request } from 'node:http';
import type { RoundSettings } from './rounds.js';
import { readCpuMs, readMemory } from './servers.js';

const PARALLEL = 2;
/**
 * Pairs of each side a round holds at least, however long they take: on a machine loaded to 17
 * a pair took 1.4 s, a round of 3 s held two, and one slow pair moved its round's share by half.
 */
const MIN_PAIRS_PER_ROUND = 4;
const MEMORY_SAMPLE_MS = 20;

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

export interface DownloadSide {
  /** The URL of the next download; its time counts in the side's time. */
  nextUrl: () => Promise<string>;
  /** The server's process, for its CPU time and memory. */
  pid: number | undefined;
}

export interface DownloadRound {
  /** MB received over the side's own time in the round, the time taken to get each URL included. */
  mbPerSecond: number;
  /** The server's CPU time per file sent; NaN where /proc cannot tell. */
  cpuMsPerFile: number;
  /** The server's highest resident memory during the round. */
  peakRssMb: number;
}

interface Tally {
  bytes: number;
  files: number;
  ms: number;
  cpuMs: number;
  peakRssMb: number;
}

const emptyTally = (): Tally => ({ bytes: 0, files: 0, ms: 0, cpuMs: 0, peakRssMb: 0 });

/** One pair of downloads by `side`, added to its tally. */
async function downloadPair(side: DownloadSide, tally: Tally): Promise<void> {
  const cpuBefore = readCpuMs(side.pid);
  const started = performance.now();
  const pair = await Promise.all(Array.from({ length: PARALLEL }, async () => downloadOnce(await side.nextUrl())));
  tally.ms += performance.now() - started;
  const cpuAfter = readCpuMs(side.pid);
  tally.cpuMs += cpuBefore === undefined || cpuAfter === undefined ? Number.NaN : cpuAfter - cpuBefore;
  tally.bytes += pair.reduce((sum, received) => sum + received, 0);
  tally.files += PARALLEL;
}

/** Pairs of `a` and of `b` in turn until each has downloaded for `seconds` and MIN_PAIRS_PER_ROUND pairs. */
async function interleavedRound(a: DownloadSide, b: DownloadSide, seconds: number): Promise<[Tally, Tally]> {
  const tallies: [Tally, Tally] = [emptyTally(), emptyTally()];
  const sides: Array<[DownloadSide, Tally]> = [
    [a, tallies[0]],
    [b, tallies[1]],
  ];
  const sampler = setInterval(() => {
    for (const [side, tally] of sides) tally.peakRssMb = Math.max(tally.peakRssMb, readMemory(side.pid)?.rssMb ?? 0);
  }, MEMORY_SAMPLE_MS);
  try {
    for (let turn = 0; turn < MIN_PAIRS_PER_ROUND || tallies.some((tally) => tally.ms < seconds * 1000); turn++) {
      const order = turn % 2 === 0 ? sides : [...sides].reverse();
      for (const [side, tally] of order) await downloadPair(side, tally);
    }
  } finally {
    clearInterval(sampler);
  }
  return tallies;
}

function figures(tally: Tally): DownloadRound {
  return {
    mbPerSecond: tally.bytes / 1024 / 1024 / (tally.ms / 1000),
    cpuMsPerFile: tally.cpuMs / tally.files,
    peakRssMb: tally.peakRssMb,
  };
}

/**
 * A warm-up round (discarded), then `settings.rounds` rounds in which `a` and `b` download pairs
 * in turn until each has downloaded for `settings.roundSeconds`; answers each side's rounds.
 */
export async function alternateDownloads(
  settings: RoundSettings,
  a: DownloadSide,
  b: DownloadSide,
): Promise<{ a: DownloadRound[]; b: DownloadRound[] }> {
  if (settings.warmupSeconds > 0) await interleavedRound(a, b, settings.warmupSeconds);
  const rounds = { a: [] as DownloadRound[], b: [] as DownloadRound[] };
  for (let round = 0; round < settings.rounds; round++) {
    const [ofA, ofB] = await interleavedRound(a, b, settings.roundSeconds);
    rounds.a.push(figures(ofA));
    rounds.b.push(figures(ofB));
  }
  return rounds;
}
