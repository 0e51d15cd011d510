// The documentation page itself: an index.html that loads Swagger UI from its own folder and the
// specification beside it. Pure: the same title and version give the same bytes, so an unchanged
// API leaves the page unwritten.
import {docUrlPath, localServer} from './doc-location.js';
import type {PageFile} from './swagger-ui-assets.js';

/** Where edu start serves the page by default, as the page says when it was opened from its file. */
const localDocUrl = `${localServer}${docUrlPath}`;

/** The specification's name beside the page (the page reads it by this relative URL). */
export const pageSpecName = 'openapi.yaml';

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * PHP's built-in server answers /doc (no final slash) with doc/index.html itself, where relative
 * URLs would point at the site root. So the page's one inline script first moves the browser to
 * /doc/, and only then adds the stylesheet and scripts: static tags would be fetched from the
 * wrong folder before the move (the browser looks ahead for them).
 */
function loader(version: string): string {
	const v = encodeURIComponent(version);
	return [
		'(function () {',
		"  if (!/\\/$|\\.html?$/.test(location.pathname)) {",
		"    location.replace(location.pathname + '/' + location.search + location.hash);",
		'    return;',
		'  }',
		"  var css = document.createElement('link');",
		"  css.rel = 'stylesheet';",
		`  css.href = 'swagger-ui.css?v=${v}';`,
		'  document.head.appendChild(css);',
		`  ['swagger-ui-bundle.js?v=${v}', 'swagger-initializer.js'].forEach(function (src) {`,
		"    var script = document.createElement('script');",
		'    script.src = src;',
		'    script.async = false;',
		'    document.head.appendChild(script);',
		'  });',
		'})();',
	].join('\n');
}

export function indexHtml(title: string, swaggerUiVersion: string): string {
	return [
		'<!DOCTYPE html>',
		'<!-- Written by edu openapi --html from the OpenAPI attributes of app/Controller/api: run it again after changing them. -->',
		'<html lang="en">',
		'<head>',
		'<meta charset="utf-8">',
		'<meta name="viewport" content="width=device-width, initial-scale=1">',
		`<title>${escapeHtml(title)}: API documentation</title>`,
		// No favicon request: the application's front controller would answer it with a page.
		'<link rel="icon" href="data:,">',
		'<style>body { margin: 0; background: #fafafa; }</style>',
		`<script>\n${loader(swaggerUiVersion)}\n</script>`,
		'</head>',
		'<body>',
		'<div id="swagger-ui"></div>',
		'<noscript><p>This page shows the API with Swagger UI, which needs JavaScript.</p></noscript>',
		'</body>',
		'</html>',
		'',
	].join('\n');
}

/**
 * Swagger UI on the specification beside the page. With no `servers` in it, "Try it out" calls
 * the server the page came from (edu start), so the calls reach the application itself.
 * validatorUrl null: no badge fetched from the validator's website.
 */
export const initializer = `// Written by edu openapi --html.
function start() {
  // Opened from the file itself: a browser lets no such page read the specification beside it.
  if (location.protocol === 'file:') {
    var note = document.createElement('p');
    note.id = 'served-only';
    note.style.cssText = 'font: 16px/1.5 sans-serif; margin: 2em; max-width: 40em;';
    note.textContent = 'This page shows the API once it is served: run edu start in the project, then open ${localDocUrl}. A page opened from its file cannot read openapi.yaml beside it (browsers forbid it).';
    document.getElementById('swagger-ui').appendChild(note);
    return;
  }
  window.ui = SwaggerUIBundle({
    url: '${pageSpecName}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
`;

/**
 * Tells git to ignore the files edu writes in the folder, itself included, and nothing else: a
 * file of the user's there stays theirs to commit.
 */
export function gitignoreFor(names: readonly string[]): string {
	return [
		"# Written by edu openapi --html, which writes these files again from the controllers' attributes.",
		'# Delete this file to commit the page (to host it somewhere edu does not run, for example).',
		...['.gitignore', ...names].map((name) => `/${name}`),
		'',
	].join('\n');
}

/** The page's own files (not Swagger UI's, not the specification). */
export function pageFiles(title: string, swaggerUiVersion: string): PageFile[] {
	return [
		{name: 'swagger-initializer.js', content: initializer},
		{name: 'index.html', content: indexHtml(title, swaggerUiVersion)},
	];
}
