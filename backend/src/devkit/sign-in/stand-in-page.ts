const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TITLES = { google: 'Google', apple: 'Apple' } as const;

/** The stand-in provider's sign-in page: an account chooser a developer fills in. */
export function standInPage(provider: 'google' | 'apple', hidden: Record<string, string>, error?: string): string {
  const title = TITLES[provider];
  const inputs = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${title} (local stand-in)</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(420px, 92vw); border: 1px solid color-mix(in srgb, CanvasText 15%, transparent); border-radius: 16px; padding: 28px; }
  h1 { font-size: 1.3rem; margin: 0 0 4px; } p { margin: 0 0 20px; opacity: .75; font-size: .92rem; }
  label { display: block; font-weight: 600; font-size: .9rem; margin: 14px 0 6px; }
  input[type=email], input[type=text] { width: 100%; box-sizing: border-box; padding: 10px 12px; border-radius: 10px; border: 1px solid color-mix(in srgb, CanvasText 25%, transparent); font: inherit; }
  .check { display: flex; gap: 8px; align-items: center; font-weight: 400; }
  button { margin-top: 22px; width: 100%; padding: 12px; border: 0; border-radius: 999px; background: #4f46e5; color: white; font: inherit; font-weight: 700; cursor: pointer; }
  .error { color: #eb5757; font-weight: 600; }
</style></head>
<body><main>
  <h1>Continue with ${title}</h1>
  <p>Local stand-in for ${title} sign-in: no account leaves this machine. Configure the real provider in production.</p>
  ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
  <form method="post">
    ${inputs}
    <label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="email">
    <label for="name">Full name</label><input id="name" name="name" type="text" required maxlength="80" autocomplete="name">
    <label class="check"><input type="checkbox" name="shareEmail" value="yes" checked> Share my email address with the app</label>
    <button type="submit">Continue</button>
  </form>
</main></body></html>`;
}
