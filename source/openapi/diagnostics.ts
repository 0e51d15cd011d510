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

	get all(): readonly Diagnostic[] {
		return this.#items;
	}

	get errors(): Diagnostic[] {
		return this.#items.filter((item) => item.severity === 'error');
	}

	get warnings(): Diagnostic[] {
		return this.#items.filter((item) => item.severity === 'warning');
	}
}

export function formatDiagnostic(diagnostic: Diagnostic): string {
	return `${siteText(diagnostic.site)}: ${diagnostic.message}`;
}
