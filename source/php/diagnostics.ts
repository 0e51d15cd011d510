// Warnings and errors found while reading attributes, each tied to file:line:col.
import {siteText, type Site} from './php-value.js';

export interface Diagnostic {
	readonly severity: 'warning' | 'error';
	readonly site: Site;
	readonly message: string;
}

export class Diagnostics {
	readonly #items: Diagnostic[] = [];
	readonly #seen = new Set<string>();

	warn(site: Site, message: string): void {
		this.#add({severity: 'warning', site, message});
	}

	error(site: Site, message: string): void {
		this.#add({severity: 'error', site, message});
	}

	#add(diagnostic: Diagnostic): void {
		// The same attribute read for two operations must not warn twice.
		const key = `${diagnostic.severity} ${siteText(diagnostic.site)} ${diagnostic.message}`;
		if (this.#seen.has(key)) return;
		this.#seen.add(key);
		this.#items.push(diagnostic);
	}

	/** In file, line, column order, whatever order they were found in. */
	get all(): readonly Diagnostic[] {
		return this.#items
			.map((item, index) => ({item, index}))
			.sort((a, b) => compareSites(a.item.site, b.item.site) || a.index - b.index)
			.map(({item}) => item);
	}

	get errors(): Diagnostic[] {
		return this.all.filter((item) => item.severity === 'error');
	}

	get warnings(): Diagnostic[] {
		return this.all.filter((item) => item.severity === 'warning');
	}
}

function compareSites(a: Site, b: Site): number {
	if (a.file !== b.file) return a.file < b.file ? -1 : 1;
	return a.line - b.line || a.col - b.col;
}

export function formatDiagnostic(diagnostic: Diagnostic): string {
	return `${siteText(diagnostic.site)}: ${diagnostic.message}`;
}
