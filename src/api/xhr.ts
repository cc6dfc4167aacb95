/**
 * Uploads with progress: XMLHttpRequest reports upload progress, which fetch does not. Loaded by the
 * fetch core (http.ts) on the first request that asks for progress.
 */
export interface RawResponse {
  status: number;
  headers: { get(name: string): string | null };
  text: string;
  /** Set when the answer is a redirect that was not followed (the message for the `ApiError`). */
  redirect?: string;
}

export function xhrSend(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      onProgress(1);
      // XMLHttpRequest follows redirects by itself: an answer from another origin is not read.
      const from = new URL(url, location.href);
      const final = xhr.responseURL ? new URL(xhr.responseURL) : from;
      if (final.origin !== from.origin) {
        resolve({
          status: xhr.status,
          headers: { get: () => null },
          text: '',
          redirect: `The service redirected to ${final.origin}; redirects to another origin are not followed.`,
        });
        return;
      }
      resolve({
        status: xhr.status,
        headers: { get: (name) => xhr.getResponseHeader(name) },
        text: xhr.responseText,
      });
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onabort = () => reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body ?? null);
  });
}
