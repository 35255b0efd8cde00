/**
 * A large history folder for the History specs: `copies` snapshots, one every 7 s from
 * 2026-12-05 00:00:00, each a copy of one of the demo home's snapshots (all four files).
 */
import fs from 'node:fs';
import path from 'node:path';

/** Writes the snapshots into `dir` and returns how many files the folder then holds. */
export function fillHistory(home: string, dir: string, copies: number): number {
  const demo = path.join(home, 'data', 'eck-debug');
  fs.mkdirSync(dir, { recursive: true });
  const names = fs.readdirSync(demo).filter((n) => /^(vars|context|fragments|manifest)-/.test(n));
  const keys = [...new Set(names.map((n) => n.replace(/^[a-z]+-/, '').replace(/\.(md|json)$/, '')))].sort();
  const start = new Date(2026, 11, 5, 0, 0, 0).getTime();
  const pad = (n: number): string => String(n).padStart(2, '0');
  for (let i = 0; i < copies; i++) {
    const src = keys[i % keys.length] as string;
    const d = new Date(start + i * 7000);
    const key = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}-${pad(d.getMinutes())}-${pad(d.getSeconds())}`;
    for (const [kind, ext] of [
      ['vars', 'json'],
      ['context', 'md'],
      ['fragments', 'md'],
      ['manifest', 'md'],
    ] as const) {
      const from = path.join(demo, `${kind}-${src}.${ext}`);
      if (fs.existsSync(from)) fs.copyFileSync(from, path.join(dir, `${kind}-${key}.${ext}`));
    }
  }
  return fs.readdirSync(dir).length;
}
