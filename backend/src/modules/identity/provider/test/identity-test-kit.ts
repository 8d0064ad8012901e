import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { OutboxMessage } from '@sparkhouse/contracts';

export const CLIENT_ID = 'sparkhouse-web';

/** The official client pointed at the built-in provider, as a browser or app would use it. */
export function sdkClient(baseUrl: string) {
  return new CognitoIdentityProviderClient({
    region: 'us-east-2',
    endpoint: `${baseUrl}/api/identity`,
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    maxAttempts: 1,
  });
}

/** A raw protocol call (for headers the SDK would not send, and for bad input). */
export async function rawCall(baseUrl: string, action: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}/api/identity/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: res.status,
    errorType: res.headers.get('x-amzn-errortype'),
    body: (await res.json()) as { __type: string; message: string },
  };
}

export async function outbox(baseUrl: string, to: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

export async function latestCode(baseUrl: string, to: string): Promise<string> {
  const [newest] = await outbox(baseUrl, to);
  if (!newest?.code) throw new Error(`no code mailed to ${to}`);
  return newest.code;
}
