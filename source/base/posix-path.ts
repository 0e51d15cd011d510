// Paths as the user reads them and as every report names them: with `/`, whatever the platform.
import path from 'node:path';

/** `relative` (a path from path.relative or a folder listing) with `/` between its parts. */
export function posixPath(relative: string): string {
	return path.sep === '/' ? relative : relative.split(path.sep).join('/');
}
