import type { CallResponse } from '@sparkhouse/contracts';
import { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './api-error';
import { API_PREFIX, currentTimeZone, errorFromBody, identityHeaders, type AnyCall } from './call-api';

export interface UploadOptions {
  /** The form's text fields, sent before the file (so the server can refuse early, before reading it). */
  fields: Record<string, string>;
  file: File;
  /** The form field the file goes in. */
  fileField?: string;
  /** 0-100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Makes a declared upload call (multipart/form-data) with XMLHttpRequest, the one browser API that
 * reports upload progress. Answers like callApi: the envelope's response, or an ApiError.
 */
export function uploadWithProgress<C extends AnyCall>(call: C, options: UploadOptions): Promise<CallResponse<C>> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields)) form.append(name, value);
    form.append(options.fileField ?? 'file', options.file, options.file.name);

    const xhr = new XMLHttpRequest();
    xhr.open(call.method, API_PREFIX + call.path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Time-Zone', currentTimeZone());
    for (const [name, value] of Object.entries(identityHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.((e.loaded / e.total) * 100);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorFromBody(xhr.status, body));
      const envelope = body as { status?: string; response?: unknown } | undefined;
      if (call.style === 'legacy') return resolve(body as CallResponse<C>);
      if (envelope?.status === 'success') return resolve(envelope.response as CallResponse<C>);
      reject(new ApiError({ status: xhr.status, code: 'INVALID_RESPONSE', message: GENERIC_ERROR_MESSAGE }));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK', message: NETWORK_ERROR_MESSAGE }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
