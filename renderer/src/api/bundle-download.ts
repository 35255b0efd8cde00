/**
 * An export in the browser (serve mode) is a real download: the main side built the bundle and
 * offered it once (`BundleDownload`); the page fetches it over HTTP with the session token in a
 * header (never in a URL, where the downloads list would keep it) and hands the bytes to the
 * browser as a file to save, under the name the server's `Content-Disposition` gives.
 */
import type { ApiResult } from '../../../shared/api';
import { HTTP_API_PREFIX, fail } from '../../../shared/api';
import type { BundleDownload } from '../../../shared/api/history-models';
import { sessionTokenOfPage } from './session-token';

/** The file name of a `Content-Disposition` header (RFC 5987 form first), or `null`. */
export function dispositionName(header: string | null): string | null {
  if (header === null) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A broken escape: the plain form below.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/** What the browser needs to save bytes as a file (a fake in tests). */
export interface SaveTarget {
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** Hands the browser a file to save under `name`. */
  save(blob: Blob, name: string): void;
}

/** This window's: a detached `<a download>` of an object URL, clicked once, then let go. */
export function windowSaveTarget(): SaveTarget {
  return {
    fetch: (url, init) => window.fetch(url, init),
    save(blob, name) {
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      // Never put into the document: the page's link guard has nothing to judge, and no
      // workspace text can reach this element (the name is the server's, set as a property).
      a.download = name;
      a.href = url;
      a.click();
      // The click has handed the blob to the download; free it after this turn.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  };
}

/** Fetches the offered bundle and saves it; the name saved under, or the error. */
export async function downloadBundle(
  download: BundleDownload,
  target: SaveTarget = windowSaveTarget(),
): Promise<ApiResult<{ readonly name: string }>> {
  const token = sessionTokenOfPage();
  if (token === null) return fail('unauthorized', 'this page has no session token to download with');
  let response: Response;
  try {
    response = await target.fetch(`${HTTP_API_PREFIX}download/${encodeURIComponent(download.id)}`, {
      headers: { authorization: `Bearer ${token}` },
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch (error) {
    return fail('internal', `the download could not be fetched: ${String(error)}`);
  }
  if (!response.ok) {
    return fail(
      response.status === 404 ? 'not-found' : 'internal',
      `the download failed (${response.status})`,
    );
  }
  const name = dispositionName(response.headers.get('content-disposition')) ?? download.name;
  target.save(await response.blob(), name);
  return { ok: true, value: { name } };
}
