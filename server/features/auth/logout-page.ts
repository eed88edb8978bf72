const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What GET /api/logout shows to a request that did not come from our own pages: a button that
 * posts the sign-out. No script (the CSP forbids inline ones, and none is needed): a form with
 * no fields posts an empty body, which the cross-site guard lets through only from our origin.
 */
export function logoutPage(siteName: string): string {
  const name = escapeHtml(siteName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign out of ${name}</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 4rem auto; padding: 0 1rem; color: #1c1917">
<h1 style="font-size: 1.5rem">Sign out of ${name}?</h1>
<p>Another site sent you here. Nothing has changed yet: you are still signed in.</p>
<form method="post" action="/api/logout">
<button type="submit" style="font-size: 1rem; padding: 0.6rem 1.2rem; border-radius: 0.75rem; border: 0; background: #15803d; color: white; cursor: pointer">Sign out</button>
<a href="/" style="margin-left: 1rem; color: #15803d">Back to ${name}</a>
</form>
</body>
</html>
`;
}
