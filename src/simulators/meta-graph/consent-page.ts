// The simulated Facebook and Instagram consent dialogs: a plain HTML page a person can click
// through (Allow, Cancel, untick a permission), posting back to the simulator, which then sends
// the browser to the app's redirect URI exactly like the real dialog would.

const escape = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function consentPage(input: {
  login: 'facebook' | 'instagram';
  appName: string;
  personName: string;
  action: string;
  scopes: string[];
  hidden: Record<string, string>;
}): string {
  const brand = input.login === 'facebook' ? 'Facebook' : 'Instagram';
  const colour = input.login === 'facebook' ? '#1877f2' : '#d62976';
  const hidden = Object.entries(input.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');
  const scopes = input.scopes
    .map(
      (scope) =>
        `<li><label><input type="checkbox" name="granted" value="${escape(scope)}" checked> ${escape(scope)}</label></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log in with ${brand} (simulated)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f0f2f5;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;max-width:420px;width:calc(100% - 32px);border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.12);padding:24px}
h1{font-size:20px;margin:0 0 4px} .badge{display:inline-block;background:#fff4d6;color:#7a5300;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600}
ul{list-style:none;padding:0;margin:16px 0} li{padding:6px 0;border-bottom:1px solid #eee;font-family:ui-monospace,monospace;font-size:13px}
.row{display:flex;gap:8px;margin-top:16px} button{flex:1;padding:10px;border-radius:8px;border:1px solid #ccd0d5;font-size:15px;font-weight:600;cursor:pointer;background:#fff}
button.primary{background:${colour};border-color:${colour};color:#fff} button:focus-visible{outline:3px solid #111;outline-offset:2px}
p{color:#444;font-size:14px}
</style></head>
<body><main>
<span class="badge">Simulated ${brand}</span>
<h1>${escape(input.appName)} is requesting access</h1>
<p>Continue as <strong>${escape(input.personName)}</strong>. This is the Graph API simulator: no real ${brand} account is used.</p>
<form method="post" action="${escape(input.action)}">
${hidden}
<fieldset style="border:0;padding:0;margin:0"><legend style="font-size:14px;font-weight:600">Permissions</legend><ul>${scopes}</ul></fieldset>
<div class="row"><button type="submit" name="decision" value="deny">Cancel</button>
<button type="submit" name="decision" value="allow" class="primary">Allow</button></div>
</form></main></body></html>`;
}
