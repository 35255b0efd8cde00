/**
 * The bundle a browser page is about to download (serve mode): kept in memory between the
 * `exportBundle` call that built it and the one GET that fetches it, so the export writes no
 * file anywhere, neither in the home nor in the settings folder. One at a time: a new export
 * replaces the last one; it is handed out once, and only for a short while.
 */
import { randomBytes } from 'node:crypto';
import { ApiFailure } from '../../shared/api';
import type { BundleDownload } from '../../shared/api/history-models';

/** Largest bundle offered for download: a bundle holds the kit's small text files. */
export const MAX_DOWNLOAD_BYTES = 64 * 1024 * 1024;

/** How long an offered bundle waits for its GET (the page fetches it at once). */
export const DOWNLOAD_TTL_MS = 60_000;

/** What the GET sends. */
export interface DownloadBody {
  readonly name: string;
  readonly body: Buffer;
}

/** The one pending download. */
export class BundleDownloads {
  private pending: (DownloadBody & { readonly id: string; readonly until: number }) | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps `text` for one GET under a fresh unguessable id; refuses it over the cap. */
  offer(name: string, text: string): BundleDownload {
    const body = Buffer.from(text, 'utf8');
    if (body.length > MAX_DOWNLOAD_BYTES) {
      this.pending = null;
      throw new ApiFailure(
        'write-error',
        `the bundle is ${body.length} bytes, over the ${MAX_DOWNLOAD_BYTES}-byte download limit; nothing was offered`,
      );
    }
    const id = randomBytes(18).toString('base64url');
    this.pending = { id, name, body, until: this.now() + DOWNLOAD_TTL_MS };
    return { id, name, bytes: body.length };
  }

  /** The bundle for `id`, once: the next call, another id or a late one get `null`. */
  take(id: string): DownloadBody | null {
    const pending = this.pending;
    if (pending === null || pending.id !== id) return null;
    this.pending = null;
    if (this.now() > pending.until) return null;
    return { name: pending.name, body: pending.body };
  }
}
