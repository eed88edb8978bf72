import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * The readable API reference at /api/docs: plain HTML rendered on the server from the OpenAPI
 * document, with no script at all (the CSP allows none inline, and it works offline).
 */

type Schema = OpenAPIV3_1.SchemaObject & { $ref?: string; contentMediaType?: string };
type Operation = OpenAPIV3_1.OperationObject;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const MAX_DEPTH = 8;

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Paragraphs and `code` spans: all the markup the descriptions use. */
function prose(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const html = escapeHtml(paragraph.replace(/\s*\n\s*/g, ' ').trim()).replace(
        /`([^`]+)`/g,
        '<code>$1</code>',
      );
      return `<p>${html}</p>`;
    })
    .join('');
}

const anchor = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
export const operationAnchor = (method: string, path: string) => `op-${method}-${anchor(path)}`;
const schemaAnchor = (name: string) => `schema-${anchor(name)}`;

function refName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

function constraints(schema: Schema): string[] {
  const notes: string[] = [];
  const characters = (n: number) => `${n} character${n === 1 ? '' : 's'}`;
  if (schema.minLength !== undefined) notes.push(`at least ${characters(schema.minLength)}`);
  if (schema.maxLength !== undefined) notes.push(`at most ${characters(schema.maxLength)}`);
  if (schema.minimum !== undefined) notes.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`≤ ${schema.maximum}`);
  const entries = (n: number) => `${n} entr${n === 1 ? 'y' : 'ies'}`;
  if (schema.minItems !== undefined) notes.push(`at least ${entries(schema.minItems)}`);
  if (schema.maxItems !== undefined) notes.push(`at most ${entries(schema.maxItems)}`);
  if (schema.format) notes.push(schema.format.replace(/_/g, ' '));
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes;
}

/** One line naming the type, and the properties of an object below it. */
function renderSchema(schema: Schema | undefined, depth = 0): string {
  if (!schema || depth > MAX_DEPTH) return '<span class="type">any</span>';
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return `<a class="type" href="#${schemaAnchor(name)}">${escapeHtml(name)}</a>`;
  }
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) {
    return variants.map((variant) => renderSchema(variant, depth + 1)).join(' <i>or</i> ');
  }
  if (schema.const !== undefined) {
    return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  }
  if (schema.enum) {
    return `one of ${schema.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(', ')}`;
  }
  const types = [schema.type ?? []].flat() as string[];
  const notes = constraints(schema);
  const suffix = notes.length
    ? ` <span class="notes">(${escapeHtml(notes.join(', '))})</span>`
    : '';
  if (schema.contentMediaType) {
    return `<span class="type">${escapeHtml(schema.contentMediaType)} body</span>`;
  }
  if (types.includes('array')) {
    const others = types.filter((t) => t !== 'array');
    const items = 'items' in schema ? (schema.items as Schema) : undefined;
    const orNull = others.length ? ` <i>or</i> ${escapeHtml(others.join(' or '))}` : '';
    return `<span class="type">array of</span> ${renderSchema(items, depth + 1)}${orNull}${suffix}`;
  }
  if (types.includes('object') || schema.properties) {
    const required = new Set(schema.required ?? []);
    const properties = Object.entries(schema.properties ?? {}) as Array<[string, Schema]>;
    const extra =
      schema.additionalProperties && typeof schema.additionalProperties === 'object'
        ? `<li><i>any key</i>: ${renderSchema(schema.additionalProperties as Schema, depth + 1)}</li>`
        : '';
    if (!properties.length && !extra) return `<span class="type">object</span>${suffix}`;
    const items = properties
      .map(
        ([name, property]) =>
          `<li><code class="prop">${escapeHtml(name)}</code>${required.has(name) ? '' : '<span class="optional">optional</span>'} ${renderSchema(property, depth + 1)}${property.description ? ` — ${escapeHtml(property.description)}` : ''}</li>`,
      )
      .join('');
    return `<span class="type">object</span>${suffix}<ul class="props">${items}${extra}</ul>`;
  }
  return `<span class="type">${escapeHtml(types.join(' or ') || 'any')}</span>${suffix}`;
}

function renderContent(content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined): string {
  if (!content) return '<p class="muted">No body.</p>';
  return Object.entries(content)
    .map(
      ([mediaType, media]) =>
        `<div class="media"><span class="media-type">${escapeHtml(mediaType)}</span> ${renderSchema(media.schema as Schema)}</div>`,
    )
    .join('');
}

function renderParameters(parameters: OpenAPIV3_1.ParameterObject[]): string {
  if (!parameters.length) return '';
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${renderSchema(p.schema as Schema)}${p.description ? ` — ${escapeHtml(p.description)}` : ''}</td></tr>`,
    )
    .join('');
  return `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Type</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function who(operation: Operation): string {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.includes('metricsToken'))
    return 'Needs <code>Authorization: Bearer METRICS_TOKEN</code>.';
  if (schemes.includes('session')) return 'Signed in (the <code>sm_sid</code> cookie).';
  return 'Anyone.';
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const responses = Object.entries(operation.responses ?? {}) as Array<
    [string, OpenAPIV3_1.ResponseObject]
  >;
  const responseRows = responses
    .map(([status, response]) => {
      const headers = Object.entries(response.headers ?? {})
        .map(
          ([name, header]) =>
            `<div class="media">Header <code>${escapeHtml(name)}</code>${'description' in header && header.description ? `: ${escapeHtml(header.description)}` : ''}</div>`,
        )
        .join('');
      const description =
        response.description && response.description !== 'Default Response'
          ? `<p>${escapeHtml(response.description)}</p>`
          : '';
      return `<div class="response"><div class="status s${status.charAt(0)}">${escapeHtml(status)}</div><div>${description}${headers}${renderContent(response.content as Record<string, OpenAPIV3_1.MediaTypeObject>)}</div></div>`;
    })
    .join('');
  return `<article class="op" id="${operationAnchor(method, path)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
${operation.summary ? `<p class="summary">${escapeHtml(operation.summary)}</p>` : ''}
${prose(operation.description)}
<p class="who">${who(operation)}</p>
${renderParameters((operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[])}
${body ? `<h4>Request body</h4>${renderContent(body.content as Record<string, OpenAPIV3_1.MediaTypeObject>)}` : ''}
<h4>Responses</h4>${responseRows}
</article>`;
}

const STYLE = `
:root{color-scheme:light;--ink:#1f2933;--muted:#52606d;--line:#d9e2ec;--accent:#0f766e}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,sans-serif;color:var(--ink);background:#f8fafc}
header{background:#0f172a;color:#fff;padding:1.5rem 2rem}header h1{margin:0;font-size:1.6rem}
header a{color:#99f6e4}header .version{font-size:.9rem;opacity:.8;margin-left:.5rem}
.layout{display:grid;grid-template-columns:minmax(14rem,18rem) 1fr;gap:2rem;padding:1.5rem 2rem;max-width:90rem;margin:auto}
nav{position:sticky;top:1rem;align-self:start;max-height:calc(100vh - 2rem);overflow:auto;font-size:.85rem}
nav h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);margin:1rem 0 .25rem}
nav ul{list-style:none;margin:0;padding:0}nav li{margin:.1rem 0}nav a{color:var(--ink);text-decoration:none}nav a:hover{text-decoration:underline}
main{min-width:0}section>h2{border-bottom:2px solid var(--line);padding-bottom:.25rem;margin-top:2rem}
.op{background:#fff;border:1px solid var(--line);border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
.op h3{margin:0;font-size:1.05rem;word-break:break-all}.op h4{margin:1rem 0 .25rem;font-size:.9rem;color:var(--muted)}
.summary{font-weight:600;margin:.5rem 0 0}.who{color:var(--muted);font-size:.9rem}
.method{display:inline-block;min-width:4.2rem;text-align:center;border-radius:.25rem;padding:0 .4rem;color:#fff;font-size:.8rem;font-weight:700}
.method.get{background:#1d4ed8}.method.post{background:#047857}.method.put{background:#b45309}.method.patch{background:#7c3aed}.method.delete{background:#b91c1c}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border-bottom:1px solid var(--line);text-align:left;padding:.25rem .5rem;vertical-align:top}
.response{display:grid;grid-template-columns:3.5rem 1fr;gap:.5rem;border-top:1px solid var(--line);padding:.4rem 0}.response p{margin:0}
.status{font-weight:700}.status.s2{color:#047857}.status.s3{color:#1d4ed8}.status.s4{color:#b45309}.status.s5{color:#b91c1c}
.media{font-size:.9rem}.media-type{font-family:ui-monospace,monospace;background:#eef2f7;border-radius:.2rem;padding:0 .3rem}
.type{color:var(--accent);font-family:ui-monospace,monospace;font-size:.85rem}.notes,.muted{color:var(--muted);font-size:.85rem}
.optional{font-size:.75rem;color:var(--muted);border:1px solid var(--line);border-radius:.2rem;padding:0 .2rem;margin-left:.3rem}
ul.props{margin:.2rem 0 .2rem .3rem;padding-left:1rem;border-left:2px solid var(--line);list-style:none}
code{font-family:ui-monospace,monospace;font-size:.9em;overflow-wrap:anywhere}.prop{font-weight:600}
@media (max-width:50rem){.layout{grid-template-columns:1fr;padding:1rem}nav{position:static;max-height:none}header{padding:1rem}table{display:block;overflow-x:auto}.op{padding:.75rem}}
`;

export function renderApiReference(document: OpenAPIV3_1.Document): string {
  const byTag = new Map<string, Array<{ method: string; path: string; operation: Operation }>>();
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem?.[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, operation }]);
    }
  }
  const tagOrder = [
    ...(document.tags ?? []).map((tag) => tag.name),
    ...[...byTag.keys()].filter((tag) => !(document.tags ?? []).some((t) => t.name === tag)),
  ].filter((tag) => byTag.has(tag));
  const tagDescription = (name: string) => document.tags?.find((t) => t.name === name)?.description;
  const schemas = Object.entries(document.components?.schemas ?? {}).sort(([a], [b]) =>
    a.localeCompare(b),
  );

  const nav = tagOrder
    .map(
      (tag) =>
        `<h2>${escapeHtml(tag)}</h2><ul>${(byTag.get(tag) ?? [])
          .map(
            ({ method, path }) =>
              `<li><a href="#${operationAnchor(method, path)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
          )
          .join('')}</ul>`,
    )
    .join('');
  const sections = tagOrder
    .map(
      (tag) =>
        `<section id="tag-${anchor(tag)}"><h2>${escapeHtml(tag)}</h2>${prose(tagDescription(tag))}${(
          byTag.get(tag) ?? []
        )
          .map(({ method, path, operation }) => renderOperation(method, path, operation))
          .join('')}</section>`,
    )
    .join('');
  const schemaSection = schemas
    .map(
      ([name, schema]) =>
        `<article class="op" id="${schemaAnchor(name)}"><h3><code>${escapeHtml(name)}</code></h3>${prose((schema as Schema).description)}${renderSchema({ ...(schema as Schema), description: undefined })}</article>`,
    )
    .join('');
  const title = `${document.info.title} reference`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(document.info.title)}<span class="version">version ${escapeHtml(document.info.version)} · OpenAPI ${escapeHtml(document.openapi)}</span></h1>
<p>The machine-readable description for client generators: <a href="/api/openapi.json">/api/openapi.json</a>.</p></header>
<div class="layout">
<nav aria-label="Operations">${nav}<h2>Schemas</h2><ul>${schemas.map(([name]) => `<li><a href="#${schemaAnchor(name)}">${escapeHtml(name)}</a></li>`).join('')}</ul></nav>
<main>
<section id="overview"><h2>Overview</h2>${prose(document.info.description)}</section>
${sections}
<section id="schemas"><h2>Schemas</h2>${schemaSection}</section>
</main>
</div>
</body>
</html>`;
}
