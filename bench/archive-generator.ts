/**
 * A year of a busy home's archive, generated: records appended through the store's own writer
 * (`ArchiveStore.append`, then `writeRowIndex` as a run ends), without writing an eck-debug
 * folder and importing it (2M snapshots by import would take some 20 minutes). The files are a
 * handful of small variants, so dedup keeps the pack small; what varies is what the History
 * filters on: the time (a year, busier by day), the session, the peer and the chat type, in
 * each snapshot's facts (the columns an import computes, electron/history/archive-facts.ts).
 */
import {
  debugFileName,
  formatSnapshotKey,
  formatTimestamp,
  parseDebugFileName,
} from '../shared/debug-files/names';
import { EMPTY_COLUMNS } from '../shared/history/history-types';
import { ArchiveStore } from '../electron/archive/archive-store';
import type { SnapshotToAdd } from '../electron/archive/archive-store';
import type { RowFacts } from '../electron/archive/row-index-file';
import { keptFacts } from '../electron/history/archive-facts';
import { mulberry32 } from '../shared/testing/mulberry32';

const AGENTS = 10;
const PEERS_PER_AGENT = 30;
const SESSION_TYPES = ['dm', 'group-chat', 'channel-thread', 'heartbeat'];
const CHAT_TYPES = ['private', 'group'];
const CHANNELS = ['aun', 'feishu', 'slack'];
const VARIANTS = 8;

/** The few file variants every snapshot shares (what dedup makes of a year of renders). */
function variants(): SnapshotToAdd['files'][] {
  return Array.from({ length: VARIANTS }, (_, v) => ({
    vars: Buffer.from(JSON.stringify({ chatType: CHAT_TYPES[v % 2], variant: v })),
    context: Buffer.from(`# Rules\n\nBe kind (${v}).\n\n# Memory\n\nvariant ${v}\n`),
    manifest: Buffer.from(JSON.stringify({ sections: [{ id: 'rules' }, { id: 'memory' }], variant: v })),
  }));
}

/** The peers, named as vars name them. */
const peerName = (agent: number, p: number): string => `agent${agent}-peer-${p.toString().padStart(2, '0')}`;

/**
 * Writes `n` snapshots spread over the year before `end` into a new archive at `dir` and its
 * row index. Returns the times of the first and last snapshot.
 */
export function generateArchive(
  dir: string,
  n: number,
  end = Date.UTC(2026, 11, 1),
): { first: number; last: number } {
  const rand = mulberry32(42);
  const files = variants();
  const w = ArchiveStore.openWriter(dir);
  const year = 365 * 24 * 3600 * 1000;
  const step = year / n;
  let at = end - year;
  let lastTimestamp = '';
  let suffix = 1;
  let first = 0;
  let last = 0;
  let batch: SnapshotToAdd[] = [];
  for (let i = 0; i < n; i++) {
    // Busier in the day than at night: the step shrinks by day and grows by night.
    const hour = new Date(at).getUTCHours();
    at += step * (hour >= 8 && hour < 22 ? 0.7 : 1.6) * (0.5 + rand());
    const timestamp = formatTimestamp(new Date(at));
    suffix = timestamp === lastTimestamp ? suffix + 1 : 1;
    lastTimestamp = timestamp;
    const key = formatSnapshotKey(timestamp, suffix === 1 ? null : suffix);
    const time = parseDebugFileName(debugFileName('vars', key))?.time ?? at;
    if (i === 0) first = time;
    last = time;
    const agent = Math.floor(rand() * AGENTS);
    const peer = Math.floor(rand() ** 2 * PEERS_PER_AGENT);
    const day = Math.floor(at / 86_400_000);
    const facts: RowFacts = keptFacts(
      {
        ...EMPTY_COLUMNS,
        sessionType: SESSION_TYPES[Math.floor(rand() ** 1.5 * SESSION_TYPES.length)] ?? null,
        chatType: CHAT_TYPES[peer % 5 === 0 ? 1 : 0] ?? null,
        channel: CHANNELS[agent % CHANNELS.length] ?? null,
        peer: peerName(agent, peer),
        peerKey: `${CHANNELS[agent % CHANNELS.length]}#${peerName(agent, peer)}`,
        sessionId: `s-${agent}-${day}`,
        sectionsLoaded: 10 + Math.floor(rand() * 6),
        sectionsTotal: 16,
        contextBytes: 15_000 + Math.floor(rand() * 20_000),
        truncated: rand() < 0.05,
        recordedAt: Math.round(at),
      },
      null,
      null,
      { vars: 40, context: 50, manifest: 60 },
    );
    batch.push({ key, time, files: files[i % VARIANTS] as SnapshotToAdd['files'], facts });
    if (batch.length === 5000) {
      w.append(batch, Math.round(at));
      batch = [];
    }
  }
  w.append(batch, Math.round(at));
  w.writeRowIndex();
  w.close();
  return { first, last };
}
