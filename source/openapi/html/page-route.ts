// A route of routes.yaml that serves the page's URL path (/doc or /doc/): PHP's server would hand
// that path to the page's folder instead, and the route's own page would be gone.
import {readRoutesFile} from '../../project/routes-yaml/routes-file.js';
import {routeVariants} from '../../project/fast-route/route-variants.js';
import type {RouteEntry} from '../../project/routes-yaml/routes.js';
import {docUrlPath} from './doc-location.js';

/** The paths PHP's server answers from the page's folder: /doc and /doc/. */
function pagePaths(urlPath: string): string[] {
	const bare = urlPath.replace(/\/+$/, '');
	return [bare, `${bare}/`];
}

/**
 * The first route serving the page's path: a static URI equal to it, or one whose literal start
 * is the page's folder and whose pattern matches it (`/doc[/{section}]`). A catch-all such as
 * `/{page}` is left alone: it serves every path, and the page takes only its own.
 */
export function routeAtPage(root: string, urlPath = docUrlPath): RouteEntry | undefined {
	const routes = readRoutesFile(root);
	if ('code' in routes || !routes.exists) return undefined;
	const paths = pagePaths(urlPath);
	const folder = paths[0]!;
	return routes.entries.find((route) => (routeVariants(route.uri) ?? []).some((variant) => {
		if (variant.static !== undefined) return paths.includes(variant.static);
		if (!variant.prefix.startsWith(folder)) return false;
		try {
			return paths.some((candidate) => new RegExp(`^${variant.regex}$`, 'u').test(candidate));
		} catch {
			// A pattern JavaScript does not read as PHP does: its literal start decides.
			return true;
		}
	}));
}
